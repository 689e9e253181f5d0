import Foundation
import ScriptureAnnotations
import ScriptureModel
import TestSupport
import Testing
import Versification

/// A Bible imported again with edited verses: its word marks re-attached by quote where the words remain,
/// reported moved (and kept on their verses) where they do not.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct AnnotationReimportTests {
    @Test func wordMarksAreReattachedOrReportedMovedAfterAReimport() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = try AnnotationStore.testStore(in: folder, clock: StepClock())
        let web = AnnotationCorpus.web
        let before = AnnotationCorpus.chapter(web, .psalms, 23)
        try #require(before.count == 6)
        var marks: [String: Annotation] = [:]
        for (name, number, words) in [
            ("kept", 1, "my shepherd"), ("shifted", 3, "paths of righteousness"), ("lost", 2, "green pastures"),
            ("untouched", 6, "goodness and loving kindness"),
        ] {
            let place = verse("PSA", 23, number)
            let anchor = try #require(WordAnchor.find(words, in: WordAnchor.texts(of: place, in: before)), "\(words)")
            marks[name] = try store.add(
                .highlight(.color(.orange)), at: AnnotationPlace(bible: web, verses: place, words: anchor))
        }
        // A whole-verse mark and one made in another Bible are not word marks of this one.
        try store.add(.bookmark, at: AnnotationPlace(bible: web, verses: verse("PSA", 23, 4)))
        try store.add(
            .highlight(.color(.blue)), at: AnnotationPlace(bible: AnnotationCorpus.wlc, verses: verse("PSA", 23, 1)))
        #expect(try store.wordMarks(madeIn: "WEB").count == 4)

        // The new edition: words added before the shifted mark's words, the lost mark's words reworded.
        var after = before
        after[1].text = after[1].text.replacingOccurrences(of: "green pastures", with: "grassy meadows")
        after[2].text = "Truly, " + after[2].text
        try #require(after[1].text != before[1].text && after[2].text.hasPrefix("Truly, "))

        let results = try store.reattachWords(.psalms, 23, in: web, verses: after)
        let matches = Dictionary(uniqueKeysWithValues: results.map { ($0.annotation.id, $0.match) })
        #expect(results.count == 4)
        #expect(matches[marks["kept"]!.id] == .unchanged)
        #expect(matches[marks["untouched"]!.id] == .unchanged)
        #expect(matches[marks["lost"]!.id] == .moved)
        guard case .found(let shifted) = matches[marks["shifted"]!.id] else {
            Issue.record("the shifted words were not found: \(String(describing: matches[marks["shifted"]!.id]))")
            return
        }
        #expect(shifted.start.offset == marks["shifted"]!.place.words!.start.offset + 7)
        // The store holds the new range; the lost mark is still there, on its verse.
        #expect(try store.annotation(marks["shifted"]!.id)?.place.words == shifted)
        #expect(try store.annotation(marks["lost"]!.id)?.place.words == marks["lost"]!.place.words)

        let shown = try store.chapterMarks(.psalms, 23, in: web, verses: after)
        func placement(_ name: String) -> MarkPlacement? {
            shown.marks.first { $0.annotation.id == marks[name]!.id }?.placement
        }
        #expect(placement("kept") == .own && placement("shifted") == .own && placement("lost") == .moved)
        let lost = try #require(shown.marks.first { $0.annotation.id == marks["lost"]!.id })
        #expect(lost.verses.map(\.verse) == ["2"] && lost.ranges.map(\.isWholeVerse) == [true])
        let shiftedRange = try #require(shown.marks.first { $0.annotation.id == marks["shifted"]!.id }?.ranges.first)
        #expect(
            String(decoding: Array(after[2].text.utf8)[shiftedRange.utf8], as: UTF8.self) == "paths of righteousness")
        // Running it again finds nothing more to move.
        #expect(
            try store.reattachWords(.psalms, 23, in: web, verses: after).filter {
                if case .found = $0.match { true } else { false }
            }.isEmpty)
    }
}
