import ScriptureModel

/// A builder that collects diagnostics, some warnings once per file with a count: the USX and USJ builders.
protocol DiagnosticCollecting {
    /// The diagnostics so far, in the order reported.
    var diagnostics: [Diagnostic] { get set }
    /// Warnings reported once per file, by key: where the first diagnostic is, and how often it came.
    var onceWarnings: [String: (diagnostic: Int, count: Int)] { get set }
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

    /// Reports a problem.
    mutating func report(
        _ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at location: SourceLocation, _ message: String
    ) {
        diagnostics.append(Diagnostic(severity, kind, at: location, message))
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
