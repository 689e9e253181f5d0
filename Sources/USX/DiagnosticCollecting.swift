import ScriptureModel

/// A builder that collects diagnostics, some warnings once per file with a count: the USX and USJ builders.
protocol DiagnosticCollecting {
    /// The diagnostics so far, in the order reported.
    var diagnostics: [Diagnostic] { get set }
    /// Warnings reported once per file, by key: where the first diagnostic is, and how often it came.
    var onceWarnings: [String: (diagnostic: Int, count: Int)] { get set }
    /// The problems past `listedLimit`, counted and not kept.
    var unlisted: UnlistedDiagnostics { get set }
}

/// Problems of one file past the number kept: counted by severity, so that a file of millions of the same
/// mistake (`[0,0,0,…]` in USJ) costs a count, not millions of diagnostics.
struct UnlistedDiagnostics {
    var errors = 0
    var warnings = 0
    var notes = 0
    /// The kind and place of the first one not kept.
    var first: (kind: Diagnostic.Kind, location: SourceLocation)?

    var total: Int { errors + warnings + notes }

    mutating func add(_ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at location: SourceLocation) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
        if first == nil { first = (kind, location) }
    }

    /// One diagnostic, where the first not kept was, that says how many more there were; nil when none.
    var summary: Diagnostic? {
        guard let (kind, location) = first else { return nil }
        let parts = [(errors, "error"), (warnings, "warning"), (notes, "note")].filter { $0.0 > 0 }.map {
            "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")"
        }
        let severity: Diagnostic.Severity = errors > 0 ? .error : warnings > 0 ? .warning : .note
        return Diagnostic(
            severity, kind, at: location,
            "\(total) more \(total == 1 ? "problem" : "problems") in this file (\(parts.joined(separator: ", "))) "
                + "are not listed: a file keeps its first \(UnlistedDiagnostics.listedLimit); fix those first")
    }

    /// The most diagnostics a file keeps: with the count of the rest, the 200 `lectern` prints of a file.
    static let listedLimit = 199
}

extension DiagnosticCollecting {
    /// Reports a warning (an unknown style or element, a known export defect) or another problem the first
    /// time its key comes; later ones are only counted in that message.
    mutating func reportOnce(
        _ key: String, _ kind: Diagnostic.Kind, at location: SourceLocation, _ message: String,
        severity: Diagnostic.Severity = .warning
    ) {
        if let seen = onceWarnings[key] {
            onceWarnings[key] = (seen.diagnostic, seen.count + 1)
            return
        }
        onceWarnings[key] = (diagnostics.count, 1)
        report(severity, kind, at: location, message)
    }

    /// Reports a problem; past `UnlistedDiagnostics.listedLimit` of them it is only counted.
    mutating func report(
        _ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at location: SourceLocation, _ message: String
    ) {
        guard diagnostics.count < UnlistedDiagnostics.listedLimit else {
            unlisted.add(severity, kind, at: location)
            return
        }
        diagnostics.append(Diagnostic(severity, kind, at: location, message))
    }

    /// Counts the warnings reported once (`countRepeatedWarnings`), then adds the count of the problems not
    /// kept.
    mutating func finishDiagnostics() {
        countRepeatedWarnings()
        if let summary = unlisted.summary { diagnostics.append(summary) }
    }

    /// Adds `(N times in this file)` to each warning reported once that came more than once.
    mutating func countRepeatedWarnings() {
        for (diagnostic, count) in onceWarnings.values where count > 1 && diagnostic < diagnostics.count {
            diagnostics[diagnostic].message += " (\(count) times in this file)"
        }
    }
}

extension BookNames {
    /// Fills the name a header paragraph (`h`, `toc1`…) gives; `.ignored` fields change nothing.
    mutating func set(_ field: HeaderField, to text: String?) {
        switch field {
        case .header: header = text
        case .long: long = text
        case .short: short = text
        case .abbreviation: abbreviation = text
        case .ignored: break
        }
    }
}
