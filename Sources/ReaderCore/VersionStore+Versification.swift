import Foundation
import ScriptureModel
import ScriptureStore
import Versification

/// Why a version's verse numbering could not be set up.
public enum VersificationError: Error, Sendable, CustomStringConvertible {
    /// A `.vrs` file could not be read.
    case unreadable(path: String, reason: String)
    /// A `.vrs` file has errors; the first is given.
    case invalid(Diagnostic)
    /// A name that is neither a shipped scheme nor a `.vrs` file.
    case unknown(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .invalid(let diagnostic): diagnostic.description
        case .unknown(let name): "'\(name)' is not english, original or a .vrs file"
        }
    }
}

extension VersificationScheme {
    /// A shipped scheme by name (`english`, `original`), else a `.vrs` file at `nameOrPath`.
    ///
    /// - Throws: `VersificationError` when the file cannot be read or has errors.
    public static func named(_ nameOrPath: String) throws(VersificationError) -> (VersificationScheme, text: String?) {
        if let scheme = standard(named: nameOrPath) { return (scheme, nil) }
        guard nameOrPath.hasSuffix(".vrs") || nameOrPath.contains("/") else { throw .unknown(nameOrPath) }
        let data = try readSchemeFile(nameOrPath)
        let text = String(decoding: data, as: UTF8.self)
        let result = VersificationParser.parse(data, file: nameOrPath)
        if let error = result.diagnostics.first(where: { $0.severity == .error }) { throw .invalid(error) }
        return (result.scheme, text)
    }

    /// The largest `.vrs` file read: the standard schemes' files are 12 and 19 KB.
    public static let largestFileSize = 1 << 20

    /// The bytes of a regular file of at most `largestFileSize` bytes, opened without blocking (a FIFO or a
    /// device such as `/dev/zero` is refused before it is read).
    private static func readSchemeFile(_ path: String) throws(VersificationError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "it is not a regular file") }
        guard info.st_size <= largestFileSize else {
            throw .unreadable(
                path: path,
                reason: "it is \((Int(info.st_size) + (1 << 20) - 1) >> 20) MB; a .vrs file may be at most "
                    + "\(largestFileSize >> 20) MB (the standard ones are 12 and 19 KB)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return Array(bytes[..<total])
    }

    /// The last verse of every chapter of parsed books (bridges count their last verse).
    public static func lastVerses(of books: [Book]) -> [BookID: [Int]] {
        var result: [BookID: [Int]] = [:]
        for book in books {
            if let chapters = lastVerses(of: book) { result[book.id] = chapters }
        }
        return result
    }

    /// The last verse of every chapter of one parsed book, or nil when it is not canonical text (which
    /// `lastVerses(of:)` of books leaves out).
    public static func lastVerses(of book: borrowing Book) -> [Int]? {
        guard book.id.isCanonicalText else { return nil }
        var chapters: [Int] = []
        for key in book.verseKeys() {
            let chapter = key.chapter
            guard chapter >= 1, chapter <= 2_000 else { continue }
            if chapters.count < chapter { chapters += Array(repeating: 0, count: chapter - chapters.count) }
            chapters[chapter - 1] = max(chapters[chapter - 1], lastNumber(ofLabel: key.verse))
        }
        return chapters
    }
}

extension VersionStore {
    /// The last verse of every chapter of the stored books.
    public func lastVerses() throws(StoreError) -> [BookID: [Int]] {
        var result: [BookID: [Int]] = [:]
        for book in books where book.id.isCanonicalText {
            var chapters: [Int] = []
            for chapter in book.chapters {
                guard chapter >= 1, chapter <= 2_000 else { continue }
                if chapters.count < chapter { chapters += Array(repeating: 0, count: chapter - chapters.count) }
                let labels = try verseLabels(book.id, chapter)
                chapters[chapter - 1] = labels.map(VersificationScheme.lastNumber(ofLabel:)).max() ?? 0
            }
            result[book.id] = chapters
        }
        return result
    }

    /// The version's verse numbering: the recorded scheme, else the best fit of its counts (stores imported
    /// before schemes were recorded).
    ///
    /// - Complexity: a custom scheme is parsed, and a missing one detected (every chapter's verse labels
    ///   read), once per store; later calls return the kept scheme.
    public func versification() throws -> VersificationScheme {
        if let name = metadata.versification, metadata.versificationText == nil,
            let scheme = VersificationScheme.standard(named: name)
        {
            return scheme
        }
        return try attachment("ReaderCore.versification") { () throws -> VersificationScheme in
            try findVersification()
        }
    }

    private func findVersification() throws -> VersificationScheme {
        if let text = metadata.versificationText {
            return VersificationParser.parse(text, file: "\(metadata.abbreviation).vrs", name: metadata.versification)
                .scheme
        }
        if let name = metadata.versification, let scheme = VersificationScheme.standard(named: name) { return scheme }
        return VersificationScheme.detect(lastVerses: try lastVerses())
    }
}

extension VersionMetadata {
    /// Records a version's scheme: the one named (`english`, `original`, a `.vrs` path), else the best fit of
    /// the books' chapter and verse counts.
    ///
    /// - Throws: `VersificationError` for a `.vrs` file that cannot be read or has errors.
    public mutating func setVersification(_ nameOrPath: String?, books: [Book]) throws(VersificationError) {
        if let nameOrPath {
            let (scheme, text) = try VersificationScheme.named(nameOrPath)
            versification = scheme.name
            versificationText = text
        } else {
            versification = VersificationScheme.detect(lastVerses: VersificationScheme.lastVerses(of: books)).name
            versificationText = nil
        }
    }
}
