import Foundation

/// Finds the shared specifications in `../shared/spec` (or `$LECTERN_SPEC`), so tests can quote them.
public enum SharedSpec {
    /// The spec folder: `$LECTERN_SPEC`, else `../shared/spec` beside the package.
    public static var root: URL {
        if let path = ProcessInfo.processInfo.environment["LECTERN_SPEC"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return TestCorpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/spec")
    }

    /// The reader navigation and toolbar spec, the authority for the layout resolver.
    public static let readerNavigationFile = "reader-navigation-and-toolbars.txt"

    /// Whether a spec file is there.
    public static func isAvailable(_ name: String = readerNavigationFile) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
    }

    /// The message a test skips with when the spec is absent.
    public static var missingMessage: String {
        "the shared spec is not at \(root.path); set LECTERN_SPEC to check the rules' quotes against it"
    }

    /// A spec file's text with every run of whitespace made one space, so quotes can span table columns
    /// and line breaks; nil when it cannot be read.
    public static func normalizedText(_ name: String = readerNavigationFile) -> String? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else {
            return nil
        }
        return normalizingWhitespace(String(decoding: data, as: UTF8.self))
    }

    /// `text` with every run of whitespace made one space and the ends trimmed.
    public static func normalizingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
