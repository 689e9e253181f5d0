/// Whether scrolling has collapsed the custom reader controls to compact labels: a pure state machine.
///
/// From the spec: "As users scroll, the custom controls can collapse to compact chapter and version labels
/// to reveal more text. Tapping those labels restores the controls." The rules:
/// - Only the user's scrolling counts; programmatic scrolls change nothing.
/// - Movement in one direction accumulates; a reversal starts a new run with the reversing movement.
/// - `collapseDistance` (60 points) toward the end of the text collapses the controls.
/// - Reaching the top or bottom of the content expands them, whatever moved it there.
/// - Tapping the compact labels, opening a picker or navigating expands them.
/// - Ending a gesture resets the accumulated distance; so does every collapse or expansion.
///
/// Spec is silent on scrolling back: like `tabBarMinimizeBehavior(.onScrollDown)` and Safari, the same
/// distance toward the start of the text expands the controls again.
public struct ControlsCollapseState: Sendable, Hashable {
    /// Something that happened to the reader's scroll view.
    public enum Event: Sendable, Hashable {
        /// The user moved the content by this many points: positive toward the end of the text (scrolling
        /// down), negative toward the start.
        case userScrolled(Double)
        /// The reader or the system moved the content (restoring a position, showing a verse).
        case programmaticScroll(Double)
        /// The content is at its top.
        case reachedTop
        /// The content is at its bottom.
        case reachedBottom
        /// The user lifted their finger: the scroll gesture is over.
        case gestureEnded
        /// The user tapped the compact chapter or version label.
        case tappedCompactLabels
        /// The book/chapter or version picker opened.
        case openedPicker
        /// The reader moved to another chapter or passage.
        case navigated
    }

    /// The last change between expanded and collapsed, and what caused it.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        /// The user scrolled `collapseDistance` toward the end of the text.
        case collapsedByScrolling
        /// The user scrolled `collapseDistance` back toward the start.
        case expandedByScrollingBack
        /// The content reached its top or bottom.
        case expandedAtContentEdge
        /// The user tapped the compact labels.
        case expandedByTap
        /// A picker opened or the reader navigated.
        case expandedByPickerOrNavigation
    }

    /// How far the user must scroll in one direction to collapse (or, backwards, expand) the controls.
    public static let collapseDistance: Double = 60

    /// Whether the controls show compact labels.
    public private(set) var isCollapsed: Bool
    /// The user's scrolling in the current direction since the last reset: positive toward the end.
    public private(set) var accumulatedDistance: Double = 0
    /// What last collapsed or expanded the controls (an event that found them already so counts too); nil
    /// when no event has.
    public private(set) var lastChange: Change?

    /// Starts expanded, or collapsed when `isCollapsed`, with nothing accumulated.
    public init(isCollapsed: Bool = false) {
        self.isCollapsed = isCollapsed
    }

    /// The plan's view of the state.
    public var controlsState: LayoutPlan.ControlsState { isCollapsed ? .compactLabels : .expanded }

    /// Applies one event. O(1).
    public mutating func handle(_ event: Event) {
        switch event {
        case .userScrolled(let delta):
            scroll(by: delta)
        case .programmaticScroll:
            break
        case .gestureEnded:
            accumulatedDistance = 0
        case .reachedTop, .reachedBottom:
            settle(.expandedAtContentEdge)
        case .tappedCompactLabels:
            settle(.expandedByTap)
        case .openedPicker, .navigated:
            settle(.expandedByPickerOrNavigation)
        }
    }

    /// The state after `events`, in order.
    public func handling(_ events: some Sequence<Event>) -> ControlsCollapseState {
        var state = self
        for event in events { state.handle(event) }
        return state
    }

    private mutating func scroll(by delta: Double) {
        guard delta.isFinite, delta != 0 else { return }
        if (delta > 0) == (accumulatedDistance > 0) || accumulatedDistance == 0 {
            accumulatedDistance += delta
        } else {
            accumulatedDistance = delta
        }
        if accumulatedDistance >= Self.collapseDistance {
            settle(.collapsedByScrolling)
        } else if accumulatedDistance <= -Self.collapseDistance {
            settle(.expandedByScrollingBack)
        }
    }

    private mutating func settle(_ change: Change) {
        isCollapsed = change == .collapsedByScrolling
        accumulatedDistance = 0
        lastChange = change
    }
}
