import Foundation
import Lectern

/// The store workloads: whole import per corpus folder (the release `lectern import`), import in
/// process, opening a version, reading a chapter, and store size against the source.
enum StoreBenchmarks {
    /// Every folder of the shared corpus, imported as a whole process.
    static let folders = [
        "eng-web-usfm", "eng-web-usx", "eng-web-usx-usfmtc", "eng-bsb-usfm", "eng-bsb-usx", "spa-rv1909-usfm",
        "cmn-cu89s-usfm", "kor-1910-usfm", "rus-synodal-usfm", "vie-1934-usfm", "grc-nestle1904-usfm", "grc-ugnt-usx",
        "hbo-uhb-usx", "hbo-wlc-usfm",
    ]

    /// Registers the store rows.
    static func register(in registry: inout BenchmarkRegistry) {
        for folder in folders {
            registry.register(
                "import/\(folder)", "`lectern import \(folder)` as a whole process: parse, normalise, index, write (ms)"
            ) { context in [try wholeImport(folder, context)] }
        }
        registry.register(
            "import/lectern", "Lectern: import eng-web-usfm in process: parse, index and write the store (ms)"
        ) { context in [try inProcessImport(context)] }
        registry.register("open-version/lectern", "Lectern: open the eng-web store (µs)") { context in
            let store = try storedWeb(context)
            let identity = LecternWorkloads.row(
                "open-version/lectern", "Open a version (eng-web store, \(megabytes(store.fileSize)))", .inProcess,
                "VersionStore(path:): mmap, header and section table checked")
            return [
                try context.measureBatched(identity, unit: .microseconds) {
                    try VersionStore(path: store.path).books.count
                }
            ]
        }
        registry.register("read-chapter/lectern", "Lectern: read John 3 of eng-web (µs)") { context in
            let store = try storedWeb(context)
            return [
                try context.measureBatched(
                    LecternWorkloads.row(
                        "read-chapter/lectern", "Read a chapter (eng-web JHN 3), styled text for drawing, checked",
                        .inProcess, "VersionStore.styledChapter(.john, 3): CRC-32C of content and text, then decoded"),
                    unit: .microseconds
                ) { try store.styledChapter(.john, 3).paragraphs.count },
                try context.measureBatched(
                    LecternWorkloads.row(
                        "read-chapter/lectern", "Check a chapter (eng-web JHN 3): its two checksums alone", .inProcess,
                        "VersionStore.checkChapter(.john, 3): CRC-32C of record, content, verse records, text"),
                    unit: .microseconds
                ) {
                    try store.checkChapter(.john, 3)
                    return 1
                },
                try context.measureBatched(
                    LecternWorkloads.row(
                        "read-chapter/lectern", "Read a chapter (eng-web JHN 3), full document model", .inProcess,
                        "VersionStore.chapter(.john, 3): flat content, every node's kind and text walked"),
                    unit: .microseconds
                ) { walkEveryNode(try store.chapter(.john, 3).content) },
                try context.measureBatched(
                    LecternWorkloads.row(
                        "read-chapter/lectern", "Read a chapter (eng-web JHN 3), full model as a Block tree", .inProcess,
                        "VersionStore.chapter(.john, 3).blocks: the flat content materialised as Block/Inline values"),
                    unit: .microseconds
                ) { try store.chapter(.john, 3).blocks.count },
                try context.measureBatched(
                    LecternWorkloads.row(
                        "read-chapter/lectern", "Read a chapter's verse texts (eng-web JHN 3)", .inProcess,
                        "VersionStore.verses(.john, 3)"), unit: .microseconds
                ) { try store.verses(.john, 3).count },
            ]
        }
    }

    /// Touches every node of `content` through the public accessors: counts the nodes by kind and their
    /// text bytes, and reads the first byte of each text.
    static func walkEveryNode(_ content: FlatContent) -> Int {
        var total = 0
        for index in content.nodes.indices {
            let node = content.nodes[index]
            total &+= Int(node.kind.rawValue) &+ node.textByteCount
            if node.textByteCount > 0 { total &+= Int(content.bytes[content.textRange(of: index).lowerBound]) }
        }
        return total
    }

