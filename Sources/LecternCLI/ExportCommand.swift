import Foundation
import Lectern

/// `lectern export`: writes a stored version out as vref, USFM, USX or JSON.
public enum ExportCommand: LecternCommand {
    public static let name = "export"
    public static let summary = "write a stored version as vref, USFM, USX or JSON"
    public static let valuedOptions: Set<String> = ["version", "format", "output", "library"]
    public static let usage = """
        Usage: lectern export --format vref|usfm|usx|json [--version ID|ABBR] [--output PATH] [--library DIR]

        Formats:
          vref   one line per verse, BOOK C:V<TAB>text (exactly 'lectern check --vref')
          usfm   USFM 3, one file per book in the --output folder (all books on stdout without it)
          usx    USX 3, one file per book in the --output folder (required)
          json   the whole version's structured content

        Options:
          --version ID|ABBR  the version (default: the library's only version)
          --output PATH      a file (vref, json) or folder (usfm, usx); default: stdout

        """ + LibraryOptions.usage

    /// The formats `export` writes.
    enum Format: String {
        case vref, usfm, usx, json
    }

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let versionName = arguments.value("version")
        let format = try arguments.value("format", as: Format.init(rawValue:), expected: "vref, usfm, usx or json")
        let output = arguments.value("output").map { LibraryOptions.absolute($0, context: context) }
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard arguments.positionals.isEmpty else {
            throw UsageError("export takes no arguments; name the version with --version")
        }
        guard let format else { throw UsageError("give --format vref, usfm, usx or json") }
        let store = try LibraryOptions.version(versionName, in: library)
        switch format {
        case .vref:
            try emit(Vref.format(verses: store.allVerseTexts()), to: output, context: context)
        case .json:
            var text = "{\"version\":" + metadataJSON(store.metadata) + ",\"books\":["
            for (index, book) in store.books.enumerated() {
                if index > 0 { text += ",\n" }
                text += ModelJSON.book(try store.fullBook(book.id))
            }
            try emit(text + "]}\n", to: output, context: context)
        case .usfm, .usx:
            guard let output else {
                guard format == .usfm else {
                    throw UsageError("--format usx needs --output FOLDER (one file per book)")
                }
                for book in store.books { context.standardOutput(USFMWriter.write(try store.fullBook(book.id))) }
                return ExitStatus.success
            }
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for book in store.books {
                let full = try store.fullBook(book.id)
                let text = format == .usfm ? USFMWriter.write(full) : USXWriter.write(full)
                try write(text, to: output + "/" + fileName(book.id, format: format))
            }
            context.standardError("Wrote \(store.books.count) \(format.rawValue.uppercased()) files to \(output)\n")
        }
        return ExitStatus.success
    }

    /// `040MAT.usfm`: Paratext's number and the book code, so files sort in canon order.
    static func fileName(_ book: BookID, format: Format) -> String {
        let number = String(book.paratextNumber)
        return String(repeating: "0", count: max(0, 3 - number.count)) + number + book.code + "." + format.rawValue
    }

    private static func emit(_ text: String, to output: String?, context: CommandContext) throws {
        if let output { try write(text, to: output) } else { context.standardOutput(text) }
    }

    /// Writes a file atomically (a temporary file renamed into place).
    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func metadataJSON(_ metadata: VersionMetadata) -> String {
        let fields = [
            ("abbreviation", metadata.abbreviation), ("title", metadata.title), ("language", metadata.language),
            ("sourceFormat", metadata.sourceFormat), ("importedAt", metadata.importedAt),
        ]
        return "{\"id\":\(metadata.id)," + fields.map { "\"\($0.0)\":\(ModelJSON.string($0.1))" }.joined(separator: ",")
            + "}"
    }
}
