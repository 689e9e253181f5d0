import Foundation
import Synchronization

/// What to call a Bible being imported, and how (`Library.importBible(from:options:progress:)`); every field
/// is optional.
public struct ImportOptions: Sendable, Hashable {
    /// The Bible's id, within `Library.idRange`; by default the next free one.
    public var id: Int?
    /// The short name (`WEB`); by default from a bundle's metadata, else the sources.
    public var abbreviation: String?
    /// The full name; by default from a bundle's metadata, else the sources, else the folder's name.
    public var title: String?
    /// A BCP 47 language tag; by default from a bundle's metadata or the sources, else `und`.
    public var language: String?
    /// The copyright statement; by default the bundle's, else none.
    public var copyright: String?
    /// `english`, `original` or a `.vrs` path; by default the best fit of the books' chapter and verse counts.
    public var versification: String?
    /// Overwrite the Bible that has this id or abbreviation.
    public var replace: Bool
    /// Import even when the input has errors (the books that could be read).
    public var allowErrors: Bool

    /// Options; the defaults import a new Bible named from its sources, refusing input with errors.
    public init(
        id: Int? = nil, abbreviation: String? = nil, title: String? = nil, language: String? = nil,
        copyright: String? = nil, versification: String? = nil, replace: Bool = false, allowErrors: Bool = false
    ) {
        self.id = id
        self.abbreviation = abbreviation
        self.title = title
        self.language = language
        self.copyright = copyright
        self.versification = versification
        self.replace = replace
        self.allowErrors = allowErrors
    }
}

/// How far an import has got: the events `Library.importBible(from:options:progress:)` reports, in order.
public enum ImportProgress: Sendable, Hashable {
    /// `done` of the `total` source files are read (0 first, `total` last; `done` only grows).
    case reading(done: Int, total: Int)
    /// Every file is read and the Bible is being written, as `abbreviation` (the last event).
    case writing(abbreviation: String)
}

/// A Bible imported: the store, open, and what the import found on the way.
public struct ImportOutcome: Sendable {
    /// The stored Bible, open.
    public var store: VersionStore
    /// Every diagnostic of the sources (warnings and notes; errors only with `allowErrors`), in file order.
    public var diagnostics: [Diagnostic]
    /// Whether the import made this Bible the default (the first Bible of an empty library), so that a reader
    /// that names none opens it.
    public var madeDefault: Bool
}

/// Why `Library.importBible` wrote nothing; the library is as it was.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The input has errors (see `diagnostics`), and `allowErrors` was not set or no book could be read
        /// (`booksRead` is how many could).
        case errorsInInput(booksRead: Int)
        /// The paths hold no book.
        case noBooks
        /// The abbreviation given, or the one the sources suggest, cannot name a Bible (`problem` says why).
        case invalidAbbreviation(String, problem: String)
        /// The versification named cannot be read.
        case versification(String)
        /// A file could not be read.
        case file(FileProblem)
        /// The library could not be written.
        case store(StoreError)
        /// The task was cancelled.
        case cancelled
    }

    /// What went wrong.
    public var reason: Reason
    /// Every diagnostic of the sources read before it stopped, errors among them in file order.
    public var diagnostics: [Diagnostic]

    /// An error for `reason` with the diagnostics read so far.
    public init(_ reason: Reason, diagnostics: [Diagnostic] = []) {
        self.reason = reason
        self.diagnostics = diagnostics
    }

    /// How many of `diagnostics` are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }

    /// `2 errors in the input; nothing was imported (first: …)`, or the reason.
    public var description: String {
        switch reason {
        case .errorsInInput(let booksRead):
            let errors = diagnostics.filter { $0.severity == .error }
            let first = errors.first.map { " (first: \($0.description))" } ?? ""
            return "\(errors.count) \(errors.count == 1 ? "error" : "errors") in the input; nothing was imported"
                + (booksRead == 0 ? ", no book could be read" : "") + first
        case .noBooks: return "no books found in the sources; nothing was imported"
        case .invalidAbbreviation(let abbreviation, let problem):
            return "the abbreviation '\(abbreviation)' cannot name a Bible: \(problem)"
        case .versification(let problem): return problem
        case .file(let problem): return problem.description
        case .store(let error): return error.description
        case .cancelled: return "the import was cancelled; the library was not changed"
        }
    }
}

