import Foundation
import Lectern
import ScriptureAnnotations

/// The annotation store (issue 43) with 100,000 marks, 1,000 of them in John and 1,000 under each label:
/// a chapter read with its marks, adding one mark committed, and listing a label's marks.
enum AnnotationBenchmarks {
    /// Registers the annotation rows.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "annotations-chapter/lectern", "Lectern: eng-web JHN 3 read with its marks among 100,000 (µs)"
        ) { context in
            let web = try StoreBenchmarks.storedWeb(context)
            let store = try fixture(context).store
            let bible = AnnotationBible(abbreviation: "WEB", versification: .english)
            let marks = try store.chapterMarks(.john, 3, in: bible, verses: try web.verses(.john, 3))
            let notes = [
                "\(marks.marks.count) marks on JHN 3",
                "\(marks.marks.filter { !$0.ranges[0].isWholeVerse }.count) on words",
            ]
            var plain = try context.measureBatched(
                LecternWorkloads.row(
                    "annotations-chapter/lectern", "Read a chapter (eng-web JHN 3) for drawing, without marks",
                    .inProcess, "VersionStore.styledChapter(.john, 3) and verses(.john, 3)"),
                unit: .microseconds
            ) { try web.styledChapter(.john, 3).paragraphs.count + web.verses(.john, 3).count }
            plain.notes += notes
            var marked = try context.measureBatched(
                LecternWorkloads.row(
                    "annotations-chapter/lectern",
                    "Read a chapter (eng-web JHN 3) with its marks, 100,000 in the store",
                    .inProcess,
                    "styledChapter and verses, then AnnotationStore.chapterMarks (index range on Original verses,"
                        + " rows decoded, placed with UTF-8/UTF-16 ranges, word marks checked against their quote)"),
                unit: .microseconds
            ) {
                let verses = try web.verses(.john, 3)
                return try web.styledChapter(.john, 3).paragraphs.count
                    + store.chapterMarks(.john, 3, in: bible, verses: verses).marks.count
            }
            marked.notes += notes
            return [plain, marked]
        }
        registry.register("annotations-add/lectern", "Lectern: add one mark, committed, to 100,000 (µs)") { context in
            let fixture = try fixture(context)
            var rows: [BenchmarkResult] = []
            for durability in [AnnotationStore.Durability.normal, .full] {
                let store = try AnnotationStore(path: fixture.path, durability: durability)
                let bible = AnnotationBible(abbreviation: "WEB", versification: .english)
                var index = 0
                let name = durability == .normal ? "normal" : "full"
                rows.append(
                    try context.measure(
                        LecternWorkloads.row(
                            "annotations-add/lectern",
                            "Add one note with a label, committed (WAL, synchronous=\(name.uppercased()))", .inProcess,
                            "AnnotationStore.add(.note, at: place, labels:): one BEGIN IMMEDIATE … COMMIT"),
                        unit: .microseconds, work: 1, repetitions: 501,
                        notes: [durability == .normal ? "survives a killed process" : "an fsync per commit"]
                    ) {
                        index += 1
                        let key = SchemeVerse(.romans, 1 + index % 16, 1)
                        let place = try AnnotationPlace(bible: bible, verses: key...key)
                        return try store.add(.note("benchmark \(index)"), at: place, labels: ["bench-\(name)"]).labels
                            .count
                    })
            }
            return rows
        }
        registry.register("annotations-label/lectern", "Lectern: list a label's 1,000 marks among 100,000 (µs)") {
            context in
            let store = try fixture(context).store
            var result = try context.measureBatched(
                LecternWorkloads.row(
                    "annotations-label/lectern", "List one label's marks (1,000 of 100,000), in canon order",
                    .inProcess, "AnnotationStore.annotations(labeled:): label index, rows decoded into Annotation"),
                unit: .microseconds
            ) { try store.annotations(labeled: "label-42").count }
            result.notes.append("\(try store.annotations(labeled: "label-42").count) marks")
            return [result]
        }
    }

    /// The store: 99,000 marks spread over the Bible and 1,000 over John (a third of them on words), each kind
    /// in turn, 100 labels in turn; built once per run in a temporary folder.
    static func fixture(_ context: BenchmarkContext) throws -> (store: AnnotationStore, path: String) {
        try context.fixture("lectern/annotations-100k") {
            let web = try StoreBenchmarks.storedWeb(context)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-annotations").path
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/" + AnnotationStore.fileName
            let store = try AnnotationStore(path: path)
            let english = VersificationScheme.english
            let bible = AnnotationBible(abbreviation: "WEB", versification: english)
            let books = english.lastVerses.keys.filter { ($0.testament == .old || $0.testament == .new) && $0 != .john }
                .sorted()
            var random = UInt64(2026)
            func next(_ bound: Int) -> Int {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((random >> 33) % UInt64(bound))
            }
            var john: [[VerseText]] = []
            for chapter in 1...english.chapterCount(.john) { john.append(try web.verses(.john, chapter)) }
            var marks: [Annotation] = []
            marks.reserveCapacity(100_000)
            for index in 0..<100_000 {
                let inJohn = index % 100 == 0
                let book = inJohn ? BookID.john : books[next(books.count)]
                let chapter = 1 + next(english.chapterCount(book))
                let verse = 1 + next(english.lastVerse(book, chapter) ?? 1)
                let key = SchemeVerse(book, chapter, verse)
                var words: MarkedWords?
                if inJohn, index % 300 == 0,
                    let text = john[chapter - 1].first(where: { $0.key.verse == String(verse) })
                {
                    let firstWords = text.text.split(separator: " ").prefix(3).joined(separator: " ")
                    words = WordAnchor.find(firstWords, in: [text])
                }
                let content: AnnotationContent =
                    switch index % 3 {
                    case 0: .bookmark
                    case 1: .highlight(.color(HighlightColor.allCases[index % HighlightColor.allCases.count]))
                    default: .note("Note \(index) on \(key)")
                    }
                let time = AnnotationTime(milliseconds: 1_780_000_000_000 + Int64(index) * 1000)
                marks.append(
                    try Annotation(
                        content: content, place: AnnotationPlace(bible: bible, verses: key...key, words: words),
                        labels: ["label-\(String(format: "%02d", index % 100))"], created: time))
            }
            try store.merge(marks)
            return (store, path)
        }
    }
}
