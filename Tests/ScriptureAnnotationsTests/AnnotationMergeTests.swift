import Foundation
import ScriptureAnnotations
import ScriptureModel
import TestSupport
import Testing
import Versification

/// Two copies of a library that diverged (edits and deletions on both sides) and then exchange exports.
struct AnnotationMergeTests {
    static let web = AnnotationBible(abbreviation: "WEB", versification: .english)

    /// What each copy does to the shared marks, at what time (milliseconds after the base), and which
    /// version the merge must keep.
    struct Divergence {
        var name: String
        /// Copy A's change at `aTime`, and copy B's at `bTime` (nil: no change).
        var a: Change?
        var aTime: Int64 = 0
        var b: Change?
        var bTime: Int64 = 0
        /// `a`, `b` or `base`: whose version both copies end with.
        var winner: String
    }

    enum Change {
        case note(String)
        case labels([String])
        case delete
    }

    static let divergences: [Divergence] = [
        Divergence(name: "edited in A only", a: .note("A's text"), aTime: 10, winner: "a"),
        Divergence(name: "deleted in B only", b: .delete, bTime: 10, winner: "b"),
        Divergence(name: "edited in both, B later", a: .note("A"), aTime: 10, b: .note("B"), bTime: 20, winner: "b"),
        Divergence(
            name: "edited in both, A later", a: .labels(["A"]), aTime: 30, b: .note("B"), bTime: 20, winner: "a"),
        Divergence(name: "deleted in A after B's edit", a: .delete, aTime: 40, b: .note("B"), bTime: 5, winner: "a"),
        Divergence(name: "deleted in B after A's edit", a: .note("A"), aTime: 5, b: .delete, bTime: 40, winner: "b"),
        Divergence(
            name: "edited in A after B's deletion", a: .note("A late"), aTime: 50, b: .delete, bTime: 10, winner: "a"),
        Divergence(name: "deleted in both", a: .delete, aTime: 10, b: .delete, bTime: 15, winner: "b"),
        Divergence(
            name: "deleted and edited at the same moment", a: .delete, aTime: 60, b: .note("B"), bTime: 60, winner: "a"),
        Divergence(name: "untouched", winner: "base"),
    ]

    @Test func twoDivergedCopiesEndEqualWhicheverImportsFirst() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let base: Int64 = 1_780_000_000_000
        let clockA = StepClock(start: base - 100_000)
        let a = try AnnotationStore.testStore(in: folder, name: "a.sqlite", clock: clockA)
        var ids: [UUID] = []
        for (index, _) in Self.divergences.enumerated() {
            let place = try AnnotationPlace(bible: Self.web, verses: verse("PSA", 100 + index, 1))
            ids.append(try a.add(.note("base \(index)"), at: place, labels: ["base"]).id)
        }
        // B starts as a copy of A (an export imported into an empty library).
        let clockB = StepClock(start: base - 100_000)
        let b = try AnnotationStore.testStore(in: folder, name: "b.sqlite", clock: clockB)
        try b.importMarks(Array(a.export(.csv).utf8), file: "a.csv", format: .csv)
        let shared = try a.allAnnotations(includingDeleted: true)
        #expect(try b.allAnnotations(includingDeleted: true) == shared)

        func apply(_ change: Change?, at time: Int64, to store: AnnotationStore, clock: StepClock, id: UUID)
            throws
        {
            guard let change else { return }
            clock.set(base + time)
            switch change {
            case .delete: try store.delete(id)
            case .note(let text):
                var mark = try #require(try store.annotation(id))
                mark.content = .note(text)
                try store.update(mark)
            case .labels(let labels):
                var mark = try #require(try store.annotation(id))
                mark.labels = labels
                try store.update(mark)
            }
        }
        for (index, divergence) in Self.divergences.enumerated() {
            try apply(divergence.a, at: divergence.aTime, to: a, clock: clockA, id: ids[index])
            try apply(divergence.b, at: divergence.bTime, to: b, clock: clockB, id: ids[index])
        }
        // Each side adds a mark of its own, and deletes one it added.
        clockA.set(base + 70)
        let onlyA = try a.add(.bookmark, at: AnnotationPlace(bible: Self.web, verses: verse("GEN", 1, 1)))
        clockB.set(base + 70)
        let onlyB = try b.add(
            .highlight(.color(.blue)), at: AnnotationPlace(bible: Self.web, verses: verse("JHN", 3, 16)))
        let goneB = try b.add(.bookmark, at: AnnotationPlace(bible: Self.web, verses: verse("JHN", 1, 1)))
        try b.delete(goneB.id)

