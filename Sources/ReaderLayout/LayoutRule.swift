/// A rule of `spec/reader-navigation-and-toolbars.txt` that decides one field of a `LayoutPlan`.
///
/// Each rule carries the spec's own sentences (`quotes`, verbatim but for whitespace) and, where the
/// spec leaves a gap the resolver had to fill, what it chose (`silence`). `lectern layout --explain`
/// prints them.
public enum LayoutRule: String, Sendable, Hashable, CaseIterable {
    /// iOS 18+: a tab bar detected at the top or bottom puts the controls on the opposite edge.
    case tabBarOppositeEdge
    /// iOS 18+: a detected tab bar the system has minimized stays at its edge, and so do the controls.
    case minimizedTabBarOppositeEdge
    /// iOS 18+: a tab bar the app hides is not present: the preferred edge.
    case preferredEdgeWithHiddenTabBar
    /// The reader never moves the app's tabs.
    case neverMovesTabs
    /// Search in a native toolbar short of space: the system overflow menu.
    case searchInSystemOverflowMenu
    /// No `NavigationStack` from the app: no host navigation bar.
    case noHostNavigationBar
    /// `.shared` with the app's navigation bar hidden: the reader leaves it hidden.
    case appHidesNavigationBar
    /// `.none` with the app's navigation bar hidden: the reader leaves it hidden.
    case noneLeavesHiddenNavigationBar
    /// Something about how the app hosts the reader conflicts with the stack mode.
    case hostWarnings
    /// Nothing to warn about.
    case noWarnings
    /// No detected horizontal tab bar (none, or a sidebar): the preferred edge.
    case preferredEdgeWithoutTabBar
    /// iOS 17 cannot detect tab placement: the preferred edge, bottom without a preference.
    case preferredEdgeWithoutDetection
    /// iOS 17 with `.topBar`: the top preference is used, whatever the tabs.
    case topPreferenceWithoutDetection
    /// iOS 17 inside a bottom `TabView` without a preference: bottom controls, beside the tabs.
    case bottomDefaultInsideBottomTabView
    /// A custom tab bar SwiftUI does not report: the preferred edge.
    case preferredEdgeForUnreportedTabBar
    /// The book, chapter and version pickers are always custom reader views.
    case pickersStayCustom
    /// `.shared`/`.justForReader` with a vertical toolbar: previous/next go to the system toolbar.
    case previousNextInVerticalToolbar
    /// Otherwise previous/next stay beside the book and chapter button.
    case previousNextBesideBookButton
    /// `.none`: Search and the menu are in the reader's own controls.
    case noneUsesOwnControls
    /// `.shared`: Search and the menu go to the host toolbar.
    case sharedAddsToHostToolbar
    /// `.justForReader` without a vertical toolbar: custom controls.
    case justForReaderUsesCustomControls
    /// `.justForReader` with a vertical toolbar: native reader actions in it.
    case justForReaderAddsNativeActions
    /// A menu in the custom controls is the reader's own menu.
    case readerMenuInCustomControls
    /// Native toolbars on iOS 27+ with a supported toolchain: `ToolbarOverflowMenu`.
    case toolbarOverflowMenu
    /// Native toolbars before iOS 27: a regular toolbar menu.
    case regularToolbarMenu
    /// Native toolbars on iOS 27+ built without a toolchain that has `ToolbarOverflowMenu`: a regular menu.
    case regularToolbarMenuWithoutToolchain
    /// Settings always; sign-in when configured and the user is signed out.
    case menuItemsFollowSignIn
    /// `.none` leaves a host navigation bar alone.
    case noneLeavesNavigationBar
    /// `.shared` leaves bar visibility and minimization to the app.
    case sharedLeavesNavigationBar
    /// `.justForReader` hides the horizontal navigation bar.
    case justForReaderHidesNavigationBar
    /// The system supplies no vertical toolbar.
    case noVerticalToolbar
    /// `.none` leaves a vertical toolbar alone.
    case noneLeavesVerticalToolbar
    /// `.shared` respects the app's vertical toolbar settings.
    case sharedLeavesVerticalToolbar
    /// `.justForReader` keeps a vertical toolbar visible, even when the controls collapse.
    case justForReaderKeepsVerticalToolbar
    /// Scrolling collapsed the custom controls to compact labels.
    case collapsedToCompactLabels
    /// The custom controls are shown in full: nothing has collapsed them.
    case controlsExpanded
    /// Tapping the compact labels restored the controls.
    case expandedByTappingLabels
    /// Scrolling back toward the start restored the controls.
    case expandedByScrollingBack
    /// Reaching the top or bottom of the content restored the controls.
    case expandedAtContentEdge
    /// Opening a picker or navigating restored the controls.
    case expandedByPickerOrNavigation
    /// `.none` works without a navigation stack.
    case noneNeedsNoStack
    /// `.shared` and `.justForReader` need the app's navigation stack.
    case stackModesNeedHostStack
    /// The reader never creates a navigation stack.
    case neverCreatesStack
    /// The reader never changes the selected tab.
    case neverChangesTab

