import Foundation
import Lectern

/// `lectern import` of a generated 200 MB USFM file, as a whole process, for its peak memory against the
/// goal of at most three times the input plus 64 MB. Two shapes: many verses (50 to a chapter, eng-web's
/// verse texts in turn) and one verse holding all the text. Each runs once: an import of 200 MB takes a minute.
enum ImportBenchmarks {
    /// The generated file's size in bytes.
    static let size = 200_000_000

    /// The peak memory Lectern aims to stay under for an input of `bytes`.
    static func goal(_ bytes: Int) -> Int { 3 * bytes + (64 << 20) }

    /// Registers the rows.
    static func register(in registry: inout BenchmarkRegistry) {
        for shape in Shape.allCases {
            registry.register(shape.name, "`lectern import` of \(shape.summary), whole process, once (ms)") { context in
                [try run(shape, context)]
            }
        }
    }

    /// How the generated text is laid out.
    enum Shape: CaseIterable {
        case manyVerses
        case oneVerse

        var name: String { self == .manyVerses ? "import/generated-200mb" : "import/generated-200mb-one-verse" }
        var summary: String {
            self == .manyVerses
                ? "a generated 200 MB book of 1.4 million verses" : "a generated 200 MB book of one verse"
        }
    }

    static func run(_ shape: Shape, _ context: BenchmarkContext) throws -> BenchmarkResult {
        let executable = try LecternWorkloads.executable(context)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-generated-\(getpid())")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/generated.usfm"
        let bytes = try generate(shape, to: source, context)
        context.log("lectern import: one run on \(bytes / 1_000_000) MB (\(shape.name))")
        let outcomes = try ProcessRunner.samples(
            executable, ["import", source, "--library", folder + "/library", "--abbreviation", "G"],
            warmup: 0, repetitions: 1)
        let identity = LecternWorkloads.row(
            shape.name, "Import \(shape.summary)", .wholeProcess, "lectern import FILE (peak memory is the figure to watch)")
        let peak = outcomes.compactMap(\.peakMemoryBytes).max()
        let goal = goal(bytes)
        var notes = ["goal: peak at most 3 × input + 64 MB = \(goal / 1_000_000) MB"]
        if let peak {
            notes.append(
                "peak \(peak / 1_000_000) MB = \(String(format: "%.1f", Double(peak) / Double(bytes))) × input: "
                    + (peak <= goal ? "goal met" : "goal NOT met"))
        }
        return BenchmarkResult(identity, unit: .milliseconds, processes: outcomes, work: 1, notes: notes)
    }

    /// Writes the file from eng-web's verse texts in turn and returns its size.
    static func generate(_ shape: Shape, to path: String, _ context: BenchmarkContext) throws -> Int {
        let verses = VersionSource.parse(paths: [context.corpusFolder("eng-web-usfm").path]).books
            .flatMap { $0.verseTexts() }.map(\.text).filter { !$0.isEmpty }
        guard !verses.isEmpty else { throw ProcessError(description: "no verses in eng-web-usfm") }
        guard FileManager.default.fileExists(atPath: path) || FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw ProcessError(description: "cannot write \(path)") }
        defer { try? handle.close() }
        var written = 0
        var buffer = shape == .manyVerses ? "\\id GEN\n" : "\\id GEN\n\\c 1\n\\p\n\\v 1 "
        var index = 0
        var chapter = 0
        while written + buffer.utf8.count < size {
            let text = verses[index % verses.count]
            switch shape {
            case .manyVerses:
                let verse = index % 50 + 1
                if verse == 1 {
                    chapter += 1
                    buffer += "\\c \(chapter)\n\\p\n"
                }
                buffer += "\\v \(verse) \(text)\n"
            case .oneVerse:
                buffer += text + (index % 50 == 49 ? "\n" : " ")
            }
            index += 1
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                written += buffer.utf8.count
                buffer = ""
            }
        }
        buffer += "\n"
        try handle.write(contentsOf: Data(buffer.utf8))
        return written + buffer.utf8.count
    }
}
