import Foundation
import Lectern

/// `lectern versions [--json]`: lists the library's versions.
public enum VersionsCommand: LecternCommand {
    public static let name = "versions"
    public static let summary = "list the versions in the library"
    public static let valuedOptions: Set<String> = ["library"]
    public static let usage = """
        Usage: lectern versions [--json] [--library DIR]

        Lists id, abbreviation, title, language, books, verses and store size.
        A store file that cannot be opened is listed with the reason.

        Options:
          --json   print the list as JSON

        """ + LibraryOptions.usage

    /// One row of the list.
    struct Row: Encodable {
        var id: Int
        var abbreviation: String
        var title: String
        var language: String
        var books: Int
        var verses: Int
        var bytes: Int
        var error: String?
    }

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let json = arguments.flag("json")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard arguments.positionals.isEmpty else { throw UsageError("versions takes no arguments") }
        // One version open at a time: a library of hundreds never maps them all at once.
        let rows = try library.ids().map { id in
            let entry = library.entry(id)
            switch entry.store {
            case .success(let store):
                let metadata = store.metadata
                return Row(
                    id: entry.id, abbreviation: metadata.abbreviation, title: metadata.title,
                    language: metadata.language,
                    books: store.books.count, verses: store.verseCount, bytes: store.fileSize)
            case .failure(let error):
                let size = (try? FileManager.default.attributesOfItem(atPath: entry.path)[.size] as? Int) ?? 0
                return Row(
                    id: entry.id, abbreviation: "?", title: "", language: "", books: 0, verses: 0, bytes: size,
                    error: error.description)
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            context.standardOutput(String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n")
        } else if rows.isEmpty {
            context.standardOutput("No versions in \(library.directory).\n")
        } else {
            context.standardOutput(table(rows))
        }
        return rows.contains { $0.error != nil } ? ExitStatus.failure : ExitStatus.success
    }

    /// Aligned columns with a header line; numbers right-aligned, titles cut at 40 characters.
    static func table(_ rows: [Row]) -> String {
        let header = ["ID", "ABBR", "TITLE", "LANG", "BOOKS", "VERSES", "SIZE"]
        let numeric: Set<Int> = [0, 4, 5, 6]
        let lines =
            [header]
            + rows.map { row in
                [
                    String(row.id), row.abbreviation, shortened(row.title, to: 40), row.language, String(row.books),
                    String(row.verses), ByteCount.format(row.bytes),
                ]
            }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for (index, line) in lines.enumerated() {
            let cells = line.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? pad + cell : cell + pad
            }
            var formatted = cells.joined(separator: "  ")
            while formatted.last == " " { formatted.removeLast() }
            text += formatted + "\n"
            if index > 0, let error = rows[index - 1].error { text += "    damaged: \(error)\n" }
        }
        return text
    }

    private static func shortened(_ text: String, to length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }
}
