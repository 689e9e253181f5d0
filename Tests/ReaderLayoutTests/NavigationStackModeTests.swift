import ReaderLayout
import Testing

/// "Choose How to Use a Navigation Stack" and "Adaptive Controls and Menus": what each stack mode adds,
/// hides or leaves alone.
@Suite struct NavigationStackModeTests {
    private func resolve(_ stack: NavigationStackMode, verticalToolbar: Bool = false, os: Int = 18) -> LayoutResolution
    {
        LayoutResolver.resolve(ReaderEnvironment(osVersion: os, stack: stack, hasVerticalToolbar: verticalToolbar))
    }

    @Test(
        "The book, chapter, and version controls remain custom reader views in every stack mode.",
        arguments: NavigationStackMode.allCases, [false, true]
    )
    func pickersAreAlwaysCustomReaderViews(stack: NavigationStackMode, verticalToolbar: Bool) {
        let resolution = resolve(stack, verticalToolbar: verticalToolbar)
        #expect(resolution.plan.bookChapterPicker == .readerControls)
        #expect(resolution.plan.versionPicker == .readerControls)
        #expect(resolution.rules.pickers == .pickersStayCustom)
    }

    @Test(
        "In .shared and .justForReader, previous and next chapter actions may move into the system toolbar when a vertical toolbar is available (for example, on iPhone Duo); otherwise, they remain beside the book and chapter button.",
        arguments: [
            (NavigationStackMode.none, false, LayoutPlan.Host.readerControls, LayoutRule.previousNextBesideBookButton),
            (.none, true, .readerControls, .previousNextBesideBookButton),
            (.shared, false, .readerControls, .previousNextBesideBookButton),
            (.shared, true, .systemToolbar, .previousNextInVerticalToolbar),
            (.justForReader, false, .readerControls, .previousNextBesideBookButton),
            (.justForReader, true, .systemToolbar, .previousNextInVerticalToolbar),
        ]
    )
    func previousAndNext(stack: NavigationStackMode, verticalToolbar: Bool, host: LayoutPlan.Host, rule: LayoutRule) {
        let resolution = resolve(stack, verticalToolbar: verticalToolbar)
        #expect(resolution.plan.previousNext == host)
        #expect(resolution.rules.previousNext == rule)
    }

    @Test(
        "Search and the menu: .none uses the reader's own controls; .shared adds them to the host toolbar; .justForReader uses custom controls, and adds native reader actions to a vertical toolbar when one is available.",
        arguments: [
            (NavigationStackMode.none, false, LayoutPlan.Host.readerControls, LayoutRule.noneUsesOwnControls),
            (.none, true, .readerControls, .noneUsesOwnControls),
            (.shared, false, .hostToolbar, .sharedAddsToHostToolbar),
            (.shared, true, .hostToolbar, .sharedAddsToHostToolbar),
            (.justForReader, false, .readerControls, .justForReaderUsesCustomControls),
            (.justForReader, true, .systemToolbar, .justForReaderAddsNativeActions),
        ]
    )
    func searchAndMenu(stack: NavigationStackMode, verticalToolbar: Bool, host: LayoutPlan.Host, rule: LayoutRule) {
        let resolution = resolve(stack, verticalToolbar: verticalToolbar)
        #expect(resolution.plan.search == host)
        #expect(resolution.plan.menu == host)
        #expect(resolution.rules.actions == rule)
    }

    @Test(
        "Horizontal navigation bar: .none leaves any host navigation bar unchanged; .shared leaves bar visibility and minimization under your app's control; .justForReader hides the horizontal navigation bar, including any host title, Back button, or toolbar items in that bar.",
        arguments: [
            (NavigationStackMode.none, LayoutPlan.NavigationBarEffect.unchanged, LayoutRule.noneLeavesNavigationBar),
            (.shared, .unchanged, .sharedLeavesNavigationBar),
            (.justForReader, .hidden, .justForReaderHidesNavigationBar),
        ],
        [false, true]
    )
    func hostNavigationBar(
        row: (NavigationStackMode, LayoutPlan.NavigationBarEffect, LayoutRule), verticalToolbar: Bool
    ) {
        let (stack, effect, rule) = row
        let resolution = resolve(stack, verticalToolbar: verticalToolbar)
        #expect(resolution.plan.hostNavigationBar == effect)
        #expect(resolution.rules.navigationBar == rule)
    }

    @Test(
        "Vertical toolbar: .justForReader keeps it visible and disables its minimization, including when the custom reader controls collapse; .shared respects your app's visibility and minimization settings.",
        arguments: [
            (
                NavigationStackMode.none, true, LayoutPlan.VerticalToolbarEffect.unchanged,
                LayoutRule.noneLeavesVerticalToolbar
            ),
            (.shared, true, .unchanged, .sharedLeavesVerticalToolbar),
            (.justForReader, true, .keptVisible, .justForReaderKeepsVerticalToolbar),
            (.none, false, .absent, .noVerticalToolbar),
            (.shared, false, .absent, .noVerticalToolbar),
            (.justForReader, false, .absent, .noVerticalToolbar),
        ],
        [false, true]
    )
    func verticalToolbar(
        row: (NavigationStackMode, Bool, LayoutPlan.VerticalToolbarEffect, LayoutRule),
        collapsed: Bool
    ) {
        let (stack, hasToolbar, effect, rule) = row
        let environment = ReaderEnvironment(stack: stack, hasVerticalToolbar: hasToolbar, controlsCollapsed: collapsed)
        let resolution = LayoutResolver.resolve(environment)
        #expect(resolution.plan.verticalToolbar == effect)
        #expect(resolution.rules.verticalToolbar == rule)
    }

