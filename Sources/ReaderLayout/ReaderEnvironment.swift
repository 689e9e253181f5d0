/// Where a host app's tab bar is, as far as the reader can know it.
///
/// The raw values are the words the command line and scenario files use.
public enum HostTabBar: String, Sendable, Hashable, CaseIterable {
    /// A SwiftUI tab bar reported at the top of the screen (iPadOS tabs, for instance).
    case top
    /// A SwiftUI tab bar reported at the bottom of the screen (the iPhone tab bar).
    case bottom
    /// No tab bar at all.
    case absent = "none"
    /// A `TabView` shown as a sidebar: not a horizontal tab bar.
    case sidebar
    /// A custom tab bar that SwiftUI does not report to the reader.
    case unreported
}

/// Whether the host's tab bar is on screen in full, minimized (iOS 26 `tabBarMinimizeBehavior`) or hidden.
public enum TabBarState: String, Sendable, Hashable, CaseIterable {
    /// Shown in full (the default).
    case shown
    /// Minimized by the system on scroll; still at its edge.
    case minimized
    /// Hidden by the app (`.toolbar(.hidden, for: .tabBar)`).
    case hidden
}

/// Where custom tabs that SwiftUI does not report sit (`HostTabBar.unreported`): the reader cannot see them,
/// but the app knows, so a scenario can say where they are.
public enum CustomTabsEdge: String, Sendable, Hashable, CaseIterable {
    /// Not said (the default), or no custom tabs.
    case unknown
    /// Custom tabs at the top of the screen.
    case top
    /// Custom tabs at the bottom of the screen.
    case bottom
}

/// How the app creates the reader: the guide's two initialisers, which take the same modifiers.
public enum ReaderCreation: String, Sendable, Hashable, CaseIterable {
    /// `BibleReaderView.restoringLastPassage()` (the default, as in the guide's first example).
    case restoringLastPassage
    /// `BibleReaderView(reference:)`.
    case reference
}

/// The reader's preferred edge for its book, chapter and version controls: `.navigationPlacement(_:)`.
public enum NavigationPlacement: String, Sendable, Hashable, CaseIterable {
    /// Prefer the top edge.
    case topBar
    /// Prefer the bottom edge (the default).
    case bottomBar
}

/// How the reader may use a navigation stack supplied by the app: `.usingNavigationStack(_:)`.
///
/// The case names are the SDK's, `.none` included; compare with `==` against a non-optional value.
public enum NavigationStackMode: String, Sendable, Hashable, CaseIterable {
    /// The reader uses its own custom controls and adds nothing to any stack (the default).
    case none
    /// The reader adds Search and its menu to the toolbar of the app's existing stack.
    case shared
    /// The app supplies a stack dedicated to the reader, which manages its whole navigation bar.
    case justForReader
}

/// Everything about the host app and the device that decides where the reader's controls go.
///
/// A plain value: the layout resolver reads it and returns a `LayoutPlan`, nothing else.
public struct ReaderEnvironment: Sendable, Hashable {
    /// The oldest iOS the reader supports; scenarios asking about older systems are rejected.
    public static let minimumOSVersion = 17
    /// The first iOS on which SwiftUI reports where a tab bar is.
    public static let firstOSWithTabPlacementDetection = 18
    /// The first iOS that has `ToolbarOverflowMenu`.
    public static let firstOSWithToolbarOverflowMenu = 27

    /// The iOS (or iPadOS) major version.
    public var osVersion: Int
    /// The host's tab bar, as detected.
    public var tabBar: HostTabBar
    /// Whether that tab bar is shown, minimized or hidden.
    public var tabBarState: TabBarState
    /// The preferred edge set with `.navigationPlacement(_:)`.
    public var placement: NavigationPlacement
    /// The navigation stack mode set with `.usingNavigationStack(_:)`.
    public var stack: NavigationStackMode
    /// Whether the app puts the reader inside a `NavigationStack` of its own.
    public var hostStack: Bool
    /// Whether that stack shows a Back button (the reader was pushed).
    public var hostBackButton: Bool
    /// Whether that stack shows a title.
    public var hostTitle: Bool
    /// Whether the app hides that stack's navigation bar.
    public var hostBarHidden: Bool
    /// Whether the system supplies a vertical toolbar (for example on iPhone Duo).
    public var hasVerticalToolbar: Bool
    /// Whether the app is built with a toolchain whose SDK has `ToolbarOverflowMenu`.
    public var toolchainHasOverflowMenu: Bool
    /// Whether the native toolbar is short of space (compact width, or a crowded toolbar).
    public var limitedSpace: Bool
    /// Whether the SDK is configured to offer sign-in.
    public var signInConfigured: Bool
    /// Whether the user is signed in.
    public var isSignedIn: Bool
    /// Whether scrolling has collapsed the custom controls (see `ControlsCollapseState`).
    public var controlsCollapsed: Bool
    /// Where custom tabs SwiftUI does not report sit, when `tabBar` is `.unreported` and the app says.
    public var customTabsEdge: CustomTabsEdge
    /// How the app creates the reader; the modifiers, and so the plan, are the same for both.
    public var creation: ReaderCreation

