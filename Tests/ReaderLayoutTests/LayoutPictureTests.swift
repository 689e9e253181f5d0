import Foundation
import ReaderLayout
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `lectern layout --svg`: the drawing's boxes, where they are, and that the SVG parses with them.
@Suite struct LayoutPictureTests {
    /// The `id` of every `<g>` and the attributes of the `<rect>` inside it, read back with XMLParser.
    final class Reader: NSObject, XMLParserDelegate {
        var rects: [String: [String: String]] = [:]
        var group: String?
        var root: String?
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if root == nil { root = name }
            if name == "g" { group = attributes["id"] }
            if name == "rect", let group { rects[group] = attributes }
        }
    }

    private func parse(_ svg: String) throws -> [String: [String: String]] {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "the SVG is well-formed XML")
        #expect(reader.root == "svg")
        return reader.rects
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: ReaderEnvironment
        /// id → (y, height), or nil for a box that must not be drawn.
        var boxes: [String: (Int, Int)?]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "defaults: controls at the bottom, no tabs, no host bar", environment: ReaderEnvironment(),
            boxes: [
                "status-bar": (0, 47), "reader-controls": (788, 56), "search": (792, 48), "menu": (792, 48),
                "tab-bar": nil, "host-navigation-bar": nil, "vertical-toolbar": nil,
            ]),
        Case(
            name: "bottom tabs on iOS 18: controls at the top, tabs at the bottom",
            environment: ReaderEnvironment(tabBar: .bottom),
            boxes: ["tab-bar": (761, 83), "reader-controls": (47, 56), "previous": (51, 48)]),
        Case(
            name: "shared in the app's stack: Search and the menu in the host bar",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, hostBackButton: true, hostTitle: true),
            boxes: [
                "host-navigation-bar": (47, 44), "host-back-button": (54, 30), "host-title": (54, 30),
                "search": (54, 30), "menu": (54, 30), "reader-controls": (788, 56),
            ]),
        Case(
            name: "justForReader with a vertical toolbar, collapsed: native items on the right, labels only",
            environment: ReaderEnvironment(
                tabBar: .top, stack: .justForReader, hasVerticalToolbar: true, controlsCollapsed: true,
                hostStack: true),
            boxes: [
                "host-navigation-bar": nil, "tab-bar": (47, 50), "reader-controls": (816, 28),
                "vertical-toolbar": (47, 797), "menu": (55, 42), "search": (103, 42), "previous": (151, 42),
            ]),
        Case(
            name: "limited space: Search in the system overflow menu",
            environment: ReaderEnvironment(stack: .shared, hostStack: true, limitedSpace: true),
            boxes: ["system-overflow-menu": (54, 30), "search": nil, "menu": (54, 30)]),
        Case(
            name: "a minimized bottom tab bar is drawn small at its edge",
            environment: ReaderEnvironment(osVersion: 26, tabBar: .bottom, tabBarState: .minimized),
            boxes: ["tab-bar": (804, 40), "reader-controls": (47, 56)]),
        Case(
            name: "a hidden tab bar is not drawn",
            environment: ReaderEnvironment(tabBar: .bottom, tabBarState: .hidden),
            boxes: ["tab-bar": nil, "reader-controls": (788, 56)]),
    ]

    @Test("Each box is drawn at its edge, in the SVG too", arguments: cases)
    func boxes(_ item: Case) throws {
        let picture = LayoutPicture(LayoutResolver.resolve(item.environment))
        let rects = try parse(picture.svg)
        for (id, expected) in item.boxes {
            if let (y, height) = expected {
                #expect(picture.box(id)?.y == y, "\(id)")
                #expect(picture.box(id)?.height == height, "\(id)")
                #expect(rects[id]?["y"] == String(y), "\(id) in the SVG")
                #expect(rects[id]?["height"] == String(height), "\(id) in the SVG")
            } else {
                #expect(picture.box(id) == nil, "\(id) is not drawn")
                #expect(rects[id] == nil, "\(id) is not in the SVG")
            }
        }
    }

    @Test("Every box lies on the screen and ids are unique, in every environment")
    func everyPictureFits() {
        for environment in ReaderEnvironment.everyCombination {
            let picture = LayoutPicture(LayoutResolver.resolve(environment))
            #expect(Set(picture.boxes.map(\.id)).count == picture.boxes.count, "\(environment)")
            for box in picture.boxes {
                #expect(box.x >= 0 && box.y >= 0 && box.width > 0 && box.height > 0, "\(box.id) \(environment)")
                #expect(box.x + box.width <= LayoutPicture.width && box.y + box.height <= LayoutPicture.height)
            }
        }
    }

    @Test("Warnings and the environment are written under the screen, escaped")
    func warningsAndCaption() throws {
        let picture = LayoutPicture(
            LayoutResolver.resolve(ReaderEnvironment(stack: .shared, hostStack: true, hostBarHidden: true)))
        _ = try parse(picture.svg)
        #expect(picture.svg.contains(#"<text id="warning-1""#))
        #expect(picture.svg.contains("warning: the host navigation bar is hidden, so Search and the menu in it"))
        #expect(picture.svg.contains(#"<text id="caption-1""#))
        #expect(LayoutPicture.escaped(#"a<b & "c">"#) == "a&lt;b &amp; &quot;c&quot;&gt;")
    }
}
