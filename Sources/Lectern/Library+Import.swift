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
    ///   - abbreviation: the short name (`WEB`); title, language (a BCP 47 tag) and copyright likewise.
    ///   - replace: overwrite a Bible with the same abbreviation's id.
    ///   - versification: `english`, `original` or a `.vrs` path; by default the best fit of the counts.
    /// - Returns: the stored Bible, open.
    /// - Throws: `ImportError` for errors in the input, `FileProblem` or `StoreError` for the file system.
    @discardableResult
    public func importBible(
        from paths: [String], abbreviation: String? = nil, title: String? = nil, language: String? = nil,
        copyright: String? = nil, replace: Bool = false, versification: String? = nil
    ) throws -> VersionStore {
        var reading = VersionSource.read(paths: paths)
        var result = reading.result
        reading.result.books = []
        guard !result.hasErrors, !result.books.isEmpty else {
            throw ImportError(diagnostics: result.diagnostics)
        }
        let metadata = try VersionMetadata.forImport(
            of: result.books, paths: paths, id: nil, abbreviation: abbreviation, title: title, language: language,
            copyright: copyright, bundle: reading.bundle, versification: versification)
        // The store writer alone holds the books, so the document model is freed once it is encoded.
        let books = result.books
        result.books = []
        let stored = try add(
            books: consume books, metadata: metadata, id: nil, replace: replace, sections: [SearchIndexSection()])
        return try open(stored.id)
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
        let exported = bundle == nil ? try ExportMetadata.find(in: paths) : nil
        let suggestion = VersionNaming.suggest(books: books, source: paths.first ?? "", metadata: exported)
        let formats = Set(books.map { sourceFormat(of: $0.location.file).rawValue })
        var metadata = VersionMetadata(
            id: id ?? 0, abbreviation: abbreviation ?? bundle?.abbreviation ?? suggestion.abbreviation,
            title: title ?? bundle?.title ?? suggestion.title,
            language: language ?? bundle?.language ?? suggestion.language,
            sourceFormat: formats.sorted().joined(separator: "+"),
            importedAt: ISO8601DateFormatter().string(from: Date()))
        metadata.copyright = copyright ?? bundle?.copyright ?? exported?.copyright
        if versification == nil {
            // The best fit, as `setVersification(nil, books:)` finds it, with the books' counts taken in parallel.
            metadata.versification = VersificationScheme.detect(lastVerses: lastVerses(of: books)).name
            metadata.versificationText = nil
        } else {
            try metadata.setVersification(versification, books: books)
        }
        return metadata
    }

    /// `VersificationScheme.lastVerses(of:)` of the books, each book's counted on its own, books in parallel.
    static func lastVerses(of books: [Book]) -> [BookID: [Int]] {
        let perBook = Parallel.map(books) { book in VersificationScheme.lastVerses(of: [book]) }
        return perBook.reduce(into: [:]) { all, counts in all.merge(counts) { _, later in later } }
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
