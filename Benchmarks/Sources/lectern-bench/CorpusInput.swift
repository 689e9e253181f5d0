import Foundation
import Lectern

/// A corpus folder's files, read into memory once (`VersionSource.read`: gzip is undone).
struct CorpusInput {
    /// The folder's name, such as `eng-web-usfm`.
    var folder: String
    /// Each file's path and bytes, in name order.
    var files: [(path: String, bytes: [UInt8])]

    /// All bytes together, the work figure of MB/s.
    var totalBytes: Int { files.reduce(0) { $0 + $1.bytes.count } }

    /// The workload's label: `eng-web-usfm, 19.96 MB`.
    var label: String { "\(folder), \(String(format: "%.2f", Double(totalBytes) / 1_000_000)) MB" }

    /// Reads every file of `folder` whose name ends in one of `extensions` (with or without `.gz`).
    init(folder: URL, extensions: [String]) throws {
        self.folder = folder.lastPathComponent
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var files: [(path: String, bytes: [UInt8])] = []
        for name in names {
            let lower = name.lowercased()
            let plain = lower.hasSuffix(".gz") ? String(lower.dropLast(3)) : lower
            guard extensions.contains(where: { plain.hasSuffix("." + $0) }) else { continue }
            let path = folder.appendingPathComponent(name).path
            files.append((path, try VersionSource.read(path)))
        }
        guard !files.isEmpty else {
            throw CorpusError(description: "no \(extensions.joined(separator: "/")) files in \(folder.path)")
        }
        self.files = files
    }
}

/// A corpus folder that is missing or empty.
struct CorpusError: Error, CustomStringConvertible {
    /// What is wrong.
    var description: String
}
