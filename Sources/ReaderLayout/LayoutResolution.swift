/// A layout plan together with the rule of the spec that decided each of its fields.
public struct LayoutResolution: Sendable, Hashable {
    /// The rules behind a plan, one per decision; fields decided together share one.
    public struct Rules: Sendable, Hashable {
        /// Decides `controlsEdge` and `edgeRule`.
        public var edge: LayoutRule
        /// Decides `bookChapterPicker` and `versionPicker`.
        public var pickers: LayoutRule
        /// Decides `previousNext`.
        public var previousNext: LayoutRule
        /// Decides `search` and `menu`.
        public var actions: LayoutRule
        /// Decides `search` when it differs from `actions` (the system overflow menu); else `actions`.
        public var search: LayoutRule
        /// Decides `tabBar` and `tabBarState`.
        public var tabs: LayoutRule
        /// Decides `hostNavigationBarVisible`.
        public var navigationBarVisibility: LayoutRule
        /// Decides `warnings`.
        public var warnings: LayoutRule
        /// Decides `menuStyle`.
        public var menuStyle: LayoutRule
        /// Decides `menuItems`.
        public var menuItems: LayoutRule
        /// Decides `hostNavigationBar`.
        public var navigationBar: LayoutRule
        /// Decides `verticalToolbar`.
        public var verticalToolbar: LayoutRule
        /// Decides `readerControlsState` and `hiddenControls`.
        public var controlsState: LayoutRule
        /// Decides `requiresHostNavigationStack`.
        public var hostStack: LayoutRule
        /// Decides `createsNavigationStack`.
        public var createsStack: LayoutRule
        /// Decides `changesSelectedTab`.
        public var selectedTab: LayoutRule

        /// The rule that decided `field`.
        public subscript(field: LayoutPlan.Field) -> LayoutRule {
            switch field {
            case .controlsEdge, .edgeRule: edge
            case .bookChapterPicker, .versionPicker: pickers
            case .previousNext: previousNext
            case .search: search
            case .menu: actions
            case .tabBar, .tabBarState: tabs
            case .hostNavigationBarVisible: navigationBarVisibility
            case .warnings: warnings
            case .menuStyle: menuStyle
            case .menuItems: menuItems
            case .hostNavigationBar: navigationBar
            case .verticalToolbar: verticalToolbar
            case .readerControlsState, .hiddenControls: controlsState
            case .requiresHostNavigationStack: hostStack
            case .createsNavigationStack: createsStack
            case .changesSelectedTab: selectedTab
            }
        }
    }

    /// Where the controls go.
    public var plan: LayoutPlan
    /// Why.
    public var rules: Rules
    /// The environment resolved (with `controlsCollapsed` as the state machine left it).
    public var environment: ReaderEnvironment
    /// The collapse state machine after scrolling, when there was any.
    public var controls: ControlsCollapseState?

    /// Creates a resolution.
    public init(
        plan: LayoutPlan, rules: Rules, environment: ReaderEnvironment = ReaderEnvironment(),
        controls: ControlsCollapseState? = nil
    ) {
        self.plan = plan
        self.rules = rules
        self.environment = environment
        self.controls = controls
    }
}