    @Test(
        "Both .shared and .justForReader require your app to provide a NavigationStack. The reader works without a NavigationStack and does not create one for its main content.",
        arguments: [
            (NavigationStackMode.none, false, LayoutRule.noneNeedsNoStack),
            (.shared, true, .stackModesNeedHostStack),
            (.justForReader, true, .stackModesNeedHostStack),
        ]
    )
    func hostNavigationStackRequirement(stack: NavigationStackMode, required: Bool, rule: LayoutRule) {
        let resolution = resolve(stack)
        #expect(resolution.plan.requiresHostNavigationStack == required)
        #expect(resolution.rules.hostStack == rule)
        #expect(resolution.plan.createsNavigationStack == false)
    }

    @Test(
        "Use .shared when pushing the reader from another screen. The existing stack supplies the Back button, while the reader adds Search and its menu."
    )
    func sharedPushedFromAnotherScreen() {
        let plan = LayoutResolver.plan(
            for: ReaderEnvironment(
                osVersion: 18, placement: .bottomBar, stack: .shared, hostStack: true, hostBackButton: true))
        let expected = LayoutPlan(
            controlsEdge: .bottom, edgeRule: .preferredEdge, bookChapterPicker: .readerControls,
            versionPicker: .readerControls, previousNext: .readerControls, search: .hostToolbar, menu: .hostToolbar,
            menuStyle: .toolbarMenu, menuItems: [.settings], hostNavigationBar: .unchanged, verticalToolbar: .absent,
            readerControlsState: .expanded, requiresHostNavigationStack: true, createsNavigationStack: false,
            changesSelectedTab: false, hostNavigationBarVisible: true
        )
        #expect(plan == expected)
    }

    @Test(
        "Use .justForReader when your app supplies a stack dedicated to the reader, such as the root of a Bible tab: it hides the horizontal navigation bar and uses custom controls; when a vertical toolbar is available, it adds native reader actions and keeps that toolbar visible.",
        arguments: [false, true]
    )
    func justForReaderAtTheRootOfABibleTab(verticalToolbar: Bool) {
        let environment = ReaderEnvironment(
            osVersion: 18, tabBar: .bottom, stack: .justForReader, hasVerticalToolbar: verticalToolbar, hostStack: true
        )
        let plan = LayoutResolver.plan(for: environment)
        let native: LayoutPlan.Host = verticalToolbar ? .systemToolbar : .readerControls
        let expected = LayoutPlan(
            controlsEdge: .top, edgeRule: .oppositeTabBar, bookChapterPicker: .readerControls,
            versionPicker: .readerControls, previousNext: native, search: native, menu: native,
            menuStyle: verticalToolbar ? .toolbarMenu : .readerMenu, menuItems: [.settings], hostNavigationBar: .hidden,
            verticalToolbar: verticalToolbar ? .keptVisible : .absent, readerControlsState: .expanded,
            requiresHostNavigationStack: true, createsNavigationStack: false, changesSelectedTab: false,
            tabBar: .bottom
        )
        #expect(plan == expected)
    }

    @Test(
        "These choices are independent. For example, the chapter and version controls can sit at the bottom while Search and the menu use the host's navigation bar at the top."
    )
    func placementAndStackModeAreIndependent() {
        let plan = LayoutResolver.plan(for: ReaderEnvironment(placement: .bottomBar, stack: .shared))
        #expect(plan.controlsEdge == .bottom)
        #expect(plan.search == .hostToolbar)
        #expect(plan.menu == .hostToolbar)
        #expect(plan.hostNavigationBar == .unchanged)
        for environment in ReaderEnvironment.everyCombination {
            let moved = environment.with { $0.placement = $0.placement == .topBar ? .bottomBar : .topBar }
            var before = LayoutResolver.plan(for: environment)
            let after = LayoutResolver.plan(for: moved)
            before.controlsEdge = after.controlsEdge
            before.edgeRule = after.edgeRule
            #expect(before == after, "the preference moves only the controls' edge: \(environment)")
        }
    }

    @Test(
        "With .none, Search and the menu use the reader's own controls. An existing host navigation bar is left alone and may still occupy space above the reader. Choosing .none does not remove that stack or hide its bar."
    )
    func noneAddsNoNativeItems() {
        for environment in ReaderEnvironment.everyCombination where environment.stack == NavigationStackMode.none {
            let plan = LayoutResolver.plan(for: environment)
            let hosts = [plan.bookChapterPicker, plan.versionPicker, plan.previousNext, plan.search, plan.menu]
            #expect(hosts.allSatisfy { $0 == .readerControls }, "\(environment)")
            #expect(plan.hostNavigationBar == .unchanged)
            #expect(plan.menuStyle == .readerMenu)
        }
    }
}
