import ScriptureModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Digital Bible Library bundle, a Scripture Burrito, or a plain `.zip` of USFM/USX: where its
/// sources are and what its metadata says.
///
/// A folder is a bundle when it holds `metadata.xml` (DBL; one whose root is another element is not DBL's,
/// and leaves the folder a plain one) or a Burrito `metadata.json`; a file is a zip
/// when it starts with a zip signature or is named `.zip`. A zip's metadata may stand at its root or in
/// its one top folder. Zip entries are read into memory, never extracted; names with `..`, absolute paths
/// and backslashes are refused, and the bytes read are bounded (`limit`), whatever the headers declare.
struct ScriptureBundle {
    /// The largest total of uncompressed source bytes read from one zip (as for one `.gz` file).
    static let defaultLimit = 1 << 30
    /// The largest `metadata.xml` or `metadata.json` read from a zip (real ones are a few kilobytes).
    static let metadataLimit = 16 << 20

    /// The bundle's names; nil for a plain zip, or when its metadata could not be read.
    var metadata: BundleMetadata?
    /// Source files on disk (a folder bundle).
    var files: [String] = []
    /// Sources read from a zip: `archive.zip/entry` and the entry's bytes.
    var contents: [(path: String, bytes: [UInt8])] = []
    /// Problems with the bundle: an unreadable archive or metadata, refused entries, missing names.
    var diagnostics: [Diagnostic] = []

    /// The bundle at `path`, or nil when it is neither a zip nor a folder with bundle metadata.
    ///
    /// - Parameters:
    ///   - limit: the most bytes read from a zip's sources, counted uncompressed (a `.gz` entry by its
    ///     content): past it the archive is refused as a possible zip bomb.
    ///   - fileLimit: the most bytes of one source (a `.gz` entry's content included): a larger one is a
    ///     `file-too-large` error, found from its declared size before it is read, or while it is inflated.
    static func open(_ path: String, limit: Int = defaultLimit, fileLimit: Int = VersionSource.maximumFileSize)
        -> ScriptureBundle?
    {
        switch try? FileKind.of(path) {
        case .folder?:
            return folder(path)
        case .regular?:
            guard isZip(path) else { return nil }
            var bundle = ScriptureBundle()
            do {
                try bundle.readZip(ZipArchive(path: path), limit: limit, fileLimit: fileLimit)
            } catch {
                // A refused archive is refused whole: what was read of it before is not parsed.
                bundle.contents = []
                bundle.diagnostics.append(error.diagnostic)
            }
            return bundle
        default:
            return nil
        }
    }

    /// Whether the file starts with a zip signature (`PK\3\4`, or `PK\5\6` for an empty archive) or is
    /// named `.zip`.
    static func isZip(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".zip") { return true }
        let head = firstBytes(path)
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// A folder that holds `metadata.xml` or a Burrito `metadata.json`; nil for any other folder.
    private static func folder(_ path: String) -> ScriptureBundle? {
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        var bundle = ScriptureBundle()
        // The zip's limit on metadata holds here too: a file past it is an error, unread, and the folder's
        // sources are read as a plain folder's.
        for name in ["metadata.xml", "metadata.json"] {
            guard case .regular(let size)? = try? FileKind.of(base + "/" + name), size > metadataLimit else { continue }
            let problem = FileProblem(.tooLarge(bytes: size, limit: metadataLimit), path: base + "/" + name)
            bundle.diagnostics = [problem.diagnostic]
            bundle.files = [base]
            return bundle
        }
        if let bytes = try? FileProblem.readFile(base + "/metadata.xml", limit: metadataLimit),
            DBLMetadataReader.mayBeDBL(bytes)
        {
            let (metadata, diagnostics) = DBLMetadataReader.read(bytes, path: base + "/metadata.xml")
            bundle.metadata = metadata
            bundle.diagnostics = diagnostics
            let release = [base + "/release/USX_1", base + "/USX_1"].first { (try? FileKind.of($0)) == .folder }
            bundle.files = [release ?? base]
            return bundle
        }
        guard let bytes = try? FileProblem.readFile(base + "/metadata.json", limit: metadataLimit) else { return nil }
        guard BurritoMetadataReader.isBurrito(bytes) else {
            // Damaged JSON is said with its place (Burrito's or Lectern's own, it cannot be read); the folder's
            // sources are read as a plain folder's. Other JSON is left to what reads it.
            guard let syntax = ExportMetadata.syntaxError(bytes) else { return nil }
            bundle.diagnostics = [
                Diagnostic(
                    .error, .bundleMetadata,
                    at: SourceLocation(file: base + "/metadata.json", line: syntax.line, column: syntax.column, offset: syntax.offset),
                    "malformed JSON: \(syntax.message); the folder's metadata cannot be read")
            ]
            bundle.files = [base]
            return bundle
        }
        let reading = BurritoMetadataReader.read(bytes, path: base + "/metadata.json")
        bundle.metadata = reading.metadata
        bundle.diagnostics = reading.diagnostics
        for ingredient in reading.sources {
            if let reason = ZipArchive.unsafeReason(ingredient) {
                bundle.diagnostics.append(refused(ingredient, reason, at: base + "/metadata.json"))
            } else {
                bundle.files.append(base + "/" + ingredient)
            }
        }
        if reading.sources.isEmpty { bundle.files = [base] }
        return bundle
    }

