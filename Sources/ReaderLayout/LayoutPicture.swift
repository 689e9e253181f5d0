/// A drawing of the device screen for one resolution: pure geometry, then SVG text. No I/O.
///
/// The screen is an iPhone-sized 390 × 844 points: the status bar, the host navigation bar when it is on
/// screen, the app's tab bar at its edge (a sidebar on the left), the reader's controls at their edge
/// (56 points expanded, 28 collapsed to labels), a vertical toolbar on the right when the system supplies
/// one, and Search, the menu and previous/next wherever the plan puts them. Every box has an `id` and a label,
/// and every label is measured (`textWidth`) before its box is sized: boxes grow to their labels, a row too
/// narrow for its labels draws them smaller, and warnings and the caption wrap to the picture's width.
public struct LayoutPicture: Sendable, Hashable {
    /// One labelled rectangle of the drawing, in points from the top left.
    public struct Box: Sendable, Hashable {
        /// The SVG `id`: `status-bar`, `tab-bar`, `reader-controls`, `search`, …
        public var id: String
        /// The text drawn in it.
        public var label: String
        /// Left edge.
        public var x: Int
        /// Top edge.
        public var y: Int
        /// Width.
        public var width: Int
        /// Height.
        public var height: Int
        /// The fill colour, an SVG colour word or `#rrggbb`.
        public var fill: String
        /// The label's font size in points.
        public var fontSize: Int = LayoutPicture.fontSize
    }

    /// The labels' font size in points, where a row leaves room for it.
    public static let fontSize = 13
    /// The smallest font size a crowded row of controls may draw its labels in.
    static let smallestFontSize = 8
    /// The font size of the caption and the warnings under the screen.
    public static let noteFontSize = 11
    /// The widest a caption or warning line may be: the picture's width less a margin on each side.
    public static var noteWidth: Double { Double(width - 8) }

    /// The screen's width in points.
    public static let width = 390
    /// The screen's height in points.
    public static let height = 844
    /// The status bar's height.
    static let statusBarHeight = 47

    /// The boxes, background first.
    public var boxes: [Box]
    /// The warnings of the plan, written under the screen.
    public var warnings: [String]
    /// A one-line caption: the environment.
    public var caption: String

