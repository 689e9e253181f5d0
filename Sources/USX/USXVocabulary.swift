import ScriptureModel

/// The elements of USX 2.x and 3.x that Lectern reads.
enum USXElement: Int, CaseIterable {
    case usx, book, para, chapter, verse, char, note, ms, table, row, cell, figure, optbreak, ref
    case sidebar, periph, category

    /// The element's name index in `USXVocabulary.names`.
    var nameIndex: Int { rawValue }
}

/// The attributes of USX elements that the parser looks at.
enum USXAttribute: Int, CaseIterable {
    case style, code, number, sid, eid, version, caller, closed, loc, altnumber, pubnumber, colspan, file, xStyle
    // Kept as they are, named here only so that libxml2 reports them by number.
    case strong, lemma, srcloc, gloss, xMorph, linkHref, who

    /// The attribute's name index in `USXVocabulary.names`: after all the element names.
    var nameIndex: Int { USXVocabulary.elementCount + rawValue }

    /// The attribute's name in USX.
    var name: String {
        // `xStyle` is `x-style`.
        String(describing: self).unicodeScalars.map { $0.properties.isUppercase ? "-" + $0.properties.lowercaseMapping : String($0) }
            .joined()
    }
}

/// The names handed to `XMLStream`, and which styles USX defines.
enum USXVocabulary {
    /// Element names, then attribute names; an event's name index points here.
    static let names: [String] =
        USXElement.allCases.map { String(describing: $0) } + USXAttribute.allCases.map(\.name)

    /// How many element names come before the attribute names.
    static let elementCount = USXElement.allCases.count

    /// The element a name index stands for, if it is one.
    static func element(_ index: Int?) -> USXElement? {
        guard let index else { return nil }
        return USXElement(rawValue: index)
    }

    /// The attribute a name index stands for, if it is one.
    static func attribute(_ index: Int?) -> USXAttribute? {
        guard let index else { return nil }
        return USXAttribute(rawValue: index - elementCount)
    }

    /// Whether a `<char>` style is one USFM 3 defines (number suffixes ignored), or a custom `z` style.
    static func isCharacterStyle(_ style: String) -> Bool {
        if style == "w" { return true }  // most words of a Strong's-tagged Bible
        return style.utf8.first == UInt8(ascii: "z") || characterStyles.contains(withoutNumber(style))
            || MarkerStylesheet.usfm.definition(of: style)?.styleType == .character
    }

    /// `q1` → `q`, `liv2` → `liv`: the style without the ASCII digits at its end.
    static func withoutNumber(_ style: String) -> Substring {
        let utf8 = style.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] >= 0x30 && utf8[before] <= 0x39 else { break }
            end = before
        }
        return Substring(utf8[utf8.startIndex..<end])
    }

    /// Whether a `<para>` style is one USFM 3 defines, or a custom `z` style.
    static func isParagraphStyle(_ style: String) -> Bool {
        style.hasPrefix("z") || ParagraphKind.classify(style) != nil || extraParagraphStyles.contains(style)
            || MarkerStylesheet.usfm.definition(of: style)?.styleType == .paragraph
    }

    /// Whether a `<note>` style is a footnote, endnote or cross-reference style.
    static func isNoteStyle(_ style: String) -> Bool { noteStyles.contains(style) }

    /// Whether a `<ms>` style is a USFM 3 milestone (`qt-s`, `qt2-e`, `ts`, `t-s`) or a custom `z` one.
    static func isMilestoneStyle(_ style: String) -> Bool {
        if style.hasPrefix("z") || style == "ts" { return true }
        // (`vid`, USFM 3.1.2, and what a later release adds, by the committee's stylesheet.)
        if MarkerStylesheet.usfm.definition(of: style)?.isMilestone == true { return true }
        var base = Substring(style)
        if base.hasSuffix("-s") || base.hasSuffix("-e") { base = base.dropLast(2) }
        return milestoneBases.contains(withoutNumber(String(base)))
    }

    /// The book field a header paragraph style fills, or nil when the style is not a header.
    static func headerField(_ style: String) -> HeaderField? {
        switch style {
        case "h", "h1": return .header
        case "toc1": return .long
        case "toc2": return .short
        case "toc3": return .abbreviation
        default: return ParagraphKind.classify(style) == .header ? .ignored : nil
        }
    }

    private static let characterStyles: Set<Substring> = [
        "fr", "fq", "fqa", "fk", "fl", "fw", "fp", "fv", "ft", "fdc", "fm", "xo", "xk", "xq", "xt", "xta", "xop",
        "xot", "xnt", "xdc", "add", "bk", "dc", "ior", "iqt", "k", "litl", "nd", "ord", "pn", "png", "addpn", "qac",
        "qs", "qt", "rq", "sig", "sls", "tl", "wj", "em", "bd", "it", "bdit", "no", "sc", "sup", "w", "wg", "wh", "wa",
        "rb", "pro", "jmp", "va", "vp", "ca", "cp", "cat", "fig", "lik", "liv", "ref", "efm",
    ]

    private static let extraParagraphStyles: Set<String> = ["cl", "cp", "pb"]

    private static let noteStyles: Set<String> = ["f", "fe", "ef", "x", "ex"]

    private static let milestoneBases: Set<Substring> = ["qt", "ts", "t"]
}

/// The `Book` field a header paragraph (`h`, `toc1`…) fills.
enum HeaderField {
    /// `h`: the running header.
    case header
    /// `toc1`: the long name.
    case long
    /// `toc2`: the short name.
    case short
    /// `toc3`: the abbreviation.
    case abbreviation
    /// `ide`, `toca1`–`toca3`, `sts`, `usfm`, `restore`: read and not kept.
    case ignored
}
