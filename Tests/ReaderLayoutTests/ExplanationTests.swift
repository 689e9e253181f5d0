import ReaderLayout
import Testing

/// `--explain`: each field cites the sentence that decides it and names the inputs that made it apply.
@Suite struct ExplanationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var environment: ReaderEnvironment
        var scroll: String?
        var field: LayoutPlan.Field
        var rule: LayoutRule
        var sentence: String?
        var inputs: [String]
        var testDescription: String { "\(field) \(rule)" }
    }

    static let cases: [Case] = [
        Case(
            environment: ReaderEnvironment(osVersion: 18, tabBar: .top), field: .controlsEdge,
            rule: .tabBarOppositeEdge,
            sentence:
                "On iOS 18 and later, if a SwiftUI tab bar is present, the reader places its controls opposite that tab bar when it is detected at the top or bottom.",
            inputs: ["tab bar detected at top", "iOS 18"]),
        Case(
            environment: ReaderEnvironment(osVersion: 17, tabBar: .bottom, placement: .topBar), field: .controlsEdge,
            rule: .topPreferenceWithoutDetection,
            sentence:
                "iOS 17 uses the top preference; iOS 18 and later give detected tab placement priority, including when iPad tabs move to the top.",
            inputs: ["iOS 17: no tab placement detection", "tab bar bottom not detected", "placement topBar"]),
        Case(
            environment: ReaderEnvironment(osVersion: 17, tabBar: .bottom), field: .controlsEdge,
            rule: .bottomDefaultInsideBottomTabView,
            sentence:
                "Without an explicit preference, an iOS 17 reader uses bottom controls even inside a bottom TabView.",
            inputs: ["iOS 17: no tab placement detection", "tab bar bottom not detected", "placement bottomBar"]),
        Case(
            environment: ReaderEnvironment(osVersion: 17), field: .controlsEdge, rule: .preferredEdgeWithoutDetection,
            sentence: "Tab placement detection unavailable, including iOS 17",
            inputs: ["iOS 17: no tab placement detection", "placement bottomBar"]),
        Case(
            environment: ReaderEnvironment(tabBar: .sidebar, placement: .topBar), field: .edgeRule,
            rule: .preferredEdgeWithoutTabBar, sentence: "No detected horizontal tab bar, including sidebar placement",
            inputs: ["tab bar shown as a sidebar", "iOS 18", "placement topBar"]),
        Case(
            environment: ReaderEnvironment(stack: .shared, hasVerticalToolbar: true), field: .search,
            rule: .sharedAddsToHostToolbar, sentence: "Adds Search and the reader menu to the host toolbar.",
            inputs: [
                "stack shared", "vertical toolbar present (the guide names the host toolbar for Search and the menu)",
            ]),
        Case(
            environment: ReaderEnvironment(stack: .shared, hasVerticalToolbar: true), field: .previousNext,
            rule: .previousNextInVerticalToolbar,
            sentence:
                "In .shared and .justForReader, previous and next chapter actions may move into the system toolbar when a vertical toolbar is available (for example, on iPhone Duo)",
            inputs: ["stack shared", "vertical toolbar present"]),
        // On iOS 27 the regular menu comes from the missing toolchain, not from being an earlier system.
        Case(
            environment: ReaderEnvironment(osVersion: 27, stack: .shared, hostStack: true), field: .menuStyle,
            rule: .regularToolbarMenuWithoutToolchain,
            sentence:
                "When using native toolbars on iOS 27 and later with a supported toolchain, the reader places settings and sign-in actions in ToolbarOverflowMenu.",
            inputs: ["menu in a native toolbar (stack shared)", "iOS 27", "toolchain without ToolbarOverflowMenu"]),
        Case(
            environment: ReaderEnvironment(osVersion: 26, stack: .shared), field: .menuStyle,
            rule: .regularToolbarMenu, sentence: "Earlier systems use a regular toolbar menu.",
            inputs: ["menu in a native toolbar (stack shared)", "iOS 26", "toolchain without ToolbarOverflowMenu"]),
        // A bar the app hides under `.none` is left alone by `.none`'s own row, not `.shared`'s.
        Case(
            environment: ReaderEnvironment(stack: .none, hostStack: true, hostBarHidden: true),
            field: .hostNavigationBarVisible, rule: .noneLeavesHiddenNavigationBar,
            sentence: "Adds no native toolbar items and leaves any host navigation bar unchanged.",
            inputs: ["stack none", "host bar hidden by the app"]),
        Case(
            environment: ReaderEnvironment(stack: .shared, hostStack: true, hostBarHidden: true),
            field: .hostNavigationBarVisible, rule: .appHidesNavigationBar,
            sentence: "Leaves bar visibility and minimization under your app's control.",
            inputs: ["stack shared", "host bar hidden by the app"]),
        Case(
            environment: ReaderEnvironment(signInConfigured: true), field: .menuItems, rule: .menuItemsFollowSignIn,
            sentence: "Sign-in availability follows your SDK configuration and the user's authentication state.",
            inputs: ["sign-in configured", "signed out"]),
        Case(
            environment: ReaderEnvironment(), field: .readerControlsState, rule: .controlsExpanded, sentence: nil,
            inputs: ["no scrolling collapsed them"]),
        Case(
            environment: ReaderEnvironment(controlsCollapsed: true), field: .readerControlsState,
            rule: .collapsedToCompactLabels,
            sentence:
                "As users scroll, the custom controls can collapse to compact chapter and version labels to reveal more text.",
            inputs: ["--collapsed given"]),
        Case(
            environment: ReaderEnvironment(), scroll: "down:100", field: .readerControlsState,
            rule: .collapsedToCompactLabels,
            sentence:
                "As users scroll, the custom controls can collapse to compact chapter and version labels to reveal more text.",
            inputs: ["scrolled down in one direction to the threshold 60 points"]),
        Case(
            environment: ReaderEnvironment(), scroll: "down:100 up:60", field: .readerControlsState,
            rule: .expandedByScrollingBack, sentence: nil,
            inputs: ["scrolled back up in one direction to the threshold 60 points"]),
        Case(
            environment: ReaderEnvironment(), scroll: "down:100 tap", field: .readerControlsState,
            rule: .expandedByTappingLabels, sentence: "Tapping those labels restores the controls.",
            inputs: ["tapped the compact labels"]),
        Case(
            environment: ReaderEnvironment(), scroll: "down:100 bottom", field: .readerControlsState,
            rule: .expandedAtContentEdge, sentence: nil, inputs: ["reached the top or bottom of the content"]),
        Case(
            environment: ReaderEnvironment(), scroll: "down:100 picker", field: .readerControlsState,
            rule: .expandedByPickerOrNavigation, sentence: nil, inputs: ["opened a picker or navigated"]),
        Case(
            environment: ReaderEnvironment(), field: .changesSelectedTab, rule: .neverChangesTab,
            sentence: "Neither modifier changes your app's selected tab or creates a navigation stack.", inputs: []),
    ]

    @Test("Each field names its rule, the deciding sentence and the inputs", arguments: cases)
    func explains(_ item: Case) throws {
        let controls = try item.scroll.map {
            ControlsCollapseState(isCollapsed: item.environment.controlsCollapsed)
                .handling(try ControlsCollapseState.Event.script($0))
        }
        let resolution = LayoutResolver.resolve(item.environment, controls: controls)
        #expect(resolution.rules[item.field] == item.rule)
        #expect(resolution.decidingSentence(for: item.field) == item.sentence)
        #expect(resolution.inputs(for: item.field) == item.inputs)
        let explanation = resolution.explanation(for: item.field)
        #expect(explanation.hasPrefix(item.rule.explanation))
        #expect(
            explanation.hasSuffix(item.inputs.isEmpty ? item.rule.explanation : item.inputs.joined(separator: ", ")))
    }

    /// For each kind of warning, an environment that has it alone.
    static let warningCases: [(LayoutPlan.Warning, ReaderEnvironment)] = [
        (.searchAndMenuUnreachable, ReaderEnvironment(stack: .shared, hostStack: true, hostBarHidden: true)),
        (.hostBarTakesSpace, ReaderEnvironment(stack: .none, hostStack: true)),
        (.missingNavigationStack, ReaderEnvironment(stack: .shared)),
        (.hostControlsHidden, ReaderEnvironment(stack: .justForReader, hostStack: true, hostBackButton: true)),
        (.preferenceOnCustomTabs, ReaderEnvironment(tabBar: .unreported, customTabsEdge: .bottom)),
    ]

    @Test("Each kind of warning cites its own sentence of the guide first", arguments: warningCases)
    func eachWarningCitesItsOwnSentence(warning: LayoutPlan.Warning, environment: ReaderEnvironment) throws {
        let resolution = LayoutResolver.resolve(environment)
        #expect(resolution.plan.warnings == [warning])
        #expect(resolution.rules[.warnings] == .hostWarnings)
        let own = try #require(warning.quotes.first)
        #expect(resolution.decidingSentence(for: .warnings) == own)
        #expect(resolution.explanation(for: .warnings).hasPrefix("\"\(own)\""))
        // No other warning's sentence is cited.
        for other in LayoutPlan.Warning.allCases where other != warning {
            for sentence in other.quotes where !warning.quotes.contains(sentence) {
                #expect(!resolution.explanation(for: .warnings).contains(sentence), "\(warning) cites \(other)")
            }
        }
    }

    @Test("Every kind of warning is covered above, and several warnings cite theirs in the plan's order")
    func warningsCiteInOrder() {
        #expect(Set(Self.warningCases.map(\.0)) == Set(LayoutPlan.Warning.allCases))
        let resolution = LayoutResolver.resolve(
            ReaderEnvironment(tabBar: .unreported, stack: .none, hostStack: true, customTabsEdge: .bottom))
        #expect(resolution.plan.warnings == [.hostBarTakesSpace, .preferenceOnCustomTabs])
        #expect(
            resolution.quotes(for: .warnings)
                == LayoutPlan.Warning.hostBarTakesSpace.quotes + LayoutPlan.Warning.preferenceOnCustomTabs.quotes)
    }

    @Test("Nothing tapped, nothing cites the tap; an iOS 17 top preference never cites the no-preference sentence")
    func noWrongCitations() {
        let noPreference = "Without an explicit preference"
        for environment in ReaderEnvironment.everyCombination {
            let resolution = LayoutResolver.resolve(environment)
            for field in LayoutPlan.Field.allCases {
                #expect(!resolution.explanation(for: field).contains("Tapping those labels"))
                if environment.placement == .topBar {
                    #expect(!resolution.explanation(for: field).contains(noPreference), "\(environment)")
                }
            }
        }
    }

    @Test(
        "The trace notes show the 60-point threshold, reversals and the reset at gesture end",
        arguments: [
            ("down:30", "run 30, under 60"), ("down:30 down:40", "run 70 ≥ 60: collapse, reset to 0"),
            ("down:30 up:10", "reversal, new run -10, under 60"), ("down:30 end", "gesture ended: run reset to 0"),
            ("down:70 up:60", "run -60 ≤ -60: expand, reset to 0"), ("program:200", "programmatic: ignored"),
            ("up:70", "run -70 ≤ -60: already expanded, reset to 0"),
            ("down:70 tap", "tapped labels: expand, reset to 0"),
        ]
    )
    func traceNotes(script: String, lastNote: String) throws {
        var state = ControlsCollapseState()
        var note = ""
        for event in try ControlsCollapseState.Event.script(script) {
            note = ControlsCollapseState.note(for: event, from: state)
            state.handle(event)
        }
        #expect(note == lastNote)
    }
}
