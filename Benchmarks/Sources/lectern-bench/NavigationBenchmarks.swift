import Lectern

/// Reading a whole version page by page: `ChapterSequence.next(after:)` from the first page to the
/// last, over eng-web's outline (intro pages and the chapters the version really has).
enum NavigationBenchmarks {
    /// Registers the next-walk.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "next-walk/lectern", "Lectern: next from the first page of eng-web to the last (µs per step)"
        ) { context in
            let store = try StoreBenchmarks.storedWeb(context)
            let sequence = ChapterSequence(try VersionOutline(store: store))
            guard let first = sequence.first?.reference() else {
                throw CorpusError(description: "eng-web-usfm has no pages")
            }
            let identity = LecternWorkloads.row(
                "next-walk/lectern", "Next-walk over a whole version (eng-web, \(sequence.pages.count) pages)",
                .inProcess, "ChapterSequence.next(after:) from the first page until nil, the stored version's outline")
            let steps = sequence.pages.count
            return [
                try context.measure(identity, unit: .microseconds, work: Double(steps * 20)) {
                    var visited = 0
                    for _ in 0..<20 {
                        var page: BibleReference? = first
                        while let current = page {
                            visited &+= 1
                            page = sequence.next(after: current)
                        }
                    }
                    return visited
                }
            ]
        }
    }
}
