import ScriptureModel
import ScriptureStore

/// The `vref` format: one line per verse, `BOOK C:V<TAB>text`, books in canon order.
public enum Vref {
    /// Formats the verses of books (sorted into canon order; verses keep their file order).
    ///
    /// Each book's lines are made on its own core, then joined in canon order.
    public static func format(_ books: [Book]) -> String {
        let sorted = books.sorted(by: { $0.id < $1.id })
        let parts = Parallel.map(sorted) { book in
            var lines: [UInt8] = []
            lines.reserveCapacity(64 * 1024)
            book.appendVrefLines(to: &lines)
            return String(decoding: lines, as: UTF8.self)
        }
        var output = ""
        output.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count })
        for part in parts { output += part }
        return output
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
