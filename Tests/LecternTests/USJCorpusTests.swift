import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// Every corpus folder through USJ: source → model → USJ → model gives the same verses and the same model.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct USJCorpusTests {
    /// Every folder of the shared corpus (found, not listed, so a new folder is tested too).
    static let folders: [String] = {
        let root = TestCorpus.root.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { (try? FileKind.of(root + "/" + $0)) == .folder }.sorted()
    }()

    @Test(arguments: folders)
    func usjReadsBackToTheSameVersesAndModel(_ folder: String) throws {
        let parsed = CorpusParses.result(folder)
        let source = parsed.books
        #expect(!source.isEmpty)
        // What the source itself was warned about (eng-bsb-usx's verse "14...") may be warned about again.
        let known = Set(parsed.diagnostics.map(\.message))
        var reread: [Book] = []
        var unknownStyles: [String] = []
        for book in source {
            let path = "\(folder)/\(book.id.code).usj"
            let result = VersionSource.parse(Array(USJWriter.write(book).utf8), path: path)
            unknownStyles += result.diagnostics.filter { $0.kind == .unknownStyle }.map(\.message)
            // And an attribute the source gave an empty value (hbo-uhb-usx's `|lemma=""`) is warned of again.
            let empty = book.emptyAttributeNames
            let problems = result.diagnostics.filter { diagnostic in
                diagnostic.severity == .error
                    || (diagnostic.severity == .warning && diagnostic.kind != .unknownStyle
                        && !known.contains(diagnostic.message)
                        && !(diagnostic.kind == .emptyAttributeValue
                            && empty.contains { diagnostic.message.hasPrefix("\"\($0)\" ") }))
            }
            #expect(problems.isEmpty, "\(problems.prefix(3).map(\.description))")
            guard let back = result.books.first else {
                Issue.record("\(path): no book read back")
                continue
            }
            reread.append(back)
            // USJ's `version` is the USJ version written (3.1), not the USFM or USX version of the source.
            #expect(back.formatVersion == USJWriter.version)
            // Locations aside, every text exactly as it was (white space not collapsed).
            if Self.unversioned(back).normalizedForStore(collapsing: false)
                != Self.unversioned(book).normalizedForStore(collapsing: false)
            {
                let (expected, actual) = (
                    ModelJSON.book(Self.unversioned(book)), ModelJSON.book(Self.unversioned(back))
                )
                Issue.record(
                    "\(path): the model differs after USJ, first at: \(Self.firstDifference(expected, actual))")
            }
        }
        #expect(Vref.format(reread) == Vref.format(source))
        // USX names unknown styles as USJ does: they come back exactly as often, none lost or invented.
        if folder.hasSuffix("-usx") || folder.contains("-usx-") {
            let before = parsed.diagnostics.filter { $0.kind == .unknownStyle }.map(\.message)
            #expect(unknownStyles.sorted() == before.sorted())
        }
    }

    static func unversioned(_ book: Book) -> Book {
        var book = book
        book.formatVersion = nil
        return book
    }

    /// The texts around the first character where two strings differ.
    static func firstDifference(_ left: String, _ right: String) -> String {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 80)..<min(bytes.count, index + 80)], as: UTF8.self)
        }
        return "source …\(around(a))… USJ …\(around(b))…"
    }
}

/// USJ output checked against the USJ 3.1 JSON Schema (`spec/usj.js`) with Python's `jsonschema`: every file
/// of a folder in one Python run. Skipped when Python, `jsonschema` or the schema is missing.
@Suite(.enabled(if: Required.runs(USJSchemaCheck.isAvailable), Comment(rawValue: USJSchemaCheck.missingMessage)))
struct USJSchemaTests {
    /// The repository's sample (every element kind Lectern writes) and one real Bible with notes,
    /// headings and cross references; the whole corpus takes minutes in `jsonschema`.
    static let sources: [String] = [TestCorpus.sample("sample/usfm").path, TestCorpus.folder("eng-bsb-usfm").path]

