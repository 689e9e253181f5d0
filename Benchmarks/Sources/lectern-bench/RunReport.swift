import Foundation

/// Everything one run produced, as `--json` writes it.
struct RunReport: Codable {
    /// When the run started (ISO 8601).
    var date: String
    /// Where it ran.
    var machine: MachineInfo
    /// The corpus folder.
    var corpus: String
    /// Untimed runs before the timed ones.
    var warmup: Int
    /// Timed repetitions asked for (slow peers may run fewer; each row's statistics say how many).
    var repetitions: Int
    /// The rows, in run order.
    var results: [BenchmarkResult]
    /// What the black hole absorbed (proof the measured work was not optimised away).
    var blackHoleChecksum: Int

    /// Writes the report as pretty-printed JSON, atomically.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
