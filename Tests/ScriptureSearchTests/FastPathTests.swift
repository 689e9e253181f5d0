import Foundation
import TestSupport
import Testing
import TextNormalization

@testable import ScriptureSearch

/// The query path's shortcuts give what the general path gives: ASCII words split without ICU, and
/// printable ASCII queries read as bytes.
@Suite struct FastPathTests {
    /// Random printable ASCII with every character the query language and the tokenizer treat specially.
    static func randomASCII(_ random: inout SplitMix64, length: Int) -> String {
        let alphabet = Array("aZ9_ \t\"-*'`.,;:!?()[]{}@#$%^&+=/\\|~<>OoRrAaNnDd".utf8)
        let bytes = (0..<length).map { _ in
            random.next() % 4 == 0
                ? UInt8(0x20 + random.next() % 95) : alphabet[Int(random.next() % UInt64(alphabet.count))]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func asciiTerms(_ text: String, _ mode: FoldingMode) -> [String]? {
        var copy = text
        var terms: [String] = []
        let ascii = copy.withUTF8 { bytes in WordBreaker.forEachASCIITerm(in: bytes, mode: mode) { terms.append($0) } }
        return ascii ? terms : nil
    }

    @Test(arguments: FoldingMode.allCases) func asciiTermsAreTheTokenizersOnRandomText(_ mode: FoldingMode) {
        var random = SplitMix64(seed: 6)
        for length in 0..<3000 {
            let text = Self.randomASCII(&random, length: length % 60)
            #expect(Self.asciiTerms(text, mode) == WordBreaker.tokens(in: text, mode: mode).map(\.term), "\(text)")
        }
        #expect(Self.asciiTerms("café", mode) == nil)
        #expect(Self.asciiTerms("God’s", mode) == nil)
    }

    /// Every ASCII line of the World English Bible's USFM files (text and markers) splits alike.
    @Test(.enabled(if: Required.runs(TestCorpus.isAvailable), "needs the shared corpus"))
    func asciiTermsAreTheTokenizersOnEveryASCIILineOfWEB() throws {
        let folder = TestCorpus.folder("eng-web-usfm")
        var lines = 0
        var different: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".usfm") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.utf8.allSatisfy({ $0 < 0x80 }) {
                lines += 1
                for mode in FoldingMode.allCases
                where Self.asciiTerms(String(line), mode)
                    != WordBreaker.tokens(in: String(line), mode: mode).map(\.term)
                {
                    different.append(String(line))
                }
            }
        }
        #expect(lines > 10_000)
        #expect(different.isEmpty, "\(different.prefix(3))")
    }

    static func outcome(_ parse: () throws(QueryError) -> SearchQuery) -> String {
        do throws(QueryError) {
            return "\(try parse())"
        } catch {
            return "error \(error)"
        }
    }

    static let queries = [
        "God", "faith love", "faith AND love", "\"in the beginning\"", "bless*", "\"in the begin*\" -hate",
        "a OR b OR c", "love OR", "OR love", "love OR OR hope", "love OR -hate", "-hate", "  ", "", "bl*ss", "love *",
        "love \"in the", "love - hate", "\"\"", "\"!\"", "god's", "e.g. 3.14 1,000 a_b", "ANDOR AND OR", "-OR -AND",
        "\"a\"b\"c\"", "x-y -z*", "***", "a**", "\tfaith\t-\"good news\"",
        // One word of letters and digits (read without the general machinery), and the operators alone.
        "Melchizedek", "love", "x", "abc123", "123", "OR", "AND", "NEAR", "NEARx", "or", "Or", "NEAR5",
    ]

    /// Printable ASCII queries, from a table and at random, parse as bytes exactly as they do as
    /// `Character`s: the same groups, terms and errors with their columns.
    @Test(arguments: FoldingMode.allCases) func asciiQueriesParseAsCharactersDo(_ mode: FoldingMode) {
        var random = SplitMix64(seed: 7)
        let randomQueries = (0..<3000).map { Self.randomASCII(&random, length: $0 % 30) }
        for query in Self.queries + randomQueries {
            let fast = Self.outcome { () throws(QueryError) in try QueryParser.parse(query, mode: mode) }
            let general = Self.outcome { () throws(QueryError) in try QueryParser.parseCharacters(query, mode: mode) }
            #expect(fast == general, "\(query)")
        }
    }

