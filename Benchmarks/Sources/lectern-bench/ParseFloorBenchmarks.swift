import Foundation
import Lectern
import XMLSAXShim

/// The rows that put Lectern's parse figures in context: libxml2's SAX2 parse alone on the USX that
/// `usx-parse/lectern` reads (the floor under Lectern's USX parser), and USFM parse plus verse texts in
/// this process, Lectern against usfm3's `parse()` and `to_vref()`.
enum ParseFloorBenchmarks {
    /// Registers the rows; the libxml2 ones come right after `usx-parse/lectern` in the table.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "usx-parse/libxml2-sax",
            "libxml2's SAX2 parse of eng-web-usx in memory with the callbacks Lectern registers, each only counting (MB/s)"
        ) { context in [try libxml2(context, handlers: bench_sax_lectern_callbacks)] }
        registry.register(
            "usx-parse/libxml2-sax-empty",
            "libxml2's SAX2 parse of eng-web-usx in memory with no callbacks at all (MB/s)"
        ) { context in [try libxml2(context, handlers: bench_sax_no_callbacks)] }
        registry.register(
            "usx-parse/flat-floor",
            "libxml2's SAX2 parse of eng-web-usx into the least a flat model needs (nodes, bytes, attributes; no checks) (MB/s)"
        ) { context in [try libxml2(context, handlers: bench_sax_flat_floor)] }
        registry.register(
            "usx-parse/libxml2-tree",
            "libxml2's parse of eng-web-usx in memory into its own document tree, freed after each file (MB/s)"
        ) { context in [try libxml2Tree(context)] }
        registry.register(
            "usfm-vref/lectern",
            "Lectern's USFM parse of eng-web-usfm in memory and the books' vref lines as one string, one core (MB/s)"
        ) { context in [try lecternVref(context)] }
        registry.register(
            "usfm-vref/usfm3", "usfm3.parse(text) and doc.to_vref() on eng-web-usfm, the driver's own loop (MB/s)"
        ) { context in [try usfm3Vref(context)] }
    }

    /// eng-web-usx in memory, shared with `usx-parse/lectern`.
    static func usxInput(_ context: BenchmarkContext) throws -> CorpusInput {
        try context.fixture("input/\(ParseBenchmarks.usxFolder)") {
            try CorpusInput(folder: context.corpusFolder(ParseBenchmarks.usxFolder), extensions: ["usx"])
        }
    }

    /// libxml2 alone: `bench_sax_parse` on each file in turn, on one core, with the options Lectern uses.
    static func libxml2(_ context: BenchmarkContext, handlers: bench_sax_handlers) throws -> BenchmarkResult {
        let (benchmark, name, callbacks) =
            switch handlers {
            case bench_sax_lectern_callbacks:
                (
                    "usx-parse/libxml2-sax", "libxml2",
                    "Lectern's callback set (start/end element, characters, errors), each only counting"
                )
            case bench_sax_flat_floor:
                (
                    "usx-parse/flat-floor", "libxml2 + flat floor",
                    "Lectern's callback set writing 32-byte nodes, 12-byte attributes and one byte buffer, "
                        + "nothing checked"
                )
            default: ("usx-parse/libxml2-sax-empty", "libxml2 (no callbacks)", "no callbacks")
            }
        return try libxml2Row(
            context, benchmark: benchmark, name: name,
            invocation: "xmlParseDocument (SAX2, Lectern's parse options) per file, \(callbacks), one core"
        ) { parse($0, handlers) }
    }

    /// libxml2 building its document tree (`bench_tree_parse`) on each file in turn, on one core, with the same
    /// options: a model of the file as libxml2 makes it, beside `usx-parse/lectern`, which makes Lectern's.
    static func libxml2Tree(_ context: BenchmarkContext) throws -> BenchmarkResult {
        try libxml2Row(
            context, benchmark: "usx-parse/libxml2-tree", name: "libxml2 (tree)",
            invocation:
                "xmlParseDocument (SAX2 tree builder, Lectern's parse options) per file, then xmlFreeDoc, one core",
            parse: parseTree)
    }

    /// A row of libxml2 on eng-web-usx: `parse` on each file in turn (what it counts goes to the black hole), its
    /// note naming the files that were not well formed.
    static func libxml2Row(
        _ context: BenchmarkContext, benchmark: String, name: String, invocation: String,
        parse: ([UInt8]) -> (count: Int, wellFormed: Bool)
    ) throws -> BenchmarkResult {
        let input = try usxInput(context)
        let identity = RowIdentity(
            benchmark: benchmark, workload: "USX parse, \(input.label) (decompressed)", mode: .inProcess,
            implementation: Implementation(name: name, version: libxml2Version, invocation: invocation))
        let malformed = input.files.filter { parse($0.bytes).wellFormed == false }.count
        var row = try context.measure(identity, unit: .megabytesPerSecond, work: Double(input.totalBytes)) {
            pass(input, parse)
        }
        if malformed > 0 { row.notes.append("\(malformed) files not well formed") }
        return row
    }

    /// One timed pass of a libxml2 row: `parse` on each file in turn, what it counts summed.
    static func pass(_ input: CorpusInput, _ parse: ([UInt8]) -> (count: Int, wellFormed: Bool)) -> Int {
        var count = 0
        for file in input.files { count &+= parse(file.bytes).count }
        return count
    }

    /// One `bench_sax_parse` call: the callbacks made (-1 when libxml2 refused) and whether it was well formed.
    static func parse(_ bytes: [UInt8], _ handlers: bench_sax_handlers) -> (count: Int, wellFormed: Bool) {
        var wellFormed: Int32 = 0
        let callbacks = bytes.withUnsafeBufferPointer { buffer in
            bench_sax_parse(buffer.baseAddress, buffer.count, handlers, &wellFormed)
        }
        return (Int(callbacks), wellFormed == 1)
    }

    /// One `bench_tree_parse` call: the root's child elements (-1 when no document was made) and whether it was
    /// well formed.
    static func parseTree(_ bytes: [UInt8]) -> (count: Int, wellFormed: Bool) {
        var wellFormed: Int32 = 0
        let elements = bytes.withUnsafeBufferPointer { buffer in
            bench_tree_parse(buffer.baseAddress, buffer.count, &wellFormed)
        }
        return (Int(elements), wellFormed == 1)
    }

    /// The installed libxml2, from `xml2-config` or pkg-config, else `?`.
    static let libxml2Version: String = {
        for (tool, arguments) in [("pkg-config", ["--modversion", "libxml-2.0"]), ("xml2-config", ["--version"])] {
            if let outcome = try? ProcessRunner.run("/usr/bin/env", [tool] + arguments), outcome.status == 0 {
                return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return "?"
    }()

    /// Lectern's parse and verse texts in this process, file by file as usfm3's driver goes: each file parsed
    /// (one session, one core) and its books' `vref` lines made (`Book.appendVrefLines(to:)`), the model let go;
    /// then the lines in canon order as one `String`, what `lectern check --vref` writes (`Vref.format`, which
    /// makes each book's lines on a core of its own after parsing them all; here all is on one core).
    static func lecternVref(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let input = try ParseBenchmarks.usfmInput(context)
        guard vrefFileByFile(input) == Vref.format(LecternWorkloads.parseUSFM(input).books) else {
            throw CorpusError(
                description: "usfm-vref/lectern: the vref lines made file by file differ from Vref.format's")
        }
        let identity = LecternWorkloads.row(
            "usfm-vref/lectern", vrefWorkload(input), .inProcess,
            "USFMParser.parse(bytes, path:, session:) and Book.appendVrefLines(to:) file by file, then the lines "
                + "in canon order as one String (Vref.format's output), one core")
        return try context.measure(identity, unit: .megabytesPerSecond, work: Double(input.totalBytes)) {
            vrefFileByFile(input).utf8.count
        }
    }

    /// `Vref.format` of the input's books, each file parsed and its books' lines made in turn on this core.
    static func vrefFileByFile(_ input: CorpusInput) -> String {
        let session = USFMParseSession()
        var parts: [(book: BookID, lines: [UInt8])] = []
        for file in input.files {
            let result = file.bytes.withUnsafeBytes { USFMParser.parse($0, path: file.path, session: session) }
            for book in result.books {
                var lines: [UInt8] = []
                book.appendVrefLines(to: &lines)
                parts.append((book.id, lines))
            }
        }
        // Stable: books of one code keep their file order, as Vref.format's sort keeps it.
        parts = parts.enumerated().sorted { ($0.element.book, $0.offset) < ($1.element.book, $1.offset) }.map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(parts.reduce(0) { $0 + $1.lines.count })
        for part in parts { output += part.lines }
        return String(decoding: output, as: UTF8.self)
    }

    /// The workload label both parse-and-vref rows share.
    static func vrefWorkload(_ input: CorpusInput) -> String { "USFM parse + vref, \(input.label)" }

    /// usfm3's parse and `to_vref()` in its driver's own loop (`--mode time --stage vref`); its verses, from one
    /// `--mode once --vref` run, are compared with Lectern's.
    static func usfm3Vref(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let peer = Peer.usfm3
        let input = try ParseBenchmarks.usfmInput(context)
        let implementation = context.peers.implementation(peer, mode: .inProcess)
        let identity = RowIdentity(
            benchmark: "usfm-vref/usfm3", workload: vrefWorkload(input), mode: .inProcess,
            implementation: Implementation(
                name: implementation.name, version: implementation.version,
                invocation:
                    "usfm3.parse(text), then every item of doc.to_vref(); driver's own loop over files in memory"))
        if let reason = context.peers.unavailableReason(peer) {
            return BenchmarkResult(identity, unit: .megabytesPerSecond, unavailable: reason)
        }
        let folder = context.corpusFolder(ParseBenchmarks.usfmFolder).path
        let vref = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-usfm3-vref.vref")
        defer { try? FileManager.default.removeItem(at: vref) }
        _ = try context.peers.run(peer, ["--mode", "once", "--vref", vref.path, folder], warmup: 0, repetitions: 1)
        let reference = try LecternWorkloads.referenceVerses(context)
        let agreement = VerseAgreement(reference: reference.name, reference.verses, try VerseList(contentsOf: vref))
        context.log("usfm3: \(context.options.warmup) + \(context.options.repetitions) parse + vref passes")
        let arguments = [
            "--mode", "time", "--stage", "vref", "--warmup", String(context.options.warmup),
            "--repetitions", String(context.options.repetitions), folder,
        ]
        let reports = try context.peers.run(peer, arguments, warmup: 0, repetitions: 1).map(\.report)
        let bytes = Double(reports.first?.bytes ?? input.totalBytes)
        return BenchmarkResult(
            identity, unit: .megabytesPerSecond,
            statistics: Statistics(
                reports.flatMap(\.seconds).map {
                    FigureUnit.megabytesPerSecond.figure(seconds: $0, work: bytes)
                }),
            peakMemoryBytes: reports.map { $0.peakRssKb * 1024 }.max(), agreement: agreement)
    }
}
