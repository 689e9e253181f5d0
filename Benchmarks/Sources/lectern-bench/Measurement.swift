import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How a benchmark's figure is expressed.
enum FigureUnit: String, Codable, Sendable {
    /// Megabytes (10⁶ bytes) of input per second; higher is better.
    case megabytesPerSecond = "MB/s"
    /// Microseconds per query; lower is better.
    case microsecondsPerQuery = "µs/query"
    /// Milliseconds per call; lower is better.
    case milliseconds = "ms"
    /// Microseconds per call (opening a version, reading a chapter, one step of a walk); lower is better.
    case microseconds = "µs"
    /// Lectern's speed divided by a peer's, measured in paired rounds; higher is better.
    case ratio = "×"

    /// Whether a larger figure means faster.
    var higherIsBetter: Bool { self == .megabytesPerSecond || self == .ratio }

    /// The figure for one sample that took `seconds` to do `work` (bytes for MB/s, calls for µs/query and ms).
    func figure(seconds: Double, work: Double) -> Double {
        switch self {
        case .megabytesPerSecond: work / 1_000_000 / max(seconds, 1e-12)
        case .microsecondsPerQuery, .microseconds: seconds * 1_000_000 / max(work, 1)
        case .milliseconds: seconds * 1_000 / max(work, 1)
        // (For a ratio `work` is the peer's seconds on the same input: Lectern's speed ÷ the peer's.)
        case .ratio: work / max(seconds, 1e-12)
        }
    }
}

/// Median, minimum and maximum of a benchmark's figures over its timed repetitions.
struct Statistics: Codable, Sendable {
    /// The median figure (the mean of the middle two for an even count).
    var median: Double
    /// The smallest figure.
    var minimum: Double
    /// The largest figure.
    var maximum: Double
    /// How many timed repetitions they come from.
    var count: Int

    /// Summarises figures; nil when there are none.
    init?(_ figures: [Double]) {
        guard !figures.isEmpty else { return nil }
        let sorted = figures.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        count = sorted.count
    }
}

/// Keeps benchmark results alive so the optimiser cannot drop the work that made them.
enum BlackHole {
    nonisolated(unsafe) private static var sink = 0

    /// Absorbs a checksum of a run's result (a count, a hash).
    @inline(never)
    static func consume(_ value: Int) {
        sink &+= value
    }

    /// Absorbs any value.
    @inline(never)
    static func consume<T>(_ value: T) {
        withExtendedLifetime(value) { sink &+= 1 }
    }

    /// What was absorbed, reported in the JSON so the sink is observably used.
    static var checksum: Int { sink }
}

/// Runs closures under the clock: warm-up passes, then timed repetitions.
enum Stopwatch {
    /// Seconds one call of `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return (clock.now - start).inSeconds
    }

    /// Runs `body` `warmup` times untimed, then `repetitions` times timed; each result goes to the black hole.
    static func samples(warmup: Int, repetitions: Int, _ body: () throws -> Int) rethrows -> [Double] {
        for _ in 0..<max(warmup, 0) { BlackHole.consume(try body()) }
        var seconds: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            var result = 0
            seconds.append(try time { result = try body() })
            BlackHole.consume(result)
        }
        return seconds
    }
}

/// The process's peak resident memory, resettable on Linux so each benchmark sees its own peak.
enum PeakMemory {
    /// Returns freed heap to the system (malloc_trim), then resets the high-water mark (writes 5 to
    /// /proc/self/clear_refs); false where the kernel does not allow it.
    @discardableResult
    static func reset() -> Bool {
        trimHeap()
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// glibc's malloc_trim, looked up at run time (Swift's Glibc module does not import malloc.h).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
            return nil
        #endif
    }()

    private static func trimHeap() {
        _ = mallocTrim?(0)
    }

    /// The peak resident set in bytes since the last reset (VmHWM in /proc/self/status), else getrusage's ru_maxrss.
    static func current() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        {
            return kilobytes * 1024
        }
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_maxrss) * 1024
    }
}

extension Duration {
    /// The duration as a number of seconds.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
