/// The checks of a book's order and gaps, on its outline: the same for a book read from USFM, USX or USJ.
extension BookOutline {
    /// The chapters and verses out of order and missing, in source order of the places reported:
    ///
    /// - `chapter-out-of-order`: a chapter after one with a higher number (`\c 3` then `\c 2`);
    /// - `verse-out-of-order`: a verse after one that sorts after it (`5` then `3`, `3b` then `3a`), or inside a
    ///   bridge given before it (`3-5` then `4`);
    /// - `missing-chapter`: chapters absent below the highest one (chapter 2 of 1, 3), reported at the chapter
    ///   after them;
    /// - `missing-verse`: verses absent below a chapter's highest one (verse 4 of 1, 2, 3, 5, or 1 and 2 of a
    ///   chapter that starts at 3), reported at the verse after them; a bridge holds every verse it spans, a
    ///   segment (`3a`) its number. `skipping(chapter, verse)` says which verses may be absent (those the
    ///   versification leaves out).
    ///
    /// All are warnings: the book is read, its chapters put in numeric order and each chapter's verse table in
    /// numeric order (`Book.putChaptersInOrder()`, `Book.verseTexts()`).
    ///
    /// - Complexity: O(n log n) in the chapters and verses, plus the numbers up to each chapter's highest.
    public func orderDiagnostics(skipping: (_ chapter: Int, _ verse: Int) -> Bool = { _, _ in false }) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let code = book.code
        for (index, chapter) in chapters.enumerated() where index > 0 && chapter.number < chapters[index - 1].number {
            found.append(
                Diagnostic(
                    .warning, .chapterOutOfOrder, at: chapter.location,
                    "chapter \(code) \(chapter.number) comes after chapter \(chapters[index - 1].number); move it "
                        + "before (Lectern keeps the chapters in numeric order)"))
        }
        for (first, last, after) in Self.gaps(in: chapters.map { ($0.number, $0.number, $0.location) }) {
            let missing =
                first == last ? "chapter \(code) \(first) is missing" : "chapters \(code) \(first)-\(last) are missing"
            let context =
                first == 1 ? "the book starts at chapter \(last + 1)" : "the book goes from chapter \(first - 1) to chapter \(last + 1)"
            found.append(Diagnostic(.warning, .missingChapter, at: after, "\(missing): \(context)"))
        }
        for chapter in chapters {
            found += chapter.orderDiagnostics(book: code, skipping: { skipping(chapter.number, $0) })
        }
        return found.sortedBySource()
    }

    /// The runs of numbers from 1 up to the highest that no item holds (each item holding `first...last`), each
    /// with the location of the first item (in source order) that holds the number after the run. Numbers past
    /// 100,000 are not looked at (no chapter or verse is numbered so high but by mistake).
    static func gaps(in items: [(first: Int, last: Int, location: SourceLocation)]) -> [(Int, Int, SourceLocation)] {
        let limit = 100_000
        let highest = min(items.map(\.last).max() ?? 0, limit)
        guard highest > 1 else { return [] }
        var held = [Bool](repeating: false, count: highest + 1)
        var startsAt = [Int](repeating: -1, count: highest + 1)
        for (index, item) in items.enumerated() where item.first <= limit {
            for number in max(item.first, 0)...min(max(item.first, item.last), highest) { held[number] = true }
            if item.first >= 1, startsAt[item.first] < 0 { startsAt[item.first] = index }
        }
        var runs: [(Int, Int, SourceLocation)] = []
        var number = 1
        while number <= highest {
            guard !held[number] else {
                number += 1
                continue
            }
            let first = number
            while number <= highest, !held[number] { number += 1 }
            // `number` is held: some item starts there, or a bridge that starts lower spans it.
            let after =
                startsAt[number] >= 0
                ? items[startsAt[number]].location
                : items.first { $0.first <= number && number <= $0.last }?.location ?? items[0].location
            runs.append((first, number - 1, after))
        }
        return runs
    }
}

extension ChapterOutline {
    /// This chapter's `verse-out-of-order` and `missing-verse` warnings (see `BookOutline.orderDiagnostics`).
    func orderDiagnostics(book code: String, skipping: (Int) -> Bool) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let reference = "\(code) \(number)"
        for index in verses.indices.dropFirst() {
            let verse = verses[index]
            let before = verses[index - 1]
            if verse.sorts(before: before) {
                found.append(
                    Diagnostic(
                        .warning, .verseOutOfOrder, at: verse.location,
                        "verse \(reference):\(verse.label) comes after \(number):\(before.label); move it before "
                            + "(Lectern lists the verses in numeric order, the text keeps this order)"))
            } else if verse.first > before.first, verse.first <= before.last {
                found.append(
                    Diagnostic(
                        .warning, .verseOutOfOrder, at: verse.location,
                        "verse \(reference):\(verse.label) comes after the bridge \(number):\(before.label), "
                            + "which holds it; renumber one of them"))
            }
        }
        let items = verses.map { (first: $0.first, last: $0.last, location: $0.location) }
        for (first, last, after) in BookOutline.gaps(in: items) {
            let absent = (first...last).filter { !skipping($0) }
            guard let low = absent.first, let high = absent.last else { continue }
            let missing =
                low == high ? "verse \(reference):\(low) is missing" : "verses \(reference):\(low)-\(high) are missing"
            let context =
                first == 1
                ? "the chapter starts at verse \(last + 1)" : "the chapter goes from verse \(first - 1) to verse \(last + 1)"
            found.append(Diagnostic(.warning, .missingVerse, at: after, "\(missing): \(context)"))
        }
        return found
    }
}

extension VerseOutline {
    /// Whether this verse sorts before `other` as `VerseKey` sorts verses: first number, then label.
    func sorts(before other: VerseOutline) -> Bool {
        (first, label) < (other.first, other.label)
    }
}

extension [Diagnostic] {
    /// The diagnostics in source order: by file, then byte offset, then line and column; a stable sort.
    func sortedBySource() -> [Diagnostic] {
        enumerated().sorted { left, right in
            let (a, b) = (left.element.location, right.element.location)
            return (a.file, a.offset, a.line, a.column, left.offset) < (b.file, b.offset, b.line, b.column, right.offset)
        }.map(\.element)
    }
}
