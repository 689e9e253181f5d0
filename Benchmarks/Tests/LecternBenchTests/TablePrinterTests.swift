import Testing

@testable import lectern_bench

struct TablePrinterTests {
    static func row(
        _ name: String, _ mode: RunMode, _ median: Double, unit: FigureUnit = .megabytesPerSecond,
        agreement: VerseAgreement? = nil
    ) -> BenchmarkResult {
        let implementation = Implementation(name: name, version: "1.0", invocation: "\(name) call")
        let identity = RowIdentity(benchmark: "w/\(name)", workload: "Work", mode: mode, implementation: implementation)
        return BenchmarkResult(
            identity, unit: unit, statistics: Statistics([median, median * 0.5, median * 2]),
            peakMemoryBytes: 42_000_000,
            agreement: agreement)
    }

    static let wrong = VerseAgreement(
        reference: "Lectern", VerseList(vref: "GEN 1:1\ta b\nGEN 1:2\tc\n"), VerseList(vref: "GEN 1:1\ta\n"))

    @Test func lecternLeadsEachGroupAndPeersShowTheRatio() {
        let printer = TablePrinter(results: [
            Self.row("peer", .inProcess, 50),
            Self.row(Implementation.lecternName, .inProcess, 200),
            Self.row("slow", .inProcess, 400),
        ])
        let cells = printer.cells()
        #expect(cells.map { $0[2] } == ["Lectern", "peer 1.0", "slow 1.0"])
        #expect(cells.map { $0[8] } == ["", "4.00 (Lectern faster)", "0.5 (Lectern slower)"])
        #expect(cells[0][3] == "200" && cells[0][4] == "100" && cells[0][5] == "400")
        #expect(cells[0][7] == "42 MB")
    }

    @Test func timeUnitsAreFasterWhenSmaller() {
        let printer = TablePrinter(results: [
            Self.row(Implementation.lecternName, .inProcess, 2, unit: .microsecondsPerQuery),
            Self.row("fts", .inProcess, 8, unit: .microsecondsPerQuery),
        ])
        #expect(printer.cells()[1][8] == "0.25 (Lectern faster)")
    }

    @Test func wrongOutputWithholdsTheFigureAndTheRatio() {
        let printer = TablePrinter(results: [
            Self.row(Implementation.lecternName, .wholeProcess, 200),
            Self.row("peer", .wholeProcess, 50, agreement: Self.wrong),
        ])
        let peer = printer.cells()[1]
        #expect(peer[3] == "—" && peer[4] == "" && peer[8] == "")
        #expect(peer[9] == "0/2 exact, 0 same words")
        #expect(peer[10].hasPrefix("figure withheld"))
    }

    @Test func unavailableRowsSayWhy() {
        let identity = RowIdentity(
            benchmark: "x", workload: "Work", mode: .inProcess,
            implementation: Implementation(name: Implementation.lecternName, version: "1", invocation: "x"))
        let printer = TablePrinter(results: [BenchmarkResult(identity, unit: .milliseconds, unavailable: "not yet")])
        #expect(printer.cells()[0][3] == "—")
        #expect(printer.cells()[0][10] == "not yet")
        #expect(printer.markdown().contains("| Work | in-process | Lectern | — |"))
    }

    @Test(arguments: [(322.4, "322"), (20.44, "20.4"), (1.234, "1.23"), (0.04512, "0.0451")])
    func figuresKeepThreeSignificantDigits(value: Double, text: String) {
        #expect(TablePrinter.format(value) == text)
    }
}