    /// Creates an environment; every parameter defaults to the SDK's defaults on iOS 18 without a tab bar.
    public init(
        osVersion: Int = 18,
        tabBar: HostTabBar = .absent,
        placement: NavigationPlacement = .bottomBar,
        stack: NavigationStackMode = .none,
        hasVerticalToolbar: Bool = false,
        toolchainHasOverflowMenu: Bool = false,
        signInConfigured: Bool = false,
        isSignedIn: Bool = false,
        controlsCollapsed: Bool = false,
        tabBarState: TabBarState = .shown,
        hostStack: Bool = false,
        hostBackButton: Bool = false,
        hostTitle: Bool = false,
        hostBarHidden: Bool = false,
        limitedSpace: Bool = false,
        customTabsEdge: CustomTabsEdge = .unknown,
        creation: ReaderCreation = .restoringLastPassage
    ) {
        self.osVersion = osVersion
        self.tabBar = tabBar
        self.placement = placement
        self.stack = stack
        self.hasVerticalToolbar = hasVerticalToolbar
        self.toolchainHasOverflowMenu = toolchainHasOverflowMenu
        self.signInConfigured = signInConfigured
        self.isSignedIn = isSignedIn
        self.controlsCollapsed = controlsCollapsed
        self.tabBarState = tabBarState
        self.hostStack = hostStack
        self.hostBackButton = hostBackButton
        self.hostTitle = hostTitle
        self.hostBarHidden = hostBarHidden
        self.limitedSpace = limitedSpace
        self.customTabsEdge = customTabsEdge
        self.creation = creation
    }

    /// Why the environment cannot happen, naming the keys (`signedIn needs signInConfigured`); nil when it can.
    ///
    /// The command line reports it as a usage error and scenario files as an error at the environment.
    public var inconsistency: String? {
        if isSignedIn, !signInConfigured {
            return "signedIn needs signInConfigured: a user signs in only where the SDK offers sign-in"
        }
        if !hostStack, hostBackButton || hostTitle || hostBarHidden {
            let key: Key = hostBackButton ? .hostBackButton : hostTitle ? .hostTitle : .hostBarHidden
            return "\(key.rawValue) needs hostStack: only the app's NavigationStack has a Back button, title or bar"
        }
        if customTabsEdge != .unknown, tabBar != .unreported {
            return "customTabsEdge needs tabBar unreported: SwiftUI reports where its own tab bar is"
        }
        return nil
    }

    /// Whether `version` is an iOS major version the reader runs on.
    public static func isSupported(osVersion version: Int) -> Bool { version >= minimumOSVersion }
}

extension ReaderEnvironment {
    /// The names of an environment's settings, as scenario files (and, dashed, the command line) spell them.
    public enum Key: String, Sendable, CaseIterable {
        /// `osVersion`.
        case os
        /// `tabBar`.
        case tabBar
        /// `tabBarState`.
        case tabBarState
        /// `placement`.
        case placement
        /// `stack`.
        case stack
        /// `hostStack`.
        case hostStack
        /// `hostBackButton`.
        case hostBackButton
        /// `hostTitle`.
        case hostTitle
        /// `hostBarHidden`.
        case hostBarHidden
        /// `hasVerticalToolbar`.
        case verticalToolbar
        /// `toolchainHasOverflowMenu`.
        case overflowMenuToolchain
        /// `limitedSpace`.
        case limitedSpace
        /// `signInConfigured`.
        case signInConfigured
        /// `isSignedIn`.
        case signedIn
        /// `controlsCollapsed`.
        case collapsed
        /// `customTabsEdge`.
        case customTabsEdge
        /// `creation`.
        case creation

        /// The command-line option for this key, without `--`: `tab-bar`, `sign-in-configured`, …
        public var optionName: String {
            var name = ""
            for character in rawValue {
                if character.isUppercase {
                    name += "-" + character.lowercased()
                } else {
                    name.append(character)
                }
            }
            return name
        }

