import ScriptureModel

/// What a USFM marker does, which decides how the parser treats it.
enum USFMMarkerRole: Equatable {
    /// `\id`: starts a book; the rest of the line is its identification.
    case bookID
    /// `\usfm 3.1`: the format version.
    case formatVersion
    /// `\h`, `\toc#`, `\ide`, …: a header line that fills the book's names.
    case header
    /// `\c N`.
    case chapter
    /// `\ca …\ca*` after a chapter: its alternate number.
    case chapterAlternate
    /// `\cp X`: the chapter number as published.
    case chapterPublished
    /// `\cl X`: a chapter label.
    case chapterLabel
    /// `\v N`.
    case verse
    /// A paragraph style (`\p`, `\q1`, `\s1`, `\rem`, …).
    case paragraph(ParagraphKind)
    /// A character style closed by `\marker*`.
    case character
    /// A style inside a note (`\ft`, `\fr`, `\xt`), ended by the next one or the note's end.
    case noteCharacter
    /// A note: `\f`, `\fe`, `\ef`, `\x`, `\ex`.
    case note
    /// `\fig …\fig*`.
    case figure
    /// `\tr`: a table row.
    case tableRow
    /// `\th1`, `\tc2`, `\tcr1-2`, …: a table cell.
    case tableCell
    /// `\qt-s`, `\ts`, `\zaln-e`: a milestone, closed by `\*`.
    case milestone
    /// `\esb`, `\esbe`, `\periph`: structure Lectern reads past.
    case structural
}

enum USFMMarkers {
    /// Character styles. `fv` is one too, not a note style: a footnote's verse number nests in the
    /// `ft`/`fqa` text around it, as USX 3.1 has it (`<char style="fqa"><char style="fv">`).
    static let characterMarkers: Set<String> = [
        "add", "bk", "dc", "ior", "iqt", "k", "litl", "nd", "ord", "pn", "png", "addpn", "qac", "qs", "qt", "rq",
        "sig", "sls", "tl", "wj", "em", "bd", "it", "bdit", "no", "sc", "sup", "ndx", "rb", "pro", "w", "wg", "wh",
        "wa", "jmp", "lik", "liv", "ref", "cat", "va", "vp", "efm", "fm", "fv",
    ]

    static let noteCharacterMarkers: Set<String> = [
        "fr", "fq", "fqa", "fk", "ft", "fl", "fw", "fp", "fdc", "xo", "xk", "xq", "xt", "xta", "xop", "xot",
        "xnt", "xdc",
    ]

    static let noteMarkers: Set<String> = ["f", "fe", "ef", "x", "ex"]

    /// The attribute a bare value after `|` stands for, per USFM 3.
    static func defaultAttribute(of marker: String) -> String? {
        switch marker {
        case "w": "lemma"
        case "rb": "gloss"
        case "xt": "link-href"
        case "fig": "src"
        case "ref": "loc"
        case "jmp": "link-href"
        // Others as the committee's stylesheet lists them: `lang` for `\\wl` and `\\tl` (USFM 3.1.2).
        default: MarkerStylesheet.usfm.definition(of: marker)?.defaultAttribute
        }
    }

    /// The role of a marker name (without `\`, `+` or `*`), or `nil` when Lectern does not know it.
    static func role(of name: String) -> USFMMarkerRole? {
        switch name {
        case "id": return .bookID
        case "usfm": return .formatVersion
        case "c": return .chapter
        case "ca": return .chapterAlternate
        case "cp": return .chapterPublished
        case "cl": return .chapterLabel
        case "v": return .verse
        case "fig": return .figure
        case "tr": return .tableRow
        case "esb", "esbe", "periph": return .structural
        default: break
        }
        if noteMarkers.contains(name) { return .note }
        if noteCharacterMarkers.contains(name) { return .noteCharacter }
        if characterMarkers.contains(name) || characterMarkers.contains(String(MarkerName.stripNumber(name))) {
            return .character
        }
        if isTableCell(name) { return .tableCell }
        if name.hasSuffix("-s") || name.hasSuffix("-e") || name == "ts" { return .milestone }
        if let kind = ParagraphKind.classify(name) {
            return kind == .header ? .header : .paragraph(kind)
        }
        return stylesheetRole(of: name)
    }

    /// The role the committee's stylesheet (`MarkerStylesheet.usfm`) gives a marker the names above do not:
    /// USFM 3.1.2's `\\ta`, `\\pl`, `\\wl` (character styles) and `vid` (a milestone), and what a later point
    /// release adds to the data. A character style of a note's categories is a note's style, a `cell` one a table
    /// cell; a paragraph takes its kind from its name (`ParagraphKind.classify`), else it is `.unknown`.
    static func stylesheetRole(of name: String) -> USFMMarkerRole? {
        guard let definition = MarkerStylesheet.usfm.definition(of: name) else { return nil }
        if definition.isMilestone { return .milestone }
        switch definition.styleType {
        case .character:
            switch definition.category {
            case .footnotechar, .crossreferencechar: return .noteCharacter
            case .cell: return .tableCell
            default: return .character
            }
        case .note: return .note
        case .paragraph: return .paragraph(ParagraphKind.classify(name) ?? .unknown)
        case .milestone: return .milestone
        case nil: return nil
        }
    }

    /// `th1`, `thr2`, `thc1`, `tc3`, `tcr1`, `tcc2`, and spans such as `tc1-2`.
    static func isTableCell(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "t"),
            bytes[1] == UInt8(ascii: "h") || bytes[1] == UInt8(ascii: "c")
        else { return false }
        var index = 2
        if index < bytes.count, bytes[index] == UInt8(ascii: "r") || bytes[index] == UInt8(ascii: "c") { index += 1 }
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return false }
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return false }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        return index == bytes.count
    }

    /// How many columns a cell marker spans (`tc1-3` spans 3).
    static func columnSpan(of name: String) -> Int {
        guard let dash = name.firstIndex(of: "-") else { return 1 }
        let digitsBefore = name[..<dash].reversed().prefix { $0.isASCII && $0.isNumber }
        guard let first = Int(String(digitsBefore.reversed())), let last = Int(name[name.index(after: dash)...]),
            last >= first
        else { return 1 }
        return last - first + 1
    }
}
