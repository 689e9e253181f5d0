import Foundation
import Lectern
import XMLSAXShim

/// The goals' ratios measured in paired rounds: each round times one pass of Lectern and then one of the peer
/// on the same files, and its figure is Lectern's speed divided by the peer's in that round. On a shared host
/// whose speed drifts by tens of percent over minutes, rows measured a minute apart can put the ratio of their
/// medians on either side of a goal; a round's two passes run seconds apart, so the drift is mostly common to
/// both and the median of the rounds' ratios is the steadier figure.
enum PairedBenchmarks {
    /// How many rounds each paired row runs: at least 9, more when more repetitions are asked for.
    static func rounds(_ context: BenchmarkContext) -> Int { max(9, context.options.repetitions) }

    /// Registers the rows, which come after the rows whose ratios they pair.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "paired/usfm-parse",
            "USFM parse of eng-web-usfm in paired rounds: Lectern's speed ÷ usfm3 parse()'s, one pass each a round (×)"
        ) { context in [try usfm3Pairs(context, stage: "parse")] }
        registry.register(
            "paired/usfm-parse-core",
            "USFM parse of eng-web-usfm in paired rounds: Lectern's speed ÷ usfm3's Rust core's (parse() alone, on "
                + "strings decoded before the clock) (×)"
        ) { context in [try usfm3Pairs(context, stage: "core")] }
        registry.register(
            "paired/usfm-vref",
            "USFM parse + vref of eng-web-usfm in paired rounds: Lectern's speed ÷ usfm3 parse() + to_vref()'s (×)"
        ) { context in [try usfm3Pairs(context, stage: "vref")] }
        registry.register(
            "paired/usx-parse",
            "USX parse of eng-web-usx in paired rounds: Lectern's speed ÷ libxml2 SAX2's with counting callbacks (×)"
        ) { context in [try libxml2Pairs(context)] }
    }

    /// Lectern's USFM parse (or parse + vref) against usfm3's driver: a round is one untimed and one timed Lectern
    /// pass in this process, then one driver process that does the same (`--warmup 1 --repetitions 1`); the
    /// figure is the driver's seconds ÷ Lectern's. Stage `core` times only usfm3's `parse` calls, on Python
    /// strings decoded before its clock starts (its Rust core, without decoding or the loop), against
    /// Lectern's parse of the bytes.
    static func usfm3Pairs(_ context: BenchmarkContext, stage: String) throws -> BenchmarkResult {
        let peer = Peer.usfm3
        let input = try ParseBenchmarks.usfmInput(context)
        let version = context.peers.implementation(peer, mode: .inProcess).version
        let (workload, lecternCall, peerCall) =
            stage == "vref"
            ? (
                ParseFloorBenchmarks.vrefWorkload(input),
                "USFMParser.parse and Book.appendVrefLines(to:) file by file, the lines as one String",
                "usfm3.parse(text) and every item of doc.to_vref()"
            )
            : (
                ParseBenchmarks.workload(input), "USFMParser.parse(bytes, path:, session:) per file",
                stage == "core"
                    ? "only usfm3.parse(text) timed, call by call, on strings decoded before the clock"
                    : "usfm3.parse(text)"
            )
        let count = rounds(context)
        let identity = RowIdentity(
            benchmark: stage == "core" ? "paired/usfm-parse-core" : "paired/usfm-\(stage)",
            workload: workload + ": paired rounds", mode: .inProcess,
            implementation: Implementation(
                name: stage == "core" ? "Lectern ÷ usfm3's core" : "Lectern ÷ usfm3", version: version,
                invocation:
                    "\(count) rounds, each one untimed and one timed pass of \(lecternCall) on one core, then one "
                    + "usfm3 driver process doing the same (\(peerCall), over the files in memory); the figure is "
                    + "usfm3's seconds ÷ Lectern's"))
        if let reason = context.peers.unavailableReason(peer) {
            return BenchmarkResult(identity, unit: .ratio, unavailable: reason)
        }
        let lecternPass: () -> Int =
            stage == "vref"
            ? { ParseFloorBenchmarks.vrefFileByFile(input).utf8.count } : { ParseBenchmarks.usfmPass(input) }
        let folder = context.corpusFolder(ParseBenchmarks.usfmFolder).path
        let arguments = ["--mode", "time", "--stage", stage, "--warmup", "1", "--repetitions", "1", folder]
        context.log("usfm3 against Lectern, \(stage): \(count) paired rounds")
        var ratios: [Double] = []
        for _ in 0..<count {
            // As the driver does: one pass untimed (the caches hold the other process's data), one timed.
            var result = lecternPass()
            let lectern = Stopwatch.time { result &+= lecternPass() }
            BlackHole.consume(result)
            let reports = try context.peers.run(peer, arguments, warmup: 0, repetitions: 1).map(\.report)
            guard let seconds = reports.first?.seconds.first, reports.first?.bytes == input.totalBytes else {
                throw ProcessError(description: "usfm3's driver gave no timed pass over all \(input.totalBytes) bytes")
            }
            ratios.append(FigureUnit.ratio.figure(seconds: lectern, work: seconds))
        }
        return BenchmarkResult(identity, unit: .ratio, statistics: Statistics(ratios), peakMemoryBytes: nil)
    }

    /// Lectern's USX parse against libxml2's SAX2 parse with counting callbacks (the row the USX goal names),
    /// both in this process: a round is one untimed and one timed pass of each over eng-web-usx, in turn.
    static func libxml2Pairs(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let input = try ParseFloorBenchmarks.usxInput(context)
        let count = rounds(context)
        let identity = RowIdentity(
            benchmark: "paired/usx-parse", workload: "USX parse, \(input.label) (decompressed): paired rounds",
            mode: .inProcess,
            implementation: Implementation(
                name: "Lectern ÷ libxml2", version: ParseFloorBenchmarks.libxml2Version,
                invocation:
                    "\(count) rounds, each one untimed and one timed pass of USXParser.parse(bytes, path:) per "
                    + "file, then the same of libxml2's SAX2 parse with Lectern's callback set only counting, "
                    + "one core; the figure is libxml2's seconds ÷ Lectern's (1 ÷ 1.5 = 0.667 is the goal's bound)"))
        let lecternPass = { ParseBenchmarks.usxPass(input) }
        let libxml2Pass = {
            ParseFloorBenchmarks.pass(input) { ParseFloorBenchmarks.parse($0, bench_sax_lectern_callbacks) }
        }
        context.log("libxml2 against Lectern, USX: \(count) paired rounds")
        var ratios: [Double] = []
        for _ in 0..<count {
            // Each timed pass after an untimed one of its own, as in the usfm3 rounds.
            var result = lecternPass()
            let lectern = Stopwatch.time { result &+= lecternPass() }
            result &+= libxml2Pass()
            let libxml2 = Stopwatch.time { result &+= libxml2Pass() }
            BlackHole.consume(result)
            ratios.append(FigureUnit.ratio.figure(seconds: lectern, work: libxml2))
        }
        return BenchmarkResult(identity, unit: .ratio, statistics: Statistics(ratios), peakMemoryBytes: nil)
    }
}
