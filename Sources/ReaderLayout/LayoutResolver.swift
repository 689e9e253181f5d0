/// Decides where a reader puts its controls: a pure function of a `ReaderEnvironment`.
///
/// It encodes `spec/reader-navigation-and-toolbars.txt`; each decision names its `LayoutRule`. Where the
/// spec is silent the resolver does what an iOS developer would expect, and says so here and in the rule:
/// - "may move into the system toolbar" is read as "moves": previous/next always use a vertical toolbar
///   in `.shared` and `.justForReader`; in `.none` they stay beside the book and chapter button.
/// - `.justForReader`'s "native reader actions" in a vertical toolbar are Search, the menu and
///   previous/next; in `.shared`, Search and the menu stay in the host toolbar the spec names.
/// - A menu in the custom controls is the reader's own menu on every iOS version.
/// - iOS 27 without a toolchain that has `ToolbarOverflowMenu` gets the regular toolbar menu.
/// - Settings is always in the menu; sign-in only when configured and the user is signed out.
/// - `.none` leaves a vertical toolbar as the app has it.
/// - Collapsing changes only `readerControlsState` and `hiddenControls`: every placement stays where it was,
///   and what sits in the custom controls is hidden behind the compact labels until they expand.
/// - The reader's creation (`restoringLastPassage()` or `BibleReaderView(reference:)`) changes nothing: "The
///   same modifiers work with BibleReaderView(reference:)."
/// - iOS versions before 17 are not supported; the resolver treats them like iOS 17 (no detection),
///   and the command line and scenario files reject them.
public enum LayoutResolver {
    /// Resolves the plan and the rule behind each of its fields.
    public static func resolve(_ environment: ReaderEnvironment) -> LayoutResolution {
        resolve(environment, controls: nil)
    }

    /// Resolves the plan and the rules after the user's scrolling.
    ///
    /// - Parameter controls: the collapse state machine after the user's scrolling, when there was any: it
    ///   replaces `environment.controlsCollapsed`, and what last changed it decides the controls-state rule.
    public static func resolve(
        _ environment: ReaderEnvironment, controls: ControlsCollapseState?
    ) -> LayoutResolution {
        var environment = environment
        if let controls { environment.controlsCollapsed = controls.isCollapsed }
        let (edge, edgeRule, edgeDecider) = controlsEdge(environment)
        let (previousNext, previousNextRule) = previousNextHost(environment)
        let (actions, actionsRule) = actionsHost(environment)
        let (search, searchRule) = searchHost(environment, actions: (actions, actionsRule))
        let (barVisible, barVisibleRule) = navigationBarVisibility(environment)
        let (warnings, warningsRule) = warnings(environment, barVisible: barVisible, edge: edge)
        let (menuStyle, menuStyleRule) = menuStyle(environment, menuHost: actions)
        let (bar, barRule) = navigationBar(environment)
        let (toolbar, toolbarRule) = verticalToolbar(environment)
        let requiresStack = environment.stack != .none
        let plan = LayoutPlan(
            controlsEdge: edge,
            edgeRule: edgeRule,
            bookChapterPicker: .readerControls,
            versionPicker: .readerControls,
            previousNext: previousNext,
            search: search,
            menu: actions,
            menuStyle: menuStyle,
            menuItems: menuItems(environment),
            hostNavigationBar: bar,
            verticalToolbar: toolbar,
            readerControlsState: environment.controlsCollapsed ? .compactLabels : .expanded,
            requiresHostNavigationStack: requiresStack,
            createsNavigationStack: false,
            changesSelectedTab: false,
            tabBar: environment.tabBar,
            tabBarState: environment.tabBarState,
            hostNavigationBarVisible: barVisible,
            warnings: warnings,
            hiddenControls: hiddenControls(
                environment, in: [(.previousNext, previousNext), (.search, search), (.menu, actions)])
        )
        let rules = LayoutResolution.Rules(
            edge: edgeDecider,
            pickers: .pickersStayCustom,
            previousNext: previousNextRule,
            actions: actionsRule,
            search: searchRule,
            tabs: .neverMovesTabs,
            navigationBarVisibility: barVisibleRule,
            warnings: warningsRule,
            menuStyle: menuStyleRule,
            menuItems: .menuItemsFollowSignIn,
            navigationBar: barRule,
            verticalToolbar: toolbarRule,
            controlsState: controlsStateRule(environment, controls: controls),
            hostStack: requiresStack ? .stackModesNeedHostStack : .noneNeedsNoStack,
            createsStack: .neverCreatesStack,
            selectedTab: .neverChangesTab
        )
        return LayoutResolution(plan: plan, rules: rules, environment: environment, controls: controls)
    }

