/// One range of what a reader selects: from a start to an end place in one book, both inclusive, possibly
/// across chapters (`John 3:16–4:2`, `Genesis 1–3`).
///
/// `start` and `end` are single places: an introduction, a whole chapter or one verse (`.verses` with no
/// `last`). A chapter as `start` means from its beginning; as `end`, to its last verse. The initialiser
/// makes any reference a single place (a verse range's first verse for `start`, its last for `end`).
public struct PassageRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the range starts.
    public var start: BibleReference
    /// Where it ends, inclusive; in the same book as `start` when it comes from `ReferenceParser`.
    public var end: BibleReference

    /// Creates a range from `start` to `end`.
    public init(start: BibleReference, end: BibleReference) {
        self.start = Self.point(start, last: false)
        self.end = Self.point(end, last: true)
    }

    /// The range one reference covers (`JHN.3.16-18` → 3:16 to 3:18, `JHN.3` → the chapter).
    public init(_ reference: BibleReference) {
        self.init(start: reference, end: reference)
    }

    /// The book the range starts in.
    public var book: BookID { start.book }

    /// The range as one reference, when it is one: an introduction, a chapter, or verses of one chapter.
    /// Nil for ranges across chapters and chapter ranges.
    public var reference: BibleReference? {
        guard start.book == end.book else { return nil }
        switch (start.target, end.target) {
        case (.introduction, .introduction): return start
        case (.chapter(let first), .chapter(let last)) where first == last: return start
        case (.verses(let chapter, let first, _), .verses(let other, let last, _)) where chapter == other:
            return BibleReference(
                versionID: start.versionID, book: start.book,
                target: .verses(chapter: chapter, first: first, last: last == first ? nil : last))
        default: return nil
        }
    }

    /// The canonical id: a reference's own id when the range is one (`JHN.3.16-18`, `JHN.3`, `JHN.INTRO`),
    /// else `START-END` with both in full (`JHN.3.16-JHN.4.2`, `GEN.1-GEN.3`, `JHN.3-JHN.4.2`).
    public var id: String {
        if let reference { return reference.id }
        return "\(start.id)-\(end.id)"
    }

    /// The id.
    public var description: String { id }

    /// A form for people: `John 3:16–4:2`, `Genesis 1–3`, with the given book name (English by default).
    public func displayName(bookName: String? = nil) -> String {
        if let reference { return reference.displayName(bookName: bookName) }
        return "\(bookName ?? book.englishName) \(numbers(after: nil))"
    }

    /// The numbers of the display form without the book: `3:16–4:2`; after a verse of chapter `chapter`
    /// (in a comma list), a start in that chapter drops its chapter (`18`, `18–20`).
    func numbers(after chapter: Int?) -> String {
        let startText = Self.place(start, dropping: chapter)
        guard reference == nil || start != end else { return startText }
        let endChapter = start.chapter == end.chapter && start.isVerse && end.isVerse ? start.chapter : nil
        let endText = Self.place(end, dropping: endChapter)
        return startText == endText ? startText : "\(startText)\u{2013}\(endText)"
    }

    private static func place(_ reference: BibleReference, dropping chapter: Int?) -> String {
        switch reference.target {
        case .introduction: return "(Introduction)"
        case .chapter(let number): return "\(number)"
        case .verses(let number, let first, _): return number == chapter ? first : "\(number):\(first)"
        }
    }

    /// `reference` as a single place: a verse range's first verse, or its last when `last`.
    private static func point(_ reference: BibleReference, last: Bool) -> BibleReference {
        guard case .verses(let chapter, let first, let final) = reference.target else { return reference }
        var point = reference
        point.target = .verses(chapter: chapter, first: last ? final ?? first : first, last: nil)
        return point
    }
}

/// What a reader selects: an ordered list of ranges (`John 3:16, 18; 4:1–5`), as `ReferenceParser.parseSelection`
/// reads it.
///
/// The id joins the ranges' ids with `;` and no spaces (`JHN.3.16;JHN.3.18;JHN.4.1-5`), and reads back
/// through `parseSelection` to the same selection.
public struct PassageSelection: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ranges, in the order given (not sorted, duplicates kept).
    public var ranges: [PassageRange]

    /// Creates a selection of `ranges`.
    public init(ranges: [PassageRange]) {
        self.ranges = ranges
    }

    /// A selection of one reference.
    public init(_ reference: BibleReference) {
        self.init(ranges: [PassageRange(reference)])
    }

    /// The canonical id: the ranges' ids joined by `;` (`JHN.3.16;JHN.4.1-5`, `JHN.3.16-JHN.4.2`).
    public var id: String { ranges.map(\.id).joined(separator: ";") }

    /// The id.
    public var description: String { id }

    /// The one reference the selection is, when it is a single range within one chapter (or an introduction).
    public var reference: BibleReference? {
        ranges.count == 1 ? ranges.first?.reference : nil
    }

    /// A form for people, the book named once per run of ranges in it: `John 3:16, 18; 4:1–5; Acts 2`.
    ///
    /// A range that starts in the chapter whose verse the previous range ended on follows a comma and drops
    /// the chapter; others follow a semicolon. `bookName` gives a version's names (English when nil).
    public func displayName(bookName: (BookID) -> String? = { _ in nil }) -> String {
        var text = ""
        var previous: PassageRange?
        for range in ranges {
            let name = bookName(range.book) ?? range.book.englishName
            guard let before = previous, before.end.book == range.book, !range.start.isIntroduction,
                !before.end.isIntroduction
            else {
                text += (previous == nil ? "" : "; ") + range.displayName(bookName: name)
                previous = range
                continue
            }
            if before.end.isVerse, range.start.isVerse, before.end.chapter == range.start.chapter {
                text += ", " + range.numbers(after: range.start.chapter)
            } else {
                text += "; " + range.numbers(after: nil)
            }
            previous = range
        }
        return text
    }
}

extension BibleReference {
    /// Whether the reference points at verses.
    fileprivate var isVerse: Bool {
        if case .verses = target { return true }
        return false
    }
}
