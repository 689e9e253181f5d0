import Foundation
import Lectern

/// `lectern export`: writes a stored Bible out as vref, USFM, USX, USJ or JSON.
package enum ExportCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "export", summary: "write a stored Bible as vref, USFM, USX, USJ or JSON",
        discussion: """
            Formats:
              vref   one line per verse, BOOK C:V<TAB>text (exactly 'lectern check --vref')
              usfm   USFM 3, one file per book in the --output folder (all books on stdout without it)
              usx    USX 3, one file per book in the --output folder (required)
              usj    USJ (Unified Scripture JSON, USFM 3.1), one file per book in the --output folder (required)
              json   the whole Bible's structured content (Lectern's own document model, not USJ), one
                     file that 'lectern import FILE.json' reads back exactly, names included

            An existing file is never overwritten without --force, and nothing is ever written into the \
            library folder.
            """,
        options: [
            .value(
                "format", short: "f", "FORMAT", "vref, usfm, usx, usj or json",
                completion: .choices(["vref", "usfm", "usx", "usj", "json"])),
            BibleSelection.option,
            .value("output", short: "o", "PATH", "a file (vref, json) or folder (usfm, usx, usj); default: stdout", completion: .file),
            .flag("force", "overwrite existing files"),
        ],
        examples: [
            ("export --format usfm --output out/", "one USFM file per book"),
            ("export -f vref > web.vref", "every verse to a file"),
            ("export --format json --output web.json", "the whole Bible as one JSON file; 'import web.json' reads it back"),
        ])

    /// The formats `export` writes.
    enum Format: String {
        case vref, usfm, usx, usj, json
    }

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let format = try invocation.arguments.value(
            "format", as: Format.init(rawValue:), expected: "vref, usfm, usx, usj or json")
        // `--output -` is standard output, as the default is, for the formats written as one stream.
        let given = invocation.arguments.value("output")
        let output = given == "-" ? nil : given.map(invocation.absolute)
        let force = invocation.arguments.flag("force")
        try invocation.expectNoArguments("name the Bible with --bible")
        guard let format else { throw UsageError("give --format vref, usfm, usx, usj or json") }
        if invocation.json { throw UsageError("use --format json to export as JSON (--json is for the commands' reports)") }
        let library = invocation.library
        let store = try BibleSelection.open(invocation)
        switch format {
        case .vref:
            try emit(Vref.format(verses: store.allVerseTexts()), to: output, library: library, force: force, invocation: invocation)
        case .json:
            var text = "{\"schemaVersion\":\(JSONSchema.version),\"command\":\"export\",\"bible\":"
            text += JSONSchema.bible(store.metadata).text + ",\"sourceFormat\":" + JSONValue.string(store.metadata.sourceFormat).text
            text += ",\"importedAt\":" + JSONValue.string(store.metadata.importedAt).text + ",\"books\":["
            for (index, book) in store.books.enumerated() {
                if index > 0 { text += "," }
                text += ModelJSON.book(try store.fullBook(book.id))
            }
            try emit(text + "]}\n", to: output, library: library, force: force, invocation: invocation)
        case .usfm, .usx, .usj:
            guard let output else {
                guard format == .usfm else {
                    let dash = given == "-" ? " ('-', standard output, is for vref, json and usfm)" : ""
                    throw UsageError("--format \(format.rawValue) needs --output FOLDER (one file per book)" + dash)
                }
                let names = ExportMetadata(store.metadata)
                for book in store.books { invocation.output(USFMWriter.write(try store.fullBook(book.id), names: names)) }
                return ExitStatus.success
            }
            // The names travel with the books: in each \id line, and in metadata.json (the language too).
            let names = ExportMetadata(store.metadata)
            let files = store.books.map { fileName($0.id, format: format) } + [ExportMetadata.fileName]
            try ExportDestination.check(output, kind: .folder(fileNames: files), library: library.directory, force: force)
            if !FileManager.default.fileExists(atPath: output), mkdir(output, 0o755) != 0 {
                throw FileProblem(errno: errno, path: output, action: .export)
            }
            for (book, name) in zip(store.books, files) {
                let full = try store.fullBook(book.id)
                let text =
                    switch format {
                    case .usx: USXWriter.write(full, names: names)
                    case .usj: USJWriter.write(full, names: names)
                    default: USFMWriter.write(full, names: names)
                    }
                try ExportDestination.writeAtomically(Array(text.utf8), to: output + "/" + name)
            }
            try names.write(to: output)
            let count = store.books.count
            invocation.context.standardError(
                "Wrote \(count) \(format.rawValue.uppercased()) \(count == 1 ? "file" : "files") and "
                    + "\(ExportMetadata.fileName) to \(output)\n")
        }
        return ExitStatus.success
    }

    /// `040MAT.usfm`: Paratext's number and the book code, so files sort in canon order.
    static func fileName(_ book: BookID, format: Format) -> String {
        let number = String(book.paratextNumber)
        return String(repeating: "0", count: max(0, 3 - number.count)) + number + book.code + "." + format.rawValue
    }

    private static func emit(
        _ text: String, to output: String?, library: Library, force: Bool, invocation: Invocation
    ) throws {
        guard let output else {
            invocation.output(text)
            return
        }
        try ExportDestination.check(output, kind: .file, library: library.directory, force: force)
        try ExportDestination.writeAtomically(Array(text.utf8), to: output)
    }
}
