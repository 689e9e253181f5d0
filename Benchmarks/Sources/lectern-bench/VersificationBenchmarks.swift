import Foundation
import Lectern

/// Mapping references between verse numbering schemes (English to Original): one verse, and a whole chapter.
enum VersificationBenchmarks {
    /// Registers the mapping rows.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register("map-verse/lectern", "Lectern: map one verse English → Original (µs per verse)") { context in
            let english = VersificationScheme.english
            let original = VersificationScheme.original
            // A mix of mapped verses (titles, Malachi, Joel) and verses that keep their numbers.
            let keys = [
                SchemeVerse(.psalms, 51, 1), SchemeVerse(.malachi, 4, 1), SchemeVerse(.joel, 3, 1),
                SchemeVerse(.genesis, 1, 1), SchemeVerse(.john, 3, 16), SchemeVerse(.psalms, 51, 0),
                SchemeVerse(.romans, 16, 27), SchemeVerse(.isaiah, 64, 1),
            ]
            let rounds = 100_000
            let identity = LecternWorkloads.row(
                "map-verse/lectern", "Map one verse between schemes (English → Original)", .inProcess,
                "VersificationScheme.map(_:to:) over 8 verses, mapped and unmapped, \(rounds) rounds")
            return [
                try context.measure(identity, unit: .microseconds, work: Double(rounds * keys.count)) {
                    var found = 0
                    for _ in 0..<rounds {
                        for key in keys { found &+= english.map(key, to: original).verses.count }
                    }
                    return found
                }
            ]
        }
        registry.register("map-chapter/lectern", "Lectern: map PSA 119 English → Original as pieces (µs per chapter)") {
            context in
            let english = VersificationScheme.english
            let original = VersificationScheme.original
            let chapter = BibleReference.chapter(.psalms, 119)
            let rounds = 2_000
            let identity = LecternWorkloads.row(
                "map-chapter/lectern", "Map a whole chapter between schemes (PSA 119, 176 verses)", .inProcess,
                "VersificationScheme.map(BibleReference, to:version:), \(rounds) rounds")
            return [
                try context.measure(identity, unit: .microseconds, work: Double(rounds)) {
                    var pieces = 0
                    for _ in 0..<rounds { pieces &+= english.map(chapter, to: original, version: nil).count }
                    return pieces
                }
            ]
        }
        registry.register(
            "align-chapter/lectern", "Lectern: align PSA 51 of eng-web with a Hebrew-numbered copy (µs per chapter)"
        ) { context in
            let web = try StoreBenchmarks.storedWeb(context)
            let hebrew = try context.fixture("lectern/stored-web-original") {
                let books = LecternWorkloads.parseUSFM(try ParseBenchmarks.usfmInput(context)).books
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("lectern-bench-store-original").path
                try? FileManager.default.removeItem(atPath: directory)
                let library = Library(directory: directory)
                var metadata = VersionMetadata(id: 1, abbreviation: "WEBO", title: "World English Bible, Hebrew-numbered")
                try metadata.setVersification("original", books: books)
                let stored = try library.add(books: books, metadata: metadata, id: 1, replace: true)
                return try library.open(stored.id)
            }
            let rounds = 200
            let identity = LecternWorkloads.row(
                "align-chapter/lectern", "Align a chapter of two stored versions (PSA 51, English and Original numbering)",
                .inProcess, "VerseAlignment.chapter(.psalms, 51, versions: [WEB, WEB read as Original]), \(rounds) rounds")
            return [
                try context.measure(identity, unit: .microseconds, work: Double(rounds)) {
                    var rows = 0
                    for _ in 0..<rounds { rows &+= try VerseAlignment.chapter(.psalms, 51, versions: [web, hebrew]).count }
                    return rows
                }
            ]
        }
    }
}
