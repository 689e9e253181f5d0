import Lectern

/// `lectern read "MAT 2:1!3-5"`: the verses of a word reference (U23003) with the words it names marked.
extension ReadCommand {
    /// Prints the verses `text` names with the named words marked: `**…**` in plain text (as search marks its
    /// hits), bold and underlined on a terminal that takes colour; with `--json`, each verse's marked UTF-16
    /// range.
    static func readWords(_ text: String, store: VersionStore, invocation: Invocation) throws -> Int32 {
        let passage: WordPassage
        do {
            passage = try store.words(text)
        } catch {
            throw CommandFailure("\(text): \(Terminal.sanitized(error.description))")
        }
        let book = passage.range.start.book
        let bookName = store.book(book)?.names.display ?? book.englishName
        let shown = bookName + " " + String(passage.range.description.dropFirst(book.code.count + 1))
        if invocation.json {
            let verses = passage.verses.enumerated().map { index, verse in
                JSONValue.object([
                    ("reference", JSONSchema.reference(
                        VerseKey(book: verse.reference.book, chapter: verse.reference.chapter ?? 0, verse: verse.label),
                        bookName: bookName)),
                    ("verse", .string(verse.label)), ("text", .string(verse.text)),
                    ("marks", .array(passage.marks[index].map { .array([.int($0.lowerBound), .int($0.upperBound)]) })),
                ])
            }
            invocation.output(
                json: JSONSchema.document(
                    "read",
                    [
                        ("bible", JSONSchema.bible(store.metadata)), ("words", .string(passage.range.description)),
                        ("display", .string(shown)), ("highlightUnits", .string("utf16")), ("verses", .array(verses)),
                    ]))
            return ExitStatus.success
        }
        let title = Terminal.sanitized(shown + " (\(store.metadata.abbreviation))")
        let (open, close) = invocation.colorsOutput ? (Terminal.boldStart + "\u{1B}[4m", Terminal.reset) : ("**", "**")
        var lines: [String] = []
        for (index, verse) in passage.verses.enumerated() {
            var marked = ""
            var last = 0
            let utf16 = Array(verse.text.utf16)
            // (Each piece is made safe for the terminal on its own, so that the marks' escapes are kept.)
            func piece(_ range: Range<Int>) -> String {
                Terminal.sanitized(String(decoding: utf16[range], as: UTF16.self))
            }
            for range in passage.marks[index] {
                marked += piece(last..<range.lowerBound) + open + piece(range) + close
                last = range.upperBound
            }
            marked += piece(last..<utf16.count)
            lines.append("[\(Terminal.sanitized(verse.label))] " + marked)
        }
        let heading = invocation.colorsOutput ? Terminal.boldStart + title + Terminal.reset : title
        invocation.output(heading + "\n\n" + lines.joined(separator: " ") + "\n")
        return ExitStatus.success
    }
}
