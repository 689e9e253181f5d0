/// A drawing of the device screen for one resolution: pure geometry, then SVG text. No I/O.
///
/// The screen is an iPhone-sized 390 × 844 points: the status bar, the host navigation bar when it is on
/// screen, the app's tab bar at its edge (a sidebar on the left), the reader's controls at their edge
/// (56 points expanded, 28 collapsed to labels), a vertical toolbar on the right when the system supplies
/// one, and Search, the menu and previous/next wherever the plan puts them. Every box has an `id` and a label.
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
    }

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
    public init(_ resolution: LayoutResolution) {
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
        if plan.verticalToolbar != .absent {
            right = width - 50
            boxes.append(
                Box(
                    id: "vertical-toolbar", label: "", x: right, y: top, width: 50,
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
            let tabWidth = plan.tabBarState == .minimized ? 90 : inner
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

        // The items of the reader controls, left to right, narrowed to fit; collapsed, only the compact labels.
        var items: [(String, String, Int)] = []
        if collapsed {
            items = [("book-chapter-picker", "John 3", 80), ("version-picker", "LSV", 50)]
        } else {
            let besideBook = plan.previousNext == .readerControls
            if besideBook { items.append(("previous", "‹", 26)) }
            items.append(("book-chapter-picker", "John 3", 90))
            if besideBook { items.append(("next", "›", 26)) }
            items.append(("version-picker", "LSV", 50))
            if plan.search == .readerControls { items.append(("search", "Search", 64)) }
            if plan.menu == .readerControls { items.append(("menu", "Menu", 56)) }
        }
        let needed = items.reduce(8) { $0 + $1.2 + 4 }
        var cursor = left + 6
        for (id, label, itemWidth) in items {
            let fitted = needed > inner ? max(8, itemWidth * (inner - 8) / needed) : itemWidth
            boxes.append(
                Box(
                    id: id, label: label, x: cursor, y: controlsY + 4, width: fitted, height: controlsHeight - 8,
                    fill: "#fdd0a2"))
            cursor += fitted + 4
        }

        // Native items: the host toolbar (in the navigation bar, right to left) and the vertical toolbar.
        var hostRight = right - 4
        func hostItem(_ id: String, _ label: String, _ itemWidth: Int) {
            guard let bar = boxes.first(where: { $0.id == "host-navigation-bar" }) else { return }
            hostRight -= itemWidth
            boxes.append(
                Box(id: id, label: label, x: hostRight, y: bar.y + 7, width: itemWidth, height: 30, fill: "#dadaeb"))
            hostRight -= 4
        }
        var verticalY = Self.statusBarHeight + 8
        func verticalItem(_ id: String, _ label: String) {
            boxes.append(Box(id: id, label: label, x: right + 4, y: verticalY, width: 42, height: 42, fill: "#dadaeb"))
            verticalY += 48
        }
        let native: [(String, String, LayoutPlan.Host)] = [
            ("menu", plan.menuStyle == .toolbarOverflowMenu ? "⋯ Menu" : "Menu", plan.menu),
            ("search", "Search", plan.search),
        ]
        for (id, label, host) in native {
            switch host {
            case .hostToolbar: hostItem(id, label, 64)
            case .systemToolbar: verticalItem(id, label == "⋯ Menu" ? "⋯" : String(label.prefix(4)))
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
        var captionLines: [String] = []
        for part in (caption.isEmpty ? "defaults" : caption).split(separator: ", ").map(String.init) {
            if let last = captionLines.last, last.count + part.count < 60 {
                captionLines[captionLines.count - 1] = last + ", " + part
            } else {
                captionLines.append(part)
            }
        }
        let extra = 20 * (warnings.count + captionLines.count) + 10
        let totalHeight = Self.height + extra
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.width)" height="\#(totalHeight)" viewBox="0 0 \#(Self.width) \#(totalHeight)" font-family="Helvetica, Arial, sans-serif" font-size="13">"#,
            "<title>\(Self.escaped(caption.isEmpty ? "defaults" : caption))</title>",
        ]
        for box in boxes {
            let stroke = box.id == "screen" ? "#333333" : "#888888"
            lines.append(
                #"<g id="\#(box.id)"><rect x="\#(box.x)" y="\#(box.y)" width="\#(box.width)" height="\#(box.height)" fill="\#(box.fill)" stroke="\#(stroke)"/>"#
                    + (box.label.isEmpty
                        ? ""
                        : #"<text x="\#(box.x + box.width / 2)" y="\#(box.y + box.height / 2 + 4)" text-anchor="middle">\#(Self.escaped(box.label))</text>"#)
                    + "</g>")
        }
        var y = Self.height
        for (index, line) in captionLines.enumerated() {
            y += 20
            lines.append(
                #"<text id="caption-\#(index + 1)" x="4" y="\#(y)" font-size="11">\#(Self.escaped(line))</text>"#)
        }
        for (index, warning) in warnings.enumerated() {
            y += 20
            lines.append(
                #"<text id="warning-\#(index + 1)" x="4" y="\#(y)" font-size="11" fill="darkred">warning: \#(Self.escaped(warning))</text>"#
            )
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
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
