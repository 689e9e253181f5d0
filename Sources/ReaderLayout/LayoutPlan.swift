/// Where a reader puts each of its controls in one environment, and what it does to the host's bars.
///
/// The raw values of the nested enums are the words of `lectern layout --json`.
public struct LayoutPlan: Sendable, Hashable {
    /// A screen edge for the custom reader controls.
    public enum Edge: String, Sendable, Hashable, CaseIterable {
        /// The top of the screen.
        case top
        /// The bottom of the screen.
        case bottom
    }

    /// Which rule put the controls on their edge.
    public enum EdgeRule: String, Sendable, Hashable, CaseIterable {
        /// Opposite a tab bar detected at the top or bottom.
        case oppositeTabBar
        /// The preferred edge from `.navigationPlacement(_:)`.
        case preferredEdge
    }

    /// Where one control lives.
    public enum Host: String, Sendable, Hashable, CaseIterable {
        /// In the reader's own custom controls.
        case readerControls
        /// In the toolbar of the app's navigation stack.
        case hostToolbar
        /// In the system's vertical toolbar.
        case systemToolbar
        /// In the system overflow menu of a native toolbar short of space (Search only).
        case systemOverflowMenu
    }

    /// What kind of menu holds settings and sign-in.
    public enum MenuStyle: String, Sendable, Hashable, CaseIterable {
        /// The reader's own menu, in its custom controls.
        case readerMenu
        /// A regular toolbar `Menu` in a native toolbar.
        case toolbarMenu
        /// `ToolbarOverflowMenu` in a native toolbar (iOS 27 and later).
        case toolbarOverflowMenu
    }

    /// An item of the reader's menu.
    public enum MenuItem: String, Sendable, Hashable, CaseIterable {
        /// Reader settings.
        case settings
        /// Sign in to the platform.
        case signIn
        /// The signed-in account, with sign-out.
        case account
    }

    /// Something the app should know about how it hosts the reader.
    public enum Warning: String, Sendable, Hashable, CaseIterable {
        /// `.shared` with the host's navigation bar hidden: Search and the menu cannot be reached.
        case searchAndMenuUnreachable
        /// `.none` inside a stack whose bar is visible: the bar still takes space above the reader.
        case hostBarTakesSpace
        /// `.shared` or `.justForReader` without the app's `NavigationStack`: the modifier does not create one.
        case missingNavigationStack
        /// `.justForReader` hides the host's Back button or title.
        case hostControlsHidden
        /// Custom tabs SwiftUI does not report sit on the edge the reader prefers, so the controls land on them.
        case preferenceOnCustomTabs

        /// The guide's sentences behind the warning, its own deciding sentence first.
        public var quotes: [String] {
            switch self {
            case .searchAndMenuUnreachable:
                ["Your app must keep the system navigation bar visible so users can reach those actions."]
            case .hostBarTakesSpace:
                ["An existing host navigation bar is left alone and may still occupy space above the reader."]
            case .missingNavigationStack:
                [
                    "Both .shared and .justForReader require your app to provide a NavigationStack.",
                    "The modifier does not check for or create a missing stack.",
                ]
            case .hostControlsHidden:
                [
                    "Choose .shared instead if users need those controls.",
                    "On iOS and iPadOS, this hides the horizontal navigation bar, including any host title, Back button, or toolbar items in that bar.",
                ]
            case .preferenceOnCustomTabs:
                [
                    "For a custom tab bar that SwiftUI does not report, set the preferred reader edge opposite your tabs.",
                    "Update that preference if your custom tabs move.",
                ]
            }
        }

        /// One sentence for people: what goes wrong and what to do.
        public var message: String {
            switch self {
            case .searchAndMenuUnreachable:
                "the host navigation bar is hidden, so Search and the menu in it cannot be reached; keep it visible"
            case .hostBarTakesSpace:
                "the host navigation bar is left visible and still takes space above the reader"
            case .missingNavigationStack:
                "this stack mode needs the app's NavigationStack around the reader; the reader does not create one"
            case .hostControlsHidden:
                "the hidden navigation bar takes the host's Back button and title with it; use shared if users need them"
            case .preferenceOnCustomTabs:
                "the preferred edge is where your custom tabs are; set navigationPlacement to the opposite edge, and "
                    + "update it when the tabs move"
            }
        }
    }

    /// What the reader does to the host's horizontal navigation bar.
    public enum NavigationBarEffect: String, Sendable, Hashable, CaseIterable {
        /// Left as the app has it.
        case unchanged
        /// Hidden by the reader.
        case hidden
    }

    /// What the reader does to a vertical toolbar.
    public enum VerticalToolbarEffect: String, Sendable, Hashable, CaseIterable {
        /// The system supplies none.
        case absent
        /// Left to the app's visibility and minimization settings.
        case unchanged
        /// Kept visible, its minimization disabled.
        case keptVisible
    }

    /// A control that can sit in the custom reader controls besides the book/chapter and version pickers.
    public enum Control: String, Sendable, Hashable, CaseIterable {
        /// The previous and next chapter actions.
        case previousNext
        /// Search.
        case search
        /// The reader's menu.
        case menu
    }

    /// How the custom controls are shown.
    public enum ControlsState: String, Sendable, Hashable, CaseIterable {
        /// The full book/chapter and version pickers.
        case expanded
        /// Compact chapter and version labels, after scrolling.
        case compactLabels
    }

