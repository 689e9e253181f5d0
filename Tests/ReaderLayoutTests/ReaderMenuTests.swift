import ReaderLayout
import Testing

/// "Adaptive Controls and Menus": which menu holds settings and sign-in, and what it offers.
@Suite struct ReaderMenuTests {
    @Test(
        "When using native toolbars on iOS 27 and later with a supported toolchain, the reader places settings and sign-in actions in ToolbarOverflowMenu. Earlier systems use a regular toolbar menu.",
        arguments: [
            (
                NavigationStackMode.shared, false, 27, true, LayoutPlan.MenuStyle.toolbarOverflowMenu,
                LayoutRule.toolbarOverflowMenu
            ),
            (.shared, false, 28, true, .toolbarOverflowMenu, .toolbarOverflowMenu),
            (.justForReader, true, 27, true, .toolbarOverflowMenu, .toolbarOverflowMenu),
            (.shared, true, 26, true, .toolbarMenu, .regularToolbarMenu),
            (.shared, false, 18, true, .toolbarMenu, .regularToolbarMenu),
            (.shared, false, 17, false, .toolbarMenu, .regularToolbarMenu),
            (.justForReader, true, 26, true, .toolbarMenu, .regularToolbarMenu),
        ]
    )
    func nativeToolbarMenuStyle(
        stack: NavigationStackMode,
        verticalToolbar: Bool,
        os: Int,
        toolchain: Bool,
        style: LayoutPlan.MenuStyle,
        rule: LayoutRule
    ) {
        let environment = ReaderEnvironment(
            osVersion: os, stack: stack, hasVerticalToolbar: verticalToolbar, toolchainHasOverflowMenu: toolchain
        )
        let resolution = LayoutResolver.resolve(environment)
        #expect(resolution.plan.menu != .readerControls)
        #expect(resolution.plan.menuStyle == style)
        #expect(resolution.rules.menuStyle == rule)
    }

    @Test(
        "ToolbarOverflowMenu needs a supported toolchain: an app built without one gets the regular toolbar menu on iOS 27 (spec is silent)",
        arguments: [27, 28], [NavigationStackMode.shared, .justForReader]
    )
    func iOS27WithoutTheToolchainUsesTheRegularMenu(os: Int, stack: NavigationStackMode) {
        let environment = ReaderEnvironment(osVersion: os, stack: stack, hasVerticalToolbar: true)
        let resolution = LayoutResolver.resolve(environment)
        #expect(resolution.plan.menuStyle == .toolbarMenu)
        #expect(resolution.rules.menuStyle == .regularToolbarMenuWithoutToolchain)
        #expect(resolution.rules.menuStyle.silence != nil)
        // The deciding sentence is the iOS 27 one, whose condition (a supported toolchain) is not met.
        #expect(resolution.decidingSentence(for: .menuStyle)?.hasPrefix("When using native toolbars on iOS 27") == true)
    }

    @Test(
        "A menu in the custom reader controls is the reader's own menu on every iOS (spec is silent)",
        arguments: ReaderEnvironment.osVersionsUnderTest, [false, true]
    )
    func customControlsUseTheReaderMenu(os: Int, toolchain: Bool) {
        let environments = [
            ReaderEnvironment(
                osVersion: os, stack: .none, hasVerticalToolbar: true, toolchainHasOverflowMenu: toolchain),
            ReaderEnvironment(osVersion: os, stack: .justForReader, toolchainHasOverflowMenu: toolchain),
        ]
        for environment in environments {
            let resolution = LayoutResolver.resolve(environment)
            #expect(resolution.plan.menu == .readerControls)
            #expect(resolution.plan.menuStyle == .readerMenu)
            #expect(resolution.rules.menuStyle == .readerMenuInCustomControls)
        }
    }

    @Test(
        "Sign-in availability follows your SDK configuration and the user's authentication state.",
        arguments: [
            (false, false, [LayoutPlan.MenuItem.settings]),
            (false, true, [.settings]),
            (true, false, [.settings, .signIn]),
            (true, true, [.settings, .account]),
        ],
        NavigationStackMode.allCases
    )
    func signInFollowsConfigurationAndState(row: (Bool, Bool, [LayoutPlan.MenuItem]), stack: NavigationStackMode) {
        let (configured, signedIn, items) = row
        let environment = ReaderEnvironment(stack: stack, signInConfigured: configured, isSignedIn: signedIn)
        let resolution = LayoutResolver.resolve(environment)
        #expect(resolution.plan.menuItems == items)
        #expect(resolution.rules.menuItems == .menuItemsFollowSignIn)
    }

    @Test(
        "Search is a native toolbar item and can move into the system overflow menu when space is limited: the reader never puts it in its own menu."
    )
    func searchIsAToolbarItemNotAMenuItem() {
        for environment in ReaderEnvironment.everyCombination {
            let plan = LayoutResolver.plan(for: environment)
            let searchHost = plan.search == .systemOverflowMenu ? plan.menu : plan.search
            #expect(searchHost == plan.menu, "Search travels with the menu or into the overflow: \(environment)")
            #expect(Set(plan.menuItems).isSubset(of: [.settings, .signIn, .account]))
            #expect(plan.menuItems.first == .settings)
            let native = plan.menu != .readerControls
            #expect(native == (plan.menuStyle != .readerMenu), "\(environment)")
        }
    }
}
