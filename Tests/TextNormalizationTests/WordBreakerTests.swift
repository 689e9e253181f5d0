import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import TextNormalization

@Suite struct WordBreakerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var terms: [String]
        var why: String
        var testDescription: String { why }
    }

    static let cases: [Case] = [
        Case(
            text: "God’s love hasn’t failed.", terms: ["god", "s", "love", "hasn", "t", "failed"],
            why: "English ’ splits"),
        Case(text: "God's love", terms: ["god", "s", "love"], why: "ASCII apostrophe splits alike"),
        Case(text: "beginning—God “said”", terms: ["beginning", "god", "said"], why: "dash and quotes"),
        Case(
            text: "e.g. 3.14 1,000 a_b well-known", terms: ["e", "g", "3", "14", "1", "000", "a_b", "well", "known"],
            why: "dots, commas and hyphens split; underscore joins"),
        Case(text: "神爱世人", terms: ["神", "爱", "世", "人"], why: "Han, one token per character"),
        Case(text: "起初，　神创造天地。", terms: ["起", "初", "神", "创", "造", "天", "地"], why: "Chinese punctuation and U+3000"),
        Case(text: "カタカナとひらがな", terms: ["カ", "タ", "カ", "ナ", "と", "ひ", "ら", "が", "な"], why: "kana per character"),
        Case(text: "ภาษาไทยง่ายนิดเดียว", terms: ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"], why: "Thai by dictionary"),
        Case(text: "ພາສາລາວ", terms: ["ພາສາ", "ລາວ"], why: "Lao by dictionary"),
        Case(text: "ខ្ញុំស្រឡាញ់អ្នក", terms: ["ខ្ញុំ", "ស្រឡាញ់", "អ្នក"], why: "Khmer by dictionary"),
        Case(text: "ကျွန်တော်စာအုပ်ဖတ်တယ်", terms: ["ကျွန်တော်", "စာအုပ်", "ဖတ်", "တယ်"], why: "Burmese by dictionary"),
        Case(text: "בְּ\u{2060}רֵאשִׁ֖ית בָּרָ֣א", terms: ["בראשית", "ברא"], why: "Hebrew word joiner stays inside the word"),
        Case(text: "עַל־פְּנֵ֣י תְה֑וֹם׃", terms: ["על", "פני", "תהום"], why: "Hebrew maqaf and sof pasuq split"),
        Case(text: "ἀρχῇ· καὶ ὁ λόγος", terms: ["αρχη", "και", "ο", "λογοσ"], why: "Greek with ano teleia"),
        Case(text: "«Её» сказал", terms: ["ее", "сказал"], why: "Russian guillemets"),
        Case(text: "하나님이 세상을", terms: ["하나님이", "세상을"], why: "Hangul words stay whole"),
        Case(text: "Jesus(耶稣)说", terms: ["jesus", "耶", "稣", "说"], why: "mixed scripts"),
        Case(text: "ｶﾞ ＡＢＣ ﬁne", terms: ["ガ", "abc", "fine"], why: "half-width, full-width, ligature"),
        Case(
            text: "か\u{3099}ー々〇abc2x", terms: ["が", "ー", "々", "〇", "abc2x"],
            why: "kana mark, long vowel, iteration mark"),
        Case(text: "Aáy là", terms: ["aay", "la"], why: "Vietnamese legacy damage folds as written"),
        Case(text: " \u{301} — ’ ", terms: [], why: "no word characters"),
        Case(text: "", terms: [], why: "empty text"),
    ]

    @Test(arguments: cases)
    func tokenTerms(_ c: Case) {
        #expect(WordBreaker.tokens(in: c.text).map(\.term) == c.terms)
        #expect(WordBreaker.tokensWithoutFastPath(in: c.text) == WordBreaker.tokens(in: c.text))
    }

    /// Text split without ICU (letters of scripts ICU breaks by rule, with their marks) and text that still
    /// asks ICU (a mark after a space or punctuation, Thai, a mark after Han) give ICU's own tokens.
    @Test(arguments: FoldingMode.allCases)
    func theFastPathGivesICUsTokens(_ mode: FoldingMode) {
        let texts = [
            "בְּרֵאשִׁ֖ית בָּרָ֣א", "בְּ\u{2060}רֵאשִׁית", " \u{5B0}א", "a.\u{301}b", "(\u{301}b)", "Λόγος ἦν", "Слово было",
            "Việt Nam", "한국어 성경", "(18절과 같음)", "x\u{200D}y", "ab\u{E31}c", "ภาษาไทย", "神\u{301}爱", "١٢٣ عربي", "a‿\u{301}b",
            "e\u{301}\u{2060}\u{302}", "קדש\u{5C3} ׃", "x² Ⅻ", "\u{301}",
        ]
        for text in texts {
            #expect(WordBreaker.tokensWithoutFastPath(in: text, mode: mode) == WordBreaker.tokens(in: text, mode: mode), "\(text)")
        }
    }

    @Test func exactModeKeepsCaseAndAccents() {
        let terms = WordBreaker.tokens(in: "God’s Señor בְּ\u{2060}רֵאשִׁ֖ית", mode: .exact).map(\.term)
        #expect(terms == ["God", "s", "Señor", "בְּרֵאשִׁ֖ית"])
    }

    struct Span: Equatable, CustomStringConvertible {
        var term: String
        var utf8: Range<Int>
        var utf16: Range<Int>
        var description: String { "\(term) \(utf8) \(utf16)" }
    }

    @Test func rangesAreUTF8AndUTF16Offsets() {
        // é is 2 UTF-8 bytes and 1 UTF-16 unit; 𝔊 (U+1D50A) is 4 bytes and 2 units; ’ is 3 bytes and 1 unit.
        let spans = WordBreaker.tokens(in: "Señor 𝔊od’s 神").map {
            Span(term: $0.term, utf8: $0.utf8Range, utf16: $0.utf16Range)
        }
        #expect(
            spans == [
                Span(term: "senor", utf8: 0..<6, utf16: 0..<5),
                Span(term: "god", utf8: 7..<13, utf16: 6..<10),
                Span(term: "s", utf8: 16..<17, utf16: 11..<12),
                Span(term: "神", utf8: 18..<21, utf16: 13..<14),
            ])
    }

    @Test func kindsAndJoins() {
        let tokens = WordBreaker.tokens(in: "God’s word, 神爱 世")
        #expect(tokens.map(\.kind) == [.word, .word, .word, .ideograph, .ideograph, .ideograph])
        #expect(tokens.map(\.isJoinedToPrevious) == [false, true, false, false, true, false])
    }

    static let samples = cases.map(\.text) + ["Señor 𝔊od’s 神", "a\u{AD}b x\u{200B}y", "x² ½ ①"]

    /// Each range selects the same text in both units, and that text folds to the term.
    @Test(arguments: FoldingMode.allCases)
    func rangesSelectTheFoldedText(_ mode: FoldingMode) {
        for text in Self.samples {
            for token in WordBreaker.tokens(in: text, mode: mode) {
                let bytes = Array(text.utf8)[token.utf8Range]
                let units = Array(text.utf16)[token.utf16Range]
                let fromBytes = String(decoding: bytes, as: UTF8.self)
                #expect(fromBytes == String(decoding: units, as: UTF16.self))
                #expect(SearchFolding.fold(fromBytes, mode: mode) == token.term, "\(text)")
            }
        }
    }

    /// More distinct non-ASCII words than the memo of folded terms holds (it starts over when full).
    @Test func termsStayRightPastTheMemoLimit() {
        var wrong = 0
        for chunk in 0..<70 {
            let numbers = (chunk * 1000)..<(chunk * 1000 + 1000)
            let text = numbers.map { "Señor\($0)’s" }.joined(separator: " ")
            let terms = WordBreaker.tokens(in: text).map(\.term)
            let expected = numbers.flatMap { ["senor\($0)", "s"] }
            wrong += zip(terms, expected).filter { $0 != $1 }.count + abs(terms.count - expected.count)
        }
        #expect(wrong == 0)
    }

    @Test func concurrentCallsAgreeWithSerialOnes() {
        let texts = Self.samples
        let expected = texts.map { WordBreaker.tokens(in: $0) }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 64) { round in
            let index = round % texts.count
            if WordBreaker.tokens(in: texts[index]) != expected[index] {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    /// `forEachTerm` gives the terms of `tokens(in:)`, also for text of many of its 256 KB pieces: words
    /// with marks, Hebrew, Han without spaces, a long run without white space across a piece's end.
    @Test(arguments: FoldingMode.allCases)
    func forEachTermGivesTheTermsOfTheTokens(_ mode: FoldingMode) {
        let long = (0..<40_000).map { "Señor\($0 % 977) בְּ\u{2060}רֵאשִׁ֖ית 神爱世人" }.joined(separator: " ")
        let noSpace = String(repeating: "é", count: 200_000) + " " + String(repeating: "神", count: 150_000)
        for text in Self.samples + [long, noSpace, "only ascii words, 12 of_them"] {
            var terms: [String] = []
            WordBreaker.forEachTerm(in: text, mode: mode) { terms.append($0) }
            let expected = WordBreaker.tokens(in: text, mode: mode).map(\.term)
            #expect(terms == expected, "\(text.prefix(40)): \(terms.count) terms, \(expected.count) expected")
        }
    }

    /// `forEachTermBytes` gives the terms and UTF-8 ranges of `tokens(in:)`: ASCII text (split without ICU),
    /// text with marks, apostrophes and Hebrew, and text of several 256 KB pieces.
    @Test(arguments: FoldingMode.allCases)
    func forEachTermBytesGivesTheTermsAndRangesOfTheTokens(_ mode: FoldingMode) {
        let long = (0..<30_000).map { "In\($0 % 977) the Beginning’s בְּ\u{2060}רֵאשִׁ֖ית" }.joined(separator: " ")
        for text in Self.samples + [long, "ASCII Words, 12 of_Them", "MiXeD ascii and ÜTF-8"] {
            var tokens: [(term: String, range: Range<Int>)] = []
            WordBreaker.forEachTermBytes(in: text, mode: mode) { term, range in
                tokens.append((String(decoding: term, as: UTF8.self), range))
            }
            let expected = WordBreaker.tokens(in: text, mode: mode)
            #expect(tokens.map(\.term) == expected.map(\.term), "\(text.prefix(40))")
            #expect(tokens.map(\.range) == expected.map(\.utf8Range), "\(text.prefix(40))")
        }
    }
}
