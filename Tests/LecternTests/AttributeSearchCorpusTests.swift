import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// `strong:`, `lemma:`, `morph:` and `NEAR` on real Bibles, each count checked against one computed here from
/// the parsed books: the word inlines' attributes as the files write them, or the verse texts' words.
@Suite(.serialized, .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct AttributeSearchCorpusTests {
    /// A corpus folder parsed, and indexed in a store file of its own.
    final class Indexed: Sendable {
        let books: [Book]
        let index: SearchIndex

        init(_ folder: String) throws {
            books = CorpusParses.books(folder)
            index = try FuzzProperties.searchIndex(of: books)
        }

        /// How many verses match `query`.
        func count(_ query: String) throws -> Int {
            try index.search(query, options: SearchOptions(pageSize: 1)).totalCount
        }
    }

    static let web = Result { try Indexed("eng-web-usfm") }
    static let ugnt = Result { try Indexed("grc-ugnt-usx") }
    static let wlc = Result { try Indexed("hbo-wlc-usfm") }

    /// One attribute query and the files' attribute values it must find.
    struct Case: Sendable, CustomTestStringConvertible {
        var folder: String
        var query: String
        var attribute: String
        /// Whether a value as the file writes it is one the query asks for.
        var accepts: @Sendable (String) -> Bool
        var testDescription: String { "\(query) in \(folder)" }
    }

    static let cases: [Case] = [
        Case(folder: "eng-web-usfm", query: "strong:G2316", attribute: "strong") { $0 == "G2316" },
        Case(folder: "eng-web-usfm", query: "strong:H3068", attribute: "strong") { $0 == "H3068" },
        Case(folder: "eng-web-usfm", query: "strong:G4102", attribute: "strong") { $0 == "G4102" },
        Case(folder: "grc-ugnt-usx", query: "strong:G3056", attribute: "strong") { $0 == "G30560" },
        Case(folder: "grc-ugnt-usx", query: "strong:3056", attribute: "strong") { $0 == "G30560" },
        Case(folder: "grc-ugnt-usx", query: "strong:G30560", attribute: "strong") { $0 == "G30560" },
        Case(folder: "grc-ugnt-usx", query: "lemma:λόγος", attribute: "lemma") { $0 == "λόγος" },
        Case(folder: "grc-ugnt-usx", query: "lemma:ΛΟΓΟΣ", attribute: "lemma") { $0 == "λόγος" },
        Case(folder: "grc-ugnt-usx", query: "lemma:θεός", attribute: "lemma") { $0 == "θεός" },
        Case(folder: "grc-ugnt-usx", query: "morph:Gr,N,,,,,NMS,", attribute: "x-morph") { $0 == "Gr,N,,,,,NMS," },
        Case(folder: "grc-ugnt-usx", query: "morph:Gr,V,IAA*", attribute: "x-morph") { $0.hasPrefix("Gr,V,IAA") },
        Case(folder: "hbo-wlc-usfm", query: "strong:H7225", attribute: "strong") { $0 == "7225" },
        Case(folder: "hbo-wlc-usfm", query: "strong:430", attribute: "strong") { $0 == "430" },
        Case(folder: "hbo-wlc-usfm", query: "morph:N-mp", attribute: "x-morph") { $0 == "N-mp" },
        Case(folder: "hbo-wlc-usfm", query: "morph:\"Prep-b / N-fs\"", attribute: "x-morph") { $0 == "Prep-b / N-fs" },
        Case(folder: "hbo-wlc-usfm", query: "morph:V-Qal-Perf*", attribute: "x-morph") { $0.hasPrefix("V-Qal-Perf") },
    ]

    static func indexed(_ folder: String) throws -> Indexed {
        switch folder {
        case "eng-web-usfm": try web.get()
        case "grc-ugnt-usx": try ugnt.get()
        default: try wlc.get()
        }
    }

    @Test(arguments: cases) func attributeCountsMatchTheParsedWords(_ test: Case) throws {
        let indexed = try Self.indexed(test.folder)
        var walk = TaggedWordWalk { span in span.attribute(test.attribute).map(test.accepts) ?? false }
        walk.walk(indexed.books)
        #expect(try indexed.count(test.query) == walk.verses.count)
        #expect(!walk.verses.isEmpty)
    }

    @Test func aBareNumberInTheNewTestamentIsGreek() throws {
        let web = try Self.web.get()
        var walk = TaggedWordWalk { $0.attribute("strong") == "G2316" || $0.attribute("strong") == "H2316" }
        walk.walk(web.books)
        #expect(try web.count("strong:2316") == walk.verses.count)
    }

    /// The words that carry the number are highlighted, and only they.
    @Test func theTaggedWordsAreHighlighted() throws {
        let ugnt = try Self.ugnt.get()
        let page = try ugnt.index.search("strong:G3056", options: SearchOptions(pageSize: 50))
        #expect(page.hits.count == 50)
        for hit in page.hits {
            let words = hit.highlights.map { range in
                String(decoding: Array(hit.text.utf8)[range.utf8], as: UTF8.self)
            }
            #expect(!words.isEmpty)
            for word in words { #expect(SearchFolding.fold(word).hasPrefix("λογ"), "\(hit.key): \(word)") }
        }
    }

    @Test(arguments: [("faith", "love", 5), ("faith", "love", 1), ("God", "love", 3), ("Yahweh", "mercy", 10)])
    func wordProximityMatchesTheVerseTexts(_ left: String, _ right: String, _ distance: Int) throws {
        let web = try Self.web.get()
        let (first, second) = (SearchFolding.fold(left), SearchFolding.fold(right))
        let expected = web.books.flatMap { $0.verseTexts() }.count { verse in
            let terms = WordBreaker.tokens(in: verse.text).map(\.term)
            let a = terms.indices.filter { terms[$0] == first }
            let b = terms.indices.filter { terms[$0] == second }
            return a.contains { i in b.contains { j in i != j && abs(i - j) <= distance } }
        }
        #expect(try web.count("\(left) NEAR/\(distance) \(right)") == expected)
        #expect(try web.count("\(right) NEAR/\(distance) \(left)") == expected)
        #expect(expected > 0)
    }

    @Test(arguments: [("faith", "love", 2), ("faith", "love", 0), ("Melchizedek", "Abraham", 1)])
    func verseProximityMatchesTheVerseTexts(_ left: String, _ right: String, _ distance: Int) throws {
        let web = try Self.web.get()
        let (first, second) = (SearchFolding.fold(left), SearchFolding.fold(right))
        var expected = 0
        for book in web.books {
            let verses = book.verseTexts().map { Set(WordBreaker.tokens(in: $0.text).map(\.term)) }
            for (index, terms) in verses.enumerated() {
                let near = verses[max(0, index - distance)...min(verses.count - 1, index + distance)]
                if (terms.contains(first) && near.contains { $0.contains(second) })
                    || (terms.contains(second) && near.contains { $0.contains(first) })
                {
                    expected += 1
                }
            }
        }
        #expect(try web.count("\(left) NEAR/\(distance)v \(right)") == expected)
        #expect(expected > 0)
    }

    @Test func strongAndWordsCombine() throws {
        let ugnt = try Self.ugnt.get()
        let both = try ugnt.count("strong:G3056 lemma:θεός")
        let near = try ugnt.count("strong:G3056 NEAR/3 lemma:θεός")
        #expect(near > 0 && near <= both)
        #expect(try ugnt.count("strong:G3056 -lemma:θεός") == (try ugnt.count("strong:G3056")) - both)
    }
}

/// The verses (book, chapter, label) that hold a word span the predicate accepts, walked as verse text is
/// gathered: headings only from a verse marker inside them on, notes and `\va`-like spans left out.
struct TaggedWordWalk {
    let accepts: (CharacterSpan) -> Bool
    var verses: Set<String> = []
    private var current: String?
    private var book = ""
    private var chapter = 0

    init(_ accepts: @escaping (CharacterSpan) -> Bool) { self.accepts = accepts }

    mutating func walk(_ books: [Book]) {
        for book in books {
            self.book = book.id.code
            for chapter in book.chapters {
                self.chapter = chapter.number
                current = nil
                walk(chapter.blocks)
            }
        }
    }

    /// A sidebar's paragraphs count as a heading's do: only from a verse that starts in them.
    mutating func walk(_ blocks: [Block], inSidebar: Bool = false) {
        for block in blocks {
            switch block {
            case .paragraph(let paragraph):
                var content = paragraph.content[...]
                if inSidebar || !paragraph.kind.carriesVerseText || paragraph.marker == "lit" {
                    guard let first = content.firstIndex(where: { if case .verse = $0 { true } else { false } })
                    else { continue }
                    content = content[first...]
                }
                walk(content)
            case .table(let table):
                for row in table.rows {
                    walk(row.leading[...])
                    for cell in row.cells { walk(cell.content[...]) }
                }
            case .sidebar(let sidebar):
                walk(sidebar.blocks, inSidebar: true)
            }
        }
    }

    private mutating func walk(_ content: ArraySlice<Inline>) {
        for inline in content {
            switch inline {
            case .verse(let start): current = "\(book) \(chapter):\(start.number)"
            case .character(let span):
                guard !["va", "vp", "ca", "cp", "cat", "fig"].contains(span.marker) else { continue }
                if let current, accepts(span) { verses.insert(current) }
                walk(span.content[...])
            default: continue
            }
        }
    }
}
