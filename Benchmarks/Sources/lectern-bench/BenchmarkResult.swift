/// Who produced a figure: Lectern or a peer, with its version and how it was invoked.
struct Implementation: Codable, Sendable, Hashable {
    /// `Lectern`, `usfm3`, `SQLite FTS5`, …
    var name: String
    /// The version measured.
    var version: String
    /// How it was called, such as `usfm3.parse(text) per file, CPython 3.13.0`.
    var invocation: String

    /// Whether this is Lectern itself (the numerator of every ratio).
    var isLectern: Bool { name == Implementation.lecternName }

    /// The name Lectern's rows carry.
    static let lecternName = "Lectern"
}

/// Whether the clock ran inside the measured code's process or around a whole process.
enum RunMode: String, Codable, Sendable {
    /// Timed by the code itself (the runner, or a peer driver's own loop); start-up excluded.
    case inProcess = "in-process"
    /// Timed by the runner around a whole process: start-up, reading the files, writing the output.
    case wholeProcess = "whole process"
}

/// Where a row sits in the table: the workload it measures, how, and by whom.
struct RowIdentity: Codable, Sendable {
    /// The registered benchmark's name.
    var benchmark: String
    /// The workload, the same text for every implementation compared on it (`USFM parse, eng-web-usfm`).
    var workload: String
    /// In-process or whole process.
    var mode: RunMode
    /// Who ran it.
    var implementation: Implementation
}

/// One row of the results: a figure with its spread, or the reason there is none.
struct BenchmarkResult: Codable, Sendable {
    /// Where the row sits.
    var identity: RowIdentity
    /// The unit of the figures.
    var unit: FigureUnit
    /// Median, minimum and maximum of the figures; nil when not measured.
    var statistics: Statistics?
    /// Peak resident memory during the run, in bytes, when it was measured.
    var peakMemoryBytes: Int?
    /// Why there is no figure (`not yet available: …`), or nil.
    var unavailable: String?
    /// How this implementation's verse texts compare with Lectern's, when checked.
    var agreement: VerseAgreement?
    /// Anything a reader of the table should know (`one run only`).
    var notes: [String]

    /// A measured row.
    init(
        _ identity: RowIdentity, unit: FigureUnit, statistics: Statistics?, peakMemoryBytes: Int?,
        agreement: VerseAgreement? = nil, notes: [String] = []
    ) {
        self.identity = identity
        self.unit = unit
        self.statistics = statistics
        self.peakMemoryBytes = peakMemoryBytes
        self.unavailable = statistics == nil ? "no samples" : nil
        self.agreement = agreement
        self.notes = notes
    }

    /// A row of whole processes: figures from each one's wall time, peak memory the largest child peak.
    init(
        _ identity: RowIdentity, unit: FigureUnit, processes: [ProcessOutcome], work: Double,
        agreement: VerseAgreement? = nil, notes: [String] = []
    ) {
        self.init(
            identity, unit: unit,
            statistics: Statistics(processes.map { unit.figure(seconds: $0.seconds, work: work) }),
            peakMemoryBytes: processes.compactMap(\.peakMemoryBytes).max(), agreement: agreement, notes: notes)
    }

    /// A row that says why there is no figure.
    init(_ identity: RowIdentity, unit: FigureUnit, unavailable reason: String) {
        self.identity = identity
        self.unit = unit
        self.statistics = nil
        self.peakMemoryBytes = nil
        self.unavailable = reason
        self.agreement = nil
        self.notes = []
    }

    /// The figure shown in the table: the median, withheld when the verse output was checked and found wrong.
    var shownFigure: Double? {
        if let agreement, !agreement.isRight { return nil }
        return statistics?.median
    }
}
