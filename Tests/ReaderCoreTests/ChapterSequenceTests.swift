import ReaderCore
import ScriptureModel
import Testing

/// The navigation rules, on a small made-up version: GEN 1–3 (no intro), PSA 1, 3 and 23 (sparse),
/// JHN with an intro and chapters 1–2, ACT 1 with an intro.
@Suite struct ChapterSequenceTests {
    static let outline = VersionOutline(books: [
        .init(book: .genesis, chapters: [.init(number: 1), .init(number: 2), .init(number: 3)]),
        .init(book: .psalms, chapters: [.init(number: 1), .init(number: 3), .init(number: 23, verses: ["1", "2", "3-4", "5a", "5b"])]),
        .init(book: .john, hasIntroduction: true, chapters: [.init(number: 1), .init(number: 2)]),
        .init(book: .acts, hasIntroduction: true, chapters: [.init(number: 1)]),
    ])
    static let sequence = ChapterSequence(outline)

    @Test(arguments: [
        ("GEN.1", "GEN.2", "a chapter's next is the following chapter"),
        ("GEN.3", "PSA.1", "next from a last chapter is the next book's first chapter when it has no intro"),
        ("PSA.1", "PSA.3", "sparse chapter lists are followed, never 1…N"),
        ("PSA.23", "JHN.INTRO", "next from a last chapter is the next book's intro when it has one"),
        ("JHN.INTRO", "JHN.1", "next from an intro is chapter 1"),
        ("JHN.2", "ACT.INTRO", "next book's intro"),
        ("JHN.1.16-18", "JHN.2", "a verse reference moves by its chapter"),
    ])
    func next(from: String, to: String, rule: String) throws {
        let reference = try ReferenceParser.parse(from)
        #expect(Self.sequence.next(after: reference)?.id == to, "\(rule)")
    }

    @Test(arguments: [
        ("GEN.2", "GEN.1", "a chapter's previous is the chapter before"),
        ("JHN.1", "JHN.INTRO", "previous from chapter 1 is the intro if any"),
        ("JHN.INTRO", "PSA.23", "previous from an intro is the previous book's last chapter"),
        ("PSA.1", "GEN.3", "previous from chapter 1 without intro is the previous book's last chapter"),
        ("PSA.23", "PSA.3", "sparse lists backwards"),
    ])
    func previous(from: String, to: String, rule: String) throws {
        let reference = try ReferenceParser.parse(from)
        #expect(Self.sequence.previous(before: reference)?.id == to, "\(rule)")
    }

    @Test func theEndsOfTheBibleHaveNoNeighbour() throws {
        #expect(Self.sequence.previous(before: try ReferenceParser.parse("GEN.1")) == nil)
        #expect(Self.sequence.next(after: try ReferenceParser.parse("ACT.1")) == nil)
        #expect(Self.sequence.next(after: try ReferenceParser.parse("PSA.2")) == nil, "a chapter the version lacks has no neighbour")
    }

    @Test func walkingVisitsEveryPageOnceInOrderAndBack() throws {
        var forward: [String] = []
        var page = Self.sequence.first.map { $0.reference() }
        while let current = page {
            forward.append(current.id)
            page = Self.sequence.next(after: current)
        }
        #expect(forward == ["GEN.1", "GEN.2", "GEN.3", "PSA.1", "PSA.3", "PSA.23", "JHN.INTRO", "JHN.1", "JHN.2", "ACT.INTRO", "ACT.1"])
        var backward: [String] = []
        page = Self.sequence.last.map { $0.reference() }
        while let current = page {
            backward.append(current.id)
            page = Self.sequence.previous(before: current)
        }
        #expect(backward == forward.reversed())
    }

    @Test(arguments: [
        ("JHN.2", "JHN.2", ReferenceResolution.Fallback.exact),
        ("JHN.1.16", "JHN.1.16", .exact),
        ("PSA.2", "PSA.1", .nearestChapter),
        ("PSA.20", "PSA.23", .nearestChapter),
        ("GEN.INTRO", "GEN.1", .bookFirstChapter),
        ("JHN.INTRO", "JHN.INTRO", .exact),
        ("REV.1", "GEN.1", .versionFirstChapter),
    ])
    func switchingVersionsKeepsThePlaceOrSaysWhichFallback(from: String, to: String, fallback: ReferenceResolution.Fallback) throws {
        let resolution = try #require(Self.sequence.resolve(try ReferenceParser.parse(from), version: 7))
        #expect(resolution.reference.id == to)
        #expect(resolution.reference.versionID == 7)
        #expect(resolution.fallback == fallback)
    }

    @Test(arguments: [
        ("PSA.2", "PSA has no chapter 2 in this version (it has 1, 3, 23)", ["PSA.1", "PSA.3"]),
        ("REV.1", "this version has no Revelation (REV)", ["ACT", "JHN", "PSA"]),
        ("GEN.INTRO", "GEN has no introduction in this version", ["GEN.1"]),
        ("PSA.23.9", "PSA 23 has no verse 9 (verses 1–5b)", ["PSA.23.5a", "PSA.23.5b"]),
    ])
    func outOfRangeReferencesNameTheNearestValidOnes(text: String, message: String, suggestions: [String]) throws {
        let reference = try ReferenceParser.parse(text)
        do {
            try Self.sequence.validate(reference)
            Issue.record("\(text) should be out of range")
        } catch {
            #expect(error.message == message)
            #expect(error.suggestions == suggestions)
        }
    }

    @Test func versesInsideBridgesAndSegmentsAreValid() throws {
        try Self.sequence.validate(try ReferenceParser.parse("PSA.23.4"))
        try Self.sequence.validate(try ReferenceParser.parse("PSA.23.5a"))
        try Self.sequence.validate(try ReferenceParser.parse("PSA.23.1-2"))
    }
}
