import Foundation
import Lectern
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// File-system failures reach users as one sentence naming the file, the cause and what to do.
struct FileProblemTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var error: @Sendable () -> any Error
        var message: String
        var testDescription: String { name }
    }

    static func cocoa(_ code: CocoaError.Code, posix: Int32? = nil) -> NSError {
        var info: [String: Any] = [NSFilePathErrorKey: "/x/y.usfm"]
        if let posix { info[NSUnderlyingErrorKey] = NSError(domain: NSPOSIXErrorDomain, code: Int(posix)) }
        return NSError(domain: NSCocoaErrorDomain, code: code.rawValue, userInfo: info)
    }

    @Test(arguments: [
        Case(
            name: "Cocoa 257 with EACCES", error: { cocoa(.fileReadNoPermission, posix: EACCES) },
            message: "cannot read /x/y.usfm: permission denied (check the file's permissions)"),
        Case(
            name: "Cocoa 257 alone", error: { cocoa(.fileReadNoPermission) },
            message: "cannot read /x/y.usfm: permission denied (check the file's permissions)"),
        Case(
            name: "Cocoa 260", error: { cocoa(.fileReadNoSuchFile, posix: ENOENT) },
            message: "cannot read /x/y.usfm: no such file or folder"),
        Case(
            name: "ENOMEM", error: { NSError(domain: NSPOSIXErrorDomain, code: Int(ENOMEM)) },
            message: "cannot read /x/y.usfm: not enough memory"),
        Case(
            name: "Cocoa 640", error: { cocoa(.fileWriteOutOfSpace) },
            message: "cannot read /x/y.usfm: the disk is full (free some space and try again)"),
        Case(
            name: "StoreError EROFS", error: { StoreError.system(call: "open", path: "/x/y.usfm", errno: EROFS) },
            message: "cannot read /x/y.usfm: read-only file system (choose a folder on a writable disk)"),
        Case(
            name: "ENAMETOOLONG", error: { NSError(domain: NSPOSIXErrorDomain, code: Int(ENAMETOOLONG)) },
            message: "cannot read /x/y.usfm: file name too long"),
        Case(
            name: "EISDIR", error: { NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR)) },
            message: "cannot read /x/y.usfm: it is a folder; give a file"),
    ])
    func translated(_ test: Case) {
        #expect(FileProblem.from(test.error(), path: "/x/y.usfm").description == test.message)
    }

    @Test func memoryWithSize() {
        let problem = FileProblem(.notEnoughMemory(bytes: 3 << 20), path: "/x/big.usfm")
        #expect(problem.description == "cannot read /x/big.usfm: not enough memory to read it (3 MB)")
        let full = FileProblem(errno: ENOSPC, path: "/out/040MAT.usfm", action: .write)
        #expect(full.description == "cannot write /out/040MAT.usfm: the disk is full (free some space and try again)")
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.path + "/pipe.usfm"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileProblem(.fifo, path: fifo)) { try VersionSource.read(fifo) }
        // Named directly and found in a folder scan.
        for paths in [[fifo], [folder.path]] {
            let result = VersionSource.parse(paths: paths)
            #expect(result.books.isEmpty)
            #expect(
                result.diagnostics.map(\.description).first
                    == "\(fifo): error: cannot read it: it is a FIFO (named pipe), not a regular file [unreadable-file]")
        }
    }

    @Test func deviceFolderMissingAndDanglingLink() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        #expect(throws: FileProblem(.characterDevice, path: "/dev/null")) { try VersionSource.read("/dev/null") }
        #expect(throws: FileProblem(.isFolder, path: folder.path)) { try VersionSource.read(folder.path) }
        let missing = folder.path + "/none.usfm"
        #expect(throws: FileProblem(.noSuchFile, path: missing)) { try VersionSource.read(missing) }
        let link = folder.path + "/link.usfm"
        #expect(symlink(missing, link) == 0)
        #expect(throws: FileProblem(.danglingLink, path: link)) { try VersionSource.read(link) }
        #expect(
            VersionSource.parse(paths: [missing]).diagnostics.map(\.description)
                == ["\(missing): error: cannot read it: no such file or folder [unreadable-file]"])
    }

    struct WideCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var encoding: String.Encoding
        var bom: [UInt8]
        var gzip = false
        var message: String
        var testDescription: String { name }
    }

    static let usfm = "\\id GEN Test\n\\c 1\n\\p\n\\v 1 In the beginning.\n"
    static let usx = "<?xml version=\"1.0\"?>\n<usx version=\"3.0\"><book code=\"GEN\" style=\"id\"/></usx>\n"

    @Test(arguments: [
        WideCase(
            name: "USFM UTF-16LE BOM", text: usfm, encoding: .utf16LittleEndian, bom: [0xFF, 0xFE],
            message: "the file is UTF-16 (little-endian); save it as UTF-8"),
        WideCase(
            name: "USFM UTF-16BE no BOM", text: usfm, encoding: .utf16BigEndian, bom: [],
            message: "the file is UTF-16 (big-endian); save it as UTF-8"),
        WideCase(
            name: "USX UTF-16BE BOM", text: usx, encoding: .utf16BigEndian, bom: [0xFE, 0xFF],
            message: "the file is UTF-16 (big-endian); save it as UTF-8"),
        WideCase(
            name: "USX UTF-16LE no BOM", text: usx, encoding: .utf16LittleEndian, bom: [],
            message: "the file is UTF-16 (little-endian); save it as UTF-8"),
        WideCase(
            name: "USFM UTF-16LE BOM gzipped", text: usfm, encoding: .utf16LittleEndian, bom: [0xFF, 0xFE],
            gzip: true, message: "the file is UTF-16 (little-endian); save it as UTF-8"),
        // Where the two sniffers before `TextEncoding` disagreed: a character past U+00FF among the first 32
        // (the version reader took this for USFM), UTF-32 without a mark (USX's named no byte order).
        WideCase(
            name: "USFM UTF-16LE no BOM, Chinese early", text: "\\id GEN 创世记\n" + String(usfm.dropFirst(13)),
            encoding: .utf16LittleEndian, bom: [], message: "the file is UTF-16 (little-endian); save it as UTF-8"),
        WideCase(
            name: "USX UTF-32LE no BOM", text: usx, encoding: .utf32LittleEndian, bom: [],
            message: "the file is UTF-32 (little-endian); save it as UTF-8"),
        WideCase(
            name: "USFM UTF-32BE BOM", text: usfm, encoding: .utf32BigEndian, bom: [0x00, 0x00, 0xFE, 0xFF],
            message: "the file is UTF-32 (big-endian); save it as UTF-8"),
    ])
    func utf16(_ test: WideCase) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bytes = test.bom + Array(try #require(test.text.data(using: test.encoding)))
        var path = try folder.write(bytes, to: "book.sfm")
        if test.gzip {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-n", path]
            try process.run()
            process.waitUntilExit()
            path += ".gz"
        }
        let result = VersionSource.parse(paths: [folder.path])
        #expect(result.diagnostics.map(\.description) == ["\(path):1:1: error: \(test.message) [invalid-utf8]"])
    }
}