    /// `lectern import FOLDER --id 1 --replace` into a temporary library, timed as whole processes.
    static func wholeImport(_ folder: String, _ context: BenchmarkContext) throws -> BenchmarkResult {
        let executable = try LecternWorkloads.executable(context)
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-import-\(getpid())")
            .path
        defer { try? FileManager.default.removeItem(atPath: library) }
        let source = try CorpusInput(folder: context.corpusFolder(folder), extensions: ["usfm", "sfm", "usx"])
        context.log("lectern import: \(context.options.warmup) + \(context.options.repetitions) runs on \(folder)")
        let outcomes = try ProcessRunner.samples(
            executable,
            [
                "import", context.corpusFolder(folder).path, "--library", library, "--id", "1", "--replace",
                "--abbreviation", "B",
            ],
            warmup: context.options.warmup, repetitions: context.options.repetitions)
        let store = try VersionStore(path: library + "/versions/1.lectern")
        let identity = LecternWorkloads.row(
            "import/\(folder)", "Import \(source.label)", .wholeProcess,
            "lectern import DIR --replace (files parsed and books encoded on \(ProcessInfo.processInfo.activeProcessorCount) cores)"
        )
        var notes = [
            "store \(megabytes(store.fileSize)) for \(megabytes(source.totalBytes)) of source",
            "search index \(megabytes(store.sectionBytes(.searchIndex)?.count ?? 0))",
        ]
        if folder == "eng-web-usfm" {
            notes.append("source without Strong's attributes \(megabytes(try withoutStrongs(source)))")
        }
        return BenchmarkResult(identity, unit: .milliseconds, processes: outcomes, work: 1, notes: notes)
    }

    /// Parse eng-web-usfm and write it with its search index, all in this process.
    static func inProcessImport(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let input = try ParseBenchmarks.usfmInput(context)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lectern-bench-inproc-\(getpid())"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let library = Library(directory: directory)
        let identity = LecternWorkloads.row(
            "import/lectern", "Import \(input.label) in process (one core parses)", .inProcess,
            "USFMParser.parse per file, then Library.add(books:…, sections: [SearchIndexSection()])")
        return try context.measure(identity, unit: .milliseconds, work: 1) {
            let books = LecternWorkloads.parseUSFM(input).books
            let metadata = try library.add(
                books: books, metadata: VersionMetadata(id: 1, abbreviation: "WEB", title: "World English Bible"),
                id: 1, replace: true, sections: [SearchIndexSection()])
            return metadata.id
        }
    }

    /// eng-web-usfm stored once per run, in `$TMPDIR/lectern-bench-store`.
    static func storedWeb(_ context: BenchmarkContext) throws -> VersionStore {
        try context.fixture("lectern/stored-web") {
            let books = LecternWorkloads.parseUSFM(try ParseBenchmarks.usfmInput(context)).books
            // Kept on disk for the run (the open benchmark opens the file again); replaced by the next run.
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-store").path
            try? FileManager.default.removeItem(atPath: directory)
            let library = Library(directory: directory)
            let metadata = try library.add(
                books: books, metadata: VersionMetadata(id: 1, abbreviation: "WEB", title: "World English Bible"),
                id: 1, replace: true, sections: [SearchIndexSection()])
            return try library.open(metadata.id)
        }
    }

    /// The size of USFM source with every `|strong="…"` attribute list removed.
    static func withoutStrongs(_ input: CorpusInput) throws -> Int {
        let pattern = try NSRegularExpression(pattern: #"\|strong="[^"]*""#)
        var total = 0
        for file in input.files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            let stripped = pattern.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            total += stripped.utf8.count
        }
        return total
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1_000_000) }
}
