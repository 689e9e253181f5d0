import Lectern

/// Reading a whole version page by page: `ChapterSequence.next(after:)` from the first page to the
/// last, over eng-web's outline (intro pages and the chapters the version really has).
enum NavigationBenchmarks {
    /// Registers the next-walk.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "next-walk/lectern", "Lectern: next from the first page of eng-web to the last (ms per walk)"
        ) { context in
            let sequence = ChapterSequence(try LecternWorkloads.parsedVersion(context).outline)
            guard let first = sequence.first?.reference() else {
                throw CorpusError(description: "eng-web-usfm has no pages")
            }
            let identity = LecternWorkloads.row(
                "next-walk/lectern", "Next-walk over a whole version (eng-web, \(sequence.pages.count) pages)",
                .inProcess, "ChapterSequence.next(after:) from the first page until nil, eng-web's outline")
            var result = try context.measureBatched(identity, unit: .milliseconds) {
                var steps = 0
                var page: BibleReference? = first
                while let current = page {
                    steps += 1
                    page = sequence.next(after: current)
                }
                return steps
            }
            result.notes.append("outline from the parsed books; the store's walk comes with the store")
            return [result]
        }
    }
}
