import ScriptureModel
import USFM

/// A book as `VersionSource.read(paths:…keeping:)` keeps it: which book, where it was read, and what the
/// caller made of it.
package struct KeptBook<Kept: Sendable>: Sendable {
    /// The book.
    package var id: BookID
    /// Where it was read (`Book.location`), for the error when it comes again.
    package var location: SourceLocation
    /// What the caller's `keep` returned for it.
    package var kept: Kept
}

/// One file's books (which, and where) and diagnostics; what was kept of them is in `BookClaims`.
struct FileReading<Kept: Sendable>: Sendable {
    var read: [ReadBook] = []
    var diagnostics: [Diagnostic] = []
}

/// A book a file held: which, where, and its chapters and verses in source order (for the checks of order,
/// gaps and counts); a copy of a book read before is listed too, for its error.
struct ReadBook: Sendable {
    var id: BookID
    var location: SourceLocation
    var outline: BookOutline
}

/// What `VersionSource.read(paths:progress:)` found: the parsed books and the bundle's names.
public struct SourceReading: Sendable {
    /// The books and every diagnostic (the bundles' first, then the files' in order).
    public var result: ParseResult
    /// The metadata of the first DBL or Scripture Burrito bundle among the paths, or nil.
    public var bundle: BundleMetadata?
}

extension VersionSource {
    /// Reads and parses every source under `paths`, as `parse(paths:progress:)` does, and reads bundles:
    /// a folder holding a DBL `metadata.xml` (its USX under `release/USX_1/` or `USX_1/`) or a Scripture
    /// Burrito `metadata.json` (its `ingredients`), or a `.zip` of either or of plain USFM/USX files.
    ///
    /// Zip entries are read into memory, at most `bundleLimit` bytes of them a zip; a damaged archive,
    /// an entry named with `..` or an absolute path, or unreadable metadata is an error diagnostic at the
    /// archive's or metadata file's path. Names missing from the metadata are warnings.
    ///
    /// A file or zip entry larger than `limit` (or gzip content that is) gives a `file-too-large` error.
    ///
    /// Every book is checked for the order and gaps of its chapters and verses, and its counts compared with
    /// `versification` (`english`, `original`, a `.vrs` path), else with the shipped scheme that fits the books
    /// best (see `trustedFit`); its chapters are put in numeric order (`Book.putChaptersInOrder()`).
    public static func read(
        paths: [String], limit: Int = maximumFileSize, bundleLimit: Int = 1 << 30, versification: String? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> SourceReading {
        let reading = read(
            paths: paths, limit: limit, bundleLimit: bundleLimit, versification: versification, progress: progress
        ) { $0 }
        return SourceReading(
            result: ParseResult(books: reading.books.map(\.kept), diagnostics: reading.diagnostics),
            bundle: reading.bundle)
    }

    /// Reads and parses every source under `paths` as `read(paths:limit:bundleLimit:progress:)` does, but keeps
    /// of each book only what `keep` makes of it, on the thread that parsed it, right after its file: the
    /// book's model is let go then, so that a command that needs only a summary or the verse lines of a large
    /// version never holds all of its models at once. Books come back in canon order, each read once (a
    /// book that comes twice is an error, its later copy skipped, as `read` does). When `stop` gives true, the
    /// files not yet begun are skipped (the result is then incomplete: the caller that stopped drops it).
    package static func read<Kept: Sendable>(
        paths: [String], limit: Int = maximumFileSize, bundleLimit: Int = 1 << 30, versification: String? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, stop: (@Sendable () -> Bool)? = nil,
        keeping keep: @escaping @Sendable (consuming Book) -> Kept
    ) -> (books: [KeptBook<Kept>], diagnostics: [Diagnostic], bundle: BundleMetadata?) {
        var plain: [String] = []
        var listing: [Diagnostic] = []
        var contents: [(path: String, bytes: [UInt8])] = []
        var metadata: BundleMetadata?
        for path in paths {
            guard let bundle = ScriptureBundle.open(path, limit: bundleLimit, fileLimit: limit) else {
                plain.append(path)
                continue
            }
            listing += bundle.diagnostics
            if let found = bundle.metadata {
                if let first = metadata {
                    listing.append(
                        Diagnostic(
                            .warning, .bundleMetadata, at: SourceLocation(file: found.path, line: 1, column: 1),
                            "a second bundle's metadata is not used; the names come from \(first.path)"))
                } else {
                    metadata = found
                }
            }
            plain += bundle.files
            contents += bundle.contents
        }
        let (files, fileListing) = files(in: plain)
        listing += fileListing
        if let shortfall = MemoryBudget.shortfall(
            files, held: contents.map { ($0.path, $0.bytes.count) }, fileLimit: limit)
        {
            return ([], listing + [shortfall], metadata)
        }
        let total = files.count + contents.count
        progress?(0, total)
        let loaded = contents
        // (Largest first: with the book encoded right after its file, the last large one would hold up the rest.)
        let sizes = files.map(Self.fileSize) + loaded.map(\.bytes.count)
        let claims = BookClaims<Kept>()
        let results = parseConcurrently(count: total, sizes: sizes, progress: progress) { index, session in
            // Once `stop` says so (an import cancelled), the sources left are passed over unread.
            if let stop, stop() { return FileReading<Kept>(read: [], diagnostics: []) }
            var result: ParseResult
            if index < files.count {
                result = parseFile(files[index], session: session, limit: limit)
            } else {
                let (path, bytes) = loaded[index - files.count]
                result = parseBytes(bytes, path: path, session: session, limit: limit)
            }
            // Each book is handed over as the only reference to it (popped, not copied), so that `keep` can let
            // its parts go as it goes; a copy of a book an earlier source has is dropped here, unkept.
            var books = result.books
            result.books = []
            books.reverse()
            var read: [ReadBook] = []
            read.reserveCapacity(books.count)
            while var book = books.popLast() {
                let (id, location) = (book.id, book.location)
                let order = (source: index, position: read.count)
                // Outlined in source order, then read in numeric order of chapters by everything after
                // (`Book.putChaptersInOrder()`); `chapter-out-of-order` says where they were not.
                let outline = BookOutline(book)
                read.append(ReadBook(id: id, location: location, outline: outline))
                guard claims.claim(id, at: order, location: location) else { continue }
                book.putChaptersInOrder()
                claims.store(keep(book), for: id, at: order)
            }
            return FileReading<Kept>(read: read, diagnostics: result.diagnostics)
        }
        let combined = combine(listing, results, claims: claims, versification: versification)
        return (combined.books, combined.diagnostics, metadata)
    }

    /// Parses bytes read from an archive, decompressing gzip when they say so.
    private static func parseBytes(_ bytes: [UInt8], path: String, session: USFMParseSession, limit: Int)
        -> ParseResult
    {
        parse(path: path, session: session) { () throws in
            guard bytes.count <= limit else {
                throw FileProblem(.tooLarge(bytes: bytes.count, limit: limit), path: path)
            }
            return try decompressed(bytes, path: path, limit: limit)
        }
    }
}

extension VersionSource {
    /// A file's size in bytes (0 when it is not a regular file it can find): only to hand out the largest
    /// files first; reading it reports any problem.
    static func fileSize(_ path: String) -> Int {
        guard case .regular(let size)? = try? FileKind.of(path) else { return 0 }
        return size
    }
}
