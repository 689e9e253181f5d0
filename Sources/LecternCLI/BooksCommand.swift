import Foundation
import Lectern

/// `lectern books [--version] [--json]`: the version's books with names and chapter lists.
public enum BooksCommand: LecternCommand {
    public static let name = "books"
    public static let summary = "list a version's books with their names and chapters"
    public static let valuedOptions: Set<String> = ["version", "library"]
    public static let usage = """
        Usage: lectern books [--version ID|ABBR] [--json] [--library DIR]

        Lists the version's books in canon order: code, name, whether it has an
        introduction page, and the chapters it really has (sparse lists shown as
        ranges: 1–2, 8–12).

        Options:
          --version ID|ABBR  the version (default: the library's only version)
          --json             print the books as a JSON array

        """ + LibraryOptions.usage

    struct Entry: Encodable {
        var code: String
        var name: String
        var longName: String?
        var abbreviation: String?
        var testament: String
        var introduction: Bool
        var chapters: [Int]
    }

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let versionName = arguments.value("version")
        let json = arguments.flag("json")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
        let store = try LibraryOptions.version(versionName, in: library)
        let entries = store.books.map { book in
            Entry(
                code: book.id.code, name: book.names.display ?? book.id.englishName, longName: book.names.long,
                abbreviation: book.names.abbreviation, testament: book.id.testament.rawValue,
                introduction: book.hasIntroduction, chapters: book.chapters)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            context.standardOutput(String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n")
            return ExitStatus.success
        }
        let width = min(40, entries.map(\.name.count).max() ?? 4)
        var text = ""
        for entry in entries {
            let name = entry.name.count >= width ? entry.name : entry.name + String(repeating: " ", count: width - entry.name.count)
            let chapters = entry.chapters.isEmpty ? "no chapters" : "chapters " + ChapterSequence.describe(entry.chapters)
            text += "\(entry.code)  \(name)  \(entry.introduction ? "intro, " : "")\(chapters)\n"
        }
        context.standardOutput(text)
        return ExitStatus.success
    }
}
