import ReaderLayout
import Testing

/// "Position the Reader Controls" and "Support Tabs on iOS 17": which edge the custom controls take.
@Suite struct ControlsEdgeTests {
    /// Resolves on `os` with `tabBar` and `placement`, in every stack mode, and checks they all agree.
    private func edge(
        os: Int,
        _ tabBar: HostTabBar,
        _ placement: NavigationPlacement
    ) -> (LayoutPlan.Edge, LayoutPlan.EdgeRule, LayoutRule)? {
        let resolutions = NavigationStackMode.allCases.map { stack in
            LayoutResolver.resolve(ReaderEnvironment(osVersion: os, tabBar: tabBar, placement: placement, stack: stack))
        }
        guard let first = resolutions.first,
            resolutions.allSatisfy({
                $0.plan.controlsEdge == first.plan.controlsEdge && $0.rules.edge == first.rules.edge
            })
        else { return nil }
        return (first.plan.controlsEdge, first.plan.edgeRule, first.rules.edge)
    }

    @Test(
        "On iOS 18 and later, if a SwiftUI tab bar is present, the reader places its controls opposite that tab bar when it is detected at the top or bottom. This takes precedence over navigationPlacement(_:).",
        arguments: [
            (18, HostTabBar.top, NavigationPlacement.bottomBar, LayoutPlan.Edge.bottom),
            (18, .top, .topBar, .bottom), (18, .bottom, .bottomBar, .top), (18, .bottom, .topBar, .top),
            (26, .top, .topBar, .bottom), (27, .bottom, .bottomBar, .top), (28, .top, .bottomBar, .bottom),
        ]
    )
    func detectedTabBarPutsControlsOpposite(
        os: Int, tabBar: HostTabBar, placement: NavigationPlacement, expected: LayoutPlan.Edge
    ) {
        let decided = edge(os: os, tabBar, placement)
        #expect(decided?.0 == expected)
        #expect(decided?.1 == .oppositeTabBar)
        #expect(decided?.2 == .tabBarOppositeEdge)
    }

    @Test(
        "No detected horizontal tab bar, including sidebar placement: Preferred edge; bottom by default",
        arguments: [18, 26, 27], [HostTabBar.absent, .sidebar]
    )
    func noHorizontalTabBarUsesThePreferredEdge(os: Int, tabBar: HostTabBar) {
        #expect(edge(os: os, tabBar, .topBar)?.0 == .top)
        #expect(edge(os: os, tabBar, .bottomBar)?.0 == .bottom)
        #expect(edge(os: os, tabBar, .topBar)?.1 == .preferredEdge)
        #expect(edge(os: os, tabBar, .bottomBar)?.2 == .preferredEdgeWithoutTabBar)
        let byDefault = LayoutResolver.plan(for: ReaderEnvironment(osVersion: os, tabBar: tabBar))
        #expect(byDefault.controlsEdge == .bottom)
    }

    @Test(
        "Tab placement detection unavailable, including iOS 17: Preferred edge; bottom by default",
        arguments: HostTabBar.allCases
    )
    func iOS17UsesThePreferredEdgeWhateverTheTabs(tabBar: HostTabBar) {
        #expect(edge(os: 17, tabBar, .topBar)?.0 == .top)
        #expect(edge(os: 17, tabBar, .bottomBar)?.0 == .bottom)
        #expect(edge(os: 17, tabBar, .topBar)?.1 == .preferredEdge)
        #expect(edge(os: 17, tabBar, .topBar)?.2 == .topPreferenceWithoutDetection)
        let bottomRule: LayoutRule =
            tabBar == .bottom ? .bottomDefaultInsideBottomTabView : .preferredEdgeWithoutDetection
        #expect(edge(os: 17, tabBar, .bottomBar)?.2 == bottomRule)
        #expect(LayoutResolver.plan(for: ReaderEnvironment(osVersion: 17, tabBar: tabBar)).controlsEdge == .bottom)
    }