    /// Lays out the screen for `resolution`. O(1).
    ///
    /// - Parameter bible: the version picker's label: the abbreviation of the library's default Bible, or a
    ///   neutral `Bible` (cut with `…` when it is wider than 80 points).
    public init(_ resolution: LayoutResolution, bible: String = "Bible") {
        let plan = resolution.plan
        let width = Self.width
        var boxes = [
            Box(id: "screen", label: "", x: 0, y: 0, width: width, height: Self.height, fill: "#ffffff"),
            Box(id: "status-bar", label: "status bar", x: 0, y: 0, width: width, height: 47, fill: "#d9d9d9"),
        ]
        var top = Self.statusBarHeight
        var bottom = Self.height
        var left = 0
        var right = width
        let sidebar = plan.tabBar == .sidebar && plan.tabBarState != .hidden
        if sidebar {
            boxes.append(
                Box(
                    id: "tab-bar", label: "tabs (sidebar)", x: 0, y: top, width: 110, height: bottom - top,
                    fill: "#c6dbef"))
            left = 110
        }
        // The vertical toolbar is as wide as its widest label needs (Search), and at least 50 points.
        let verticalWidth = Self.boxWidth("Search", fontSize: Self.fontSize, minimum: 42) + 8
        if plan.verticalToolbar != .absent {
            right = width - verticalWidth
            boxes.append(
                Box(
                    id: "vertical-toolbar", label: "", x: right, y: top, width: verticalWidth,
                    height: bottom - top, fill: "#e5e5e5"))
        }
        let inner = right - left
        if plan.hostNavigationBarVisible {
            let bar = Box(
                id: "host-navigation-bar", label: "", x: left, y: top, width: inner, height: 44, fill: "#f0f0f0")
            boxes.append(bar)
            if resolution.environment.hostBackButton {
                boxes.append(
                    Box(
                        id: "host-back-button", label: "‹ Back", x: left + 4, y: top + 7, width: 64, height: 30,
                        fill: "#f0f0f0"))
            }
            if resolution.environment.hostTitle {
                boxes.append(
                    Box(
                        id: "host-title", label: "Title", x: left + inner / 2 - 40, y: top + 7, width: 80, height: 30,
                        fill: "#f0f0f0"))
            }
            top += 44
        }
        let tabHeight = plan.tabBarState == .minimized ? 40 : 83
        let tabsShown = (plan.tabBar == .top || plan.tabBar == .bottom) && plan.tabBarState != .hidden
        let tabLabel = plan.tabBarState == .minimized ? "tabs (minimized)" : "tabs"
        if tabsShown, plan.tabBar == .top {
            boxes.append(
                Box(id: "tab-bar", label: tabLabel, x: left, y: top, width: inner, height: 50, fill: "#c6dbef"))
            top += 50
        }
        if tabsShown, plan.tabBar == .bottom {
            let tabWidth =
                plan.tabBarState == .minimized ? Self.boxWidth(tabLabel, fontSize: Self.fontSize, minimum: 90) : inner
            bottom -= tabHeight
            boxes.append(
                Box(
                    id: "tab-bar", label: tabLabel, x: left, y: bottom, width: tabWidth, height: tabHeight,
                    fill: "#c6dbef"))
        }
        let collapsed = plan.readerControlsState == .compactLabels
        let controlsHeight = collapsed ? 28 : 56
        let controlsY = plan.controlsEdge == .top ? top : bottom - controlsHeight
        if plan.controlsEdge == .top { top += controlsHeight } else { bottom -= controlsHeight }
        boxes.append(
            Box(
                id: "reader-controls", label: "", x: left, y: controlsY, width: inner,
                height: controlsHeight, fill: "#fde0c5"))
        boxes.append(
            Box(id: "text", label: "Bible text", x: left, y: top, width: inner, height: bottom - top, fill: "#ffffff"))

        // The items of the reader controls, left to right, each as wide as its label (and a minimum); when the
        // row is too narrow, drawn in a smaller font. Collapsed, only the compact labels.
        let version = Self.shortened(bible, toWidth: 80, fontSize: Double(Self.fontSize))
        var items: [(id: String, label: String, minimum: Int)] = []
        if collapsed {
            items = [("book-chapter-picker", "John 3", 70), ("version-picker", version, 44)]
        } else {
            let besideBook = plan.previousNext == .readerControls
            if besideBook { items.append(("previous", "‹", 26)) }
            items.append(("book-chapter-picker", "John 3", 70))
            if besideBook { items.append(("next", "›", 26)) }
            items.append(("version-picker", version, 44))
            if plan.search == .readerControls { items.append(("search", "Search", 56)) }
            if plan.menu == .readerControls { items.append(("menu", "Menu", 48)) }
        }
        let (itemWidths, itemFont) = Self.row(items, in: inner - 12)
        var cursor = left + 6
        for (item, itemWidth) in zip(items, itemWidths) {
            boxes.append(
                Box(
                    id: item.id, label: item.label, x: cursor, y: controlsY + 4, width: itemWidth,
                    height: controlsHeight - 8, fill: "#fdd0a2", fontSize: itemFont))
            cursor += itemWidth + 4
        }

        // Native items: the host toolbar (in the navigation bar, right to left) and the vertical toolbar.
        var hostRight = right - 4
        func hostItem(_ id: String, _ label: String, _ minimum: Int) {
            guard let bar = boxes.first(where: { $0.id == "host-navigation-bar" }) else { return }
            let itemWidth = Self.boxWidth(label, fontSize: Self.fontSize, minimum: minimum)
            hostRight -= itemWidth
            boxes.append(
                Box(id: id, label: label, x: hostRight, y: bar.y + 7, width: itemWidth, height: 30, fill: "#dadaeb"))
            hostRight -= 4
        }
        var verticalY = Self.statusBarHeight + 8
        func verticalItem(_ id: String, _ label: String) {
            boxes.append(
                Box(
                    id: id, label: label, x: right + 4, y: verticalY, width: verticalWidth - 8, height: 42,
                    fill: "#dadaeb"))
            verticalY += 48
        }
        let native: [(String, String, LayoutPlan.Host)] = [
            ("menu", plan.menuStyle == .toolbarOverflowMenu ? "⋯ Menu" : "Menu", plan.menu),
            ("search", "Search", plan.search),
        ]
        for (id, label, host) in native {
            switch host {
            case .hostToolbar: hostItem(id, label, 64)
            case .systemToolbar: verticalItem(id, label == "⋯ Menu" ? "⋯" : label)
            case .readerControls, .systemOverflowMenu: break
            }
        }
        if plan.search == .systemOverflowMenu {
            switch plan.menu {
            case .hostToolbar: hostItem("system-overflow-menu", "» Search", 74)
            default: verticalItem("system-overflow-menu", "»")
            }
        }
        if plan.previousNext == .systemToolbar {
            verticalItem("previous", "‹")
            verticalItem("next", "›")
        }
        self.boxes = boxes
        self.warnings = plan.warnings.map(\.message)
        self.caption = ReaderEnvironment.Key.allCases.compactMap { key -> String? in
            let word = resolution.environment.word(for: key)
            return word == ReaderEnvironment().word(for: key) ? nil : "\(key.rawValue) \(word)"
        }.joined(separator: ", ")
    }

