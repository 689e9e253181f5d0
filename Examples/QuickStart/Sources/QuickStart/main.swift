import Foundation
import Lectern

// Usage: QuickStart SAMPLE_FOLDER  (Corpus/sample/usfm in the repository)
let sample = CommandLine.arguments.dropFirst().first ?? "Corpus/sample/usfm"

// 1. Open a library (a folder; here a fresh temporary one) and import two Bibles into it.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-quickstart-\(UUID())").path
defer { try? FileManager.default.removeItem(atPath: folder) }
let library = Library(directory: folder)
// The import runs off this thread, reports its progress, and stops cleanly if its task is cancelled.
let first = try await library.importBible(from: [sample], options: ImportOptions(abbreviation: "LSV")) { event in
    if case .writing(let name) = event { print("writing", name) }
}.store
try await library.importBible(from: [sample], options: ImportOptions(abbreviation: "LSV2", title: "Second copy"))
print("Bibles:", try library.ids().map { try library.open($0).metadata.abbreviation })

// 2. Read a passage in one call: the verses with their references.
let passage = try library.passage("John 2:1-3", bible: "LSV")
for verse in passage.verses { print(verse.reference.id, verse.text) }

// 3. Search: a page of hits with highlights (UTF-16 ranges for UI text, UTF-8 for bytes).
let results = try first.search("wine", options: SearchOptions(page: 1, pageSize: 5))
print("wine: \(results.totalCount) of \(first.verseCount) verses:", results.hits.map { $0.key.description })

// 4. Page chapter by chapter, as the reader does (introductions and sparse chapter lists included).
var session = try ReaderSession(library: library, store: first, at: try ReferenceParser.parse("Psalm 23"))
_ = session.goPrevious()
print("before Psalm 23:", session.current.id)
_ = session.goNext()
_ = session.goNext()
print("after Psalm 23:", session.current.id)

// 5. Switch Bibles: the place is kept when the other Bible has it.
try session.switchVersion(to: try library.open(named: "LSV2"))
print("in \(session.store.metadata.abbreviation):", session.current.id)
