import ScriptureModel

/// Where a reference lands in a version, and which fallback was needed to get there.
public struct ReferenceResolution: Sendable, Hashable {
    /// Which rule placed the reference.
    public enum Fallback: String, Sendable, Hashable, Codable {
        /// The version has the book and chapter (or introduction) asked for.
        case exact
        /// The version has the book but not that chapter: the nearest chapter it has.
        case nearestChapter
        /// The version has the book but no introduction page: the book's first chapter.
        case bookFirstChapter
        /// The version lacks the book: its first chapter.
        case versionFirstChapter
    }

    /// The reference in the target version.
    public var reference: BibleReference
    /// Which rule applied.
    public var fallback: Fallback
}

extension ChapterSequence {
    /// Places a reference from another version in this one, keeping book and chapter when it can:
    /// otherwise the nearest chapter of that book, then the book's first chapter, then the
    /// version's first chapter. A verse range is kept only when its chapter is kept. Between two
    /// equally near chapters the earlier one wins.
    ///
    /// - Returns: `nil` only when this version has no pages at all.
    public func resolve(_ reference: BibleReference, version: Int? = nil) -> ReferenceResolution? {
        let versionID = version ?? reference.versionID
        var kept = reference
        kept.versionID = versionID
        guard let entry = outline.entry(for: reference.book), !entry.chapters.isEmpty || entry.hasIntroduction else {
            guard let first = pages.first(where: { $0.chapter != nil }) ?? pages.first else { return nil }
            return ReferenceResolution(reference: first.reference(version: versionID), fallback: .versionFirstChapter)
        }
        guard let chapter = reference.chapter else {
            if entry.hasIntroduction { return ReferenceResolution(reference: kept, fallback: .exact) }
            guard let firstChapter = entry.chapters.first else { return nil }
            return ReferenceResolution(
                reference: .chapter(entry.book, firstChapter.number, version: versionID), fallback: .bookFirstChapter)
        }
        if entry.chapters.contains(where: { $0.number == chapter }) {
            return ReferenceResolution(reference: kept, fallback: .exact)
        }
        guard let nearest = entry.chapters.min(by: { abs($0.number - chapter) < abs($1.number - chapter) }) else {
            return ReferenceResolution(reference: .introduction(entry.book, version: versionID), fallback: .bookFirstChapter)
        }
        return ReferenceResolution(
            reference: .chapter(entry.book, nearest.number, version: versionID), fallback: .nearestChapter)
    }

    /// Checks that the version has a reference's book, chapter and verses.
    ///
    /// - Throws: `ReferenceError` naming the nearest valid chapters or verses.
    public func validate(_ reference: BibleReference) throws(ReferenceError) {
        guard let entry = outline.entry(for: reference.book) else {
            let nearby = outline.books.sorted { abs(Int($0.book.rawValue) - Int(reference.book.rawValue)) < abs(Int($1.book.rawValue) - Int(reference.book.rawValue)) }
            throw ReferenceError(
                "this version has no \(reference.book.englishName) (\(reference.book.code))",
                suggestions: nearby.prefix(3).map { $0.book.code })
        }
        switch reference.target {
        case .introduction:
            guard entry.hasIntroduction else {
                throw ReferenceError(
                    "\(reference.book.code) has no introduction in this version",
                    suggestions: entry.chapters.first.map { ["\(reference.book.code).\($0.number)"] } ?? [])
            }
        case .chapter(let chapter), .verses(let chapter, _, _):
            guard let found = entry.chapters.first(where: { $0.number == chapter }) else {
                let nearest = entry.chapters.sorted { abs($0.number - chapter) < abs($1.number - chapter) }.prefix(2)
                throw ReferenceError(
                    "\(reference.book.code) has no chapter \(chapter) in this version (it has \(Self.describe(entry.chapters.map(\.number))))",
                    suggestions: nearest.map { "\(reference.book.code).\($0.number)" })
            }
            if case .verses(_, let first, let last) = reference.target, !found.verses.isEmpty {
                for label in [first, last].compactMap({ $0 }) where !Self.chapter(found, covers: label) {
                    let number = VerseKey.leadingNumber(label)
                    let nearest = found.verses.sorted {
                        abs(VerseKey.leadingNumber($0) - number) < abs(VerseKey.leadingNumber($1) - number)
                    }.prefix(2)
                    throw ReferenceError(
                        "\(reference.book.code) \(chapter) has no verse \(label) (verses \(found.verses.first ?? "")–\(found.verses.last ?? ""))",
                        suggestions: nearest.map { "\(reference.book.code).\(chapter).\($0)" })
                }
            }
        }
    }

    /// Whether a chapter has a verse label, or a bridge or segment that covers its number.
    private static func chapter(_ chapter: VersionOutline.ChapterEntry, covers label: String) -> Bool {
        if chapter.verses.contains(label) { return true }
        let number = VerseKey.leadingNumber(label)
        return chapter.verses.contains { verse in
            let parts = verse.split(separator: "-")
            let low = VerseKey.leadingNumber(String(parts.first ?? ""))
            let high = parts.count > 1 ? VerseKey.leadingNumber(String(parts[1])) : low
            return number >= low && number <= high
        }
    }

    /// `1–12`, or `1–2, 8–12` for sparse lists.
    public static func describe(_ numbers: [Int]) -> String {
        var runs: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            runs.append(end == index ? "\(numbers[index])" : "\(numbers[index])\u{2013}\(numbers[end])")
            index = end + 1
        }
        return runs.joined(separator: ", ")
    }
}
