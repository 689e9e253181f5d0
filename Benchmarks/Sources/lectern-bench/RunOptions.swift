import Foundation

/// The runner's command line.
struct RunOptions {
    /// The Lectern package root (`Benchmarks/..`), found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The usage text.
    static let usage = """
        Usage: swift run -c release --package-path Benchmarks lectern-bench [options]

        Runs Lectern's benchmarks and its peers' on the same files, and prints one table.

        Options:
          --corpus DIR        the shared corpus (default: $LECTERN_CORPUS, else ../shared/corpus beside the package)
          --only NAME…        run only these benchmarks (a name, or a group prefix such as `search`)
          --repetitions N     timed repetitions after the warm-up (default 5)
          --warmup N          untimed runs first (default 1)
          --json FILE         also write the results as JSON
          --markdown FILE     also write the table as Markdown (for the README)
          --svg FILE          also draw the run as an SVG picture (each workload's medians, log scale)
          --no-peers          skip the Python peers (SQLite FTS5 still runs)
          --list              list the benchmarks and exit
          -h, --help          show this help
        """

    var corpus: URL
    var only: [String] = []
    var repetitions = 5
    var warmup = 1
    var jsonPath: String?
    var markdownPath: String?
    var svgPath: String?
    var peers = true
    var list = false
    var help = false

    /// Reads the command line (without the program name).
    init(_ words: [String], environment: [String: String]) throws(UsageError) {
        if let path = environment["LECTERN_CORPUS"], !path.isEmpty {
            corpus = URL(fileURLWithPath: path)
        } else {
            corpus = RunOptions.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        }
        var index = 0
        func value(for option: String) throws(UsageError) -> String {
            guard index < words.count, !words[index].hasPrefix("--") else {
                throw UsageError("option '\(option)' needs a value")
            }
            index += 1
            return words[index - 1]
        }
        func count(for option: String, minimum: Int) throws(UsageError) -> Int {
            let text = try value(for: option)
            guard let number = Int(text), number >= minimum else {
                throw UsageError("option '\(option)' expects a whole number of at least \(minimum), not '\(text)'")
            }
            return number
        }
        while index < words.count {
            let word = words[index]
            index += 1
            switch word {
            case "--corpus": corpus = URL(fileURLWithPath: try value(for: word))
            case "--only":
                while index < words.count, !words[index].hasPrefix("--") {
                    only.append(words[index])
                    index += 1
                }
                if only.isEmpty { throw UsageError("option '--only' needs at least one benchmark name") }
            case "--repetitions": repetitions = try count(for: word, minimum: 1)
            case "--warmup": warmup = try count(for: word, minimum: 0)
            case "--json": jsonPath = try value(for: word)
            case "--markdown": markdownPath = try value(for: word)
            case "--svg": svgPath = try value(for: word)
            case "--no-peers": peers = false
            case "--list": list = true
            case "-h", "--help": help = true
            default: throw UsageError("unknown argument '\(word)'")
            }
        }
    }
}

/// A command line the runner cannot understand: printed with the usage, exit 64.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong.
    var description: String

    /// Creates an error.
    init(_ description: String) { self.description = description }
}
