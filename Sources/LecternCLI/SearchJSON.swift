import Foundation
import Lectern

/// The JSON form of a search page (`lectern search --json`).
enum SearchJSON {
    struct Page: Encodable {
        var query: String
        var version: String
        var reference: String?
        var total: Int
        var books: [BookCount]
        var page: Int
        var pageSize: Int
        var pageCount: Int
        var order: String
        var highlightUnits = "utf16"
        var hits: [Hit]
        var suggestions: [Suggestion]

        init(_ page: SearchPage, version: String) {
            query = page.query
            self.version = version
            reference = page.reference?.id
            total = page.totalCount
            books = page.bookCounts.map { BookCount(book: $0.book.code, count: $0.count) }
            self.page = page.page
            pageSize = page.pageSize
            pageCount = page.pageCount
            order = page.order.rawValue
            hits = page.hits.map(Hit.init)
            suggestions = page.suggestions.map { Suggestion(word: $0.word, alternatives: $0.alternatives) }
        }
    }

    struct BookCount: Encodable {
        var book: String
        var count: Int
    }

    struct Hit: Encodable {
        var reference: String
        var text: String
        var highlights: [[Int]]
        var score: Double?

        init(_ hit: SearchHit) {
            reference = hit.key.description
            text = hit.text
            highlights = hit.highlights.map { [$0.utf16.lowerBound, $0.utf16.upperBound] }
            score = hit.score
        }
    }

    struct Suggestion: Encodable {
        var word: String
        var alternatives: [String]
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
