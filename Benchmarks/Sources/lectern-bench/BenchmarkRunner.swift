import Foundation

/// Runs the selected benchmarks one after another and reports them.
struct BenchmarkRunner {
    /// The command line's settings.
    var options: RunOptions

    /// Runs; returns the exit status (0, or 1 when a benchmark failed, 64 for an unknown `--only` name).
    func run() -> Int32 {
        let registry = BenchmarkRegistry.all()
        if options.list {
            for benchmark in registry.benchmarks { print("\(benchmark.name)\t\(benchmark.summary)") }
            return 0
        }
        let unmatched = registry.unmatched(options.only)
        guard unmatched.isEmpty else {
            FileHandle.standardError.write(
                Data("Error: no benchmark named \(unmatched.joined(separator: ", ")) (see --list)\n".utf8))
            return 64
        }
        let started = ISO8601DateFormatter().string(from: Date())
        let machine = MachineInfo.current()
        let context = BenchmarkContext(options: options, peers: PeerEnvironment(enabled: options.peers))
        if options.peers, context.peers.python == nil {
            context.log("peers not set up (run Benchmarks/peers/setup.sh); their rows will say so")
        }
        var results: [BenchmarkResult] = []
        var failures = 0
        for benchmark in registry.selected(by: options.only) {
            context.log("running \(benchmark.name)")
            do {
                results += try benchmark.run(context)
            } catch {
                failures += 1
                context.log("\(benchmark.name) failed: \(error)")
            }
        }
        print("Machine: \(machine.summary)")
        print("Corpus: \(options.corpus.path); warm-up \(options.warmup), repetitions \(options.repetitions)\n")
        let table = TablePrinter(results: results)
        print(table.text(), terminator: "")
        do {
            if let path = options.jsonPath {
                try RunReport(
                    date: started, machine: machine, corpus: options.corpus.path, warmup: options.warmup,
                    repetitions: options.repetitions, results: results, blackHoleChecksum: BlackHole.checksum
                ).write(to: path)
            }
            if let path = options.markdownPath {
                let text = "Machine: \(machine.summary)\n\n" + table.markdown()
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            if let path = options.svgPath {
                let chart = SVGChart(results: results, machine: machine.summary, date: started)
                try Data(chart.svg().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            FileHandle.standardError.write(Data("Error: cannot write the report: \(error)\n".utf8))
            return 1
        }
        return failures == 0 ? 0 : 1
    }
}
