import Foundation
import Lectern
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `lectern export --output`: refused before anything is written, with the path and what to do.
struct ExportDestinationTests {
    /// A temporary folder with `library/versions/1.lectern`, `out/` and `existing.txt`.
    struct Setup {
        let folder = TemporaryDirectory()
        var root: String { folder.path }
        var library: String { root + "/library" }

        init() throws {
            try FileManager.default.createDirectory(
                atPath: root + "/library/versions", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
            _ = try folder.write(Array("old\n".utf8), to: "existing.txt")
        }
    }

    @Test func fileOutputs() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let root = setup.root
        let library = setup.library
        func message(_ path: String, force: Bool = false) -> String? {
            do {
                try ExportDestination.check(path, kind: .file, library: library, force: force)
                return nil
            } catch { return error.description }
        }
        #expect(message(root + "/new.txt") == nil)
        #expect(
            message(root + "/existing.txt")
                == "cannot export to \(root)/existing.txt: it exists; use --force to overwrite")
        #expect(message(root + "/existing.txt", force: true) == nil)
        #expect(
            message(root + "/missing/new.txt")
                == "cannot export to \(root)/missing/new.txt: the folder \(root)/missing does not exist; create it first"
        )
        #expect(message(root + "/out") == "cannot export to \(root)/out: it is a folder; give a file")
        #expect(message(root + "/out", force: true) == "cannot export to \(root)/out: it is a folder; give a file")
        let inside = "cannot export to %@: it is inside the library folder \(library); choose a path outside it"
        for path in [library + "/web.txt", library + "/versions/1.lectern", root + "/out/../library/x.txt", library] {
            #expect(message(path, force: true) == inside.replacingOccurrences(of: "%@", with: path))
        }
        // Through a symbolic link to the library.
        #expect(symlink(library, root + "/alias") == 0)
        #expect(message(root + "/alias/x.txt") == inside.replacingOccurrences(of: "%@", with: root + "/alias/x.txt"))
        #expect(mkfifo(root + "/pipe", 0o644) == 0)
        #expect(
            message(root + "/pipe", force: true)
                == "cannot export to \(root)/pipe: it is a FIFO (named pipe), not a regular file")
    }

    @Test func folderOutputs() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let root = setup.root
        let names = ["001GEN.usfm", "002EXO.usfm", "003LEV.usfm", "004NUM.usfm", "005DEU.usfm"]
        func message(_ path: String, force: Bool = false) -> String? {
            do {
                try ExportDestination.check(path, kind: .folder(fileNames: names), library: setup.library, force: force)
                return nil
            } catch { return error.description }
        }
        #expect(message(root + "/out") == nil)
        #expect(message(root + "/new") == nil)
        #expect(message(root + "/existing.txt") == "cannot export to \(root)/existing.txt: it is a file; give a folder")
        #expect(
            message(root + "/missing/new")
                == "cannot export to \(root)/missing/new: the folder \(root)/missing does not exist; create it first")
        _ = try setup.folder.write([], to: "out/notes.txt")
        #expect(
            message(root + "/out")
                == "cannot export to \(root)/out: the folder is not empty; use --force to write into it")
        #expect(message(root + "/out", force: true) == nil)
        for name in names.prefix(4) { _ = try setup.folder.write([], to: "out/" + name) }
        #expect(
            message(root + "/out")
                == "cannot export to \(root)/out: it would overwrite 001GEN.usfm, 002EXO.usfm, 003LEV.usfm and 1 more; use --force to overwrite"
        )
        #expect(message(root + "/out", force: true) == nil)
        try FileManager.default.createDirectory(atPath: root + "/out/005DEU.usfm", withIntermediateDirectories: false)
        #expect(
            message(root + "/out", force: true)
                == "cannot export to \(root)/out/005DEU.usfm: it is a folder; give a file")
        #expect(
            message(setup.library + "/versions")
                == "cannot export to \(setup.library)/versions: it is inside the library folder \(setup.library); choose a path outside it"
        )
    }

    @Test func atomicWrite() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let target = setup.root + "/existing.txt"
        try ExportDestination.writeAtomically(Array("new\n".utf8), to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: setup.root).sorted() == [
                "existing.txt", "library", "out",
            ])
        let missing = setup.root + "/missing/x.txt"
        #expect(throws: FileProblem(.noSuchFile, path: missing, action: .write)) {
            try ExportDestination.writeAtomically([1], to: missing)
        }
        #expect(
            FileProblem(errno: EROFS, path: missing, action: .write).description
                == "cannot write \(missing): read-only file system (choose a folder on a writable disk)")
    }
}
