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

    /// Every environment that changes the drawing: each tab bar, state, placement, stack mode and host
    /// variant, with and without a vertical toolbar, the overflow toolchain, limited space and collapsing, on
    /// iOS 17, 18 and 27; unreported tabs at each edge (17,280 environments and 2,304 with custom tabs).
    static let everyDrawing: [ReaderEnvironment] = {
        var all: [ReaderEnvironment] = []
        for os in [17, 18, 27] {
            for tabBar in HostTabBar.allCases {
                for state in TabBarState.allCases {
                    for placement in NavigationPlacement.allCases {
                        for stack in NavigationStackMode.allCases {
                            for host in ReaderEnvironment.hostVariants {
                                for bits in 0..<16 {
                                    var environment = ReaderEnvironment(
                                        osVersion: os, tabBar: tabBar, placement: placement, stack: stack,
                                        hasVerticalToolbar: bits & 1 != 0, toolchainHasOverflowMenu: bits & 2 != 0,
                                        controlsCollapsed: bits & 8 != 0, tabBarState: state,
                                        limitedSpace: bits & 4 != 0)
                                    host(&environment)
                                    all.append(environment)
                                    if tabBar == .unreported, state == .shown {
                                        all.append(environment.with { $0.customTabsEdge = .top })
                                        all.append(environment.with { $0.customTabsEdge = .bottom })
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    @Test(
        "No label is clipped in any environment: each box fits its measured label, rows do not overlap, notes wrap",
        arguments: ["Bible", "WEB", "KOR1910", "A very long abbreviation indeed"])
    func noLabelIsClipped(bible: String) {
        #expect(Self.everyDrawing.count == 17_280 + 2 * 1_152)
        var smallest = LayoutPicture.fontSize
        for environment in Self.everyDrawing {
            let picture = LayoutPicture(LayoutResolver.resolve(environment), bible: bible)
            for box in picture.boxes where !box.label.isEmpty {
                #expect(
                    LayoutPicture.fits(box.label, width: box.width, fontSize: box.fontSize),
                    "'\(box.label)' in \(box.id), \(box.width) points at \(box.fontSize): \(environment)")
                smallest = min(smallest, box.fontSize)
            }
            // The items of the reader's controls lie inside them, left to right, apart.
            if let controls = picture.box("reader-controls") {
                let items = picture.boxes.filter { $0.y == controls.y + 4 }
                for (left, right) in zip(items, items.dropFirst()) {
                    #expect(left.x + left.width < right.x, "\(left.id) overlaps \(right.id): \(environment)")
                }
                if let last = items.last {
                    #expect(last.x + last.width <= controls.x + controls.width, "\(last.id) leaves the controls")
                }
            }
            for line in picture.noteLines {
                #expect(
                    LayoutPicture.textWidth(line.text, fontSize: Double(LayoutPicture.noteFontSize))
                        <= LayoutPicture.noteWidth, "\(line.id): \(line.text)")
            }
        }
        #expect(smallest >= 8)
    }

    @Test("The labels the old pictures cut are whole: Search in a vertical toolbar, minimized tabs, the warnings")
    func formerlyClippedLabels() throws {
        let vertical = LayoutPicture(
            LayoutResolver.resolve(ReaderEnvironment(stack: .justForReader, hasVerticalToolbar: true, hostStack: true)))
        #expect(vertical.box("search")?.label == "Search")
        let minimized = LayoutPicture(
            LayoutResolver.resolve(ReaderEnvironment(osVersion: 26, tabBar: .bottom, tabBarState: .minimized)))
        let tabs = try #require(minimized.box("tab-bar"))
        #expect(tabs.label == "tabs (minimized)" && LayoutPicture.fits(tabs.label, width: tabs.width, fontSize: 13))
        let warned = LayoutPicture(
            LayoutResolver.resolve(ReaderEnvironment(stack: .justForReader, hostStack: true, hostBackButton: true)))
        #expect(
            warned.noteLines.filter(\.isWarning).map(\.text) == [
                "warning: the hidden navigation bar takes the host's Back button and title with",
                "  it; use shared if users need them",
            ])
        #expect(warned.svg.contains(#"<text id="warning-1-1" x="4" y="904" font-size="11" fill="darkred">  it; use shared"#))
    }

    @Test("The version picker shows the Bible it is given, else a neutral label")
    func versionPickerLabel() {
        let resolution = LayoutResolver.resolve(ReaderEnvironment())
        #expect(LayoutPicture(resolution).box("version-picker")?.label == "Bible")
        #expect(LayoutPicture(resolution, bible: "WEB").box("version-picker")?.label == "WEB")
        #expect(
            LayoutPicture(resolution, bible: "A very long abbreviation indeed").box("version-picker")?.label
                == "A very long…")
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