    /// Finds the metadata and the sources among the archive's entries and reads them.
    private mutating func readZip(_ archive: ZipArchive, limit: Int, fileLimit: Int) throws(FileProblem) {
        var entries: [String: ZipArchive.Entry] = [:]
        for entry in archive.entries {
            if let reason = ZipArchive.unsafeReason(entry.name) {
                diagnostics.append(Self.refused(entry.name, reason, at: archive.path))
            } else if !entry.isFolder {
                entries[entry.name] = entry
            }
        }
        let prefix = Self.metadataFolder(Set(entries.keys))
        var chosen: [ZipArchive.Entry] = []
        let metadataLimit = min(limit, Self.metadataLimit)
        if let entry = entries[prefix + "metadata.xml"], case let bytes = try archive.read(entry, limit: metadataLimit),
            DBLMetadataReader.mayBeDBL(bytes)
        {
            let reading = DBLMetadataReader.read(bytes, path: archive.path + "/" + entry.name)
            metadata = reading.metadata
            diagnostics += reading.diagnostics
            // release/USX_1/ when it has books, else USX_1/ (never both: the same books twice).
            for folder in [prefix + "release/USX_1/", prefix + "USX_1/"] where chosen.isEmpty {
                chosen = entries.values.filter { $0.name.hasPrefix(folder) && VersionSource.isSourceName($0.name) }
            }
        } else if let entry = entries[prefix + "metadata.json"],
            case let bytes = try archive.read(entry, limit: metadataLimit), !ExportMetadata.isLectern(bytes)
        {
            // A Burrito's metadata, or a damaged file (an error); the metadata `lectern export` writes is
            // left alone, as in a folder the names then come from the books' identification.
            let reading = BurritoMetadataReader.read(bytes, path: archive.path + "/" + entry.name)
            metadata = reading.metadata
            diagnostics += reading.diagnostics
            for ingredient in reading.sources {
                if let reason = ZipArchive.unsafeReason(ingredient) {
                    diagnostics.append(Self.refused(ingredient, reason, at: archive.path + "/" + entry.name))
                } else if let found = entries[prefix + ingredient] {
                    chosen.append(found)
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .error, .unreadableFile,
                            at: SourceLocation(file: archive.path + "/" + entry.name, line: 1, column: 1),
                            "its ingredient \(ingredient) is not in the archive"))
                }
            }
        }
        if chosen.isEmpty { chosen = entries.values.filter { VersionSource.isSourceName($0.name) } }
        if chosen.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning, .unreadableFile, at: .wholeFile(archive.path),
                    "the archive has no .usfm, .sfm, .usx or .usj files"))
        }
        try readSources(chosen.sorted { $0.name < $1.name }, from: archive, limit: limit, fileLimit: fileLimit)
    }

    /// Reads the chosen entries: refuses the lot when their declared sizes add up to more than `limit`, or when
    /// the process's memory limit cannot hold them (`MemoryBudget`), before any is read; refuses an entry
    /// declared larger than `fileLimit` unread; stops an entry that holds more than `fileLimit`, or than what
    /// is left of `limit`, while it is inflated. A `.gz` entry counts by its content, inflated once only
    /// counting, so gzip inside a zip cannot pass the archive's limit.
    private mutating func readSources(
        _ chosen: [ZipArchive.Entry], from archive: ZipArchive, limit: Int, fileLimit: Int
    ) throws(FileProblem) {
        let sizes = chosen.map { $0.size > fileLimit ? 0 : $0.size }
        let declared = sizes.reduce(0, &+)
        guard declared <= limit, declared >= 0 else { throw Self.bomb(archive.path, more: declared, limit: limit) }
        let held = zip(chosen, sizes).map { (archive.path + "/" + $0.name, $1) }
        if let shortfall = MemoryBudget.shortfall([], held: held, first: archive.path, fileLimit: fileLimit) {
            diagnostics.append(shortfall)
            return
        }
        var left = limit
        for entry in chosen {
            let location = archive.path + "/" + entry.name
            guard entry.size <= fileLimit else {
                diagnostics.append(FileProblem(.tooLarge(bytes: entry.size, limit: fileLimit), path: location).diagnostic)
                continue
            }
            let bound = min(fileLimit, left)
            do throws(FileProblem) {
                let bytes = try archive.read(entry, limit: bound)
                var content = bytes.count
                if Gzip.isCompressed(bytes) {
                    do {
                        content = try Gzip.contentSize(bytes, limit: bound)
                    } catch where error.isTooLarge {
                        throw FileProblem(.tooLarge(bytes: nil, limit: bound), path: location)
                    } catch {
                        throw FileProblem(.other("its gzip data is damaged (\(error))"), path: location)
                    }
                }
                left -= content
                contents.append((location, bytes))
            } catch {
                guard case .tooLarge = error.cause, bound < fileLimit else {
                    diagnostics.append(error.diagnostic)
                    continue
                }
                // The archive's limit, not the file's, stopped it: the rest is not read.
                throw Self.bomb(archive.path, more: nil, limit: limit)
            }
        }
    }

    /// The error for an archive whose sources hold more than `limit` bytes uncompressed.
    private static func bomb(_ path: String, more declared: Int?, limit: Int) -> FileProblem {
        let size = declared.map { "would take \($0 >> 20) MB" } ?? "hold more than \(limit >> 20) MB"
        let more = declared == nil ? "" : ", more than \(limit >> 20) MB"
        return FileProblem(
            .other("its sources \(size) uncompressed\(more); refused as a possible zip bomb"), path: path)
    }

    /// The folder (`""` or `name/`) whose `metadata.xml` or `metadata.json` describes the archive: its root,
    /// else its one top folder.
    private static func metadataFolder(_ names: Set<String>) -> String {
        if names.contains("metadata.xml") || names.contains("metadata.json") { return "" }
        let tops = Set(names.compactMap { $0.split(separator: "/", maxSplits: 1).first.map(String.init) })
        guard tops.count == 1, let top = tops.first else { return "" }
        return top + "/"
    }

    private static func refused(_ name: String, _ reason: String, at path: String) -> Diagnostic {
        Diagnostic(
            .error, .unreadableFile, at: SourceLocation(file: path, line: 1, column: 1),
            "its entry '\(name)' is refused: \(reason); a bundle's paths must stay inside it")
    }
}

/// The first four bytes of a file (fewer when it is shorter or cannot be read).
private func firstBytes(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var head = [UInt8](repeating: 0, count: 4)
    let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
    return Array(head.prefix(max(0, count)))
}
