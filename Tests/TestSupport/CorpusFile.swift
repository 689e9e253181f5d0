import Foundation

extension TestCorpus {
    /// Why a corpus file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The bytes of a corpus file; `.gz` files are decompressed with `gzip -dc`.
    public static func bytes(of file: URL) throws -> [UInt8] {
        guard file.pathExtension == "gz" else { return [UInt8](try Data(contentsOf: file)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReadError(description: "gzip -dc \(file.path) exited with status \(process.terminationStatus)")
        }
        return [UInt8](data)
    }

    /// The files of a corpus folder whose names end with `suffix` (such as `.usx.gz`), sorted by name.
    public static func files(in folder: String, endingWith suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: self.folder(folder), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