extension Library {
    /// Imports a Bible: parses USFM, USX and USJ files or folders, DBL and Scripture Burrito bundles (folders or
    /// `.zip`), and files `lectern export` wrote, and stores them as one Bible with its search index, as
    /// `lectern import` does.
    ///
    /// Names not given in `options` come from a bundle's metadata, else from the sources (`\id` text, a
    /// `metadata.json` that `lectern export` wrote, the folder's name). The work runs off the caller's thread,
    /// on every core. The write is atomic: on any error, or when the task is cancelled before the new file
    /// takes its place, the library is left as it was. The first Bible of an empty library becomes its
    /// default.
    ///
    /// ```swift
    /// let outcome = try await library.importBible(from: ["eng-web-usfm"], options: ImportOptions(abbreviation: "WEB")) {
    ///     if case .reading(let done, let total) = $0 { print("\(done)/\(total)") }
    /// }
    /// print(outcome.store.metadata.title)
    /// ```
    ///
    /// - Parameters:
    ///   - paths: files or folders (`.usfm`, `.sfm`, `.usx`, `.usj`, each optionally `.gz`), bundles, `.zip` files.
    ///   - options: the names, id, versification, and whether to replace or to allow errors.
    ///   - progress: called with each `ImportProgress`, in order, from the import's threads.
    /// - Returns: the stored Bible, open, with the diagnostics.
    /// - Throws: `ImportError`, with every diagnostic read; `.cancelled` when the task was cancelled in time.
    @discardableResult
    public func importBible(
        from paths: [String], options: ImportOptions = ImportOptions(),
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) async throws(ImportError) -> ImportOutcome {
        let stop = ImportStop()
        let result: Result<ImportOutcome, ImportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // (Off the cooperative pool: the import blocks its thread while it parses on every core.)
                DispatchQueue.global().async {
                    continuation.resume(
                        returning: Result { () throws(ImportError) in
                            try self.importBible(from: paths, options: options, progress: progress, stop: stop.isSet)
                        })
                }
            }
        } onCancel: {
            stop.set()
        }
        return try result.get()
    }

    /// `importBible(from:options:progress:)` on the calling thread; `stop`, asked between files and before the
    /// new file takes its place, cancels it when it gives true (`ImportError.Reason.cancelled`).
    @discardableResult
    package func importBible(
        from paths: [String], options: ImportOptions, progress: (@Sendable (ImportProgress) -> Void)? = nil,
        stop: @escaping @Sendable () -> Bool = { false }
    ) throws(ImportError) -> ImportOutcome {
        if let abbreviation = options.abbreviation, let problem = Self.abbreviationProblem(abbreviation) {
            throw ImportError(.invalidAbbreviation(abbreviation, problem: problem))
        }
        if let id = options.id, !Self.idRange.contains(id) {
            throw ImportError(
                .store(
                    .invalidVersionName(
                        "a version id must be a whole number from \(Self.idRange.lowerBound) to \(Self.idRange.upperBound)"
                    )))
        }
        // A scheme that cannot be read stops the import before any source is read.
        if let versification = options.versification {
            do { _ = try VersificationScheme.named(versification) } catch {
                throw ImportError(.versification(error.description))
            }
        }
        let reported = ReadingProgress(progress)
        var reading = ImportedBook.read(paths: paths, versification: options.versification, stop: stop) {
            reported.files(done: $0, total: $1)
        }
        let diagnostics = reading.diagnostics
        if stop() { throw ImportError(.cancelled, diagnostics: diagnostics) }
        let hasErrors = diagnostics.contains { $0.severity == .error }
        if hasErrors, !options.allowErrors || reading.books.isEmpty {
            throw ImportError(.errorsInInput(booksRead: reading.books.count), diagnostics: diagnostics)
        }
        guard !reading.books.isEmpty else { throw ImportError(.noBooks, diagnostics: diagnostics) }
        let metadata: VersionMetadata
        do {
            metadata = try VersionMetadata.forImport(
                of: reading.books.map(\.kept.summary), paths: paths, id: options.id,
                abbreviation: options.abbreviation, title: options.title, language: options.language,
                copyright: options.copyright, bundle: reading.bundle, versification: options.versification)
        } catch let error as FileProblem {
            throw ImportError(.file(error), diagnostics: diagnostics)
        } catch {
            throw ImportError(.versification(String(describing: error)), diagnostics: diagnostics)
        }
        if let problem = Self.abbreviationProblem(metadata.abbreviation) {
            throw ImportError(.invalidAbbreviation(metadata.abbreviation, problem: problem), diagnostics: diagnostics)
        }
        progress?(.writing(abbreviation: metadata.abbreviation))
        let wasEmpty = (try? ids().isEmpty) ?? false
        do {
            let encoded = try ImportedBook.take(&reading.books)
            let stored = try add(
                encoded: consume encoded, metadata: metadata, id: options.id, replace: options.replace,
                sections: [SearchIndexSection()], commit: { !stop() })
            let madeDefault = wasEmpty && makeDefault(stored.id)
            return ImportOutcome(store: try open(stored.id), diagnostics: diagnostics, madeDefault: madeDefault)
        } catch .cancelled {
            throw ImportError(.cancelled, diagnostics: diagnostics)
        } catch {
            throw ImportError(.store(error), diagnostics: diagnostics)
        }
    }

    /// Makes `id`, the first Bible imported into an empty library, the default (as rustup makes the first
    /// toolchain the default); true when it did. Nothing is changed when another import got there first (the
    /// library holds more than this Bible); a default left from a Bible no longer there is replaced.
    private func makeDefault(_ id: Int) -> Bool {
        guard (try? ids()) == [id] else { return false }
        return (try? updateReadingState { (state: inout ReadingState) in state.defaultVersion = id }) != nil
    }
}

