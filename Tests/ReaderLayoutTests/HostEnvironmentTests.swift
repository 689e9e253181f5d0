import ReaderLayout
import Testing

/// The inputs issue 17 added: tabs in the plan, the host's stack and bar, limited space, tab bar states, account.
@Suite struct HostEnvironmentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: ReaderEnvironment
        var field: LayoutPlan.Field
        var word: String
        var rule: LayoutRule
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "tabs at the top stay there", environment: ReaderEnvironment(tabBar: .top), field: .tabBar,
            word: "top", rule: .neverMovesTabs),
        Case(
            name: "a minimized bottom tab bar keeps the controls at the top",
            environment: ReaderEnvironment(osVersion: 26, tabBar: .bottom, tabBarState: .minimized),
            field: .controlsEdge, word: "top", rule: .minimizedTabBarOppositeEdge),
        Case(
            name: "a hidden bottom tab bar is not present: the preferred bottom edge",
            environment: ReaderEnvironment(osVersion: 26, tabBar: .bottom, tabBarState: .hidden),
            field: .controlsEdge, word: "bottom", rule: .preferredEdgeWithHiddenTabBar),
        Case(
            name: "a hidden top tab bar with .topBar: top",
            environment: ReaderEnvironment(tabBar: .top, placement: .topBar, tabBarState: .hidden),
            field: .controlsEdge, word: "top", rule: .preferredEdgeWithHiddenTabBar),
        Case(
            name: "iOS 17 ignores the tab bar state as it ignores the tab bar",
            environment: ReaderEnvironment(osVersion: 17, tabBar: .bottom, tabBarState: .hidden),
            field: .controlsEdge, word: "bottom", rule: .bottomDefaultInsideBottomTabView),
        Case(
            name: "shared with a hidden host bar warns that Search and the menu cannot be reached",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, hostBarHidden: true), field: .warnings,
            word: "searchAndMenuUnreachable", rule: .hostWarnings),
        Case(
            name: "none inside a stack: its bar still takes space",
            environment: ReaderEnvironment(hostStack: true, hostTitle: true), field: .warnings,
            word: "hostBarTakesSpace", rule: .hostWarnings),
        Case(
            name: "none inside a stack: its bar is visible",
            environment: ReaderEnvironment(hostStack: true), field: .hostNavigationBarVisible, word: "true",
            rule: .noneLeavesNavigationBar),
        Case(
            name: "justForReader hides the host's Back button and title",
            environment: ReaderEnvironment(stack: .justForReader, hostStack: true, hostBackButton: true),
            field: .warnings, word: "hostControlsHidden", rule: .hostWarnings),
        Case(
            name: "justForReader: no host bar on screen",
            environment: ReaderEnvironment(stack: .justForReader, hostStack: true), field: .hostNavigationBarVisible,
            word: "false", rule: .justForReaderHidesNavigationBar),
        Case(
            name: "shared without the app's stack",
            environment: ReaderEnvironment(stack: .shared), field: .warnings, word: "missingNavigationStack",
            rule: .hostWarnings),
        Case(
            name: "shared in the app's stack: nothing to warn about",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, hostBackButton: true), field: .warnings,
            word: "none", rule: .noWarnings),
        Case(
            name: "the app hides its bar in .none",
            environment: ReaderEnvironment(hostStack: true, hostBarHidden: true), field: .hostNavigationBarVisible,
            word: "false", rule: .noneLeavesHiddenNavigationBar),
        Case(
            name: "the app hides its bar in .shared",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, hostBarHidden: true),
            field: .hostNavigationBarVisible, word: "false", rule: .appHidesNavigationBar),
        Case(
            name: "no stack, no host bar", environment: ReaderEnvironment(), field: .hostNavigationBarVisible,
            word: "false", rule: .noHostNavigationBar),
        Case(
            name: "limited space moves a native Search into the system overflow menu",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, limitedSpace: true), field: .search,
            word: "systemOverflowMenu", rule: .searchInSystemOverflowMenu),
        Case(
            name: "limited space leaves the menu in the toolbar",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, limitedSpace: true), field: .menu,
            word: "hostToolbar", rule: .sharedAddsToHostToolbar),
        Case(
            name: "limited space in justForReader with a vertical toolbar",
            environment: ReaderEnvironment(
                stack: .justForReader, hasVerticalToolbar: true, hostStack: true, limitedSpace: true),
            field: .search, word: "systemOverflowMenu", rule: .searchInSystemOverflowMenu),
        Case(
            name: "limited space does not move Search out of the reader's own controls",
            environment: ReaderEnvironment(limitedSpace: true), field: .search, word: "readerControls",
            rule: .noneUsesOwnControls),
        Case(
            name: "signed in where sign-in is configured: the account item",
            environment: ReaderEnvironment(signInConfigured: true, isSignedIn: true), field: .menuItems,
            word: "settings, account", rule: .menuItemsFollowSignIn),
        Case(
            name: "signed out: sign in", environment: ReaderEnvironment(signInConfigured: true), field: .menuItems,
            word: "settings, signIn", rule: .menuItemsFollowSignIn),
    ]

    @Test("Each new input reaches its field and rule", arguments: cases)
    func reachesThePlan(_ item: Case) {
        let resolution = LayoutResolver.resolve(item.environment)
        #expect(resolution.plan.word(for: item.field) == item.word)
        #expect(resolution.rules[item.field] == item.rule)
    }

    @Test(
        "Inconsistent environments are named",
        arguments: [
            (
                ReaderEnvironment(isSignedIn: true),
                "signedIn needs signInConfigured: a user signs in only where the SDK offers sign-in"
            ),
            (
                ReaderEnvironment(hostTitle: true),
                "hostTitle needs hostStack: only the app's NavigationStack has a Back button, title or bar"
            ),
            (
                ReaderEnvironment(hostBarHidden: true),
                "hostBarHidden needs hostStack: only the app's NavigationStack has a Back button, title or bar"
            ),
        ]
    )
    func inconsistencies(environment: ReaderEnvironment, message: String) {
        #expect(environment.inconsistency == message)
    }

    @Test("--explain names the inputs of the warnings")
    func warningInputs() {
        let resolution = LayoutResolver.resolve(
            ReaderEnvironment(stack: .justForReader, hostStack: true, hostBackButton: true, hostTitle: true))
        #expect(
            resolution.inputs(for: .warnings) == ["hostControlsHidden: stack justForReader, host Back button and title"]
        )
        #expect(
            resolution.rules.warnings.decidingSentence
                == "Your app must keep the system navigation bar visible so users can reach those actions.")
    }
}
