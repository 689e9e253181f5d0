import Foundation

/// Lays the results out as one table: a row per implementation and workload, Lectern first in each
/// group, each peer with the ratio Lectern ÷ peer beside its figure; then a legend saying how each
/// implementation was invoked.
struct TablePrinter {
    /// The results, in run order.
    var results: [BenchmarkResult]

    private static let header = [
        "Workload", "Mode", "Implementation", "Median", "Min", "Max", "Unit", "Peak RSS", "Lectern/peer",
        "Verses agree", "Notes",
    ]

    /// The table as aligned plain text, for the terminal.
    func text() -> String {
        let rows = [TablePrinter.header] + cells()
        var widths = [Int](repeating: 0, count: TablePrinter.header.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var lines = rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return (3...7).contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        lines.insert(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)), at: 1)
        return (lines + [""] + legend()).joined(separator: "\n") + "\n"
    }

    /// The table as GitHub Markdown, for the README.
    func markdown() -> String {
        let escape = { (cell: String) in cell.replacingOccurrences(of: "|", with: "\\|") }
        var lines = [
            "| " + TablePrinter.header.joined(separator: " | ") + " |",
            "|" + TablePrinter.header.indices.map { (3...7).contains($0) ? "---:|" : "---|" }.joined(),
        ]
        lines += cells().map { "| " + $0.map(escape).joined(separator: " | ") + " |" }
        return (lines + [""] + legend().map { "- " + $0 }).joined(separator: "\n") + "\n"
    }

    /// The rows' cells, grouped by workload and mode (Lectern's row first in each group).
    func cells() -> [[String]] {
        TablePrinter.groups(results).flatMap { group -> [[String]] in
            let lectern = group.first { $0.identity.implementation.isLectern }?.shownFigure
            return group.map { row(for: $0, lectern: lectern) }
        }
    }

    /// `results` grouped by workload and mode, the groups in the order of their first row, Lectern's row
    /// first in each group (the table's and the picture's order).
    static func groups(_ results: [BenchmarkResult]) -> [[BenchmarkResult]] {
        var order: [String] = []
        var groups: [String: [BenchmarkResult]] = [:]
        for result in results {
            let key = result.identity.workload + "\u{1F}" + result.identity.mode.rawValue
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(result)
        }
        return order.map { key in
            (groups[key] ?? []).sorted {
                $0.identity.implementation.isLectern && !$1.identity.implementation.isLectern
            }
        }
    }

    private func row(for result: BenchmarkResult, lectern: Double?) -> [String] {
        let implementation = result.identity.implementation
        let statistics = result.statistics
        let shown = result.shownFigure
        var notes = result.notes
        if let reason = result.unavailable { notes.insert(reason, at: 0) }
        if shown == nil, statistics != nil { notes.insert("figure withheld: verse output differs", at: 0) }
        var ratio = ""
        if !implementation.isLectern, let lectern, let shown, shown > 0 {
            let value = lectern / shown
            let faster = result.unit.higherIsBetter ? value > 1 : value < 1
            ratio = TablePrinter.format(value) + (faster ? " (Lectern faster)" : " (Lectern slower)")
        }
        return [
            result.identity.workload,
            result.identity.mode.rawValue,
            implementation.isLectern ? implementation.name : "\(implementation.name) \(implementation.version)",
            shown.map(TablePrinter.format) ?? "—",
            shown != nil ? statistics.map { TablePrinter.format($0.minimum) } ?? "" : "",
            shown != nil ? statistics.map { TablePrinter.format($0.maximum) } ?? "" : "",
            result.unit.rawValue,
            result.peakMemoryBytes.map { String(format: "%.0f MB", Double($0) / 1_000_000) } ?? "",
            ratio,
            result.agreement?.summary ?? "",
            notes.joined(separator: "; "),
        ]
    }

    /// How each measured implementation was invoked, and how to read the figures.
    func legend() -> [String] {
        var seen = Set<Implementation>()
        var lines: [String] = []
        for result in results where result.statistics != nil && seen.insert(result.identity.implementation).inserted {
            let implementation = result.identity.implementation
            lines.append(
                "\(implementation.name) \(implementation.version) (\(result.identity.mode.rawValue)): \(implementation.invocation)"
            )
        }
        lines.append(
            "Median, min and max of the timed repetitions after a warm-up; MB = 10^6 bytes of input; "
                + "Lectern/peer divides Lectern's median by the peer's.")
        lines.append(
            "Verses agree: verse texts compared with Lectern's vref (exact after collapsing white space, and with all "
                + "white space removed); a figure is withheld when fewer than "
                + "\(String(format: "%.1f", VerseAgreement.requiredShare * 100)) % of the verses have the same words.")
        return lines
    }

    /// A figure with three significant digits at most (`322`, `20.4`, `1.23`, `0.0451`).
    static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }
}
