import Foundation

/// The search queries in an interleaved order: rounds of every query once in turn (God, Melchizedek, the
/// phrase, the two words, the prefix, God, …), each call timed alone, so that no call finds the caches warmed
/// by the same query just before, as the back-to-back rows' calls do. The drivers (tantivy, Lucene) time
/// the same way in `searchcommon.interleaved` and `LuceneDriver.interleaved`.
extension BenchmarkContext {
    /// Times `calls` in rounds of one call each, in turn, each call timed alone; a sample is as many rounds
    /// as fit in about 20 ms (counted from one untimed round), after `warmup` untimed samples.
    func measureInterleaved(
        _ row: RowIdentity, labels: [String], _ calls: [() throws -> Int]
    ) throws -> BenchmarkResult {
        let once = try Stopwatch.time { for call in calls { BlackHole.consume(try call()) } }
        let rounds = max(1, Int(BenchmarkContext.minimumSampleSeconds / max(once, 1e-9)))
        PeakMemory.reset()
        let clock = ContinuousClock()
        var totals: [Double] = []
        var each = [[Double]](repeating: [], count: calls.count)
        var sum = 0
        for repetition in 0..<(max(options.warmup, 0) + max(options.repetitions, 1)) {
            var spent = [Duration](repeating: .zero, count: calls.count)
            for _ in 0..<rounds {
                for index in calls.indices {
                    let start = clock.now
                    sum &+= try calls[index]()
                    spent[index] += clock.now - start
                }
            }
            guard repetition >= options.warmup else { continue }
            let microseconds = spent.map { $0.inSeconds * 1_000_000 / Double(rounds) }
            totals.append(microseconds.reduce(0, +))
            for index in calls.indices { each[index].append(microseconds[index]) }
        }
        BlackHole.consume(sum)
        return InterleavedFigures(labels: labels, rounds: rounds, totals: totals, each: each)
            .result(row, peakMemoryBytes: PeakMemory.current())
    }
}

/// One shape's interleaved samples: µs per round of all the queries, and per call of each query.
struct InterleavedFigures {
    /// The queries, in the order of `each`.
    var labels: [String]
    /// Rounds in one sample.
    var rounds: Int
    /// µs per round of all the queries, per sample.
    var totals: [Double]
    /// µs per call of each query, per sample.
    var each: [[Double]]

    /// The row: its figure is µs per query, the mean over the round (a round's time ÷ the queries); the notes
    /// give each query's median.
    func result(_ row: RowIdentity, peakMemoryBytes: Int?) -> BenchmarkResult {
        let count = Double(max(labels.count, 1))
        let medians = zip(labels, each).map { label, samples in
            "\(label) \(Statistics(samples).map { TablePrinter.format($0.median) } ?? "—")"
        }
        return BenchmarkResult(
            row, unit: .microsecondsPerQuery, statistics: Statistics(totals.map { $0 / count }),
            peakMemoryBytes: peakMemoryBytes,
            notes: [
                "per query (medians, µs): " + medians.joined(separator: ", "),
                "\(rounds) rounds per sample, each call timed alone",
            ])
    }

    /// The workload text of the interleaved rows of `shape`, the same for every engine.
    static func workload(_ shape: SearchBenchmarks.Shape) -> String {
        "Search the five queries in turn, a different one each call, \(shape.description) (mean per query)"
    }
}
