import ScriptureModel

/// The `vref` format: one line per verse, `BOOK C:V<TAB>text`, books in canon order.
public enum Vref {
    /// Formats the verses of books (sorted into canon order; verses keep their file order).
    public static func format(_ books: [Book]) -> String {
        var output = ""
        output.reserveCapacity(books.count * 64 * 1024)
        for book in books.sorted(by: { $0.id < $1.id }) {
            for verse in book.verseTexts() {
                output += verse.key.description
                output += "\t"
                output += verse.text
                output += "\n"
            }
        }
        return output
    }
}
