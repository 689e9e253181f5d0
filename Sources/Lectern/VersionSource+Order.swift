import ScriptureModel
import Versification

/// The checks of order, gaps and counts over a version's parsed books, whatever their format: one pass over each
/// book's outline (`BookOutline`) once every book is read, as `check` and `import` read sources
/// (`VersionSource.read(paths:…)`).
extension VersionSource {
    /// The smallest share of a version's chapters whose last verse must match the best-fitting shipped scheme for
    /// its counts to be compared with that scheme when none is given: below it the version follows a scheme
    /// Lectern does not ship (the Russian Synodal's fits English in 1,017 of 1,189 chapters, 86 %), and one
    /// `unknown-versification` note says so instead of a warning for each chapter. Every other Bible of the
    /// corpus fits at 96 % (Korean 1910, whose shortfalls are missing text) or more.
    public static let trustedFit = 0.9

    /// The scheme a version's counts are compared with: the one named (`english`, `original`, a `.vrs` path),
    /// else the best fit of the books' counts when it fits `trustedFit` of their chapters, else none; and the
    /// diagnostics of choosing it (a `.vrs` file that cannot be read or has errors, or the note that no shipped
    /// scheme fits).
    static func countScheme(_ versification: String?, outlines: [BookOutline]) -> (
        scheme: VersificationScheme?, diagnostics: [Diagnostic]
    ) {
        if let versification {
            do {
                return (try VersificationScheme.named(versification).0, [])
            } catch {
                return (nil, [error.diagnostic(versification)])
            }
        }
        var lastVerses: [BookID: [Int]] = [:]
        for outline in outlines where outline.book.isCanonicalText { lastVerses[outline.book] = outline.lastVerses }
        guard let best = VersificationScheme.fits(lastVerses: lastVerses).first, best.comparedChapters > 0,
            let first = outlines.first(where: { $0.book.isCanonicalText })
        else { return (nil, []) }
        guard best.ratio >= trustedFit else {
            let percent = Int((best.ratio * 100).rounded(.down))
            return (
                nil,
                [
                    Diagnostic(
                        .note, .unknownVersification, at: first.location,
                        "the chapter and verse counts fit no scheme Lectern ships (the \(best.scheme.displayName) "
                            + "scheme best: \(best.matchingChapters) of \(best.comparedChapters) chapters, \(percent) %); "
                            + "they are not compared: give the Bible's own with --versification FILE.vrs")
                ]
            )
        }
        return (best.scheme, [])
    }

    /// A book's order, gap and count diagnostics, in source order: `BookOutline.orderDiagnostics` (verses the
    /// scheme leaves out are not missing) and, with a scheme, `VersificationScheme.countDiagnostics`.
    static func outlineDiagnostics(_ outline: BookOutline, scheme: VersificationScheme?) -> [Diagnostic] {
        var found = outline.orderDiagnostics { chapter, verse in
            scheme?.excluded.contains(SchemeVerse(outline.book, chapter, verse)) ?? false
        }
        if let scheme { found += scheme.countDiagnostics(outline) }
        return found.enumerated().sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
            .map(\.element)
    }

    /// `existing` with `added` put among them by byte offset, each list keeping its own order (a merge): a file's
    /// diagnostics stay in file order when the book checks add theirs.
    static func merged(_ existing: [Diagnostic], _ added: [Diagnostic]) -> [Diagnostic] {
        guard !added.isEmpty else { return existing }
        var result: [Diagnostic] = []
        result.reserveCapacity(existing.count + added.count)
        var next = 0
        for diagnostic in existing {
            while next < added.count, added[next].location.file == diagnostic.location.file,
                added[next].location.offset < diagnostic.location.offset
            {
                result.append(added[next])
                next += 1
            }
            result.append(diagnostic)
        }
        result += added[next...]
        return result
    }
}

extension VersificationError {
    /// The error as a diagnostic at the `.vrs` file (or name) `versification`.
    func diagnostic(_ versification: String) -> Diagnostic {
        switch self {
        case .invalid(let diagnostic): diagnostic
        case .unreadable, .unknown:
            Diagnostic(.error, .unreadableFile, at: .wholeFile(versification), description)
        }
    }
}
