import Lectern
import Testing

/// What `lectern import` calls a version when the publisher gives no names.
struct VersionNamingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var identifications: [String]
        var source: String
        var abbreviation: String
        var title: String
        var language: String
        var testDescription: String { source }
    }

    static let here = SourceLocation(file: "x", line: 1, column: 1)

    @Test(arguments: [
        Case(
            identifications: ["World English Bible (WEB) 2024-01-15", "40-MAT-web.sfm World English Bible (WEB)", ""],
            source: "/corpus/eng-web-usfm", abbreviation: "WEB", title: "World English Bible", language: "eng"),
        Case(
            identifications: [" Genesis ", " Exodus ", " Leviticus "], source: "spa-rv1909-usfm/",
            abbreviation: "SPA-RV1909-USFM", title: "spa-rv1909-usfm", language: "spa"),
        Case(
            identifications: ["unfoldingWord® Hebrew Bible", "unfoldingWord® Hebrew Bible"], source: "uhb.usx.gz",
            abbreviation: "UHB", title: "unfoldingWord® Hebrew Bible", language: "und"),
    ])
    func suggestion(_ test: Case) {
        let books = test.identifications.map { Book(id: .genesis, identification: $0, location: Self.here) }
        let suggestion = VersionNaming.suggest(books: books, source: test.source)
        #expect(suggestion.abbreviation == test.abbreviation)
        #expect(suggestion.title == test.title)
        #expect(suggestion.language == test.language)
    }
}
