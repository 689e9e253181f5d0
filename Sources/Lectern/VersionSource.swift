import Foundation
import LecternKernels
import ScriptureModel
import ScriptureStore
import USFM

/// The formats Lectern reads.
public enum SourceFormat: String, Sendable, Codable {
    /// USFM 2.x or 3.x text.
    case usfm
    /// USX 2.x or 3.x XML.
    case usx
    /// USJ (Unified Scripture JSON, USFM 3.1).
    case usj

    /// The name of the UTF-16 or UTF-32 encoding bytes are in (`UTF-16 (little-endian)`), by byte order mark
    /// or by the zero bytes of their first two characters (`TextEncoding.sniff`), or nil for UTF-8 and other
    /// 8-bit text.
    public static func wideEncoding(_ bytes: [UInt8]) -> String? {
        TextEncoding.sniff(bytes).wideName
    }

    /// Detects the format from content, not from the file name: XML starts with `<`, USFM with a backslash,
    /// JSON (read as USJ, which says whether it is, or as a Lectern JSON export) with `{`.
    public static func detect(_ bytes: [UInt8]) -> SourceFormat? {
        var index = TextEncoding.sniff(bytes).byteOrderMarkLength
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "<") { return .usx }
        if bytes[index] == UInt8(ascii: "\\") { return .usfm }
        if bytes[index] == UInt8(ascii: "{") { return .usj }
        // A USFM file may open with stray text; it is USFM if an \id marker appears early.
        let head = bytes[index..<min(bytes.count, index + 4096)]
        let needle = Array("\\id ".utf8)
        if head.count >= needle.count {
            for start in head.startIndex...(head.endIndex - needle.count) where head[start] == needle[0] {
                if Array(head[start..<start + needle.count]) == needle { return .usfm }
            }
        }
        return nil
    }
}

/// The input of a version: files and folders of USFM or USX, read and parsed into books.
public enum VersionSource {
    /// File name endings read when a folder is scanned (each optionally with `.gz`).
    public static let extensions: Set<String> = ["usfm", "sfm", "usx", "usj"]

