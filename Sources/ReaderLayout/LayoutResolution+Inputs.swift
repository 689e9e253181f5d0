extension LayoutResolution {
    /// The inputs that made the rule of `field` apply, as `--explain` names them: `tab bar detected at top`,
    /// `iOS 18`. Empty for the promises that hold in every environment.
    public func inputs(for field: LayoutPlan.Field) -> [String] {
        let environment = self.environment
        let os = "iOS \(environment.osVersion)"
        let stack = "stack \(environment.stack.rawValue)"
        let verticalToolbar = environment.hasVerticalToolbar ? "vertical toolbar present" : "no vertical toolbar"
        switch rules[field] {
        case .tabBarOppositeEdge:
            return ["tab bar detected at \(environment.tabBar.rawValue)", os]
        case .minimizedTabBarOppositeEdge:
            return ["tab bar detected at \(environment.tabBar.rawValue), minimized", os]
        case .preferredEdgeWithHiddenTabBar:
            return [
                "tab bar at \(environment.tabBar.rawValue) hidden by the app", os,
                "placement \(environment.placement.rawValue)",
            ]
        case .neverMovesTabs:
            return ["tab bar \(environment.tabBar.rawValue), \(environment.tabBarState.rawValue)"]
        case .searchInSystemOverflowMenu:
            return ["limited space", "Search a native toolbar item (\(stack))"]
        case .noHostNavigationBar:
            return ["no host NavigationStack"]
        case .appHidesNavigationBar, .noneLeavesHiddenNavigationBar:
            return [stack, "host bar hidden by the app"]
        case .hostWarnings:
            return plan.warnings.map { warningInputs($0) }
        case .noWarnings:
            return [stack, environment.hostStack ? "host NavigationStack" : "no host NavigationStack"]
        case .preferredEdgeWithoutTabBar:
            let tabs = environment.tabBar == .sidebar ? "tab bar shown as a sidebar" : "no tab bar"
            return [tabs, os, "placement \(environment.placement.rawValue)"]
        case .preferredEdgeWithoutDetection, .topPreferenceWithoutDetection, .bottomDefaultInsideBottomTabView:
            var inputs = ["\(os): no tab placement detection"]
            if environment.tabBar != .absent { inputs.append("tab bar \(environment.tabBar.rawValue) not detected") }
            inputs.append("placement \(environment.placement.rawValue)")
            return inputs
        case .preferredEdgeForUnreportedTabBar:
            return ["custom tab bar SwiftUI does not report", "placement \(environment.placement.rawValue)"]
        // One `where` would bind only the last pattern of a list, so the field is tested inside.
        case .pickersStayCustom, .noneUsesOwnControls, .sharedAddsToHostToolbar, .noneLeavesNavigationBar,
            .sharedLeavesNavigationBar, .justForReaderHidesNavigationBar, .noneNeedsNoStack, .stackModesNeedHostStack:
            if field == .hostNavigationBarVisible,
                [.noneLeavesNavigationBar, .sharedLeavesNavigationBar, .justForReaderHidesNavigationBar].contains(
                    rules[field])
            {
                return [stack, "host NavigationStack", environment.hostBarHidden ? "host bar hidden" : "host bar shown"]
            }
            if rules[field] == .sharedAddsToHostToolbar, environment.hasVerticalToolbar {
                return [stack, "\(verticalToolbar) (the guide names the host toolbar for Search and the menu)"]
            }
            return [stack]
        case .previousNextInVerticalToolbar, .previousNextBesideBookButton, .justForReaderUsesCustomControls,
            .justForReaderAddsNativeActions, .noVerticalToolbar, .noneLeavesVerticalToolbar,
            .sharedLeavesVerticalToolbar, .justForReaderKeepsVerticalToolbar:
            return [stack, verticalToolbar]
        case .readerMenuInCustomControls:
            return ["menu in the reader's controls (\(stack))"]
        case .toolbarOverflowMenu, .regularToolbarMenu, .regularToolbarMenuWithoutToolchain:
            let toolchain =
                environment.toolchainHasOverflowMenu
                ? "toolchain has ToolbarOverflowMenu" : "toolchain without ToolbarOverflowMenu"
            return ["menu in a native toolbar (\(stack))", os, toolchain]
        case .menuItemsFollowSignIn:
            return [
                environment.signInConfigured ? "sign-in configured" : "sign-in not configured",
                environment.isSignedIn ? "signed in" : "signed out",
            ]
        case .collapsedToCompactLabels, .controlsExpanded, .expandedByTappingLabels, .expandedByScrollingBack,
            .expandedAtContentEdge, .expandedByPickerOrNavigation:
            return controlsInputs
        case .neverCreatesStack, .neverChangesTab:
            return []
        }
    }

    /// `searchAndMenuUnreachable: stack shared, host bar hidden`.
    private func warningInputs(_ warning: LayoutPlan.Warning) -> String {
        let stack = "stack \(environment.stack.rawValue)"
        let detail: String
        switch warning {
        case .searchAndMenuUnreachable: detail = "\(stack), host bar hidden"
        case .hostBarTakesSpace: detail = "\(stack), host NavigationStack with its bar visible"
        case .missingNavigationStack: detail = "\(stack), no host NavigationStack"
        case .hostControlsHidden:
            let controls = [environment.hostBackButton ? "Back button" : nil, environment.hostTitle ? "title" : nil]
            detail = "\(stack), host " + controls.compactMap { $0 }.joined(separator: " and ")
        case .preferenceOnCustomTabs:
            detail =
                "custom tabs at \(environment.customTabsEdge.rawValue), placement \(environment.placement.rawValue)"
        }
        return warning.rawValue + ": " + detail
    }

    /// `--collapsed given`, or what the scroll script last did, with the threshold.
    private var controlsInputs: [String] {
        let threshold = "threshold \(ControlsCollapseState.formatted(ControlsCollapseState.collapseDistance)) points"
        guard let controls, let change = controls.lastChange else {
            return [environment.controlsCollapsed ? "--collapsed given" : "no scrolling collapsed them"]
        }
        switch change {
        case .collapsedByScrolling: return ["scrolled down in one direction to the \(threshold)"]
        case .expandedByScrollingBack: return ["scrolled back up in one direction to the \(threshold)"]
        case .expandedAtContentEdge: return ["reached the top or bottom of the content"]
        case .expandedByTap: return ["tapped the compact labels"]
        case .expandedByPickerOrNavigation: return ["opened a picker or navigated"]
        }
    }

    /// The guide's sentences behind `field`, its deciding sentence first: the rule's quotes, but for the
    /// warnings those of each warning the plan has, in order (each warning's own sentence first).
    public func quotes(for field: LayoutPlan.Field) -> [String] {
        let rule = rules[field]
        guard rule == .hostWarnings else { return rule.quotes }
        var seen: Set<String> = []
        return plan.warnings.flatMap(\.quotes).filter { seen.insert($0).inserted }
    }

    /// The guide's sentence that decides `field` (the first of `quotes(for:)`); nil where the guide is silent.
    public func decidingSentence(for field: LayoutPlan.Field) -> String? { quotes(for: field).first }

    /// The rule of `field` as `--explain` prints it: its quotes (or silence), then `— because: inputs`.
    public func explanation(for field: LayoutPlan.Field) -> String {
        let inputs = inputs(for: field)
        let rule = rules[field]
        var parts = quotes(for: field).map { "\"\($0)\"" }
        if let silence = rule.silence { parts.append("spec is silent: " + silence) }
        let text = parts.joined(separator: " ")
        return inputs.isEmpty ? text : text + " — because: " + inputs.joined(separator: ", ")
    }
}
