import Foundation
import Lectern

/// `lectern books`: the Bible's books with names and chapter lists.
package enum BooksCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "books", summary: "list a Bible's books with their names and chapters",
        discussion: """
            Lists the Bible's books in canon order: code, name, whether it has an introduction page, and the \
            chapters it really has (sparse lists shown as ranges: 1–2, 8–12). Names are aligned by their width \
            on the terminal, so Chinese, Japanese and Korean names line up too. A Bible that records a copyright \
            statement (from its bundle, or 'import --copyright') has it on a first line.
            """,
        options: [BibleSelection.option],
        examples: [("books --bible WEB", "the books of WEB")])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        try invocation.expectNoArguments()
        let store = try BibleSelection.open(invocation)
        // The list comes from the books section (checked at opening); the chapters it names are checked
        // too, so a damaged Bible is reported here as on every read (about 1 ms for a whole Bible).
        try store.checkChapters()
        if invocation.json {
            let books = store.books.map { book in
                JSONValue.object([
                    ("code", .string(book.id.code)), ("name", .string(book.names.display ?? book.id.englishName)),
                    ("longName", .optional(book.names.long)), ("abbreviation", .optional(book.names.abbreviation)),
                    ("testament", .string(book.id.testament.rawValue)), ("introduction", .bool(book.hasIntroduction)),
                    ("chapters", .array(book.chapters.map(JSONValue.int))),
                ])
            }
            invocation.output(
                json: JSONSchema.document(
                    "books", [("bible", JSONSchema.bible(store.metadata)), ("books", .array(books))]))
            return ExitStatus.success
        }
        let rows = store.books.map { book in
            let chapters = book.chapters.isEmpty ? "no chapters" : (book.chapters.count == 1 ? "chapter " : "chapters ") + ChapterSequence.describe(book.chapters)
            return [
                book.id.code,
                TextColumns.shortened(Terminal.sanitized(book.names.display ?? book.id.englishName), to: 40),
                (book.hasIntroduction ? "intro, " : "") + chapters,
            ]
        }
        let header = store.metadata.copyright.map { Terminal.sanitized($0) + "\n\n" } ?? ""
        invocation.output(header + TextColumns.align(rows).map { $0 + "\n" }.joined())
        return ExitStatus.success
    }
}