    @Test(
        "For a custom tab bar that SwiftUI does not report, set the preferred reader edge opposite your tabs.",
        arguments: [17, 18, 27]
    )
    func unreportedCustomTabBarUsesThePreferredEdge(os: Int) {
        #expect(edge(os: os, .unreported, .topBar)?.0 == .top)
        #expect(edge(os: os, .unreported, .bottomBar)?.0 == .bottom)
        let expectedRule: LayoutRule = os >= 18 ? .preferredEdgeForUnreportedTabBar : .preferredEdgeWithoutDetection
        #expect(edge(os: os, .unreported, .bottomBar)?.2 == expectedRule)
    }

    @Test(
        "If your reader is inside a bottom TabView, request top controls explicitly. iOS 17 uses the top preference; iOS 18 and later give detected tab placement priority. Without an explicit preference, an iOS 17 reader uses bottom controls even inside a bottom TabView. Its placement may therefore change after an OS upgrade enables detection.",
        arguments: [
            (17, NavigationPlacement.topBar, LayoutPlan.Edge.top, LayoutPlan.EdgeRule.preferredEdge),
            (17, .bottomBar, .bottom, .preferredEdge),
            (18, .topBar, .top, .oppositeTabBar),
            (18, .bottomBar, .top, .oppositeTabBar),
        ]
    )
    func iOS17InsideABottomTabView(
        os: Int, placement: NavigationPlacement, expected: LayoutPlan.Edge, rule: LayoutPlan.EdgeRule
    ) {
        #expect(edge(os: os, .bottom, placement)?.0 == expected)
        #expect(edge(os: os, .bottom, placement)?.1 == rule)
    }

    @Test(
        "Resizing an iPad window can cause iPadOS to move your app's tabs from top to bottom. The reader moves its controls to the opposite edge automatically; your app does not need a width breakpoint."
    )
    func iPadTabsMovingBetweenTopAndBottom() {
        let base = ReaderEnvironment(osVersion: 18, placement: .topBar, stack: .shared)
        let moves: [(HostTabBar, LayoutPlan.Edge)] = [
            (.top, .bottom), (.bottom, .top), (.top, .bottom), (.sidebar, .top),
        ]
        let plans = moves.map { tabs, _ in LayoutResolver.plan(for: base.with { $0.tabBar = tabs }) }
        #expect(plans.map(\.controlsEdge) == moves.map(\.1))
        for plan in plans {
            #expect(plan.changesSelectedTab == false)
            var sameEdge = plan
            sameEdge.controlsEdge = plans[0].controlsEdge
            sameEdge.edgeRule = plans[0].edgeRule
            sameEdge.tabBar = plans[0].tabBar
            #expect(sameEdge == plans[0], "only the edge moves with the tabs (and the plan names where they are)")
        }
    }

    @Test(
        "This is a preference, not a forced position. It does not move your app's tabs, and detected top tabs will still place the reader controls at the bottom."
    )
    func topPreferenceDoesNotBeatDetectedTopTabs() {
        let plan = LayoutResolver.plan(for: ReaderEnvironment(osVersion: 18, tabBar: .top, placement: .topBar))
        #expect(plan.controlsEdge == .bottom)
        #expect(plan.changesSelectedTab == false)
    }

    @Test(
        "Sets the preferred edge for the book, chapter, and version controls when no horizontal tab bar is detected. Default .bottomBar"
    )
    func defaultsAreBottomBarAndNoStack() {
        let environment = ReaderEnvironment()
        #expect(environment.placement == .bottomBar)
        #expect(environment.stack == NavigationStackMode.none)
        #expect(LayoutResolver.plan(for: environment).controlsEdge == .bottom)
    }

    @Test("The edge depends only on the OS, the tab bar, its state and the preference")
    func edgeIgnoresEverythingElse() {
        for environment in ReaderEnvironment.everyCombination {
            let bare = ReaderEnvironment(
                osVersion: environment.osVersion, tabBar: environment.tabBar, placement: environment.placement,
                tabBarState: environment.tabBarState)
            let full = LayoutResolver.resolve(environment)
            let reference = LayoutResolver.resolve(bare)
            #expect(full.plan.controlsEdge == reference.plan.controlsEdge, "\(environment)")
            #expect(full.rules.edge == reference.rules.edge, "\(environment)")
        }
    }
}
