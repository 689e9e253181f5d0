import Lectern

extension ReadCommand {
    /// `lectern read "PSA 51" --bible WEB,WLC`: the chapter of each Bible, row by row, aligned by mapped verse
    /// (through each Bible's versification), the first Bible's verse numbers leading.
    static func readParallel(_ names: [String], invocation: Invocation) throws -> Int32 {
        let library = invocation.library
        let stores = try names.map { try BibleSelection.open($0, in: library) }
        guard invocation.positionals.count > 0 else { throw UsageError("give a chapter to read side by side") }
        let text = invocation.positionals.joined(separator: " ")
        let first = stores[0]
        let reference: BibleReference
        do {
            reference = try ReferenceParser.parse(text, names: BookNameIndex(store: first))
        } catch {
            throw CommandFailure("\(text): \(error.description) (\(Terminal.sanitized(first.metadata.abbreviation)))")
        }
        guard let chapter = reference.chapter else {
            throw CommandFailure("\(text): an introduction is read one Bible at a time")
        }
        var rows = try VerseAlignment.chapter(reference.book, chapter, versions: stores)
        if case .verses(_, let from, let to) = reference.target {
            let wanted = VerseKey.leadingNumber(from)...VerseKey.leadingNumber(to ?? from)
            rows = rows.filter { row in
                row.cells.first?.contains { wanted.contains(VerseKey.leadingNumber($0.key.verse)) } ?? false
            }
        }
        guard !rows.isEmpty else { throw CommandFailure("\(reference.displayName()) has no verses in \(first.metadata.abbreviation)") }
        let bookName = first.book(reference.book)?.names.display ?? reference.book.englishName
        if invocation.json {
            let rowValues = rows.map { row in
                JSONValue.object([
                    ("original", .array(row.original.map { .string("\($0.book.code).\($0.chapter).\($0.verse)") })),
                    (
                        "cells",
                        .array(
                            zip(stores, row.cells).map { store, verses in
                                .array(verses.map { verse in
                                    .object([
                                        ("reference", JSONSchema.reference(verse.key, bookName: store.book(verse.key.book)?.names.display)),
                                        ("verse", .string(verse.key.verse)), ("text", .string(verse.text)),
                                    ])
                                })
                            })
                    ),
                ])
            }
            invocation.output(
                json: JSONSchema.document(
                    "read",
                    [
                        ("bibles", .array(stores.map { JSONSchema.bible($0.metadata) })),
                        ("reference", JSONSchema.reference(reference, bookName: bookName)),
                        ("rows", .array(rowValues)),
                    ]))
            return ExitStatus.success
        }
        let labels = stores.map { Terminal.sanitized($0.metadata.abbreviation) }
        let width = labels.map { TextColumns.width($0) }.max() ?? 0
        var out = Terminal.sanitized(reference.displayName(bookName: bookName)) + " (" + labels.joined(separator: ", ")
        out += "), aligned by verse\n"
        for row in rows {
            out += "\n"
            for (label, verses) in zip(labels, row.cells) {
                let numbers = verses.map { "\($0.key.chapter):\($0.key.verse)" }.joined(separator: ", ")
                let body = verses.isEmpty ? "—" : Terminal.sanitized(verses.map(\.text).joined(separator: " "))
                out += TextColumns.padded(label, to: width) + "  " + (numbers.isEmpty ? "" : numbers + "  ") + body + "\n"
            }
        }
        invocation.output(out)
        return ExitStatus.success
    }
}