    /// Expands paths: files are taken as given, folders are scanned recursively for `.usfm`, `.sfm`, `.usx`,
    /// `.usj` (and their `.gz`) and for `.json` files that are USJ by their content (`"type":"USJ"`), in
    /// sorted order.
    public static func files(in paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        let manager = FileManager.default
        for path in paths {
            let kind: FileKind
            do {
                kind = try FileKind.of(path)
            } catch {
                diagnostics.append(error.diagnostic)
                continue
            }
            guard kind == .folder else {
                if let cause = kind.readProblem {
                    diagnostics.append(FileProblem(cause, path: path).diagnostic)
                } else {
                    files.append(path)
                }
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            // Foundation's enumerator does not go into a folder given as a symbolic link, so it lists the
            // folder the link leads to; the files keep the path as given.
            let listed = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let entries = (manager.enumerator(atPath: listed)?.allObjects as? [String]) ?? []
            var matching: [String] = []
            for entry in entries.filter({ isSourceName($0) || isUSJFile(base + "/" + $0) }).sorted() {
                // A FIFO, device or socket named like a source is refused here, never opened.
                switch Result(catching: { () throws(FileProblem) in try FileKind.of(base + "/" + entry) }) {
                case .success(.folder): continue
                case .success(let kind) where kind.readProblem != nil:
                    diagnostics.append(FileProblem(kind.readProblem ?? .isFolder, path: base + "/" + entry).diagnostic)
                case .success: matching.append(entry)
                case .failure(let problem): diagnostics.append(problem.diagnostic)
                }
            }
            if matching.isEmpty {
                diagnostics.append(
                    Diagnostic(.warning, .unreadableFile, at: .wholeFile(path), "folder has no .usfm, .sfm, .usx or .usj files"))
            }
            files.append(contentsOf: matching.map { base + "/" + $0 })
        }
        return (files, diagnostics)
    }

    /// Whether a file name ends with `.usfm`, `.sfm`, `.usx` or `.usj`, each optionally with `.gz`.
    static func isSourceName(_ name: String) -> Bool {
        var name = name.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(String(name[name.index(after: dot)...]))
    }

    /// Whether `path` is a `.json` file that starts as a USJ document (its first 4 KiB read, nothing more;
    /// `metadata.json` and other JSON are left alone).
    private static func isUSJFile(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".json"), case .regular? = try? FileKind.of(path),
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return false }
        return looksLikeUSJ(head)
    }

    /// The largest source file Lectern reads, and the largest content of a `.gz` file: 256 MB, about a
    /// hundred times the largest book of the corpus (hbo-wlc's Jeremiah, 2.8 MB decompressed).
    public static let maximumFileSize = 256 << 20

    /// Reads a file, decompressing gzip when the content says so.
    ///
    /// Throws `FileProblem` (with the path) when the file cannot be read or is larger than `limit`
    /// (`.tooLarge`, also for a `.gz` file whose content is), `Gzip.Failure` when its gzip data is damaged.
    /// A FIFO, device or socket is refused before it is opened.
    public static func read(_ path: String, limit: Int = maximumFileSize) throws -> [UInt8] {
        let bytes = try FileProblem.readFile(path, limit: limit)
        return try decompressed(bytes, path: path, limit: limit)
    }

    /// `bytes` inflated when they are gzip data; content larger than `limit` is `FileProblem.tooLarge`.
    static func decompressed(_ bytes: [UInt8], path: String, limit: Int) throws -> [UInt8] {
        guard Gzip.isCompressed(bytes) else { return bytes }
        do {
            return try Gzip.decompress(bytes, limit: limit)
        } catch  where error.isTooLarge {
            throw FileProblem(.tooLarge(bytes: nil, limit: limit), path: path)
        }
    }

    /// Parses one file, detecting its format from its content.
    ///
    /// - Parameters:
    ///   - path: the file to parse.
    ///   - session: shared by the files of one version parsed on one thread (see `USFMParseSession`;
    ///     the flat parser keeps nothing in it today, so it changes no result).
    ///   - limit: the largest file (and `.gz` content) read, `maximumFileSize` unless told.
    public static func parseFile(_ path: String, session: USFMParseSession? = nil, limit: Int = maximumFileSize)
        -> ParseResult
    {
        parse(path: path, session: session) { () throws in try read(path, limit: limit) }
    }

    /// Parses the bytes `load` gives, or turns why it could not give them into an error at `path`: a
    /// `FileProblem`'s own diagnostic, else `cannot read it: …` (damaged gzip data).
    static func parse(path: String, session: USFMParseSession?, _ load: () throws -> [UInt8]) -> ParseResult {
        let bytes: [UInt8]
        do {
            bytes = try load()
        } catch let problem as FileProblem {
            return ParseResult(diagnostics: [problem.diagnostic])
        } catch {
            return ParseResult(diagnostics: [
                Diagnostic(.error, .unreadableFile, at: .wholeFile(path), "cannot read it: \(error)")
            ])
        }
        return parse(bytes, path: path, session: session)
    }

    /// Parses bytes already read, detecting the format.
    public static func parse(_ bytes: [UInt8], path: String, session: USFMParseSession? = nil) -> ParseResult {
        if let encoding = SourceFormat.wideEncoding(bytes) {
            return ParseResult(diagnostics: [.notUTF8(encoding, file: path)])
        }
        switch SourceFormat.detect(bytes) {
        case .usfm:
            guard let session else { return USFMParser.parse(bytes, path: path) }
            return bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: session) }
        case .usx: return parseUSX(bytes, path: path)
        case .usj:
            // A JSON export of Lectern's own model (`export --format json`) reads back losslessly.
            if ModelJSONReader.looksLikeExport(bytes) { return ModelJSONReader.parse(bytes, path: path) }
            return parseUSJ(bytes, path: path)
        case nil:
            let isBlank = !bytes.contains {
                $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF
            }
            return ParseResult(diagnostics: [
                Diagnostic(
                    .error, isBlank ? .emptyFile : .unknownFormat, at: SourceLocation(file: path, line: 1, column: 1),
                    isBlank
                        ? "file is empty"
                        : "neither USFM (starts with \\id), USX (XML) nor USJ (JSON); check that this is a scripture file"
                )
            ])
        }
    }

    /// Reads and parses every file under `paths`, several files at once, and checks that no book comes twice.
    ///
    /// Books come back in canon order; diagnostics in file order. `progress`, when given, is called from the
    /// parsing threads with the number of files done and the number found, after each file. A DBL or
    /// Scripture Burrito bundle, or a `.zip`, among the paths is read as `read(paths:progress:)` says. A file
    /// larger than `limit` (or a `.gz` file whose content is) gives a `file-too-large` error.
    public static func parse(
        paths: [String], limit: Int = maximumFileSize,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> ParseResult {
        read(paths: paths, limit: limit, progress: progress).result
    }

    /// Joins the listing's diagnostics and each file's results, in order, with the books `claims` kept; a book
    /// that comes twice is an error at each later copy. Each kept book's order, gap and count diagnostics
    /// (`outlineDiagnostics`, against the scheme `versification` names, else the best fit of the kept books'
    /// counts) go among its file's by place; the scheme's own after all.
    static func combine<Kept>(
        _ listing: [Diagnostic], _ results: [FileReading<Kept>], claims: BookClaims<Kept>, versification: String? = nil
    ) -> (books: [KeptBook<Kept>], diagnostics: [Diagnostic]) {
        func isWinner(_ book: ReadBook, source: Int, position: Int) -> Bool {
            guard let winner = claims.winner(of: book.id) else { return false }
            return winner.order == (source, position)
        }
        let outlines = results.enumerated().flatMap { source, result in
            result.read.enumerated().filter { isWinner($1, source: source, position: $0) }.map(\.element.outline)
        }
        let (scheme, schemeDiagnostics) = countScheme(versification, outlines: outlines)
        var diagnostics = listing
        var books: [KeptBook<Kept>] = []
        for (source, result) in results.enumerated() {
            var added: [Diagnostic] = []
            var repeated: [Diagnostic] = []
            for (position, book) in result.read.enumerated() {
                guard let winner = claims.winner(of: book.id) else { continue }
                guard winner.order == (source, position) else {
                    repeated.append(
                        Diagnostic(
                            .error, .duplicateBook, at: book.location,
                            "book \(book.id.code) was already read from \(winner.location); this copy is skipped"))
                    continue
                }
                added += outlineDiagnostics(book.outline, scheme: scheme)
                if let kept = claims.take(book.id) {
                    books.append(KeptBook(id: book.id, location: book.location, kept: kept))
                }
            }
            diagnostics += merged(result.diagnostics, added) + repeated
        }
        diagnostics += schemeDiagnostics
        // Stable: no two books left share an id.
        books.sort { $0.id < $1.id }
        return (books, diagnostics)
    }

    /// Parses `count` sources on every core: each worker takes the next in turn and keeps one USFM session.
    /// `sizes` (one a source, or none), when given, hands out the largest first, so that no core is left
    /// with a large one at the end while the others wait; the results stay in source order.
    static func parseConcurrently<Value: Sendable>(
        count: Int, sizes: [Int] = [], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?,
        _ parseOne: @Sendable (_ index: Int, _ session: USFMParseSession) -> Value
    ) -> [Value] {
        let order: [Int] =
            sizes.count == count ? (0..<count).sorted { (sizes[$0], $1) > (sizes[$1], $0) } : Array(0..<count)
        let results = ResultSlots<Value>(count: count)
        let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        _ = Parallel.map(count: workers) { _ in
            let session = USFMParseSession()
            while let claim = results.claimNext() {
                let index = order[claim]
                let done = results.set(index, parseOne(index, session))
                progress?(done, count)
            }
        }
        return results.values
    }
}

/// Slots filled from several threads, each written once, handed out in order.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private var next = 0
    private var filled = 0
    private let lock = NSLock()

    /// The next index no worker has taken yet, or nil when all are taken.
    func claimNext() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Fills slot `index` and returns how many slots are filled now.
    @discardableResult
    func set(_ index: Int, _ value: Value) -> Int {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = value
        filled += 1
        return filled
    }

    /// Every slot's value; call once the workers are done (each slot is then filled).
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { slot in
            // (Each index is claimed once and set by the worker that claimed it.)
            guard let slot else { preconditionFailure("a source was claimed but not parsed") }
            return slot
        }
    }
}
