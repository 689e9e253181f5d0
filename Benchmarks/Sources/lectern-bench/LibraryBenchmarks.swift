import Foundation
import Lectern

/// A library of 200 versions: eng-web imported once and its store file linked under 200 ids (hard links, so
/// the run does not fill the disk; each open still maps and checks its file). The cost measured is listing
/// and opening, not 200 imports; every entry keeps the first's metadata.
enum LibraryBenchmarks {
    /// How many versions the library holds.
    static let count = 200

    /// Registers the library rows.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "library/versions-process", "`lectern versions` over 200 versions, as a whole process (ms)"
        ) { context in
            let library = try libraryOf200(context)
            let outcomes = try ProcessRunner.samples(
                try LecternWorkloads.executable(context), ["versions", "--library", library.directory],
                warmup: context.options.warmup, repetitions: context.options.repetitions)
            let identity = LecternWorkloads.row(
                "library/versions-process", "List a library of \(count) versions (eng-web store, linked)",
                .wholeProcess, "lectern versions --library DIR")
            return [BenchmarkResult(identity, unit: .milliseconds, processes: outcomes, work: 1)]
        }
        registry.register(
            "library/open-each", "Lectern: open each of 200 versions and read one chapter's verses (µs per version)"
        ) { context in
            let library = try libraryOf200(context)
            let identity = LecternWorkloads.row(
                "library/open-each", "Open each of \(count) versions, read GEN 1's verses, close", .inProcess,
                "Library.open(id), VersionStore.verses(.genesis, 1)")
            var resident: [Int] = []
            var result = try context.measure(identity, unit: .microseconds, work: Double(count)) {
                var verses = 0
                for id in 1...count { verses += try library.open(id).verses(.genesis, 1).count }
                resident.append(ResidentMemory.bytes())
                return verses
            }
            let first = resident.first ?? 0
            let last = resident.last ?? 0
            result.notes.append(
                "resident memory after the first round \(megabytes(first)), after round \(resident.count) "
                    + "\(megabytes(last)) (\(count) opens and closes a round)")
            return [result]
        }
        registry.register(
            "library/search-all", "Lectern: search one word in all 200 versions, page 1 each (ms)"
        ) { context in [try searchAllRow(context, fresh: false)] }
        registry.register(
            "library/search-all-first", "Lectern: the first search of all 200 versions, every store opened (ms)"
        ) { context in [try searchAllRow(context, fresh: true)] }
    }

    /// `Library.search(_:bibles:options:)` over every version (`lectern search --bible all`), page 1 of 20 each:
    /// through one library value, which keeps the stores open from one search to the next (`openKept`), or
    /// (`fresh`) through a new value each time, which opens every store.
    private static func searchAllRow(_ context: BenchmarkContext, fresh: Bool) throws -> BenchmarkResult {
        let shared = try libraryOf200(context)
        let word = "God"
        let identity =
            fresh
            ? LecternWorkloads.row(
                "library/search-all-first",
                "Search \(word) in each of \(count) versions, page 1 of 20 with counts, in a new library value",
                .inProcess, "Library(directory:).search(text, bibles: nil, options: page size 20): every store opened")
            : LecternWorkloads.row(
                "library/search-all", "Search \(word) in each of \(count) versions, page 1 of 20 with counts",
                .inProcess,
                "Library.search(text, bibles: nil, options: page size 20), as `lectern search --bible all`, "
                    + "the stores kept open by the library value")
        var hits = 0
        var result = try context.measure(identity, unit: .milliseconds, work: 1) {
            let library = fresh ? Library(directory: shared.directory) : shared
            let results = try library.search(word, bibles: nil, options: SearchOptions(pageSize: 20))
            hits = results.reduce(0) { $0 + ((try? $1.page.get().totalCount) ?? 0) }
            return results.reduce(hits) { sum, result in
                sum &+ ((try? result.page.get()).map { SearchBenchmarks.touch($0) } ?? 0)
            }
        }
        result.notes.append(
            "\(hits) hits over the \(count) versions; the library made and listed once"
                + (fresh ? "; each search maps, checks and unmaps every store" : "; \(anonymousMemoryNote())"))
        return result
    }

    /// The library of 200 versions, made once per run in `$TMPDIR/lectern-bench-library`.
    static func libraryOf200(_ context: BenchmarkContext) throws -> Library {
        try context.fixture("lectern/library-200") {
            let web = try StoreBenchmarks.storedWeb(context)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-library").path
            try? FileManager.default.removeItem(atPath: directory)
            let versions = directory + "/versions"
            try FileManager.default.createDirectory(atPath: versions, withIntermediateDirectories: true)
            for id in 1...count {
                try FileManager.default.linkItem(atPath: web.path, toPath: versions + "/\(id).lectern")
            }
            return Library(directory: directory)
        }
    }

    /// The process's anonymous (heap) resident memory now, for the kept stores' cost.
    private static func anonymousMemoryNote() -> String {
        "anonymous resident memory with the \(count) stores kept \(megabytes(ResidentMemory.bytes(field: "RssAnon")))"
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}

/// This process's resident memory now (`VmRSS`), unlike `PeakMemory`'s high-water mark.
enum ResidentMemory {
    /// `VmRSS` (or another field) from `/proc/self/status`, in bytes (0 where it cannot be read).
    static func bytes(field: String = "VmRSS") -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
