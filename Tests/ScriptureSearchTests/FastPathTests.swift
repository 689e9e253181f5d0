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
    @Test(.enabled(if: TestCorpus.isAvailable, "needs the shared corpus"))
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
}
