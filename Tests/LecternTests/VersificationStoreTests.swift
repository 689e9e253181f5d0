import Foundation
import Lectern
import TestSupport
import Testing

/// A version's scheme in its store: detected or given at import, read back, and absent from older stores.
@Suite struct VersificationStoreTests {
    static let sample = TestCorpus.sample("sample/usfm").path

    @Test func aStoreWithoutASchemeReadsAsBeforeAndDetectsOne() throws {
        let temporary = PassageTests.TemporaryLibrary()
        let store = try temporary.add(PassageTests.sampleBooks, id: 1, abbreviation: "OLD")
        #expect(store.metadata.versification == nil)
        #expect(store.metadata.versificationText == nil)
        // The sample's chapters are excerpts, so no scheme's counts fit and the tie goes to Original.
        #expect(try store.versification().name == "original")
    }

    /// What `--versification` asks for and the scheme name the store records.
    struct Given: Sendable, CustomTestStringConvertible {
        var versification: String?
        var recorded: String
        var testDescription: String { "\(versification ?? "detected") → \(recorded)" }
    }

    @Test(arguments: [
        Given(versification: nil, recorded: "original"), Given(versification: "english", recorded: "english"),
        Given(versification: "Original", recorded: "original"),
    ])
    func importRecordsTheScheme(_ given: Given) async throws {
        let temporary = PassageTests.TemporaryLibrary()
        let store = try await temporary.library.importBible(
            from: [Self.sample], options: ImportOptions(abbreviation: "S", versification: given.versification)).store
        #expect(store.metadata.versification == given.recorded)
        let reopened = try temporary.library.open(store.metadata.id)
        #expect(reopened.metadata.versification == given.recorded)
        #expect(try reopened.versification().name == given.recorded)
    }

    @Test func aCustomSchemeIsKeptInTheStore() async throws {
        let temporary = PassageTests.TemporaryLibrary()
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let text = "# Versification \"Shifted\"\nPSA 1:6 2:12 3:9\nPSA 3:1-8 = PSA 3:2-9\n"
        let path = try directory.write(Array(text.utf8), to: "shifted.vrs")
        let store = try await temporary.library.importBible(from: [Self.sample], options: ImportOptions(abbreviation: "C", versification: path)).store
        let reopened = try temporary.library.open(store.metadata.id)
        #expect(reopened.metadata.versification == "shifted")
        #expect(reopened.metadata.versificationText == text)
        let scheme = try reopened.versification()
        #expect(scheme.map(SchemeVerse(.psalms, 3, 1), to: .original) == .one(SchemeVerse(.psalms, 3, 2)))
    }

    @Test func aBrokenSchemeFileStopsTheImportWithItsPlace() async throws {
        let temporary = PassageTests.TemporaryLibrary()
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("PSA 1:6 3:9\n".utf8), to: "broken.vrs")
        let expected = [(path, "\(path):1:"), ("hebrew", "'hebrew' is not english, original or a .vrs file")]
        for (scheme, message) in expected {
            do {
                _ = try await temporary.library.importBible(
                    from: [Self.sample], options: ImportOptions(abbreviation: "B", versification: scheme))
                Issue.record("imported with the versification \(scheme)")
            } catch {
                guard case .versification(let problem) = error.reason else {
                    Issue.record("not a versification error: \(error)")
                    continue
                }
                #expect(problem.hasPrefix(message), "\(problem)")
            }
        }
        #expect(try temporary.library.ids().isEmpty)
    }
}
