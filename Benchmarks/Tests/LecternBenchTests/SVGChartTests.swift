import Foundation
import Testing

@testable import lectern_bench

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--svg`: the picture of a small real run is well-formed XML and has a line for every row, with its
/// workload, implementation and figure (or the reason it has none). No timing is asserted.
struct SVGChartTests {
    /// A small run without the corpus or the peers: two mapping rows measured once, and rows of peers that
    /// `--no-peers` leaves without a figure.
    static func smallRun() throws -> [BenchmarkResult] {
        let options = try RunOptions(
            [
                "--no-peers", "--repetitions", "1", "--warmup", "0", "--only", "map-verse/lectern",
                "map-chapter/lectern", "usfm-parse/usfm3", "search/overhead/tantivy",
            ], environment: [:])
        let context = BenchmarkContext(options: options, peers: PeerEnvironment(enabled: false))
        return try BenchmarkRegistry.all().selected(by: options.only).flatMap { try $0.run(context) }
    }

    /// The elements and attributes of an XML document, and whether it parsed.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            elements.append((name, attributes))
        }

        /// Text arrives in pieces (split at entities); each element's text ends with a line break.
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            text += "\n"
        }
    }

    @Test func theSmallRunIsWellFormedAndHasEveryRow() throws {
        let results = try Self.smallRun()
        #expect(results.count == 7)
        #expect(results.contains { $0.statistics != nil } && results.contains { $0.unavailable != nil })
        let svg = SVGChart(results: results, machine: MachineInfo.current().summary, date: "2026-12-07T21:00:00Z").svg()
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.elements.first?.name == "svg")
        #expect(collector.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let rows = collector.elements.filter { $0.name == "g" && $0.attributes["class"] == "row" }
        #expect(rows.count == results.count)
        #expect(
            rows.compactMap { $0.attributes["data-benchmark"] }
                == SVGChart(
                    results: results, machine: "", date: ""
                ).groups().flatMap { $0 }.map(\.identity.benchmark))
        for result in results {
            #expect(collector.text.contains(result.identity.workload), "\(result.identity.workload)")
            #expect(collector.text.contains(result.identity.implementation.name))
            if let figure = result.shownFigure {
                #expect(collector.text.contains(TablePrinter.format(figure) + " " + result.unit.rawValue))
            } else {
                #expect(collector.text.contains("— " + (result.unavailable ?? "").prefix(40)))
            }
        }
        #expect(collector.text.contains(MachineInfo.current().summary))
        #expect(collector.text.contains("2026-12-07T21:00:00Z"))
        // Lectern's rows, and only they, are drawn in the highlight colour.
        let blocks = svg.components(separatedBy: "<g class=\"row\"").dropFirst()
        let ordered = SVGChart(results: results, machine: "", date: "").groups().flatMap { $0 }
        #expect(blocks.count == ordered.count)
        for (block, result) in zip(blocks, ordered) {
            let highlighted = block.contains("#d9480f")
            #expect(highlighted == result.identity.implementation.isLectern, "\(result.identity.benchmark)")
        }
    }

    @Test(arguments: [
        ([0.5, 3.0], -1, 1), ([20.0, 20.0], 1, 2), ([1.0, 1000.0], 0, 3), ([0.0042, 5136.0], -3, 4), ([Double](), 0, 1),
    ])
    func theAxisSpansTheDecadesOfTheFigures(figures: [Double], low: Int, high: Int) {
        let decades = SVGChart.decades(figures)
        #expect(decades.low == low && decades.high == high)
    }

    @Test(arguments: [(-3, "0.001"), (-1, "0.1"), (0, "1"), (2, "100"), (5, "100000"), (6, "1e6")])
    func decadesAreLabelledPlainly(decade: Int, label: String) {
        #expect(SVGChart.decadeLabel(decade) == label)
    }

    @Test func markupInNamesIsEscaped() {
        #expect(SVGChart.escape("a < b & \"c\" > 'd'") == "a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;")
        #expect(SVGChart.escape("tab\tok\u{1}") == "tab\tok ")
    }
}
