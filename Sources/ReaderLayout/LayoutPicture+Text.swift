extension LayoutPicture {
    /// Points left free on each side of a label inside its box.
    public static let labelPadding = 4.0

    /// The width of `text` in points at `fontSize`, in Helvetica (and Arial, which has its widths): the
    /// font the SVG names first. Measured before a label is placed, so that no box cuts its label.
    ///
    /// ASCII takes Helvetica's advance widths; CJK and other wide characters a full em; any other character
    /// two thirds of an em (wider than most letters, so a label measured with it is not cut). O(n).
    public static func textWidth(_ text: String, fontSize: Double) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20, value < 0x7F {
                thousandths += helveticaWidths[Int(value - 0x20)]
            } else if isWide(value) {
                thousandths += 1000
            } else if value == 0x2039 || value == 0x203A {
                thousandths += 333  // ‹ ›
            } else {
                thousandths += 667
            }
        }
        return Double(thousandths) * fontSize / 1000
    }

    /// Whether `label` fits in `width` points at `fontSize`, with `labelPadding` on each side.
    public static func fits(_ label: String, width: Int, fontSize: Int) -> Bool {
        textWidth(label, fontSize: Double(fontSize)) + 2 * labelPadding <= Double(width)
    }

    /// The width of a box that fits `label` at `fontSize`, and at least `minimum`.
    static func boxWidth(_ label: String, fontSize: Int, minimum: Int) -> Int {
        max(minimum, Int((textWidth(label, fontSize: Double(fontSize)) + 2 * labelPadding).rounded(.up)))
    }

    /// `text` cut with `…` to at most `width` points at `fontSize`; the text itself when it fits.
    static func shortened(_ text: String, toWidth width: Double, fontSize: Double) -> String {
        guard textWidth(text, fontSize: fontSize) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty,
            characters.last == " " || textWidth(String(characters) + "…", fontSize: fontSize) > width
        {
            characters.removeLast()
        }
        return String(characters) + "…"
    }

    /// `text` broken at spaces into lines of at most `width` points at `fontSize` (a word wider than a line
    /// is broken between characters); continuation lines start with `indent`.
    static func wrapped(_ text: String, width: Double, fontSize: Double, indent: String = "") -> [String] {
        var lines: [String] = []
        var line = ""
        func fits(_ candidate: String) -> Bool { textWidth(candidate, fontSize: fontSize) <= width }
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if fits(joined) {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = indent + word
            while !fits(line) {
                // A word too long for a line: as much of it as fits, then the rest on the next.
                var head = ""
                for character in line {
                    guard fits(head + String(character)) else { break }
                    head.append(character)
                }
                guard head.count > indent.count else { break }
                lines.append(head)
                line = indent + String(line.dropFirst(head.count))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Whether a scalar takes a full em (CJK, Hangul, fullwidth forms).
    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x20000...0x3FFFD).contains(value)
    }

    /// Helvetica's advance widths (thousandths of an em) for U+0020 to U+007E, from its AFM file.
    private static let helveticaWidths: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space to /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 to ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ to O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P to _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` to o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p to ~
    ]
}