        /// Whether the setting is a boolean (a flag on the command line).
        public var isFlag: Bool {
            switch self {
            case .os, .tabBar, .tabBarState, .placement, .stack, .customTabsEdge, .creation: false
            case .verticalToolbar, .overflowMenuToolchain, .signInConfigured, .signedIn, .collapsed, .hostStack,
                .hostBackButton, .hostTitle, .hostBarHidden, .limitedSpace:
                true
            }
        }

        /// What the setting accepts, for messages: `an iOS major version, 17 or later`, `topBar or bottomBar`, …
        public var expected: String {
            switch self {
            case .os: "an iOS major version, \(ReaderEnvironment.minimumOSVersion) or later"
            case .tabBar: ReaderEnvironment.choices(HostTabBar.self)
            case .placement: ReaderEnvironment.choices(NavigationPlacement.self)
            case .stack: ReaderEnvironment.choices(NavigationStackMode.self)
            case .tabBarState: ReaderEnvironment.choices(TabBarState.self)
            case .customTabsEdge: ReaderEnvironment.choices(CustomTabsEdge.self)
            case .creation: ReaderEnvironment.choices(ReaderCreation.self)
            case .verticalToolbar, .overflowMenuToolchain, .signInConfigured, .signedIn, .collapsed, .hostStack,
                .hostBackButton, .hostTitle, .hostBarHidden, .limitedSpace:
                "true or false"
            }
        }
    }

    /// Sets a boolean setting by its key.
    ///
    /// - Returns: false, changing nothing, when `key` is not a flag.
    @discardableResult
    public mutating func set(_ key: Key, to value: Bool) -> Bool {
        switch key {
        case .verticalToolbar: hasVerticalToolbar = value
        case .overflowMenuToolchain: toolchainHasOverflowMenu = value
        case .signInConfigured: signInConfigured = value
        case .signedIn: isSignedIn = value
        case .collapsed: controlsCollapsed = value
        case .hostStack: hostStack = value
        case .hostBackButton: hostBackButton = value
        case .hostTitle: hostTitle = value
        case .hostBarHidden: hostBarHidden = value
        case .limitedSpace: limitedSpace = value
        case .os, .tabBar, .tabBarState, .placement, .stack, .customTabsEdge, .creation: return false
        }
        return true
    }

    /// Sets a textual setting (`os`, `tabBar`, `tabBarState`, `placement`, `stack`, `customTabsEdge`,
    /// `creation`) from its word.
    ///
    /// - Returns: false, changing nothing, when the word is not one of `key.expected` (or `key` is a flag).
    @discardableResult
    public mutating func set(_ key: Key, toWord word: String) -> Bool {
        switch key {
        case .os:
            guard let version = Int(word), Self.isSupported(osVersion: version) else { return false }
            osVersion = version
        case .tabBar:
            guard let value = HostTabBar(rawValue: word) else { return false }
            tabBar = value
        case .placement:
            guard let value = NavigationPlacement(rawValue: word) else { return false }
            placement = value
        case .stack:
            guard let value = NavigationStackMode(rawValue: word) else { return false }
            stack = value
        case .tabBarState:
            guard let value = TabBarState(rawValue: word) else { return false }
            tabBarState = value
        case .customTabsEdge:
            guard let value = CustomTabsEdge(rawValue: word) else { return false }
            customTabsEdge = value
        case .creation:
            guard let value = ReaderCreation(rawValue: word) else { return false }
            creation = value
        case .verticalToolbar, .overflowMenuToolchain, .signInConfigured, .signedIn, .collapsed, .hostStack,
            .hostBackButton, .hostTitle, .hostBarHidden, .limitedSpace:
            return false
        }
        return true
    }

    /// A setting's value as scenario files and the command line write it: `18`, `bottom`, `true`.
    public func word(for key: Key) -> String {
        switch key {
        case .os: String(osVersion)
        case .tabBar: tabBar.rawValue
        case .placement: placement.rawValue
        case .stack: stack.rawValue
        case .verticalToolbar: String(hasVerticalToolbar)
        case .overflowMenuToolchain: String(toolchainHasOverflowMenu)
        case .signInConfigured: String(signInConfigured)
        case .signedIn: String(isSignedIn)
        case .collapsed: String(controlsCollapsed)
        case .tabBarState: tabBarState.rawValue
        case .hostStack: String(hostStack)
        case .hostBackButton: String(hostBackButton)
        case .hostTitle: String(hostTitle)
        case .hostBarHidden: String(hostBarHidden)
        case .limitedSpace: String(limitedSpace)
        case .customTabsEdge: customTabsEdge.rawValue
        case .creation: creation.rawValue
        }
    }

    /// `top, bottom, none, sidebar or unreported`: the words a closed set accepts, for messages.
    public static func choices<Choice: CaseIterable & RawRepresentable>(_: Choice.Type) -> String
    where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
