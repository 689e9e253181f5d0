import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

/// The styled form of a chapter says what the full model says, flattened.
struct StyledChapterTests {
    @Test func styledChaptersMatchTheModel() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        #expect(try StyledChapterCheck.mismatches(in: store) == [])
        let chapter = try store.styledChapter(.genesis, 1)
        let poetry = try #require(chapter.paragraphs.first { $0.marker == "q2" })
        #expect(poetry.text == "“Let there be light” and there was light.")
        let light = try #require(poetry.spans.first { $0.marker == "w" })
        #expect(
            try store.characterStyle(light.style).attributes == [
                Attribute("strong", "H216"), Attribute("lemma", "אוֹר"),
            ])
        let cell = try #require(chapter.paragraphs.first { $0.marker == "tc2" })
        #expect(cell.cell == CellPosition(table: 0, row: 1, column: 1, columnSpan: 2) && cell.text == "Light")
        #expect(chapter.notes.map(\.text) == ["1:2 Or, “void”", "1:4 Hades"])
        #expect(chapter.label == "Chapter One")
    }
}
