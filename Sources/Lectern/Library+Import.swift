import Foundation

/// Why `Library.importBible` wrote nothing: errors in the input (each with its `file:line:col`), or no books.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic of the sources, errors first among them in file order.
    public var diagnostics: [Diagnostic]

    /// `2 errors in the input; nothing was imported` and the first error.
    public var description: String {
        let errors = diagnostics.filter { $0.severity == .error }
        guard let first = errors.first else { return "no books found in the sources; nothing was imported" }
        return "\(errors.count) \(errors.count == 1 ? "error" : "errors") in the input; nothing was imported "
            + "(first: \(first.description))"
    }
}

extension Library {
    /// Parses USFM/USX files or folders and stores them as one Bible, with its search index, in one call: what
    /// `lectern import` does.
    ///
    /// Names not given come from a DBL or Scripture Burrito bundle's metadata (a folder or `.zip`), else from
    /// the sources (`\id` text, a `metadata.json` that `lectern export` wrote, the folder's name). The write
    /// is atomic: on any error the library is left as it was.
    ///
    /// - Parameters:
    ///   - paths: files or folders (`.usfm`, `.sfm`, `.usx`, `.usj`, each optionally `.gz`), bundles, `.zip` files.
    ///   - abbreviation: the short name (`WEB`).
    ///   - title: the full name.
    ///   - language: a BCP 47 tag (`en`).
    ///   - copyright: the copyright line.
    ///   - replace: overwrite a Bible with the same abbreviation's id.
    ///   - versification: `english`, `original` or a `.vrs` path; by default the best fit of the counts.
    /// - Returns: the stored Bible, open.
    /// - Throws: `ImportError` for errors in the input, `FileProblem` or `StoreError` for the file system.
    @discardableResult
    public func importBible(
        from paths: [String], abbreviation: String? = nil, title: String? = nil, language: String? = nil,
        copyright: String? = nil, replace: Bool = false, versification: String? = nil
    ) throws -> VersionStore {
        // A scheme that cannot be read stops the import before any source is (it is a `VersificationError`).
        if let versification { _ = try VersificationScheme.named(versification) }
        var reading = ImportedBook.read(paths: paths, versification: versification)
        let hasErrors = reading.diagnostics.contains { $0.severity == .error }
        guard !hasErrors, !reading.books.isEmpty else { throw ImportError(diagnostics: reading.diagnostics) }
        let metadata = try VersionMetadata.forImport(
            of: reading.books.map(\.kept.summary), paths: paths, id: nil, abbreviation: abbreviation, title: title,
            language: language, copyright: copyright, bundle: reading.bundle, versification: versification)
        let encoded = try ImportedBook.take(&reading.books)
        let stored = try add(
            encoded: consume encoded, metadata: metadata, id: nil, replace: replace, sections: [SearchIndexSection()])
        return try open(stored.id)
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
        paths: [String], versification: String? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> (books: [KeptBook<ImportedBook>], diagnostics: [Diagnostic], bundle: BundleMetadata?) {
        VersionSource.read(paths: paths, versification: versification, progress: progress) { ImportedBook($0) }
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