    /// Collapsed or expanded, and by what: the last change of the state machine, else the `collapsed` input.
    private static func controlsStateRule(
        _ environment: ReaderEnvironment, controls: ControlsCollapseState?
    ) -> LayoutRule {
        switch controls?.lastChange {
        case .collapsedByScrolling?: .collapsedToCompactLabels
        case .expandedByScrollingBack?: .expandedByScrollingBack
        case .expandedAtContentEdge?: .expandedAtContentEdge
        case .expandedByTap?: .expandedByTappingLabels
        case .expandedByPickerOrNavigation?: .expandedByPickerOrNavigation
        case nil: environment.controlsCollapsed ? .collapsedToCompactLabels : .controlsExpanded
        }
    }

    /// What the collapsed controls hide: each control that sits in the reader's controls, while they are
    /// collapsed to the compact chapter and version labels.
    private static func hiddenControls(
        _ environment: ReaderEnvironment, in hosts: [(LayoutPlan.Control, LayoutPlan.Host)]
    ) -> [LayoutPlan.Control] {
        guard environment.controlsCollapsed else { return [] }
        return hosts.filter { $0.1 == .readerControls }.map(\.0)
    }

    /// The plan alone.
    public static func plan(for environment: ReaderEnvironment) -> LayoutPlan { resolve(environment).plan }

    /// Opposite a tab bar detected at the top or bottom on iOS 18+, else the preferred edge.
    private static func controlsEdge(
        _ environment: ReaderEnvironment
    ) -> (LayoutPlan.Edge, LayoutPlan.EdgeRule, LayoutRule) {
        let preferred: LayoutPlan.Edge = environment.placement == .topBar ? .top : .bottom
        guard environment.osVersion >= ReaderEnvironment.firstOSWithTabPlacementDetection else {
            if environment.placement == .topBar { return (.top, .preferredEdge, .topPreferenceWithoutDetection) }
            if environment.tabBar == .bottom { return (.bottom, .preferredEdge, .bottomDefaultInsideBottomTabView) }
            return (preferred, .preferredEdge, .preferredEdgeWithoutDetection)
        }
        switch environment.tabBar {
        case .top, .bottom:
            let opposite: LayoutPlan.Edge = environment.tabBar == .top ? .bottom : .top
            switch environment.tabBarState {
            case .shown: return (opposite, .oppositeTabBar, .tabBarOppositeEdge)
            case .minimized: return (opposite, .oppositeTabBar, .minimizedTabBarOppositeEdge)
            case .hidden: return (preferred, .preferredEdge, .preferredEdgeWithHiddenTabBar)
            }
        case .absent, .sidebar: return (preferred, .preferredEdge, .preferredEdgeWithoutTabBar)
        case .unreported: return (preferred, .preferredEdge, .preferredEdgeForUnreportedTabBar)
        }
    }

    /// The system (vertical) toolbar in `.shared` and `.justForReader` when there is one; else beside the book button.
    private static func previousNextHost(_ environment: ReaderEnvironment) -> (LayoutPlan.Host, LayoutRule) {
        guard environment.stack != .none, environment.hasVerticalToolbar else {
            return (.readerControls, .previousNextBesideBookButton)
        }
        return (.systemToolbar, .previousNextInVerticalToolbar)
    }

    /// Where Search and the menu go: they always travel together.
    private static func actionsHost(_ environment: ReaderEnvironment) -> (LayoutPlan.Host, LayoutRule) {
        switch environment.stack {
        case .none:
            return (.readerControls, .noneUsesOwnControls)
        case .shared:
            return (.hostToolbar, .sharedAddsToHostToolbar)
        case .justForReader:
            guard environment.hasVerticalToolbar else { return (.readerControls, .justForReaderUsesCustomControls) }
            return (.systemToolbar, .justForReaderAddsNativeActions)
        }
    }