    /// The box with `id`, if drawn.
    public func box(_ id: String) -> Box? { boxes.first { $0.id == id } }

    /// The drawing as a standalone SVG document (UTF-8 text, one element per line).
    public var svg: String {
        let lines = noteLines
        let extra = 20 * lines.count + 10
        let totalHeight = Self.height + extra
        var svg = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.width)" height="\#(totalHeight)" viewBox="0 0 \#(Self.width) \#(totalHeight)" font-family="Helvetica, Arial, sans-serif" font-size="\#(Self.fontSize)">"#,
            "<title>\(Self.escaped(caption.isEmpty ? "defaults" : caption))</title>",
        ]
        for box in boxes {
            let stroke = box.id == "screen" ? "#333333" : "#888888"
            let font = box.fontSize == Self.fontSize ? "" : #" font-size="\#(box.fontSize)""#
            svg.append(
                #"<g id="\#(box.id)"><rect x="\#(box.x)" y="\#(box.y)" width="\#(box.width)" height="\#(box.height)" fill="\#(box.fill)" stroke="\#(stroke)"/>"#
                    + (box.label.isEmpty
                        ? ""
                        : #"<text x="\#(box.x + box.width / 2)" y="\#(box.y + box.height / 2 + 4)" text-anchor="middle"\#(font)>\#(Self.escaped(box.label))</text>"#)
                    + "</g>")
        }
        var y = Self.height
        for line in lines {
            y += 20
            let color = line.isWarning ? #" fill="darkred""# : ""
            svg.append(
                #"<text id="\#(line.id)" x="4" y="\#(y)" font-size="\#(Self.noteFontSize)"\#(color)>\#(Self.escaped(line.text))</text>"#
            )
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// A line of text under the screen: part of the caption or of a warning.
    public struct NoteLine: Sendable, Hashable {
        /// The SVG `id`: `caption-1`, `warning-2`, `warning-2-1` for a warning's second line.
        public var id: String
        /// The text drawn.
        public var text: String
        /// Whether it belongs to a warning (drawn in dark red).
        public var isWarning: Bool
    }

    /// The caption and then each warning, wrapped to `noteWidth` at `noteFontSize`.
    public var noteLines: [NoteLine] {
        let fontSize = Double(Self.noteFontSize)
        var lines: [NoteLine] = []
        var captionLines: [String] = []
        for part in (caption.isEmpty ? "defaults" : caption).split(separator: ", ").map(String.init) {
            if let last = captionLines.last, Self.textWidth(last + ", " + part, fontSize: fontSize) <= Self.noteWidth {
                captionLines[captionLines.count - 1] = last + ", " + part
            } else {
                captionLines += Self.wrapped(part, width: Self.noteWidth, fontSize: fontSize)
            }
        }
        for (index, line) in captionLines.enumerated() {
            lines.append(NoteLine(id: "caption-\(index + 1)", text: line, isWarning: false))
        }
        for (index, warning) in warnings.enumerated() {
            let wrapped = Self.wrapped("warning: " + warning, width: Self.noteWidth, fontSize: fontSize, indent: "  ")
            for (part, line) in wrapped.enumerated() {
                let id = part == 0 ? "warning-\(index + 1)" : "warning-\(index + 1)-\(part)"
                lines.append(NoteLine(id: id, text: line, isWarning: true))
            }
        }
        return lines
    }

    /// The widths of a row of labelled items in `available` points (4 between items), and the font size:
    /// each item as wide as its label at the largest size from `fontSize` down that fits them all, and at
    /// least its minimum while the minimums fit.
    static func row(_ items: [(id: String, label: String, minimum: Int)], in available: Int) -> ([Int], Int) {
        let gaps = 4 * max(0, items.count - 1)
        for size in stride(from: fontSize, through: smallestFontSize, by: -1) {
            for useMinimum in [true, false] {
                let widths = items.map { boxWidth($0.label, fontSize: size, minimum: useMinimum ? $0.minimum : 0) }
                if widths.reduce(gaps, +) <= available { return (widths, size) }
            }
        }
        return (items.map { boxWidth($0.label, fontSize: smallestFontSize, minimum: 0) }, smallestFontSize)
    }

    /// `&`, `<`, `>` and `"` as XML entities.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
