import Lectern

/// The JSON form of a search page (`lectern search --json`).
enum SearchJSON {
    /// `{"schemaVersion","command":"search","query","bible","reference","total","books","page","pageSize",
    /// "pageCount","order","highlightUnits":"utf16","hits","suggestions"}`.
    static func page(_ page: SearchPage, bible: VersionMetadata, bookNames: [BookID: String]) -> JSONValue {
        let reference: JSONValue =
            page.reference.map { JSONSchema.reference($0, bookName: bookNames[$0.book]) } ?? .null
        let books = page.bookCounts.map { count in
            JSONValue.object([("book", .string(count.book.code)), ("count", .int(count.count))])
        }
        let hits = page.hits.map { hit in
            JSONValue.object([
                ("reference", JSONSchema.reference(hit.key, bookName: bookNames[hit.key.book])),
                ("text", .string(hit.text)),
                ("highlights", .array(hit.highlights.map { .array([.int($0.utf16.lowerBound), .int($0.utf16.upperBound)]) })),
                ("score", hit.score.map(JSONValue.double) ?? .null),
            ])
        }
        let suggestions = page.suggestions.map { suggestion in
            JSONValue.object([
                ("word", .string(suggestion.word)), ("alternatives", .array(suggestion.alternatives.map(JSONValue.string))),
            ])
        }
        return JSONSchema.document(
            "search",
            [
                ("query", .string(page.query)), ("bible", JSONSchema.bible(bible)), ("reference", reference),
                ("total", .int(page.totalCount)), ("books", .array(books)), ("page", .int(page.page)),
                ("pageSize", .int(page.pageSize)), ("pageCount", .int(page.pageCount)),
                ("order", .string(page.order.rawValue)), ("highlightUnits", .string("utf16")), ("hits", .array(hits)),
                ("suggestions", .array(suggestions)),
            ])
    }
}
