#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks an export's output path before anything is written, and writes its files atomically.
///
/// Every refusal is a `FileProblem` with action `.export` that names the path and what to do.
public enum ExportDestination {
    /// What the output is.
    public enum Kind: Sendable, Hashable {
        /// One file (vref, json).
        case file
        /// A folder of files (usfm, usx), with the names about to be written into it.
        case folder(fileNames: [String])
    }

    /// How many overwritten names a refusal lists.
    static let listedNames = 3

    /// Throws when the export may not write to `path`:
    /// - `path` is the library folder or inside it (symbolic links and `..` resolved, real paths compared);
    /// - its parent folder does not exist;
    /// - a file is wanted and `path` is a folder, or a folder is wanted and it is a file (or a FIFO, device,
    ///   socket: never written to);
    /// - without `force`: a file that exists; a folder that would have files overwritten; a non-empty folder.
    /// `action` names the refusal's verb (`export to`, `write`).
    public static func check(
        _ path: String, kind: Kind, library: String, force: Bool, action: FileProblem.Action = .export
    ) throws(FileProblem) {
        let parent = parentFolder(path)
        guard let realParent = realPath(parent) else {
            throw FileProblem(.parentMissing(parent: parent), path: path, action: action)
        }
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let target = realPath(path) ?? (realParent == "/" ? "/" + last : realParent + "/" + last)
        let realLibrary = realPath(library) ?? library
        if target == realLibrary || target.hasPrefix(realLibrary == "/" ? "/" : realLibrary + "/") {
            throw FileProblem(.insideLibrary(library: library), path: path, action: action)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw FileProblem(errno: code, path: path, action: action)
        }
        let existing = FileKind.kind(info)
        switch (kind, existing) {
        case (.file, .regular):
            if !force { throw FileProblem(.exists, path: path, action: action) }
        case (.file, .folder):
            throw FileProblem(.isFolder, path: path, action: action)
        case (.folder(let names), .folder):
            try checkFolder(path, names: names, force: force, action: action)
        case (.folder, .regular):
            throw FileProblem(.notAFolder, path: path, action: action)
        case (_, let other):
            throw FileProblem(other.readProblem ?? .other("it is not a regular file"), path: path, action: action)
        }
    }

    /// An existing output folder: names to be written must not be folders; without `force`, none may
    /// exist and the folder must be empty.
    private static func checkFolder(
        _ path: String, names: [String], force: Bool, action: FileProblem.Action
    ) throws(FileProblem) {
        var overwritten: [String] = []
        for name in names {
            let file = path + "/" + name
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            let kind = FileKind.kind(info)
            if kind == .folder { throw FileProblem(.isFolder, path: file, action: action) }
            overwritten.append(name)
        }
        guard !force else { return }
        if !overwritten.isEmpty {
            throw FileProblem(
                .wouldOverwrite(names: Array(overwritten.prefix(listedNames)), count: overwritten.count), path: path,
                action: action)
        }
        guard let directory = opendir(path) else { throw FileProblem(errno: errno, path: path, action: action) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { throw FileProblem(.folderNotEmpty, path: path, action: action) }
        }
    }

    /// Writes `bytes` to `path` so that readers see the old file or the whole new one, as the store's own
    /// files are written (`AtomicFile`: an unnamed or hidden temporary file in the same folder, `fsync`,
    /// `rename` over `path`, `fsync` on the folder). Failures (disk full, read-only file system,
    /// permissions) are `FileProblem`s with action `.write`, on the path the caller knows.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileProblem) {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        do {
            try AtomicFile.replace(last, in: parentFolder(path), with: bytes)
        } catch .system(_, _, let code) {
            throw FileProblem(errno: code, path: path, action: .write)
        } catch {
            throw FileProblem(.other(error.description), path: path, action: .write)
        }
    }

    /// The folder holding `path` (`.` for a bare name).
    static func parentFolder(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The real path (`realpath`: symbolic links and `..` resolved), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
