import Foundation

/// Validates XML files against a RelaxNG schema with `xmllint --noout --relaxng` (Debian's
/// `libxml2-utils`), many files in one run so the schema is compiled once.
public enum RelaxNGCheck {
    /// The committee's USX 3.1 schema in the shared spec folder.
    public static var usxSchema: URL { SharedSpec.root.appendingPathComponent("usx.rng") }

    /// `xmllint` on the `PATH`, or nil.
    public static var xmllint: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/xmllint" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether `xmllint` and the USX schema are both there.
    public static var isAvailable: Bool {
        xmllint != nil && FileManager.default.fileExists(atPath: usxSchema.path)
    }

    /// The message a test skips with when `xmllint` or the schema is absent.
    public static var missingMessage: String {
        if xmllint == nil { return "xmllint is not on the PATH; install libxml2-utils to check USX against usx.rng" }
        return "the USX schema is not at \(usxSchema.path); set LECTERN_SPEC to check USX against it"
    }

    /// What one `xmllint` run said.
    public struct Outcome: Sendable {
        /// `xmllint`'s exit status: 0 when every file is valid.
        public var status: Int32
        /// The files it reported as failing, as given.
        public var failingFiles: [String]
        /// Its messages other than the `… validates` lines.
        public var messages: [String]

        /// The failing files and the first `limit` messages, for a test's failure text.
        public func summary(limit: Int = 20) -> String {
            "\(failingFiles.count) files fail: \(failingFiles.joined(separator: ", "))\n"
                + messages.prefix(limit).joined(separator: "\n")
        }
    }

    /// Runs `xmllint --noout --relaxng schema` over `files` (names relative to `directory`).
    public static func validate(_ files: [String], in directory: String, schema: URL = usxSchema) throws -> Outcome {
        guard let xmllint else { throw TestCorpus.ReadError(description: missingMessage) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--relaxng", schema.path] + files
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let suffix = " fails to validate"
        return Outcome(
            status: process.terminationStatus,
            failingFiles: lines.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) },
            messages: lines.filter { !$0.hasSuffix(" validates") && !$0.hasSuffix(suffix) })
    }
}
