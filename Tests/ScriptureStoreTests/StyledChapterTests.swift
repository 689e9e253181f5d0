import Foundation
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

    /// The store's style table is built on first use and the first one built is kept; readers racing for
    /// it all get what a store that built it alone gives.
    @Test func readersRacingForTheStyleTableAllReadTheSameChapter() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        let expected = try store.styledChapter(.genesis, 1)
        let fresh = try VersionStore(path: store.path)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            results.add((try? fresh.styledChapter(.genesis, 1)) == expected)
        }
        #expect(results.values == Array(repeating: true, count: 32))
    }

    /// Damaged styles fail the chapters that use them, on the styled path as on the model path, and
    /// leave the other chapters readable.
    @Test func damagedStylesFailOnlyTheChaptersThatUseThem() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        let used = try #require(try store.styledChapter(.genesis, 1).paragraphs.flatMap(\.spans).first).style
        let styles = try #require(store.sectionBytes(.styles))
        // Style `used` starts past the section: it and the style before it (which ends there) are damaged.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store.path)))
        for index in 0..<4 { bytes[styles.start + 4 + used * 4 + index] = 0xFF }
        let damaged = try VersionStore(path: directory.write(StoreSeal.resealed(bytes), to: "damaged.lectern"))
        let broken: Set = [used - 1, used]
        var failed = 0
        for book in store.books {
            for number in book.chapters {
                let styled = try store.styledChapter(book.id, number)
                let usesBroken =
                    styled.paragraphs.contains { $0.spans.contains { broken.contains($0.style) } }
                    || styled.notes.contains { $0.spans.contains { broken.contains($0.style) } }
                let styledFails = (try? damaged.styledChapter(book.id, number)) == nil
                let modelFails = (try? damaged.chapter(book.id, number)) == nil
                #expect(styledFails == usesBroken, "\(book.id.code) \(number)")
                #expect(modelFails == styledFails, "\(book.id.code) \(number)")
                if styledFails { failed += 1 }
            }
        }
        #expect(failed > 0)
    }
}
