import Testing
import TextNormalization

/// `--language` values: BCP 47 tags checked and canonicalised through ICU.
struct LanguageTagTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var canonical: String?
        var testDescription: String { "'\(input)'" }
    }

    @Test(arguments: [
        Case(input: "en", canonical: "en"),
        Case(input: "en-US", canonical: "en-US"),
        Case(input: "EN-us", canonical: "en-US"),
        Case(input: "zh-Hant-TW", canonical: "zh-Hant-TW"),
        Case(input: "zh-hant-tw", canonical: "zh-Hant-TW"),
        Case(input: "grc", canonical: "grc"),
        Case(input: "hbo", canonical: "hbo"),
        Case(input: "und", canonical: "und"),
        Case(input: "sr-Latn", canonical: "sr-Latn"),
        Case(input: "english", canonical: nil),
        Case(input: "e", canonical: nil),
        Case(input: "en_US", canonical: nil),
        Case(input: "123", canonical: nil),
        Case(input: "", canonical: nil),
        Case(input: "en-", canonical: nil),
        Case(input: "en US", canonical: nil),
        Case(input: "en-US-", canonical: nil),
        Case(input: "ελ", canonical: nil),
    ])
    func canonical(_ test: Case) {
        #expect(LanguageTag.canonical(test.input) == test.canonical)
    }
}

/// Terminal columns for aligning book names.
struct DisplayWidthTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var width: Int
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "", width: 0),
        Case(text: "Genesis", width: 7),
        Case(text: "创世记", width: 6),
        Case(text: "창세기", width: 6),
        Case(text: "e\u{301}", width: 1),
        Case(text: "Éxodo", width: 5),
        Case(text: "Ἰωάννην", width: 7),
        Case(text: "ＡＢ", width: 4),
        Case(text: "a\u{200B}b", width: 2),
        Case(text: "\u{1100}\u{1161}\u{11A8}", width: 2),
        Case(text: "בְּרֵאשִׁית", width: 6),
        Case(text: "1 Kings 列王纪上", width: 16),
    ])
    func width(_ test: Case) {
        #expect(DisplayWidth.of(test.text) == test.width)
    }
}