    /// The plan's fields, in the order they are printed: the keys of the JSON plan object.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// `controlsEdge`.
        case controlsEdge
        /// `edgeRule`.
        case edgeRule
        /// `tabBar`.
        case tabBar
        /// `tabBarState`.
        case tabBarState
        /// `bookChapterPicker`.
        case bookChapterPicker
        /// `versionPicker`.
        case versionPicker
        /// `previousNext`.
        case previousNext
        /// `search`.
        case search
        /// `menu`.
        case menu
        /// `menuStyle`.
        case menuStyle
        /// `menuItems`.
        case menuItems
        /// `hostNavigationBar`.
        case hostNavigationBar
        /// `hostNavigationBarVisible`.
        case hostNavigationBarVisible
        /// `verticalToolbar`.
        case verticalToolbar
        /// `readerControlsState`.
        case readerControlsState
        /// `hiddenControls`.
        case hiddenControls
        /// `requiresHostNavigationStack`.
        case requiresHostNavigationStack
        /// `createsNavigationStack`.
        case createsNavigationStack
        /// `changesSelectedTab`.
        case changesSelectedTab
        /// `warnings`.
        case warnings
    }

    /// The edge of the custom book/chapter and version controls.
    public var controlsEdge: Edge
    /// Why the controls are on that edge.
    public var edgeRule: EdgeRule
    /// Where the book and chapter picker is.
    public var bookChapterPicker: Host
    /// Where the Bible version picker is.
    public var versionPicker: Host
    /// Where the previous and next chapter actions are.
    public var previousNext: Host
    /// Where Search is.
    public var search: Host
    /// Where the menu (settings, sign-in) is.
    public var menu: Host
    /// What kind of menu it is.
    public var menuStyle: MenuStyle
    /// The menu's items, in order.
    public var menuItems: [MenuItem]
    /// What happens to the host's horizontal navigation bar.
    public var hostNavigationBar: NavigationBarEffect
    /// What happens to a vertical toolbar.
    public var verticalToolbar: VerticalToolbarEffect
    /// Whether the custom controls are expanded or collapsed to labels.
    public var readerControlsState: ControlsState
    /// What the collapsed controls hide: the controls that sit in the custom reader controls (not in a native
    /// toolbar) while they are collapsed to labels, in `Control` order; empty when they are expanded.
    public var hiddenControls: [Control]
    /// Whether the app must supply a `NavigationStack` around the reader.
    public var requiresHostNavigationStack: Bool
    /// Whether the reader creates a navigation stack (it never does).
    public var createsNavigationStack: Bool
    /// Whether the reader changes the app's selected tab (it never does).
    public var changesSelectedTab: Bool
    /// Where the app's tab bar is: the app's, never moved by the reader.
    public var tabBar: HostTabBar
    /// Whether the app's tab bar is shown, minimized or hidden: the app's too.
    public var tabBarState: TabBarState
    /// Whether a host navigation bar is on screen above the reader.
    public var hostNavigationBarVisible: Bool
    /// What the app should know, in `Warning` order.
    public var warnings: [Warning]

    /// Creates a plan.
    public init(
        controlsEdge: Edge, edgeRule: EdgeRule, bookChapterPicker: Host, versionPicker: Host, previousNext: Host,
        search: Host, menu: Host, menuStyle: MenuStyle, menuItems: [MenuItem], hostNavigationBar: NavigationBarEffect,
        verticalToolbar: VerticalToolbarEffect, readerControlsState: ControlsState, requiresHostNavigationStack: Bool,
        createsNavigationStack: Bool, changesSelectedTab: Bool, tabBar: HostTabBar = .absent,
        tabBarState: TabBarState = .shown, hostNavigationBarVisible: Bool = false, warnings: [Warning] = [],
        hiddenControls: [Control] = []
    ) {
        self.controlsEdge = controlsEdge
        self.edgeRule = edgeRule
        self.bookChapterPicker = bookChapterPicker
        self.versionPicker = versionPicker
        self.previousNext = previousNext
        self.search = search
        self.menu = menu
        self.menuStyle = menuStyle
        self.menuItems = menuItems
        self.hostNavigationBar = hostNavigationBar
        self.verticalToolbar = verticalToolbar
        self.readerControlsState = readerControlsState
        self.requiresHostNavigationStack = requiresHostNavigationStack
        self.createsNavigationStack = createsNavigationStack
        self.changesSelectedTab = changesSelectedTab
        self.tabBar = tabBar
        self.tabBarState = tabBarState
        self.hostNavigationBarVisible = hostNavigationBarVisible
        self.warnings = warnings
        self.hiddenControls = hiddenControls
    }

    /// A field's value as the command line prints it: `bottom`, `readerControls`, `settings, signIn`, `false`.
    public func word(for field: Field) -> String {
        switch field {
        case .controlsEdge: controlsEdge.rawValue
        case .edgeRule: edgeRule.rawValue
        case .bookChapterPicker: bookChapterPicker.rawValue
        case .versionPicker: versionPicker.rawValue
        case .previousNext: previousNext.rawValue
        case .search: search.rawValue
        case .menu: menu.rawValue
        case .menuStyle: menuStyle.rawValue
        case .menuItems: menuItems.map(\.rawValue).joined(separator: ", ")
        case .hostNavigationBar: hostNavigationBar.rawValue
        case .verticalToolbar: verticalToolbar.rawValue
        case .readerControlsState: readerControlsState.rawValue
        case .hiddenControls: hiddenControls.isEmpty ? "none" : hiddenControls.map(\.rawValue).joined(separator: ", ")
        case .requiresHostNavigationStack: String(requiresHostNavigationStack)
        case .createsNavigationStack: String(createsNavigationStack)
        case .changesSelectedTab: String(changesSelectedTab)
        case .tabBar: tabBar.rawValue
        case .tabBarState: tabBarState.rawValue
        case .hostNavigationBarVisible: String(hostNavigationBarVisible)
        case .warnings: warnings.isEmpty ? "none" : warnings.map(\.rawValue).joined(separator: ", ")
        }
    }
}
