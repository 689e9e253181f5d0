import TestSupport
import Testing

@testable import TextNormalization

@Suite struct SearchFoldingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var mode: FoldingMode = .default
        var input: String
        var expected: String
        var why: String
        var testDescription: String { "\(mode): \(why)" }
    }

    static let defaultCases: [Case] = [
        Case(input: "Señor", expected: "senor", why: "Spanish tilde and capital"),
        Case(input: "SEÑOR JEHOVÁ", expected: "senor jehova", why: "Spanish capitals with accents"),
        Case(input: "Ἀρχῇ", expected: "αρχη", why: "Greek breathing, circumflex and iota subscript"),
        Case(input: "λόγος", expected: "λογοσ", why: "Greek tonos and final sigma"),
        Case(input: "ΛΌΓΟΣ", expected: "λογοσ", why: "Greek capitals fold like lowercase"),
        Case(input: "\u{1F71}", expected: "α", why: "Greek oxia (Nestle 1904)"),
        Case(input: "ᾼ ΐ", expected: "α ι", why: "Greek prosgegrammeni and dialytika with tonos"),
        Case(input: "בְּרֵאשִׁ֖ית", expected: "בראשית", why: "Hebrew points and cantillation (WLC)"),
        Case(input: "בְּ\u{2060}רֵאשִׁ֖ית", expected: "בראשית", why: "Hebrew with U+2060 WORD JOINER (UHB)"),
        Case(input: "עַל־פְּנֵ֣י", expected: "על־פני", why: "Hebrew maqaf stays punctuation"),
        Case(input: "Ёлка", expected: "елка", why: "Russian yo loses its diaeresis"),
        Case(input: "Мой МОЙ", expected: "мой мой", why: "Russian short i keeps its breve"),
        Case(input: "Їжак ў", expected: "їжак ў", why: "Ukrainian yi and Belarusian short u stay letters"),
        Case(input: "Đức Chúa Trời", expected: "duc chua troi", why: "Vietnamese stacked marks and d with stroke"),
        Case(input: "Ấy người", expected: "ay nguoi", why: "Vietnamese circumflex with acute, horn"),
        Case(input: "كِتَابٌ أَحْمَد مـحـمـد", expected: "كتاب احمد محمد", why: "Arabic harakat, hamza, tatweel"),
        Case(input: "ﬁne", expected: "fine", why: "ligature (NFKC)"),
        Case(input: "ＡＢＣ１２", expected: "abc12", why: "full-width letters and digits"),
        Case(input: "神爱世人，　神", expected: "神爱世人, 神", why: "full-width comma and ideographic space"),
        Case(input: "Straße", expected: "strasse", why: "full case folding of sharp s"),
        Case(input: "İstanbul", expected: "istanbul", why: "capital I with dot"),
        Case(input: "God’s ‘word’", expected: "god's 'word'", why: "typographic apostrophe and single quotes"),
        Case(input: "“Hi” «да» „so“", expected: "\"hi\" \"да\" \"so\"", why: "double quotes and guillemets"),
        Case(input: "`하나님' ʼn", expected: "'하나님' 'n", why: "backtick (Korean corpus) and modifier apostrophe"),
        Case(input: "ภาษาไทยง่าย", expected: "ภาษาไทยง่าย", why: "Thai marks stay"),
        Case(input: "हिन्दी", expected: "हिन्दी", why: "Devanagari signs stay"),
        Case(input: "がガｶﾞ", expected: "がガガ", why: "kana voicing stays, half-width kana widen"),
        Case(input: "하나님이", expected: "하나님이", why: "Hangul unchanged"),
        Case(input: "soft\u{AD}ware e\u{301}", expected: "software e", why: "soft hyphen, decomposed accent"),
        Case(input: "", expected: "", why: "empty text"),
    ]

    static let exactCases: [Case] = [
        Case(mode: .exact, input: "Señor", expected: "Señor", why: "accents and case stay"),
        Case(mode: .exact, input: "Se\u{F1}or", expected: "Se\u{F1}or", why: "NFC stays NFC"),
        Case(mode: .exact, input: "Sen\u{303}or", expected: "Se\u{F1}or", why: "decomposed text becomes NFC"),
        Case(mode: .exact, input: "God’s ‘word’", expected: "God's 'word'", why: "apostrophes unified"),
        Case(mode: .exact, input: "“Hi”", expected: "\"Hi\"", why: "double quotes unified"),
        Case(mode: .exact, input: "בְּ\u{2060}רֵאשִׁ֖ית", expected: "בְּרֵאשִׁ֖ית", why: "word joiner removed, points stay"),
        Case(mode: .exact, input: "ﬁ ＡＢＣ", expected: "ﬁ ＡＢＣ", why: "compatibility forms stay"),
        Case(mode: .exact, input: "\u{1F71}", expected: "\u{3AC}", why: "Greek oxia becomes tonos (NFC)"),
    ]

    @Test(arguments: defaultCases + exactCases)
    func folding(_ c: Case) {
        let folded = SearchFolding.fold(c.input, mode: c.mode)
        #expect(Array(folded.unicodeScalars) == Array(c.expected.unicodeScalars))
    }

    /// Folding UTF-8 bytes into an array gives the bytes folding the text as a `String` gives, after what
    /// the array held: every case, and a text long enough to need a second try for room.
    @Test(arguments: defaultCases + exactCases)
    func bytesFoldAsTheString(_ c: Case) {
        var input = c.input
        var output: [UInt8] = [7]
        input.withUTF8 { SearchFolding.fold(utf8: $0, mode: c.mode, into: &output) }
        #expect(output == [7] + Array(SearchFolding.fold(c.input, mode: c.mode).utf8))
        var long = String(repeating: "ﬁﬂ ǅ", count: 500)
        var folded: [UInt8] = []
        long.withUTF8 { SearchFolding.fold(utf8: $0, mode: c.mode, into: &folded) }
        #expect(folded == Array(SearchFolding.fold(long, mode: c.mode).utf8))
    }

    @Test(arguments: FoldingMode.allCases)
    func apostrophesAndQuotesFoldAlike(_ mode: FoldingMode) {
        let apostrophes = ["god's", "god’s", "god‘s", "god‛s", "god′s", "godʼs", "god´s", "god`s", "god＇s"]
        #expect(Set(apostrophes.map { SearchFolding.fold($0, mode: mode) }) == ["god's"])
        let quotes = ["\"x\"", "“x”", "„x‟", "«x»", "″x″", "＂x＂"]
        #expect(Set(quotes.map { SearchFolding.fold($0, mode: mode) }) == ["\"x\""])
    }

    /// Every assigned scalar of planes 0-2, alone between spaces: a folded query folds to
    /// itself, so the index and the query agree however often either was folded.
    @Test(arguments: FoldingMode.allCases)
    func foldingIsIdempotent(_ mode: FoldingMode) {
        var text = ""
        for value in UInt32(0x20)..<0x3_0000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            text.unicodeScalars.append(scalar)
            text.unicodeScalars.append(" ")
        }
        let once = SearchFolding.fold(text, mode: mode)
        let twice = SearchFolding.fold(once, mode: mode)
        #expect(once.unicodeScalars.count > 100_000)
        let differences = zip(once.split(separator: " "), twice.split(separator: " ")).filter { $0 != $1 }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(once.utf8.count == twice.utf8.count)
    }

    /// Text of the scalars below U+2070 folds one character at a time where it can: the
    /// result is ICU's, for each scalar alone and beside letters and marks of every script
    /// that folds them (Cyrillic keepers, decomposed accents, Hebrew points out of order,
    /// word joiners and other ignorables), and for random mixes of them.
    @Test(arguments: FoldingMode.allCases)
    func characterFoldsGiveICUsResult(_ mode: FoldingMode) {
        let scalars = (UInt32(0xA0)..<0x2070).compactMap(Unicode.Scalar.init).filter {
            $0.properties.generalCategory != .unassigned && $0.properties.generalCategory != .surrogate
        }
        let neighbours: [String] = [
            "a", "E", "\u{301}", "\u{306}", "\u{308}", "и", "У", "і", "ב", "\u{5B0}", "\u{591}", "\u{34F}",
            "\u{2060}", "\u{AD}", "α", "\u{345}", "Σ", "ς", "ـ", "\u{64E}", "'", "`",
        ]
        var texts: [String] = []
        for scalar in scalars {
            let c = String(scalar)
            texts.append(c)
            for n in neighbours { texts += [n + c, c + n, n + c + n] }
        }
        var random = SplitMix64(seed: 2026)
        let pool = scalars.map(String.init) + neighbours + neighbours
        for _ in 0..<20_000 {
            texts.append(
                (0..<Int(random.next() % 8 + 1)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }.joined())
        }
        let different = texts.filter {
            SearchFolding.fold($0, mode: mode) != SearchFolding.foldWithoutFastPath($0, mode: mode)
        }
        #expect(
            different.isEmpty, "\(different.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
        #expect(texts.count > 200_000)
    }

    @Test(arguments: [
        ("a b c d e f g h", 8, [0..<8, 8..<15]),  // cut after the space at 7
        ("abcdefghijklmnop", 8, [0..<8, 8..<16]),  // no space: cut at the limit
        ("ééééééé", 8, [0..<8, 8..<14]),  // two-byte scalars: cut on a scalar boundary
        ("aéééééé", 8, [0..<7, 7..<13]),  // the limit falls inside a scalar: cut before it
        ("short", 8, [0..<5]),
    ])
    func longTextIsCutAtSpacesOrScalarBoundaries(text: String, limit: Int, expected: [Range<Int>]) {
        var copy = text
        let pieces = copy.withUTF8 { UTF8Pieces.split($0, limit: limit) }
        #expect(pieces == expected)
    }
}