    @Test(arguments: sources)
    func everyFileIsValidUSJ(_ source: String) throws {
        try Required.skip(unless: FileManager.default.fileExists(atPath: source), "\(source) is not there")
        let books = VersionSource.parse(paths: [source]).books
        #expect(!books.isEmpty)
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var files: [String] = []
        for book in books {
            files.append(try folder.write(Array(USJWriter.write(book).utf8), to: "\(book.id.code).usj"))
        }
        let (status, output) = try USJSchemaCheck.validate(files)
        #expect(status == 0, "\(output)")
        #expect(output.hasSuffix("\(files.count) files, 0 errors\n"), "\(output)")
    }

    /// Every other corpus folder's three smallest book files (its own markers and attributes: Strong's and
    /// morphology in the Greek and Hebrew texts, milestones in the USX ones), parsed and checked alike.
    @Test(arguments: USJCorpusTests.folders)
    func theSmallestBooksOfEveryCorpusFolderAreValidUSJ(_ folder: String) throws {
        let source = TestCorpus.folder(folder).path
        let names = try FileManager.default.contentsOfDirectory(atPath: source).filter { name in
            [".usfm", ".sfm", ".usx", ".usx.gz", ".usfm.gz", ".sfm.gz"].contains { name.lowercased().hasSuffix($0) }
        }
        let sized = try names.map { name in
            let size = try FileManager.default.attributesOfItem(atPath: source + "/" + name)[.size] as? Int ?? 0
            return (name, size)
        }
        let smallest = sized.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map { source + "/" + $0.0 }
        let books = VersionSource.parse(paths: Array(smallest)).books
        #expect(books.count == smallest.count, "\(smallest)")
        let output = TemporaryDirectory()
        defer { output.remove() }
        let files = try books.map { try output.write(Array(USJWriter.write($0).utf8), to: "\($0.id.code).usj") }
        let (status, report) = try USJSchemaCheck.validate(files)
        #expect(status == 0, "\(report)")
        #expect(report.hasSuffix("\(files.count) files, 0 errors\n"), "\(report)")
    }

    /// The check can fail: a document without `version` and a number where a string belongs is refused.
    @Test func theCheckRefusesInvalidUSJ() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bad = try folder.write(
            Array(#"{"type":"USJ","content":[{"type":"chapter","marker":"c","number":1}]}"#.utf8), to: "bad.usj")
        let (status, output) = try USJSchemaCheck.validate([bad])
        #expect(status == 1)
        #expect(output.contains("'version' is a required property"), "\(output)")
        #expect(
            output.contains("/content/0: {'type': 'chapter', 'marker': 'c', 'number': 1} is not valid"), "\(output)")
    }
}

/// Runs Python's `jsonschema` on USJ files.
enum USJSchemaCheck {
    static let schema = SharedSpec.root.appendingPathComponent("usj.js").path

    static let script = """
        import json, sys, jsonschema
        validator = jsonschema.Draft7Validator(json.load(open(sys.argv[1], encoding="utf-8")))
        errors = 0
        for path in sys.argv[2:]:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
            for error in validator.iter_errors(document):
                errors += 1
                if errors <= 20:
                    print(path + ": /" + "/".join(map(str, error.absolute_path)) + ": " + error.message[:200])
        print(f"{len(sys.argv) - 2} files, {errors} errors")
        sys.exit(1 if errors else 0)
        """

    /// Whether `python3` can import `jsonschema` and the schema is there.
    static let isAvailable: Bool = {
        guard FileManager.default.fileExists(atPath: schema) else { return false }
        return (try? run(["-c", "import jsonschema"]).status) == 0
    }()

    static var missingMessage: String {
        "python3 with jsonschema (pip install jsonschema) and \(schema) are needed to check USJ against its schema"
    }

    /// Validates `files` in one Python run: the exit status and what it printed.
    static func validate(_ files: [String]) throws -> (status: Int32, output: String) {
        try run(["-c", script, schema] + files)
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
