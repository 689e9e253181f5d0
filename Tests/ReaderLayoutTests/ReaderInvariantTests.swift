import ReaderLayout
import Testing

/// What holds in every one of the 5,040 environments: the reader's promises about the host app, and collapsing.
@Suite struct ReaderInvariantTests {
    @Test(
        "Neither modifier changes your app's selected tab or creates a navigation stack. If the reader is already inside a stack, use that stack instead of nesting another one."
    )
    func neverCreatesAStackOrChangesTheTab() {
        #expect(ReaderEnvironment.everyCombination.count == 5_040)
        #expect(ReaderEnvironment.everyCombination.allSatisfy { $0.inconsistency == nil })
        for environment in ReaderEnvironment.everyCombination {
            let resolution = LayoutResolver.resolve(environment)
            #expect(resolution.plan.createsNavigationStack == false, "\(environment)")
            #expect(resolution.plan.changesSelectedTab == false, "\(environment)")
            #expect(resolution.rules.createsStack == .neverCreatesStack)
            #expect(resolution.rules.selectedTab == .neverChangesTab)
        }
    }

    @Test(
        "As users scroll, the custom controls can collapse to compact chapter and version labels to reveal more text. Native toolbar items remain part of the host toolbar: .shared respects your app's visibility and minimization settings, while .justForReader keeps a vertical toolbar visible."
    )
    func collapsingChangesOnlyTheCustomControls() {
        for environment in ReaderEnvironment.everyCombination where !environment.controlsCollapsed {
            let expanded = LayoutResolver.resolve(environment)
            let collapsed = LayoutResolver.resolve(environment.with { $0.controlsCollapsed = true })
            #expect(expanded.plan.readerControlsState == .expanded)
            #expect(expanded.rules.controlsState == .controlsExpanded)
            #expect(collapsed.plan.readerControlsState == .compactLabels)
            #expect(collapsed.rules.controlsState == .collapsedToCompactLabels)
            // What sits in the custom controls is hidden behind the labels, and said so in the plan.
            let inControls = [
                (LayoutPlan.Control.previousNext, expanded.plan.previousNext), (.search, expanded.plan.search),
                (.menu, expanded.plan.menu),
            ].filter { $0.1 == .readerControls }.map(\.0)
            #expect(expanded.plan.hiddenControls == [])
            #expect(collapsed.plan.hiddenControls == inControls, "\(environment)")
            var unchanged = collapsed.plan
            unchanged.readerControlsState = .expanded
            unchanged.hiddenControls = []
            #expect(unchanged == expanded.plan, "collapsing moves nothing else: \(environment)")
        }
    }

    @Test("The same modifiers work with BibleReaderView(reference:): the plan is the same for both creations")
    func creationChangesNothing() {
        for environment in ReaderEnvironment.everyCombination {
            let restoring = LayoutResolver.resolve(environment)
            let reference = LayoutResolver.resolve(environment.with { $0.creation = .reference })
            #expect(reference.plan == restoring.plan, "\(environment)")
            #expect(reference.rules == restoring.rules, "\(environment)")
        }
    }

    @Test("Custom tabs on the controls' edge are warned about, wherever the preference puts the controls")
    func customTabsOnTheControlsEdgeAreWarnedAbout() {
        for environment in ReaderEnvironment.everyCombination where environment.tabBar == .unreported {
            for edge in [CustomTabsEdge.top, .bottom] {
                let resolution = LayoutResolver.resolve(environment.with { $0.customTabsEdge = edge })
                let onThem = resolution.plan.controlsEdge.rawValue == edge.rawValue
                #expect(resolution.plan.warnings.contains(.preferenceOnCustomTabs) == onThem, "\(environment)")
                var without = resolution.plan
                without.warnings.removeAll { $0 == .preferenceOnCustomTabs }
                #expect(without == LayoutResolver.resolve(environment).plan, "only the warning differs")
            }
        }
        #expect(
            ReaderEnvironment(tabBar: .bottom, customTabsEdge: .top).inconsistency
                == "customTabsEdge needs tabBar unreported: SwiftUI reports where its own tab bar is")
    }

    @Test("Every field of every plan has a rule, and each rule fits the value it decided")
    func rulesAgreeWithTheirValues() {
        for environment in ReaderEnvironment.everyCombination {
            let resolution = LayoutResolver.resolve(environment)
            let plan = resolution.plan
            let rules = resolution.rules
            #expect(
                (plan.edgeRule == .oppositeTabBar)
                    == (rules.edge == .tabBarOppositeEdge || rules.edge == .minimizedTabBarOppositeEdge))
            #expect((plan.previousNext == .systemToolbar) == (rules.previousNext == .previousNextInVerticalToolbar))
            #expect((plan.menuStyle == .toolbarOverflowMenu) == (rules.menuStyle == .toolbarOverflowMenu))
            #expect((plan.hostNavigationBar == .hidden) == (rules.navigationBar == .justForReaderHidesNavigationBar))
            #expect(
                (plan.verticalToolbar == .keptVisible) == (rules.verticalToolbar == .justForReaderKeepsVerticalToolbar))
            #expect((plan.verticalToolbar == .absent) == !environment.hasVerticalToolbar)
            for field in LayoutPlan.Field.allCases {
                #expect(!rules[field].explanation.isEmpty)
            }
        }
    }

    @Test("It does not move your app's tabs: the plan's tab bar is the app's, in every environment")
    func tabsNeverMove() {
        for environment in ReaderEnvironment.everyCombination {
            let resolution = LayoutResolver.resolve(environment)
            #expect(resolution.plan.tabBar == environment.tabBar)
            #expect(resolution.plan.tabBarState == environment.tabBarState)
            #expect(resolution.rules.tabs == .neverMovesTabs)
        }
    }

    @Test("Search travels with the menu except into the system overflow menu, only with limited space")
    func searchLeavesTheMenuOnlyForTheOverflow() {
        for environment in ReaderEnvironment.everyCombination {
            let plan = LayoutResolver.plan(for: environment)
            if plan.search == .systemOverflowMenu {
                #expect(environment.limitedSpace && plan.menu != .readerControls, "\(environment)")
            } else {
                #expect(plan.search == plan.menu, "\(environment)")
            }
        }
    }

    @Test("A host bar is visible only with the app's stack, not hidden by it, outside .justForReader")
    func hostBarVisibility() {
        for environment in ReaderEnvironment.everyCombination {
            let plan = LayoutResolver.plan(for: environment)
            let visible = environment.hostStack && !environment.hostBarHidden && environment.stack != .justForReader
            #expect(plan.hostNavigationBarVisible == visible, "\(environment)")
            #expect(plan.warnings.contains(.hostBarTakesSpace) == (visible && environment.stack == .none))
            #expect(
                plan.warnings.contains(.missingNavigationStack)
                    == (environment.stack != .none && !environment.hostStack))
        }
    }
}
