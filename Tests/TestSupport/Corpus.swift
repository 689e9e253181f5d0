import Foundation

/// Finds the real Bibles in `../shared/corpus` (or `$LECTERN_CORPUS`) and this repository's own samples.
public enum TestCorpus {
    /// The package's root folder, found from this file's path with symbolic links resolved, so it is the same
    /// when the fuzz package
    /// compiles these helpers through its link `Tests/Fuzz/Sources/FuzzTestSupport`.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared corpus folder: `$LECTERN_CORPUS`, else `../shared/corpus` beside the package.
    public static var root: URL {
        if let path = ProcessInfo.processInfo.environment["LECTERN_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// Whether the shared corpus is there.
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("SOURCES.md").path)
    }

    /// The message a test skips with when the corpus is absent.
    public static var missingMessage: String {
        "the shared corpus is not at \(root.path); set LECTERN_CORPUS to run the tests on real Bibles"
    }

    /// A folder of the shared corpus, such as `eng-web-usfm`.
    public static func folder(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// This repository's own sample files in `Corpus/`.
    public static func sample(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent("Corpus").appendingPathComponent(relativePath)
    }
}