    /// Passing over runs eight bytes at a time ends where passing over them one by one (`runEnd`) does, at
    /// every start and count, in random text of ASCII with some accented letters and curly quotes.
    @Test func asciiRunsSkipAsOneByOne() {
        var random = SplitMix64(seed: 8)
        let pieces = ["a", "Z", "9", "_", " ", ",", "-", "'", "é", "’", "ab", "word", "  ", "x1"]
        for _ in 0..<400 {
            let text = (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            var copy = text
            copy.withUTF8 { bytes in
                for start in 0...bytes.count {
                    var end = start
                    var passed = 0
                    for count in 0..<12 {
                        #expect(ASCIIRuns.skip(bytes, from: start, runs: count) == (end, passed), "\(text) \(start)")
                        guard passed == count, let next = ASCIIRuns.runEnd(bytes, from: end) else { continue }
                        end = next
                        passed += 1
                    }
                }
            }
        }
    }

    /// ASCII words beside quotes, dashes and other general punctuation are found in the text as runs (without
    /// their exact text); beside a mark, an accented letter, a word joiner or a soft hyphen they are not, and
    /// every highlight is the one splitting the text gives.
    @Test(arguments: FoldingMode.allCases) func wordsBesidePunctuationAreHighlightedAsSplittingDoes(
        _ mode: FoldingMode
    ) throws {
        let fixture = try SearchFixture([
            """
            \\id GEN
            \\c 1
            \\p \\v 1 “Love,” love’s—love… ‘love’ †love‡ love‧love love‥love.
            \\v 2 love\u{301} lové lo\u{2060}ve love lo\u{AD}ve love x_love love2 love
            \\v 3 «love» ¡love! love–love—love “love
            \\v 4 love”\u{2028}love love\u{200B}love 神love love神 love
            """
        ])
        let index = try fixture.store.searchIndex()
        var hits = 0
        for text in ["love", "lov*", "\"love love\"", "love OR lo", "\"love love\" OR ve", "LOVE lové"] {
            let query = try QueryParser.parse(text, mode: mode)
            for hit in try index.search(text, options: SearchOptions(mode: mode)).hits {
                #expect(hit.highlights == Highlighter.highlights(of: query, in: hit.text), "\(text): \(hit.key)")
                hits += 1
            }
        }
        #expect(hits > 10)
        // Every token of each verse, located without splitting (the verses with no format character or mark
        // must line up) and where splitting puts it.
        let texts = try fixture.store.allVerseTexts().map(\.text)
        try index.read { view throws(IndexDamage) in
            var locator = TokenLocator(view: view, exactMode: mode == .exact, phrases: [])
            for (verse, text) in texts.enumerated() {
                let count = WordBreaker.tokens(in: text, mode: .exact).count
                // Every other token, so that each is a range of its own, then the others.
                for places in [Array(stride(from: 0, to: count, by: 2)), Array(stride(from: 1, to: count, by: 2))] {
                    let located = try locator.highlights(places: places, verse: verse, text: text)
                    #expect(located != nil || verse == 1 || verse == 3, "verse \(verse)")
                    if let located {
                        #expect(located == AttributeHighlighter.split(places, text: text), "verse \(verse)")
                    }
                }
            }
        }
    }

    /// A phrase looked for while the tokens are decoded, stopping at its first occurrence
    /// (`IndexView.phraseOccurs`), and through its anchor (`PhraseScanner`, when it has one), matches in
    /// exactly the verses where the whole verse's tokens match it.
    @Test func phrasesFoundWhileDecodingMatchAsTheWholeVerseDoes() throws {
        let fixture = try SearchFixture([
            """
            \\id GEN
            \\c 1
            \\p \\v 1 In the beginning God created the heavens and the earth.
            \\v 2 the the the beginning in the the beginning in in the
            \\v 3 In the beginning was the Word, and in the beginning the Word was with God.
            \\v 4 beginning the in; God’s love: love love God love.
            \\v 5 In the begin, in the beginnings, in the.
            """
        ])
        let index = try fixture.store.searchIndex()
        let verses = try fixture.store.allVerseTexts().count
        var matched = 0
        var anchored = 0
        for text in ["\"in the beginning\"", "\"the the\"", "\"in the begin*\"", "\"god s love\"", "\"love love\"",
            "\"the beginning in\"", "\"in in the\"", "\"word was\"", "\"love god\"", "\"earth x\""]
        {
            let query = try QueryParser.parse(text)
            let phrase = query.required[0][0]
            try index.read { view throws(IndexDamage) in
                let matchers = try phrase.terms.map { term throws(IndexDamage) in
                    try ResolvedTerm(term, in: view, mode: .default).matcher
                }
                guard let words = QueryExecutor.words(matchers) else {
                    Issue.record("\(text): no folded ranges")
                    return
                }
                let estimates = try phrase.terms.map { term throws(IndexDamage) in
                    try ResolvedTerm(term, in: view, mode: .default).estimate
                }
                let anchor = PhraseAnchor(words: words, estimates: estimates, forms: try view.exactForms())
                if anchor != nil { anchored += 1 }
                var tokens: [Int32] = []
                var buffer: [Int32] = []
                for verse in 0..<verses {
                    let count = try view.tokens(verse, exactIDs: false, into: &tokens)
                    let whole = QueryExecutor.phrase(matchers, occursIn: tokens[..<count])
                    try words.withUnsafeBufferPointer { words throws(IndexDamage) in
                        let found = try view.phraseOccurs(in: verse, words, buffer: &buffer)
                        #expect(found == whole, "\(text), verse \(verse)")
                        if let anchor {
                            var scanner = try PhraseScanner(view, words: words, anchor: anchor)
                            let scanned = try scanner.occurs(in: verse)
                            #expect(scanned == whole, "\(text), verse \(verse), through the anchor")
                            var kept = [verse]
                            try scanner.retain(&kept)
                            #expect(kept == (whole ? [verse] : []), "\(text), verse \(verse), retained")
                        }
                    }
                    if whole { matched += 1 }
                }
            }
        }
        #expect(matched > 10)
        #expect(anchored > 5)
    }
}
