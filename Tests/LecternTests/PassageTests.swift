import Foundation
import Lectern
import TestSupport
import Testing

/// `Library.passage` and `VersionStore.passage`: verses with their references, across chapters and in lists,
/// and errors a reader can act on.
@Suite struct PassageTests {
    /// A library in a temporary folder, deleted with the value.
    final class TemporaryLibrary {
        let library = Library(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                "lectern-passage-\(UUID().uuidString)"
            ).path)
        deinit { try? FileManager.default.removeItem(atPath: library.directory) }

        @discardableResult
        func add(_ books: [Book], id: Int, abbreviation: String, title: String = "Sample") throws -> VersionStore {
            let metadata = VersionMetadata(
                id: id, abbreviation: abbreviation, title: title, language: "en", sourceFormat: "usfm", importedAt: "")
            try library.add(books: books, metadata: metadata, id: id, replace: false)
            return try library.open(id)
        }
    }

    static let sampleBooks = VersionSource.parse(paths: [TestCorpus.sample("sample/usfm").path]).books

    /// A selection and the verse ids it gives from the sample version.
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var verses: [String]
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "John 1:1-3", verses: ["JHN.1.1", "JHN.1.2", "JHN.1.3"]),
        Case(text: "John 1 3-5", verses: ["JHN.1.3", "JHN.1.4-5"]),
        Case(text: "John 1:5", verses: ["JHN.1.4-5"]),
        Case(text: "John 1:6a", verses: ["JHN.1.6a"]),
        Case(text: "John 1:6", verses: ["JHN.1.6a", "JHN.1.6b"]),
        Case(text: "John 1:6b-7", verses: ["JHN.1.6b", "JHN.1.7"]),
        Case(text: "John 1:6-2:2", verses: ["JHN.1.6a", "JHN.1.6b", "JHN.1.7", "JHN.2.1", "JHN.2.2"]),
        Case(text: "Ps 3-23", verses: ["PSA.3.1", "PSA.3.2", "PSA.3.3", "PSA.23.1", "PSA.23.2", "PSA.23.3"]),
        Case(text: "Ps 3:3-23:1", verses: ["PSA.3.3", "PSA.23.1"]),
        Case(text: "John 1:1, 3; 2:1", verses: ["JHN.1.1", "JHN.1.3", "JHN.2.1"]),
        Case(text: "Jn 2.7; Ps 23:1", verses: ["JHN.2.7", "PSA.23.1"]),
        Case(text: "Tobit", verses: ["TOB.1.1", "TOB.1.2-3", "TOB.1.4", "TOB.1.5"]),
        Case(text: "John intro", verses: []),
    ])
    func selectionsGiveTheirVersesInOrder(_ test: Case) throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP")
        let passage = try store.passage(test.text)
        #expect(passage.verses.map(\.reference.id) == test.verses)
        #expect(passage.verses.allSatisfy { $0.reference.versionID == 1 })
        #expect(try temporary.library.passage(test.text) == passage, "the library's only version")
    }

    @Test func versesCarryTheirLabelsTextAndVersion() throws {
        let temporary = TemporaryLibrary()
        try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP", title: "Lectern sample version")
        let passage = try temporary.library.passage("John 1:3-5", bible: "smp")
        #expect(passage.version == PassageVersion(id: 1, abbreviation: "SMP", title: "Lectern sample version"))
        #expect(passage.selection.id == "JHN.1.3-5")
        #expect(passage.verses.map(\.label) == ["3", "4-5"])
        #expect(
            passage.verses.map(\.text) == [
                "All things were made through him. Without him, nothing was made that has been made.",
                "In him was life, and the life was the light of men. The light shines in the darkness, and the darkness hasn’t overcome it.",
            ])
        #expect(try temporary.library.passage("JHN.1.3-5", bible: "1") == passage)
    }

    @Test func anIntroductionGivesItsBlocks() throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP")
        let passage = try store.passage("JHN.INTRO; John 1:1")
        #expect(passage.introductions.map(\.reference.id) == ["JHN.INTRO"])
        #expect(passage.introductions.first?.blocks == (try store.introduction(.john)))
        #expect(passage.introductions.first?.text.isEmpty == false)
        #expect(passage.verses.map(\.reference.id) == ["JHN.1.1"])
    }

    @Test(arguments: [
        ("Xyz 1", "unknown book 'Xyz'"),
        ("Ps 4", "Psalms (PSA) has no chapter 4 in SMP; its chapters are 3, 23"),
        ("Ps 3-4", "Psalms (PSA) has no chapter 4 in SMP; its chapters are 3, 23"),
        ("John 1:99", "John 1 has no verse 99 in SMP; its verses are 1–7"),
        ("John 1:5-99", "John 1 has no verse 99 in SMP; its verses are 1–7"),
        ("John 1:6-2:9", "John 2 has no verse 9 in SMP; its verses are 1–7"),
        ("Gen intro", "Genesis (GEN) has no introduction in SMP"),
        ("Genesis 1-3", "Genesis (GEN) has no chapter 3 in SMP; its chapters are 1–2"),
        (
            "John 1:3-Gen 1:1",
            "ranges across books such as 'John 1:3-Gen 1:1' are not supported; give a range per book, separated by ';'"
        ),
    ])
    func missingPlacesSayWhatTheVersionHas(text: String, message: String) throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP")
        #expect(throws: PassageError.self) { try store.passage(text) }
        do {
            _ = try store.passage(text)
        } catch {
            if case .reference(let reference) = error {
                #expect(reference.message == message)
            } else {
                #expect(error.description == message)
            }
        }
    }

    /// A book the version lacks, named in English, is said to be missing (issue 47: `read "John 3:16" -b WLC`);
    /// a name that is no book's suggests the version's own books.
    @Test func aBookTheVersionLacksIsNamedAndAnUnknownOneSuggestsItsOwnBooks() throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP")
        #expect(throws: PassageError.bookNotInVersion(.exodus, version: "SMP")) { try store.passage("Exodus 3") }
        #expect(throws: PassageError.bookNotInVersion(.exodus, version: "SMP")) { try store.selection("EXO 3:1-4") }
        #expect(PassageError.bookNotInVersion(.exodus, version: "SMP").description == "SMP has no book Exodus (EXO)")
        do {
            _ = try store.passage("Exodos 3")
            Issue.record("no book is called Exodos")
        } catch {
            guard case .reference(let reference) = error else { throw error }
            #expect(reference.message == "unknown book 'Exodos'")
            #expect(!reference.suggestions.isEmpty && reference.suggestions.allSatisfy { !$0.contains("(EXO)") })
        }
    }

    @Test func theBibleIsNamedOrTheOnlyOne() throws {
        let temporary = TemporaryLibrary()
        #expect(
            Self.message { try temporary.library.passage("John 1:1") }
                == "the library at \(temporary.library.directory) has no bibles; import one first")
        try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP")
        #expect(try temporary.library.passage("John 1:1").verses.count == 1)
        #expect(
            Self.message { try temporary.library.passage("John 1:1", bible: "KJV") }
                == "no bible 'KJV' in the library; it has SMP (1)")
        try temporary.add(Self.sampleBooks, id: 2, abbreviation: "TWO")
        #expect(
            Self.message { try temporary.library.passage("John 1:1") }
                == "the library has 2 bibles (SMP (1), TWO (2)); name one")
        #expect(try temporary.library.passage("John 1:1", bible: "two").version.id == 2)
        #expect(
            Self.message { try temporary.library.passage("John 1:1", bible: "9") }
                == "no bible '9' in the library; it has SMP (1), TWO (2)")
    }

    @Test func selectionsMadeInCodeAreCheckedToo() throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks, id: 1, abbreviation: "SMP")
        let cases: [(PassageRange, String)] = [
            (PassageRange(.chapter(.exodus, 1)), "SMP has no book Exodus (EXO)"),
            (
                PassageRange(start: .chapter(.genesis, 1), end: .chapter(.john, 1)),
                "ranges across books such as 'GEN.1-JHN.1' are not supported; give a range per book"
            ),
            (
                PassageRange(start: .introduction(.john), end: .chapter(.john, 1)),
                "a range from an introduction into chapters ('JHN.INTRO-JHN.1') is not supported"
            ),
            (PassageRange(start: .chapter(.john, 2), end: .chapter(.john, 1)), "'JHN.2-JHN.1' ends before it starts"),
        ]
        for (range, message) in cases {
            #expect(Self.message { try store.passage(PassageSelection(ranges: [range])) } == message)
        }
        let whole = try store.passage(PassageSelection(.chapter(.john, 2)))
        #expect(whole.verses.count == 7 && whole.verses.allSatisfy { $0.reference.chapter == 2 })
    }

    static func message(_ body: () throws -> Passage) -> String {
        do {
            let passage = try body()
            return "no error: \(passage.selection.id)"
        } catch {
            return "\(error)"
        }
    }
}
