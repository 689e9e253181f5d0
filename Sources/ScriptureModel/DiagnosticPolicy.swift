/// How a checker treats diagnostics by code: `lectern check --strict`, `--deny CODE` and `--allow CODE`.
///
/// A pure decision over values: it takes diagnostics and returns them with severities changed or left out.
public struct DiagnosticPolicy: Sendable, Hashable {
    /// Whether every warning becomes an error.
    public var strict: Bool
    /// Codes whose warnings and notes become errors.
    public var denied: Set<Diagnostic.Kind>
    /// Codes whose warnings and notes are left out (errors of these codes stay errors).
    public var allowed: Set<Diagnostic.Kind>

    /// Creates a policy; the default changes nothing.
    public init(strict: Bool = false, denied: Set<Diagnostic.Kind> = [], allowed: Set<Diagnostic.Kind> = []) {
        self.strict = strict
        self.denied = denied
        self.allowed = allowed
    }

    /// The diagnostics as the policy sees them, in the same order: allowed codes' warnings and notes left out,
    /// denied codes raised to errors, and with `strict` every remaining warning an error.
    /// - Complexity: O(n) in the number of diagnostics.
    public func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        if !strict && denied.isEmpty && allowed.isEmpty { return diagnostics }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        for var diagnostic in diagnostics {
            if diagnostic.severity != .error, allowed.contains(diagnostic.kind) { continue }
            if denied.contains(diagnostic.kind) || (strict && diagnostic.severity == .warning) {
                diagnostic.severity = .error
            }
            kept.append(diagnostic)
        }
        return kept
    }
}
