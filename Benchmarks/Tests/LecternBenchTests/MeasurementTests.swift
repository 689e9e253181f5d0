import Testing

@testable import lectern_bench

struct MeasurementTests {
    struct StatisticsCase: Sendable, CustomTestStringConvertible {
        var figures: [Double]
        var median: Double
        var minimum: Double
        var maximum: Double
        var testDescription: String { "\(figures)" }
    }

    @Test(arguments: [
        StatisticsCase(figures: [3], median: 3, minimum: 3, maximum: 3),
        StatisticsCase(figures: [5, 1, 3], median: 3, minimum: 1, maximum: 5),
        StatisticsCase(figures: [4, 1, 3, 10], median: 3.5, minimum: 1, maximum: 10),
    ])
    func statisticsSummariseFigures(_ example: StatisticsCase) throws {
        let statistics = try #require(Statistics(example.figures))
        #expect(statistics.median == example.median)
        #expect(statistics.minimum == example.minimum)
        #expect(statistics.maximum == example.maximum)
        #expect(statistics.count == example.figures.count)
    }

    @Test func noFiguresGiveNoStatistics() {
        #expect(Statistics([]) == nil)
    }

    @Test(arguments: [
        (FigureUnit.megabytesPerSecond, 0.5, 20_000_000.0, 40.0),
        (FigureUnit.microsecondsPerQuery, 0.02, 100.0, 200.0),
        (FigureUnit.milliseconds, 0.25, 1.0, 250.0),
        (FigureUnit.milliseconds, 0.5, 10.0, 50.0),
    ])
    func unitsConvertSecondsAndWork(unit: FigureUnit, seconds: Double, work: Double, figure: Double) {
        #expect(abs(unit.figure(seconds: seconds, work: work) - figure) < 1e-9)
    }

    @Test func stopwatchTakesTheRequestedSamplesAndFeedsTheBlackHole() {
        let before = BlackHole.checksum
        var calls = 0
        let samples = Stopwatch.samples(warmup: 2, repetitions: 3) {
            calls += 1
            return 7
        }
        #expect(samples.count == 3)
        #expect(calls == 5)
        #expect(samples.allSatisfy { $0 >= 0 })
        #expect(BlackHole.checksum == before &+ 35)
    }

    @Test func peakMemoryIsReadFromTheKernel() {
        PeakMemory.reset()
        let before = PeakMemory.current()
        let block = [UInt8](repeating: 1, count: 64 << 20)
        BlackHole.consume(block.reduce(0) { $0 &+ Int($1) })
        let after = PeakMemory.current()
        #expect(before > 0)
        #expect(after >= before + (48 << 20))
    }
}
