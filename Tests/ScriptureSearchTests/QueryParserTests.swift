import ScriptureSearch
import Testing
import TextNormalization

@Suite struct QueryParserTests {
    /// A query and its groups (`|` between the phrases of an OR group, `_` between a phrase's terms,
    /// `*` after a prefix) and exclusions.
    struct Case: Sendable, CustomStringConvertible {
        var query: String
        var required: [String]
        var excluded: [String] = []
        var description: String { query }
    }

    static let cases: [Case] = [
        Case(query: "love", required: ["love"]),
        Case(query: "Faith  LOVE", required: ["faith", "love"]),
        Case(query: "faith AND love", required: ["faith", "love"]),
        Case(query: "faith AND -fear love", required: ["faith", "love"], excluded: ["fear"]),
        Case(query: "faith OR hope AND love", required: ["faith|hope", "love"]),
        Case(query: "\"in the beginning\"", required: ["in_the_beginning"]),
        Case(query: "bless*", required: ["bless*"]),
        Case(query: "\"in the begin*\"", required: ["in_the_begin*"]),
        Case(query: "love -hate", required: ["love"], excluded: ["hate"]),
        Case(query: "love -\"good news\"", required: ["love"], excluded: ["good_news"]),
        Case(query: "faith OR hope love", required: ["faith|hope", "love"]),
        Case(query: "a OR b OR c", required: ["a|b|c"]),
        Case(query: "or and", required: ["or", "and"]),
        Case(query: "God’s", required: ["god_s"]),
        Case(query: "god's", required: ["god_s"]),
        Case(query: "well-known", required: ["well_known"]),
        Case(query: "神爱世人", required: ["神_爱_世_人"]),
        Case(query: "Señor — ÉLOHIM!", required: ["senor", "elohim"]),
        Case(query: "ﬁre Ｇｏｄ", required: ["fire", "god"]),
        // A quote, `-` or space before a word that starts with a combining mark (cut from a pointed word) still
        // opens the phrase, excludes the word, parts the words; the marks themselves fold away.
        Case(query: "\"\u{5B0}לע \u{5B4}ה\"", required: ["לע_ה"]),
        Case(query: "ה -\u{5B0}לע", required: ["ה"], excluded: ["לע"]),
        Case(query: "ab \u{301}cd", required: ["ab", "cd"]),
    ]

    static func render(_ phrase: SearchQuery.Phrase) -> String {
        phrase.terms.map { $0.text + ($0.isPrefix ? "*" : "") }.joined(separator: "_")
    }

    @Test(arguments: cases) func parses(_ test: Case) throws {
        let query = try QueryParser.parse(test.query)
        #expect(query.required.map { $0.map(Self.render).joined(separator: "|") } == test.required)
        #expect(query.excluded.map(Self.render) == test.excluded)
    }

    @Test func exactModeKeepsCaseAndAccents() throws {
        let query = try QueryParser.parse("Señor LORD", mode: .exact)
        #expect(query.required.map { $0.map(Self.render) } == [["Señor"], ["LORD"]])
        #expect(query.mode == .exact)
    }

    /// A field term alone (read without the general reading's items) is the query the general reading
    /// gives the same term followed by a space, or the same error.
    @Test(arguments: [
        "strong:G2316", "strong:2316", "strong:h1254A", "strong:G30560", "lemma:logos", "morph:N", "strong:love",
        "strong:0", "lemma:x1", "morph:Gr",
    ])
    func aFieldTermAloneIsReadAsInALongerQuery(_ text: String) {
        let alone = Result { () throws(QueryError) in try QueryParser.parse(text) }
        let spaced = Result { () throws(QueryError) in try QueryParser.parse(text + " ") }
        switch (alone, spaced) {
        case (.success(let alone), .success(let spaced)): #expect(alone == spaced)
        case (.failure(let alone), .failure(let spaced)): #expect(alone.message == spaced.message)
        default: Issue.record("\(text): \(alone) against \(spaced)")
        }
    }

    struct Failure: Sendable, CustomStringConvertible {
        var query: String
        var column: Int
        var message: String
        var description: String { query }
    }

    static let failures: [Failure] = [
        Failure(query: "love \"in the", column: 6, message: "the quote is not closed"),
        Failure(query: "love - hate", column: 6, message: "'-' must be followed"),
        Failure(query: "OR love", column: 1, message: "OR needs"),
        Failure(query: "love OR", column: 6, message: "OR needs"),
        Failure(query: "love OR OR hope", column: 9, message: "OR needs"),
        Failure(query: "love OR -hate", column: 9, message: "an excluded word cannot be part of OR"),
        Failure(query: "faith AND", column: 7, message: "AND needs a word or phrase on each side"),
        Failure(query: "AND faith", column: 1, message: "AND needs"),
        Failure(query: "faith AND AND love", column: 11, message: "AND needs"),
        Failure(query: "faith AND OR love", column: 7, message: "AND needs"),
        Failure(query: "faith OR AND love", column: 10, message: "AND needs"),
        Failure(query: "faith AND  ", column: 7, message: "AND needs"),
        Failure(query: "-hate", column: 1, message: "not only words to leave out"),
        Failure(query: "  ", column: 1, message: "nothing to search for"),
        Failure(query: "bl*ss", column: 3, message: "'*' can only end a word"),
        Failure(query: "love *", column: 6, message: "'*' needs letters"),
        Failure(query: "love \"—\"", column: 6, message: "the phrase has no words"),
        // A quote and the mark after it are read apart but placed as the one `Character` they are.
        Failure(query: "ה \"\u{5B0}לע ה", column: 3, message: "the quote is not closed"),
        Failure(query: "ה \u{5B0}\"\u{5B0}", column: 3, message: "the quote is not closed"),
    ]

    @Test(arguments: failures) func reportsWhere(_ failure: Failure) {
        #expect {
            try QueryParser.parse(failure.query)
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.range.lowerBound + 1 == failure.column && error.message.contains(failure.message)
                && error.description.hasPrefix("column \(failure.column): ")
                && error.range.upperBound <= failure.query.count
        }
    }
}