/// The flag a cancelled import's task sets and its threads read.
private final class ImportStop: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: @Sendable () -> Bool { { [self] in flag.withLock { $0 } } }
}

/// The reading events handed on in order: the parsing threads report as they finish, so a smaller count can
/// come after a larger one; it is dropped.
private final class ReadingProgress: Sendable {
    private let handler: (@Sendable (ImportProgress) -> Void)?
    private let last = Mutex(-1)

    init(_ handler: (@Sendable (ImportProgress) -> Void)?) { self.handler = handler }

    func files(done: Int, total: Int) {
        guard let handler else { return }
        // (Handed on under the lock, so that two threads' events cannot pass each other on the way out.)
        last.withLock { last in
            guard done > last else { return }
            last = done
            handler(.reading(done: done, total: total))
        }
    }
}

/// What an import keeps of each book it reads (`VersionSource.read(paths:…keeping:)`): the book encoded for
/// the store (`StoreWriter.encode(book:)`), on the thread that parsed it, and what the version's metadata
/// is made from. The book's model is let go then: an import holds a book's model only while it encodes it,
/// not every book's until the last is read.
package struct ImportedBook: Sendable {
    /// The book encoded, or why it could not be.
    package var encoded: Result<StoreWriter.EncodedBook, StoreError>
    /// What the metadata needs of it.
    package var summary: BookSummary

    /// Encodes `book`, which it takes: given the only reference, the encoder lets each chapter's model go
    /// once it is encoded (a single large book is never held twice).
    package init(_ book: consuming Book) {
        summary = BookSummary(book)
        do {
            encoded = .success(try StoreWriter.encode(book: book))
        } catch {
            encoded = .failure(error)
        }
    }

    /// Reads and parses every source under `paths` as `VersionSource.read(paths:progress:)` does (the counts
    /// compared with `versification`, else the best fit), keeping each book encoded.
    package static func read(
        paths: [String], versification: String? = nil, stop: (@Sendable () -> Bool)? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> (books: [KeptBook<ImportedBook>], diagnostics: [Diagnostic], bundle: BundleMetadata?) {
        VersionSource.read(paths: paths, versification: versification, progress: progress, stop: stop) {
            ImportedBook($0)
        }
    }

    /// The encoded books, in the order read, taken from `books` (left empty).
    ///
    /// - Throws: the first book's `StoreError` that could not be encoded.
    package static func take(_ books: inout [KeptBook<ImportedBook>]) throws(StoreError) -> [StoreWriter.EncodedBook] {
        defer { books = [] }
        return try books.map { book throws(StoreError) in try book.kept.encoded.get() }
    }
}

/// What an import's metadata is made from, of one book (`VersionMetadata.forImport(of:…)`).
package struct BookSummary: Sendable {
    /// The `\id` line's text after the code.
    package var identification: String
    /// The file it was read from.
    package var file: String
    /// The last verse of each chapter, for the versification's best fit (`VersificationScheme.lastVerses`),
    /// when it is canonical text.
    package var lastVerses: [Int]?
    package var id: BookID

    package init(_ book: borrowing Book) {
        id = book.id
        identification = book.identification
        file = book.location.file
        lastVerses = VersificationScheme.lastVerses(of: book)
    }
}

extension VersionMetadata {
    /// The metadata a new import stores: the names given, else the bundle's (`bundle`, from a DBL or Scripture
    /// Burrito bundle), else those the sources suggest (`\id` text, a `metadata.json` that `lectern export`
    /// wrote, the first path's name), the source formats, the time, and the versification named (`english`,
    /// `original`, a `.vrs` path) or else the best fit of the books' counts.
    ///
    /// - Throws: `FileProblem` for an unreadable `metadata.json`, `VersificationError` for a bad `.vrs` file.
    public static func forImport(
        of books: [Book], paths: [String], id: Int?, abbreviation: String?, title: String?, language: String?,
        copyright: String? = nil, bundle: BundleMetadata? = nil, versification: String?
    ) throws -> VersionMetadata {
        try forImport(
            of: Parallel.map(books) { BookSummary($0) }, paths: paths, id: id, abbreviation: abbreviation, title: title,
            language: language, copyright: copyright, bundle: bundle, versification: versification)
    }

    /// `forImport(of:…)` from what an import kept of its books (`ImportedBook`), in canon order.
    package static func forImport(
        of books: [BookSummary], paths: [String], id: Int?, abbreviation: String?, title: String?, language: String?,
        copyright: String? = nil, bundle: BundleMetadata? = nil, versification: String?
    ) throws -> VersionMetadata {
        let exported = bundle == nil ? try ExportMetadata.find(in: paths) : nil
        let suggestion = VersionNaming.suggest(
            identifications: books.map(\.identification), source: paths.first ?? "", metadata: exported)
        let formats = Set(books.map { sourceFormat(of: $0.file).rawValue })
        var metadata = VersionMetadata(
            id: id ?? 0, abbreviation: abbreviation ?? bundle?.abbreviation ?? suggestion.abbreviation,
            title: title ?? bundle?.title ?? suggestion.title,
            language: language ?? bundle?.language ?? suggestion.language,
            sourceFormat: exported?.sourceFormat ?? formats.sorted().joined(separator: "+"),
            importedAt: ISO8601DateFormatter().string(from: Date()))
        metadata.copyright = copyright ?? bundle?.copyright ?? exported?.copyright
        if versification == nil {
            // The best fit, as `setVersification(nil, books:)` finds it, from the counts each book's summary took.
            var lastVerses: [BookID: [Int]] = [:]
            for book in books { if let counts = book.lastVerses { lastVerses[book.id] = counts } }
            metadata.versification = VersificationScheme.detect(lastVerses: lastVerses).name
            metadata.versificationText = nil
        } else {
            // (A scheme named reads no book.)
            try metadata.setVersification(versification, books: [])
        }
        return metadata
    }

    /// The format a book was read in, by its file's name: `.usx`, `.usj` or `.json` (only USJ is read from
    /// JSON), else USFM.
    static func sourceFormat(of file: String) -> SourceFormat {
        let name = file.lowercased()
        if name.contains(".usx") { return .usx }
        if name.contains(".usj") || name.contains(".json") { return .usj }
        return .usfm
    }
}
