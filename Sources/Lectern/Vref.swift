import ScriptureModel

/// The `vref` format: one line per verse, `BOOK C:V<TAB>text`, books in canon order.
public enum Vref {
    /// Formats the verses of books (sorted into canon order; verses keep their file order).
    public static func format(_ books: [Book]) -> String {
        format(verses: books.sorted(by: { $0.id < $1.id }).lazy.flatMap { $0.verseTexts() })
    }

    /// Formats verses in the order given, one line each.
    public static func format(verses: some Sequence<VerseText>) -> String {
        var output = ""
        output.reserveCapacity(64 * 1024)
        for verse in verses {
            output += verse.key.description
            output += "\t"
            output += verse.text
            output += "\n"
        }
        return output
    }
}
