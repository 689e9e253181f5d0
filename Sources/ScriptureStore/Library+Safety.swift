import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Library {
    /// A warning when other users could change the library: its folder or its versions folder is writable
    /// by everyone (mode `o+w`) without the sticky bit; nil when neither is (or the library does not exist yet).
    ///
    /// One sentence without a prefix, for a command to print as `Warning: …` before it uses the library.
    /// - Complexity: two `stat` calls.
    public func permissionWarning() -> String? {
        for folder in [directory, versionsDirectory] {
            var status = stat()
            guard stat(folder, &status) == 0 else { continue }
            let mode = status.st_mode
            guard mode & S_IWOTH != 0, mode & S_ISVTX == 0 else { continue }
            let bits = String(mode & 0o7777, radix: 8)
            return
                "any user can change the library folder \(folder) (mode \(bits)) and so its versions; "
                + "run chmod o-w \(folder)"
        }
        return nil
    }

    /// The longest name written in the versions folder: an import's temporary store file.
    static var longestStoreName: String {
        temporaryName(for: "\(idRange.upperBound).\(StoreFormat.fileExtension)")
    }

    /// The longest temporary name `AtomicFile.replace` gives while writing `name`.
    static func temporaryName(for name: String) -> String {
        AtomicFile.temporaryPrefix + "\(Int32.max)-" + name
    }

    /// `mkdir -p` for a folder that will hold files named up to `name`, reporting the real errno of the
    /// step that failed.
    ///
    /// A path too long for the system (a folder name over `NAME_MAX` bytes, or the folder and `name`
    /// over `PATH_MAX`) is refused before anything is made; folders made before another failure are removed.
    static func makeDirectories(_ path: String, toHold name: String) throws(StoreError) {
        let parts = path.split(separator: "/")
        if (path + "/" + name).utf8.count >= Int(PATH_MAX) || parts.contains(where: { $0.utf8.count > Int(NAME_MAX) }) {
            throw .system(call: "mkdir", path: path, errno: ENAMETOOLONG)
        }
        var current = path.hasPrefix("/") ? "" : "."
        var made: [String] = []
        for part in parts {
            current += "/" + part
            if mkdir(current, 0o755) == 0 {
                made.append(current)
            } else if errno != EEXIST {
                let code = errno
                for folder in made.reversed() { rmdir(folder) }
                throw .system(call: "mkdir", path: current, errno: code)
            }
        }
    }
}