    /// The spec's sentences that state the rule, verbatim (whitespace aside); empty when the spec is silent.
    public var quotes: [String] {
        switch self {
        case .tabBarOppositeEdge:
            [
                "On iOS 18 and later, if a SwiftUI tab bar is present, the reader places its controls opposite that tab bar when it is detected at the top or bottom.",
                "This takes precedence over navigationPlacement(_:).",
                "The reader moves its controls to the opposite edge automatically; your app does not need a width breakpoint.",
            ]
        case .minimizedTabBarOppositeEdge:
            [
                "On iOS 18 and later, if a SwiftUI tab bar is present, the reader places its controls opposite that tab bar when it is detected at the top or bottom."
            ]
        case .preferredEdgeWithHiddenTabBar:
            ["No detected horizontal tab bar, including sidebar placement", "Preferred edge; bottom by default"]
        case .neverMovesTabs:
            [
                "It does not move your app's tabs, and detected top tabs will still place the reader controls at the bottom."
            ]
        case .searchInSystemOverflowMenu:
            ["Search is a native toolbar item and can move into the system overflow menu when space is limited."]
        case .noHostNavigationBar:
            []
        case .appHidesNavigationBar:
            ["Leaves bar visibility and minimization under your app's control."]
        case .noneLeavesHiddenNavigationBar:
            [
                "Adds no native toolbar items and leaves any host navigation bar unchanged.",
                "Choosing .none does not remove that stack or hide its bar.",
            ]
        case .hostWarnings:
            // Each warning's own sentences (`LayoutPlan.Warning.quotes`); a plan cites those of its warnings.
            LayoutPlan.Warning.allCases.flatMap(\.quotes)
        case .noWarnings:
            []
        case .preferredEdgeWithoutTabBar:
            ["No detected horizontal tab bar, including sidebar placement", "Preferred edge; bottom by default"]
        case .preferredEdgeWithoutDetection:
            [
                "Tab placement detection unavailable, including iOS 17",
                "Preferred edge; bottom by default",
                "Automatic tab placement detection is unavailable on iOS 17.",
            ]
        case .topPreferenceWithoutDetection:
            [
                "iOS 17 uses the top preference; iOS 18 and later give detected tab placement priority, including when iPad tabs move to the top.",
                "Automatic tab placement detection is unavailable on iOS 17.",
                "If your reader is inside a bottom TabView, request top controls explicitly:",
            ]
        case .bottomDefaultInsideBottomTabView:
            [
                "Without an explicit preference, an iOS 17 reader uses bottom controls even inside a bottom TabView.",
                "Its placement may therefore change after an OS upgrade enables detection.",
            ]
        case .preferredEdgeForUnreportedTabBar:
            ["For a custom tab bar that SwiftUI does not report, set the preferred reader edge opposite your tabs."]
        case .pickersStayCustom:
            ["The book, chapter, and version controls remain custom reader views in every stack mode."]
        case .previousNextInVerticalToolbar:
            [
                "In .shared and .justForReader, previous and next chapter actions may move into the system toolbar when a vertical toolbar is available (for example, on iPhone Duo)"
            ]
        case .previousNextBesideBookButton:
            ["otherwise, they remain beside the book and chapter button."]
        case .noneUsesOwnControls:
            ["With .none, Search and the menu use the reader's own controls."]
        case .sharedAddsToHostToolbar:
            ["Adds Search and the reader menu to the host toolbar."]
        case .justForReaderUsesCustomControls:
            ["Hides the horizontal navigation bar and uses custom controls."]
        case .justForReaderAddsNativeActions:
            ["When a vertical toolbar is available, adds native reader actions and keeps that toolbar visible."]
        case .readerMenuInCustomControls:
            []
        case .toolbarOverflowMenu:
            [
                "When using native toolbars on iOS 27 and later with a supported toolchain, the reader places settings and sign-in actions in ToolbarOverflowMenu."
            ]
        case .regularToolbarMenu:
            ["Earlier systems use a regular toolbar menu."]
        case .regularToolbarMenuWithoutToolchain:
            [
                "When using native toolbars on iOS 27 and later with a supported toolchain, the reader places settings and sign-in actions in ToolbarOverflowMenu."
            ]
        case .menuItemsFollowSignIn:
            ["Sign-in availability follows your SDK configuration and the user's authentication state."]
        case .noneLeavesNavigationBar:
            [
                "Adds no native toolbar items and leaves any host navigation bar unchanged.",
                "Choosing .none does not remove that stack or hide its bar.",
            ]
        case .sharedLeavesNavigationBar:
            ["Leaves bar visibility and minimization under your app's control."]
        case .justForReaderHidesNavigationBar:
            [
                "On iOS and iPadOS, this hides the horizontal navigation bar, including any host title, Back button, or toolbar items in that bar."
            ]
        case .noVerticalToolbar:
            []
        case .noneLeavesVerticalToolbar:
            ["Adds no native toolbar items and leaves any host navigation bar unchanged."]
        case .sharedLeavesVerticalToolbar:
            [".shared respects your app's visibility and minimization settings"]
        case .justForReaderKeepsVerticalToolbar:
            [
                "When the system supplies a vertical toolbar, .justForReader keeps it visible and disables its minimization, including when the custom reader controls collapse."
            ]
        case .collapsedToCompactLabels:
            [
                "As users scroll, the custom controls can collapse to compact chapter and version labels to reveal more text.",
                "Native toolbar items remain part of the host toolbar",
            ]
        case .controlsExpanded:
            []
        case .expandedByTappingLabels:
            ["Tapping those labels restores the controls."]
        case .expandedByScrollingBack, .expandedAtContentEdge, .expandedByPickerOrNavigation:
            []
        case .noneNeedsNoStack:
            ["The reader works without a NavigationStack and does not create one for its main content."]
        case .stackModesNeedHostStack:
            ["Both .shared and .justForReader require your app to provide a NavigationStack."]
        case .neverCreatesStack:
            [
                "The modifier does not check for or create a missing stack.",
                "If the reader is already inside a stack, use that stack instead of nesting another one.",
            ]
        case .neverChangesTab:
            ["Neither modifier changes your app's selected tab or creates a navigation stack."]
        }
    }

