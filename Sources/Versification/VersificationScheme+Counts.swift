import ScriptureModel

extension VersificationScheme {
    /// The scheme's name as a message gives it: `English`, `Original`, or a custom file's own name.
    public var displayName: String {
        switch name {
        case "english": "English"
        case "original": "Original"
        default: name
        }
    }

    /// How a book's chapter and verse counts differ from this scheme's, each a warning at the place that shows it:
    ///
    /// - `too-many-verses`: a chapter whose highest verse is past the scheme's last (`PSA 51 has 19 verses in the
    ///   English scheme; this file has 21`), at the first verse past it;
    /// - `too-few-verses`: a chapter that ends before the scheme's last verse, at its highest verse (or at the
    ///   chapter marker when it has none);
    /// - `verse-not-in-scheme`: a verse the scheme leaves out (a `-` line of its `.vrs`), or a verse 0 it does not
    ///   number;
    /// - `chapter-not-in-scheme`: a chapter past the scheme's last of the book, or the first chapter of a book the
    ///   scheme does not have (once a book);
    /// - `too-few-chapters`: a book that ends before the scheme's last chapter, at its highest chapter.
    ///
    /// Books that are not canonical text (front matter, glossaries) are not compared. Bridges hold every verse
    /// they span; segments (`3a`, `3b`) count as their verse.
    ///
    /// - Complexity: O(verses of the book).
    public func countDiagnostics(_ outline: BookOutline) -> [Diagnostic] {
        let book = outline.book
        guard book.isCanonicalText, !outline.chapters.isEmpty else { return [] }
        let scheme = "the \(displayName) scheme"
        let chapterCount = chapterCount(book)
        guard chapterCount > 0 else {
            return [
                Diagnostic(
                    .warning, .chapterNotInScheme, at: outline.chapters[0].location,
                    "\(scheme) has no book \(book.code); its chapters and verses are not compared")
            ]
        }
        var found: [Diagnostic] = []
        for chapter in outline.chapters {
            let reference = "\(book.code) \(chapter.number)"
            guard let last = lastVerse(book, chapter.number) else {
                found.append(
                    Diagnostic(
                        .warning, .chapterNotInScheme, at: chapter.location,
                        "\(reference) is not in \(scheme), where \(book.code) has \(chapterCount) chapters"))
                continue
            }
            let highest = chapter.lastVerse
            if highest > last, let first = chapter.verses.first(where: { $0.last > last }) {
                found.append(
                    Diagnostic(
                        .warning, .tooManyVerses, at: first.location,
                        "\(reference) has \(last) verses in \(scheme); this file has \(highest)"))
            } else if highest < last {
                let place = chapter.verses.last { $0.last == highest }?.location ?? chapter.location
                let has = highest == 0 ? "none" : "\(highest)"
                found.append(
                    Diagnostic(
                        .warning, .tooFewVerses, at: place,
                        "\(reference) has \(last) verses in \(scheme); this file has \(has)"))
            }
            for verse in chapter.verses where verse.first <= last {
                let numbers = verse.first...min(verse.last, last)
                guard let absent = numbers.first(where: { !contains(SchemeVerse(book, chapter.number, $0)) }) else {
                    continue
                }
                found.append(
                    Diagnostic(
                        .warning, .verseNotInScheme, at: verse.location,
                        "\(reference):\(absent) is not a verse of \(scheme); renumber it or give the Bible's own "
                            + "scheme (--versification FILE.vrs)"))
            }
        }
        let highestChapter = outline.chapters.map(\.number).max() ?? 0
        if highestChapter < chapterCount, let last = outline.chapters.last(where: { $0.number == highestChapter }) {
            found.append(
                Diagnostic(
                    .warning, .tooFewChapters, at: last.location,
                    "\(book.code) has \(chapterCount) chapters in \(scheme); this file has \(highestChapter)"))
        }
        return found
    }
}
