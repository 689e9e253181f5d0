import ScriptureModel
import Testing

/// A verse that starts inside a heading paragraph (`\d \v 1 …`) is verse text from there on.
@Suite struct VerseTextHeadingTests {
    static let here = SourceLocation(file: "t", line: 1, column: 1)

    static func paragraph(_ marker: String, _ content: [Inline]) -> Block {
        .paragraph(Paragraph(marker: marker, content: content, location: here))
    }

    @Test func aVerseInAHeadingIsVerseTextAndAHeadingWithoutOneIsNot() {
        let chapter = Chapter(
            number: 12,
            blocks: [
                Self.paragraph("s1", [.text("The Coming Deliverance")]),
                Self.paragraph(
                    "d",
                    [
                        .text("Title "), .verse(VerseStart(number: "1", location: Self.here)),
                        .text("This is the burden."),
                    ]),
                Self.paragraph("m", [.text("Thus declares the LORD.")]),
                Self.paragraph("s1", [.text("A heading between verses")]),
                Self.paragraph("p", [.verse(VerseStart(number: "2", location: Self.here)), .text("Behold.")]),
            ], location: Self.here)
        let book = Book(id: .zechariah, chapters: [chapter], location: Self.here)
        #expect(book.verseTexts().map(\.text) == ["This is the burden. Thus declares the LORD.", "Behold."])
    }
}