    /// What the resolver chose where the spec is silent; nil when the quotes say it all.
    public var silence: String? {
        switch self {
        case .previousNextInVerticalToolbar:
            "'may move' is read as 'move': the resolver always puts them in the vertical toolbar when there is one. "
                + "In .shared, Search and the menu still go to the host toolbar, the one toolbar the guide names for "
                + "them in that mode; only previous/next are named for the system toolbar."
        case .justForReaderAddsNativeActions:
            "the native reader actions are taken to be Search, the menu and previous/next; the book/chapter and version pickers stay custom."
        case .readerMenuInCustomControls:
            "menu styles are named only for native toolbars; in the custom controls the reader shows its own menu on every iOS."
        case .regularToolbarMenuWithoutToolchain:
            "the sentence asks for a supported toolchain: an app built without ToolbarOverflowMenu gets the regular "
                + "toolbar menu on iOS 27 too, since the API is not compiled in."
        case .menuItemsFollowSignIn:
            "settings is always offered; where sign-in is configured, a signed-out user is offered sign-in and a "
                + "signed-in user the account (with sign-out); being signed in without sign-in configured cannot happen."
        case .minimizedTabBarOppositeEdge:
            "a tab bar minimized on scroll (iOS 26 tabBarMinimizeBehavior) is still present at its edge: the controls "
                + "stay opposite it rather than jumping as it minimizes and expands."
        case .preferredEdgeWithHiddenTabBar:
            "a tab bar the app hides is read as not present ('if a SwiftUI tab bar is present'): the preferred edge, "
                + "until the app shows its tabs again."
        case .searchInSystemOverflowMenu:
            "'can move' is read as 'moves' when space is limited, on every iOS: this is the system's overflow of "
                + "toolbar items, not ToolbarOverflowMenu; the menu itself stays in the toolbar."
        case .noHostNavigationBar:
            "without the app's NavigationStack there is no host navigation bar above the reader."
        case .appHidesNavigationBar:
            "the app hid its navigation bar; .shared leaves it hidden, as it leaves it visible."
        case .noneLeavesHiddenNavigationBar:
            "the app hid its navigation bar; .none leaves it hidden, as it leaves a visible one visible."
        case .collapsedToCompactLabels:
            "the compact labels show the chapter and version only: previous/next, Search and the menu, where they "
                + "sit in the custom controls, are hidden until the controls expand (hiddenControls); items in a "
                + "native toolbar stay."
        case .noWarnings:
            "nothing in how the app hosts the reader conflicts with the stack mode."
        case .noVerticalToolbar:
            "without a vertical toolbar from the system there is nothing to place in it or keep visible."
        case .noneLeavesVerticalToolbar:
            "the sentence names the horizontal bar only; a vertical toolbar is left as the app has it too."
        case .controlsExpanded:
            "until scrolling collapses them, the controls are shown in full."
        case .expandedByScrollingBack:
            "scrolling back toward the start by the collapse distance (60 points in one gesture) expands the controls, "
                + "as tabBarMinimizeBehavior(.onScrollDown) and Safari do."
        case .expandedAtContentEdge:
            "reaching the top or bottom of the text expands the controls, so nothing stays hidden where no more "
                + "scrolling is possible."
        case .expandedByPickerOrNavigation:
            "opening a picker or moving to another chapter shows the full controls."
        default:
            nil
        }
    }

    /// The spec's sentence that decides the field (the first quote); nil when the spec is silent. A plan's
    /// warnings are decided by their own sentences: see `LayoutResolution.decidingSentence(for:)`.
    public var decidingSentence: String? { quotes.first }

    /// The rule as `--explain` prints it: the quotes, then `spec is silent: …` when the resolver chose.
    public var explanation: String {
        var parts = quotes.map { "\"\($0)\"" }
        if let silence { parts.append("spec is silent: " + silence) }
        return parts.joined(separator: " ")
    }
}