    /// The reader's own menu in custom controls; in a native toolbar, `ToolbarOverflowMenu` from iOS 27 with a
    /// toolchain that has it, else a regular toolbar menu.
    private static func menuStyle(
        _ environment: ReaderEnvironment,
        menuHost: LayoutPlan.Host
    ) -> (LayoutPlan.MenuStyle, LayoutRule) {
        guard menuHost != .readerControls else { return (.readerMenu, .readerMenuInCustomControls) }
        guard environment.osVersion >= ReaderEnvironment.firstOSWithToolbarOverflowMenu else {
            return (.toolbarMenu, .regularToolbarMenu)
        }
        guard environment.toolchainHasOverflowMenu else { return (.toolbarMenu, .regularToolbarMenuWithoutToolchain) }
        return (.toolbarOverflowMenu, .toolbarOverflowMenu)
    }

    /// Settings, then, where the SDK offers sign-in, sign-in for a signed-out user or the account for a signed-in one.
    private static func menuItems(_ environment: ReaderEnvironment) -> [LayoutPlan.MenuItem] {
        guard environment.signInConfigured else { return [.settings] }
        return [.settings, environment.isSignedIn ? .account : .signIn]
    }

    /// Search goes into the system overflow menu of a native toolbar short of space; else with the menu.
    private static func searchHost(
        _ environment: ReaderEnvironment, actions: (LayoutPlan.Host, LayoutRule)
    ) -> (LayoutPlan.Host, LayoutRule) {
        guard environment.limitedSpace, actions.0 != .readerControls else { return actions }
        return (.systemOverflowMenu, .searchInSystemOverflowMenu)
    }

    /// A host bar is on screen when the app has a stack, does not hide its bar, and the mode is not `.justForReader`.
    private static func navigationBarVisibility(_ environment: ReaderEnvironment) -> (Bool, LayoutRule) {
        guard environment.hostStack else { return (false, .noHostNavigationBar) }
        if environment.stack == .justForReader { return (false, .justForReaderHidesNavigationBar) }
        if environment.hostBarHidden {
            return (false, environment.stack == .none ? .noneLeavesHiddenNavigationBar : .appHidesNavigationBar)
        }
        return (true, environment.stack == .none ? .noneLeavesNavigationBar : .sharedLeavesNavigationBar)
    }

    /// What conflicts with the stack mode, in `Warning` order.
    private static func warnings(
        _ environment: ReaderEnvironment, barVisible: Bool, edge: LayoutPlan.Edge
    ) -> ([LayoutPlan.Warning], LayoutRule) {
        var warnings: [LayoutPlan.Warning] = []
        if environment.stack == .shared, environment.hostStack, environment.hostBarHidden {
            warnings.append(.searchAndMenuUnreachable)
        }
        if environment.stack == .none, barVisible { warnings.append(.hostBarTakesSpace) }
        if environment.stack != .none, !environment.hostStack { warnings.append(.missingNavigationStack) }
        if environment.stack == .justForReader, environment.hostBackButton || environment.hostTitle {
            warnings.append(.hostControlsHidden)
        }
        if environment.tabBar == .unreported, environment.customTabsEdge.rawValue == edge.rawValue {
            warnings.append(.preferenceOnCustomTabs)
        }
        return (warnings, warnings.isEmpty ? .noWarnings : .hostWarnings)
    }

    /// Only `.justForReader` hides the horizontal navigation bar.
    private static func navigationBar(
        _ environment: ReaderEnvironment
    ) -> (LayoutPlan.NavigationBarEffect, LayoutRule) {
        switch environment.stack {
        case .none: (.unchanged, .noneLeavesNavigationBar)
        case .shared: (.unchanged, .sharedLeavesNavigationBar)
        case .justForReader: (.hidden, .justForReaderHidesNavigationBar)
        }
    }

    /// Only `.justForReader` keeps a vertical toolbar visible; the other modes leave it to the app.
    private static func verticalToolbar(
        _ environment: ReaderEnvironment
    ) -> (LayoutPlan.VerticalToolbarEffect, LayoutRule) {
        guard environment.hasVerticalToolbar else { return (.absent, .noVerticalToolbar) }
        switch environment.stack {
        case .none: return (.unchanged, .noneLeavesVerticalToolbar)
        case .shared: return (.unchanged, .sharedLeavesVerticalToolbar)
        case .justForReader: return (.keptVisible, .justForReaderKeepsVerticalToolbar)
        }
    }
}
