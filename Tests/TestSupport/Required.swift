import Foundation
import Testing

/// What a test needs from outside the repository (the shared corpus and spec, `xmllint`, Python's
/// `jsonschema`, `strace`): outside CI a test skips, with its reason, when it is absent; in CI (`CI` set to
/// `true` or `1`, as CI services set it) every such input must be there, so the test runs and fails rather
/// than skip, and a green run means the whole suite ran.
public enum Required {
    /// Whether this is a CI run.
    public static var inCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return value == "true" || value == "1" || value == "yes"
    }

    /// The condition for a test's `.enabled(if:)` trait: the input is there, or this is CI, where the test
    /// then fails on its absence.
    public static func runs(_ available: Bool) -> Bool { available || inCI }

    /// Goes on when `available`; else records a skip with `reason` (the test is cancelled), or in CI a failure.
    public static func skip(unless available: Bool, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        guard !available else { return }
        if inCI { throw Missing(reason: "in CI every input must be there: " + reason) }
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// The error a test stops with when an input is missing in CI.
    public struct Missing: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }
}