        let versionsA = try a.allAnnotations(includingDeleted: true)
        let versionsB = try b.allAnnotations(includingDeleted: true)
        let exportA = try a.export(.w3c)
        let exportB = try b.export(.csv)
        // Both ways, in both orders: A takes B's export, B takes A's.
        let reportA = try a.importMarks(Array(exportB.utf8), file: "b.csv", format: .csv)
        let reportB = try b.importMarks(Array(exportA.utf8), file: "a.json", format: .w3c)
        let endA = try a.allAnnotations(includingDeleted: true)
        let endB = try b.allAnnotations(includingDeleted: true)
        #expect(endA == endB)
        #expect(endA.count == Self.divergences.count + 3)
        #expect(reportA.added == 2 && reportB.added == 1)
        #expect(try a.export(.csv) == b.export(.csv))
        #expect(try a.verify() == [] && b.verify() == [])

        for (index, divergence) in Self.divergences.enumerated() {
            let expected: Annotation?
            switch divergence.winner {
            case "a": expected = versionsA.first { $0.id == ids[index] }
            case "b": expected = versionsB.first { $0.id == ids[index] }
            default: expected = shared.first { $0.id == ids[index] }
            }
            #expect(endA.first { $0.id == ids[index] } == expected, "\(divergence.name)")
        }
        #expect(endA.contains { $0.id == onlyA.id } && endA.contains { $0.id == onlyB.id })
        #expect(endA.first { $0.id == goneB.id }?.isDeleted == true)
        // The live marks answer queries the same on both sides.
        #expect(try a.annotations(labeled: "A").map(\.id) == b.annotations(labeled: "A").map(\.id))
        #expect(try a.annotations(kind: .note).map(\.id) == b.annotations(kind: .note).map(\.id))

        // Exchanging again changes nothing on either side.
        #expect(try a.importMarks(Array(b.export(.w3c).utf8), file: "b", format: .w3c).changedNothing)
        #expect(try b.importMarks(Array(a.export(.csv).utf8), file: "a", format: .csv).changedNothing)
    }

    /// The pure rule: merging is the same in either order and idempotent, for every pair of versions.
    @Test func theMergeRuleIsOrderFreeAndIdempotent() throws {
        let place = try AnnotationPlace(bible: Self.web, verses: verse("PSA", 23, 1))
        let id = UUID()
        var versions: [Annotation] = []
        for time: Int64 in [100, 200] {
            for content in [AnnotationContent.note("x"), .note("y"), .highlight(.color(.yellow))] {
                let mark = try Annotation(
                    id: id, content: content, place: place, created: .init(milliseconds: 1),
                    modified: .init(milliseconds: time))
                versions.append(mark)
                versions.append(mark.tombstone(at: .init(milliseconds: time)))
            }
        }
        for first in versions {
            for second in versions {
                let forward = AnnotationMerge.merge([first], [second])
                #expect(forward == AnnotationMerge.merge([second], [first]))
                #expect(AnnotationMerge.merge(forward, [first]) == forward)
                let winner = try #require(forward.first)
                #expect(winner.modified == max(first.modified, second.modified))
                if first.modified == second.modified, first.isDeleted || second.isDeleted { #expect(winner.isDeleted) }
            }
        }
    }
}
