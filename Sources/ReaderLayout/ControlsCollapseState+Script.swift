/// A scroll script that could not be read: names the word that is wrong.
public struct ScrollScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The word that is not an event.
    public var word: String

    /// Creates an error.
    public init(word: String) { self.word = word }

    /// `'sideways' is not a scroll event; expected …`.
    public var description: String {
        "'\(word)' is not a scroll event; expected \(ControlsCollapseState.Event.scriptSyntax)"
    }
}

extension ControlsCollapseState.Event {
    /// The words a scroll script is made of, for usage text and errors.
    public static let scriptSyntax =
        "down:N, up:N, program:N (points; program may be negative), top, bottom, end, tap, picker or navigate"

    /// Reads one script word: `down:30`, `up:12.5`, `program:-200`, `top`, `bottom`, `end` (gesture ended),
    /// `tap` (compact labels), `picker` or `navigate`; nil for anything else.
    public init?(scriptWord word: String) {
        let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let points = Double(parts[1]), points.isFinite else { return nil }
            switch parts[0] {
            case "down" where points >= 0: self = .userScrolled(points)
            case "up" where points >= 0: self = .userScrolled(-points)
            case "program": self = .programmaticScroll(points)
            default: return nil
            }
            return
        }
        switch word {
        case "top": self = .reachedTop
        case "bottom": self = .reachedBottom
        case "end": self = .gestureEnded
        case "tap": self = .tappedCompactLabels
        case "picker": self = .openedPicker
        case "navigate": self = .navigated
        default: return nil
        }
    }

    /// The event as a script word; `Event(scriptWord: event.scriptWord) == event`.
    public var scriptWord: String {
        switch self {
        case .userScrolled(let delta): delta < 0 ? "up:" + Self.points(-delta) : "down:" + Self.points(delta)
        case .programmaticScroll(let delta): "program:" + Self.points(delta)
        case .reachedTop: "top"
        case .reachedBottom: "bottom"
        case .gestureEnded: "end"
        case .tappedCompactLabels: "tap"
        case .openedPicker: "picker"
        case .navigated: "navigate"
        }
    }

    private static func points(_ value: Double) -> String { ControlsCollapseState.formatted(value) }

    /// Reads a script: words separated by spaces or commas, such as `down:30 down:40, end, up:10`.
    public static func script(_ text: String) throws(ScrollScriptError) -> [ControlsCollapseState.Event] {
        var events: [ControlsCollapseState.Event] = []
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let event = Self(scriptWord: String(word)) else { throw ScrollScriptError(word: String(word)) }
            events.append(event)
        }
        return events
    }
}

extension ControlsCollapseState {
    /// `30` rather than `30.0` for whole points, `12.5` otherwise.
    public static func formatted(_ value: Double) -> String {
        guard value == value.rounded(), abs(value) < 1e15 else { return String(value) }
        return String(Int(value))
    }

    /// What `event` did to the state `before`, for a trace: `run 100 ≥ 60: collapse, reset to 0`,
    /// `gesture ended: run reset to 0`, `programmatic: ignored`. O(1).
    public static func note(for event: Event, from before: ControlsCollapseState) -> String {
        let threshold = formatted(collapseDistance)
        switch event {
        case .userScrolled(let delta):
            guard delta.isFinite, delta != 0 else { return "no movement" }
            let reversal = before.accumulatedDistance != 0 && (delta > 0) != (before.accumulatedDistance > 0)
            let run = reversal ? delta : before.accumulatedDistance + delta
            let start = reversal ? "reversal, new run " : "run "
            if run >= collapseDistance {
                return start + formatted(run) + " ≥ " + threshold
                    + (before.isCollapsed ? ": already collapsed, reset to 0" : ": collapse, reset to 0")
            }
            if run <= -collapseDistance {
                return start + formatted(run) + " ≤ -" + threshold
                    + (before.isCollapsed ? ": expand, reset to 0" : ": already expanded, reset to 0")
            }
            return start + formatted(run) + ", under " + threshold
        case .programmaticScroll: return "programmatic: ignored"
        case .gestureEnded: return "gesture ended: run reset to 0"
        case .reachedTop, .reachedBottom: return "content edge: expand, reset to 0"
        case .tappedCompactLabels: return "tapped labels: expand, reset to 0"
        case .openedPicker, .navigated: return "expand, reset to 0"
        }
    }
}
