import Foundation

/// What a terminal is shown: control characters made visible, colour, and a progress bar.
package enum Terminal {
    /// `text` with C0 and C1 control characters other than newline and tab (and DEL, the line and paragraph
    /// separators, U+FFFE and U+FFFF) written as `\u{1B}`, so
    /// a title or abbreviation from a file can never move the cursor, clear the screen or change colours.
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFFFE
            || value == 0xFFFF
    }

    /// Bold red, for a search match on a colour terminal.
    package static let highlightStart = "\u{1B}[1;31m"
    /// Back to normal.
    package static let reset = "\u{1B}[0m"
    /// Bold, for headings on a colour terminal.
    package static let boldStart = "\u{1B}[1m"
}

/// A progress bar on a terminal's standard error, redrawn in place: `[#######-------]  50%  33/66 books`.
struct ProgressBar {
    let context: CommandContext
    let enabled: Bool
    static let width = 30

    /// Draws the bar at `done` of `total`, with `unit` (books) and a short label.
    func show(done: Int, total: Int, unit: String, label: String) {
        guard enabled, total > 0 else { return }
        let filled = min(Self.width, done * Self.width / total)
        let percent = done * 100 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        let percentText = String(percent).leftPadded(to: 3)
        context.standardError("\r\u{1B}[K\(label) [\(bar)] \(percentText)%  \(done)/\(total) \(unit)")
    }

    /// A one-line message in place of the bar.
    func message(_ text: String) {
        if enabled { context.standardError("\r\u{1B}[K" + text) }
    }

    /// Clears the line.
    func clear() {
        if enabled { context.standardError("\r\u{1B}[K") }
    }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
