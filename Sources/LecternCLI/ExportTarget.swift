import Foundation
import Lectern

/// Where `export --output` writes: never into the library, never over a file without `--force`.
struct ExportTarget {
    /// The absolute output path.
    var path: String
    /// The library folder.
    var library: String
    /// Whether existing files may be overwritten.
    var force: Bool

    /// Checks a single-file output: not in the library, its folder exists, no file there unless forced.
    func prepareFile() throws {
        try refuseLibrary()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw CommandFailure("\(path) is a folder; give a file name for this format (--output FILE)")
            }
            if !force { throw CommandFailure("\(path) exists; use --force to overwrite it") }
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure("cannot write \(path): the folder \(parent) does not exist")
        }
    }

    /// Checks a folder output and creates it: not in the library, not a file, and none of `files` there
    /// unless forced.
    func prepareFolder(files: [String]) throws {
        try refuseLibrary()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CommandFailure("\(path) is a file; this format writes one file per book into a folder")
            }
            let existing = files.filter { FileManager.default.fileExists(atPath: path + "/" + $0) }
            if !existing.isEmpty, !force {
                throw CommandFailure(
                    "\(path) already holds \(existing.count) of the files to write (\(existing[0]) …); "
                        + "use --force to overwrite them, or choose an empty folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder \(path): \(ErrorText.sentence(for: error))")
        }
    }

    /// Writes `text` atomically to the file, or to `name` inside the folder.
    func write(_ text: String, name: String?) throws {
        let target = name.map { path + "/" + $0 } ?? path
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(ErrorText.sentence(for: error))")
        }
    }

    /// Refuses any output inside the library folder, symbolic links and `..` resolved.
    private func refuseLibrary() throws {
        let library = Self.resolved(self.library)
        let target = Self.resolved(path)
        if target == library || target.hasPrefix(library + "/") {
            throw CommandFailure(
                "\(path) is inside the library \(self.library); export writes copies elsewhere (choose another --output)")
        }
    }

    /// The real path of `path`, or of its deepest existing folder with the rest appended.
    static func resolved(_ path: String) -> String {
        var head = (path as NSString).standardizingPath
        var tail: [String] = []
        while !head.isEmpty, head != "/" {
            if let real = realpath(head, nil) {
                defer { free(real) }
                return ([String(cString: real)] + tail.reversed()).joined(separator: "/")
            }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return "/" + tail.reversed().joined(separator: "/")
    }
}
