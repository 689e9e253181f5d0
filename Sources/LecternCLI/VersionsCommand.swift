import Foundation
import Lectern

/// `lectern versions`: lists the library's Bibles.
package enum VersionsCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "versions", summary: "list the Bibles in the library",
        discussion: """
            Lists id, abbreviation, title, language, verse numbering (versification: english, original or a \
            custom scheme's name, recorded at import; '-' for a store imported before schemes were recorded), \
            books, verses and store size; the default Bible ('lectern \
            use') is marked with *. A store file that cannot be opened is listed with the reason, and the exit \
            status is then 1. A store file whose name and internal id disagree (a copy under another name) is \
            listed with a warning: the file's name is the Bible's id, and imports are refused until it is fixed. \
            A copyright statement recorded at import is shown under its row.
            """,
        examples: [("versions", "the table"), ("versions --json", "the same as JSON")])

    /// One row of the list.
    struct Row {
        var id: Int
        var path: String
        var metadata: VersionMetadata?
        var books = 0
        var verses = 0
        var bytes = 0
        var error: String?
        var mismatch: LibraryIDMismatch?
    }

    package static func run(_ invocation: Invocation) throws -> Int32 {
        try invocation.expectNoArguments("'versions' takes none")
        let library = invocation.library
        let chosen = library.readingState().defaultVersion
        // One store open at a time: a library of hundreds never maps them all at once.
        let rows = try library.ids().map { id in
            let entry = library.entry(id)
            switch entry.store {
            case .success(let store):
                return Row(
                    id: entry.id, path: entry.path, metadata: store.metadata, books: store.books.count,
                    verses: store.verseCount, bytes: store.fileSize, mismatch: entry.idMismatch)
            case .failure(let error):
                let size = (try? FileManager.default.attributesOfItem(atPath: entry.path)[.size] as? Int) ?? 0
                return Row(
                    id: entry.id, path: entry.path, bytes: size, error: error.description, mismatch: entry.idMismatch)
            }
        }
        if invocation.json {
            let list = rows.map { row in
                JSONValue.object([
                    ("id", .int(row.id)), ("bible", row.metadata.map(JSONSchema.bible) ?? .null),
                    ("versification", .optional(row.metadata?.versification)),
                    ("books", .int(row.books)), ("verses", .int(row.verses)), ("storeBytes", .int(row.bytes)),
                    ("path", .string(row.path)), ("default", .bool(row.id == chosen)), ("error", .optional(row.error)),
                    (
                        "idMismatch",
                        row.mismatch.map { .object([("fileID", .int($0.fileID)), ("storedID", .int($0.storedID))]) }
                            ?? .null
                    ),
                ])
            }
            invocation.output(
                json: JSONSchema.document(
                    "versions", [("library", .string(library.directory)), ("bibles", .array(list))]))
        } else if rows.isEmpty {
            invocation.output("No Bibles in \(library.directory). Add one with 'lectern import PATH'.\n")
        } else {
            invocation.output(table(rows, chosen: chosen))
        }
        return rows.contains { $0.error != nil } ? ExitStatus.failure : ExitStatus.success
    }

    /// Aligned columns with a header line; numbers right-aligned, titles cut at 40 columns.
    static func table(_ rows: [Row], chosen: Int?) -> String {
        let header = ["", "ID", "ABBR", "TITLE", "LANG", "VRS", "BOOKS", "VERSES", "SIZE"]
        let numeric: Set<Int> = [1, 6, 7, 8]
        let lines =
            [header]
            + rows.map { row in
                [
                    row.id == chosen ? "*" : "", String(row.id),
                    Terminal.sanitized(row.metadata?.abbreviation ?? "?"),
                    TextColumns.shortened(Terminal.sanitized(row.metadata?.title ?? ""), to: 40),
                    Terminal.sanitized(row.metadata?.canonicalLanguage ?? ""),
                    Terminal.sanitized(row.metadata?.versification ?? "-"), String(row.books), String(row.verses),
                    ByteCount.format(row.bytes),
                ]
            }
        var text = ""
        let aligned = TextColumns.align(lines, rightAligned: numeric)
        for (index, line) in aligned.enumerated() {
            text += line + "\n"
            if index > 0, let copyright = rows[index - 1].metadata?.copyright {
                text += "    \(TextColumns.shortened(Terminal.sanitized(copyright), to: 100))\n"
            }
            if index > 0, let error = rows[index - 1].error { text += "    damaged: \(Terminal.sanitized(error))\n" }
            if index > 0, let mismatch = rows[index - 1].mismatch { text += "    warning: \(mismatch)\n" }
        }
        return text
    }
}

extension VersionMetadata {
    /// The language tag in its canonical BCP 47 form (`eng` → `en`), as `versions` and `--json` show it: a
    /// Bible imported before tags were canonicalised at import shows the same tag as one imported now.
    var canonicalLanguage: String { LanguageTag.canonical(language) ?? language }
}
