import Foundation

/// A picture of a run, for readers who would rather look than read the table: for each workload (grouped as the
/// table groups them, by workload and mode), each implementation's median as a bar on a logarithmic scale of
/// that workload's own decades, Lectern's bar highlighted, the value and unit at the bar's end, and the machine
/// and date in the top right corner. A row without a figure keeps its line, with the reason in grey.
struct SVGChart {
    /// The results, in run order.
    var results: [BenchmarkResult]
    /// `AMD EPYC, 2 cores, …`.
    var machine: String
    /// When the run started.
    var date: String

    /// Page width and the columns, in pixels.
    private static let width = 1100.0
    private static let labelRight = 400.0
    private static let plotLeft = 410.0
    private static let plotRight = 960.0
    private static let rowHeight = 16.0
    private static let headerHeight = 34.0
    private static let groupGap = 10.0
    private static let lecternColour = "#d9480f"
    private static let peerColour = "#8295b0"

    /// The SVG document.
    func svg() -> String {
        var body: [String] = []
        var y = 56.0
        for group in groups() {
            body.append(contentsOf: draw(group, top: y))
            y += SVGChart.headerHeight + SVGChart.rowHeight * Double(group.count) + SVGChart.groupGap
        }
        let height = y + 10
        let head = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGChart.number(SVGChart.width))\" "
                + "height=\"\(SVGChart.number(height))\" viewBox=\"0 0 \(SVGChart.number(SVGChart.width)) "
                + "\(SVGChart.number(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">",
            "<title>Lectern benchmarks: \(SVGChart.escape(date))</title>",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">Lectern and its peers</text>",
            "<text x=\"10\" y=\"40\" fill=\"#555555\">Each row's median, on a log scale per workload; Lectern's bars in "
                + "<tspan fill=\"\(SVGChart.lecternColour)\" font-weight=\"bold\">orange</tspan>; each workload says "
                + "whether more or less is faster</text>",
            "<text class=\"machine\" x=\"\(SVGChart.number(SVGChart.width - 10))\" y=\"18\" text-anchor=\"end\" "
                + "fill=\"#555555\">\(SVGChart.escape(machine))</text>",
            "<text class=\"date\" x=\"\(SVGChart.number(SVGChart.width - 10))\" y=\"34\" text-anchor=\"end\" "
                + "fill=\"#555555\">\(SVGChart.escape(date))</text>",
        ]
        return (head + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    /// The rows grouped as the table groups them: by workload and mode, in run order, Lectern first.
    func groups() -> [[BenchmarkResult]] { TablePrinter.groups(results) }

    /// The decades the group's axis spans: from the power of ten at or below its smallest median to the one at or
    /// above its largest, at least one decade.
    static func decades(_ figures: [Double]) -> (low: Int, high: Int) {
        let positive = figures.filter { $0 > 0 }
        guard let smallest = positive.min(), let largest = positive.max() else { return (0, 1) }
        let low = Int(log10(smallest).rounded(.down))
        let high = max(low + 1, Int(log10(largest).rounded(.up)))
        return (low, high)
    }

    private func draw(_ group: [BenchmarkResult], top: Double) -> [String] {
        guard let first = group.first else { return [] }
        let unit = first.unit
        let figures = group.compactMap(\.shownFigure)
        let (low, high) = SVGChart.decades(figures)
        let plotTop = top + SVGChart.headerHeight - 4
        let plotBottom = plotTop + SVGChart.rowHeight * Double(group.count)
        let x = { (value: Double) -> Double in
            let fraction = (log10(max(value, 1e-300)) - Double(low)) / Double(high - low)
            return SVGChart.plotLeft + (SVGChart.plotRight - SVGChart.plotLeft) * min(max(fraction, 0), 1)
        }
        let direction = unit.higherIsBetter ? "more is faster" : "less is faster"
        var lines = [
            "<g class=\"workload\">",
            "<text x=\"10\" y=\"\(SVGChart.number(top + 14))\" font-weight=\"bold\">"
                + "\(SVGChart.escape(first.identity.workload))</text>",
            "<text x=\"10\" y=\"\(SVGChart.number(top + 27))\" fill=\"#555555\">"
                + "\(SVGChart.escape("\(first.identity.mode.rawValue); \(unit.rawValue), \(direction)"))</text>",
        ]
        for decade in low...high {
            let position = SVGChart.number(x(pow(10, Double(decade))))
            lines.append(
                "<line x1=\"\(position)\" y1=\"\(SVGChart.number(plotTop))\" x2=\"\(position)\" "
                    + "y2=\"\(SVGChart.number(plotBottom))\" stroke=\"#dddddd\"/>")
            lines.append(
                "<text x=\"\(position)\" y=\"\(SVGChart.number(plotTop - 2))\" text-anchor=\"middle\" font-size=\"9\" "
                    + "fill=\"#888888\">\(SVGChart.decadeLabel(decade))</text>")
        }
        for (index, result) in group.enumerated() {
            let baseline = plotTop + SVGChart.rowHeight * Double(index)
            lines.append(contentsOf: row(result, top: baseline, x: x))
        }
        lines.append("</g>")
        return lines
    }

    private func row(_ result: BenchmarkResult, top: Double, x: (Double) -> Double) -> [String] {
        let implementation = result.identity.implementation
        let lectern = implementation.isLectern
        let label = lectern ? implementation.name : "\(implementation.name) \(implementation.version)"
        let textY = SVGChart.number(top + 12)
        var lines = [
            "<g class=\"row\" data-benchmark=\"\(SVGChart.escape(result.identity.benchmark))\">",
            "<title>\(SVGChart.escape(tooltip(result)))</title>",
            "<text x=\"\(SVGChart.number(SVGChart.labelRight))\" y=\"\(textY)\" text-anchor=\"end\""
                + (lectern ? " font-weight=\"bold\" fill=\"\(SVGChart.lecternColour)\"" : "")
                + ">\(SVGChart.escape(label))</text>",
        ]
        if let figure = result.shownFigure {
            let end = max(x(figure), SVGChart.plotLeft + 1)
            lines.append(
                "<rect x=\"\(SVGChart.number(SVGChart.plotLeft))\" y=\"\(SVGChart.number(top + 3))\" "
                    + "width=\"\(SVGChart.number(end - SVGChart.plotLeft))\" height=\"\(SVGChart.number(SVGChart.rowHeight - 5))\" "
                    + "fill=\"\(lectern ? SVGChart.lecternColour : SVGChart.peerColour)\"/>")
            lines.append(
                "<text x=\"\(SVGChart.number(end + 4))\" y=\"\(textY)\""
                    + (lectern ? " font-weight=\"bold\"" : "")
                    + ">\(SVGChart.escape(TablePrinter.format(figure) + " " + result.unit.rawValue))</text>")
        } else {
            let reason =
                result.unavailable
                ?? (result.statistics != nil ? "figure withheld: verse output differs" : "not measured")
            lines.append(
                "<text x=\"\(SVGChart.number(SVGChart.plotLeft))\" y=\"\(textY)\" fill=\"#999999\" font-style=\"italic\">"
                    + "\(SVGChart.escape("— " + String(reason.prefix(110))))</text>")
        }
        lines.append("</g>")
        return lines
    }

    /// The hover text of a row: its median, minimum and maximum, and its notes.
    private func tooltip(_ result: BenchmarkResult) -> String {
        var parts = ["\(result.identity.implementation.name) \(result.identity.implementation.version)"]
        if let statistics = result.statistics {
            parts.append(
                "median \(TablePrinter.format(statistics.median)), min \(TablePrinter.format(statistics.minimum)), "
                    + "max \(TablePrinter.format(statistics.maximum)) \(result.unit.rawValue)")
        }
        parts += result.notes
        return parts.joined(separator: "; ")
    }

    /// The label of the power of ten `decade`: `0.01`, `1`, `1000`, `1e6`.
    static func decadeLabel(_ decade: Int) -> String {
        if decade < 0 { return "0." + String(repeating: "0", count: -decade - 1) + "1" }
        return decade <= 5 ? "1" + String(repeating: "0", count: decade) : "1e\(decade)"
    }

    /// `text` with XML's five special characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Control characters other than tab and line breaks are not allowed in XML 1.0.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}": out += " "
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A coordinate with at most one decimal.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
