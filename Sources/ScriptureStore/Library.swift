import Foundation
import ScriptureModel

/// A directory of versions, one store file each: `<directory>/versions/<id>.lectern`.
///
/// A version's identity is its file's name: `<id>.lectern` is version `id`, whatever id was written inside
/// (a store copied in under another name says so in `LibraryEntry.idMismatch`, and imports are refused
/// until the names and contents agree again). Ids are whole numbers in `Library.idRange`.
///
/// Reading needs no lock: store files are immutable and replaced by rename.
/// Changes (`add`, `remove`) take the library's lock (`<directory>/.lock`), so
/// two imports at once cannot corrupt it; the second gets `libraryBusy`.
public struct Library: Sendable {
    /// The library's directory.
    public let directory: String
    /// The stores `openKept` keeps open, shared by this value's copies.
    private let kept = KeptStores()

    /// A library in `directory` (created on the first import).
    public init(directory: String) {
        self.directory = directory
    }

    /// Where the library is when no `--library` is given: `$LECTERN_LIBRARY`, else
    /// `$XDG_DATA_HOME/lectern`, else `~/.local/share/lectern`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let path = environment["LECTERN_LIBRARY"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/lectern" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/lectern"
    }

    /// The ids a version can have: 1 to 999,999,999. A file whose name is a larger number is not a version.
    public static let idRange = 1...999_999_999

    /// The folder holding the store files.
    public var versionsDirectory: String { directory + "/versions" }

    /// The store file of version `id`.
    public func path(for id: Int) -> String { versionsDirectory + "/\(id).\(StoreFormat.fileExtension)" }

    /// The ids of the versions in the library, in increasing order (an absent library has none).
    ///
    /// Files named outside `idRange` (`0.lectern`, `9223372036854775807.lectern`) are left out.
    public func ids() throws(StoreError) -> [Int] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: versionsDirectory)
        } catch {
            if !FileManager.default.fileExists(atPath: versionsDirectory) { return [] }
            throw .system(call: "opendir", path: versionsDirectory, errno: EACCES)
        }
        let suffix = "." + StoreFormat.fileExtension
        return names.compactMap { name in
            guard name.hasSuffix(suffix), let id = Int(name.dropLast(suffix.count)), Self.idRange.contains(id),
                name == "\(id)\(suffix)"
            else { return nil }
            return id
        }.sorted()
    }

    /// Every version in the library, opened; a file that cannot be opened is listed with its error.
    ///
    /// Every store stays mapped while the array is held; `entry(_:)` over `ids()` opens one at a time.
    public func entries() throws(StoreError) -> [LibraryEntry] {
        try ids().map(entry)
    }

    /// Version `id`, opened, or with the reason it could not be; its `metadata.id` is `id`.
    public func entry(_ id: Int) -> LibraryEntry {
        let path = path(for: id)
        do throws(StoreError) {
            return LibraryEntry(id: id, path: path, store: .success(try VersionStore(path: path, libraryID: id)))
        } catch {
            return LibraryEntry(id: id, path: path, store: .failure(error))
        }
    }

    /// Opens version `id`: the file `<id>.lectern`, whose `metadata.id` is then `id`.
    public func open(_ id: Int) throws(StoreError) -> VersionStore {
        let path = path(for: id)
        guard Self.idRange.contains(id), FileManager.default.fileExists(atPath: path) else {
            throw .unknownVersion(String(id))
        }
        return try VersionStore(path: path, libraryID: id)
    }

    /// Opens version `id` as `open(_:)` does, or gives the store this library value (or a copy of it) opened
    /// so before, while its file is the one it mapped, unchanged: one `stat` instead of mapping the file and
    /// checking its header and book list, and the pages and checks earlier reads made are still there.
    ///
    /// For callers that come back to the same versions again and again, such as a search of every version
    /// on each change of the query: the library keeps up to `KeptStores.capacity` stores mapped (the
    /// longest-kept let go first); `open(_:)` keeps nothing.
    ///
    /// - Complexity: one `stat` when kept; otherwise `open(_:)`.
    public func openKept(_ id: Int) throws(StoreError) -> VersionStore {
        try kept.store(id, path: path(for: id)) { () throws(StoreError) in try open(id) }
    }

    /// `open(named:)` through `openKept(_:)`: the stores opened to compare abbreviations are kept too.
    public func openKept(named name: String) throws(StoreError) -> VersionStore {
        if let id = Int(name) { return try openKept(id) }
        return try store(named: name) { id throws(StoreError) in try openKept(id) }
    }

    /// How many stores `openKept` keeps open now.
    public var keptStoreCount: Int { kept.count }

    /// Opens the version named by an id (`3`) or an abbreviation (`WEB`, any case); its `metadata.id` is the
    /// id of the file that was found.
    public func open(named name: String) throws(StoreError) -> VersionStore {
        if let id = Int(name) { return try open(id) }
        return try store(named: name) { id throws(StoreError) in try open(id) }
    }

    /// The one version whose abbreviation is `name` (any case), each store opened by `open`; a store that
    /// cannot be opened is passed over.
    private func store(
        named name: String, open: (Int) throws(StoreError) -> VersionStore
    ) throws(StoreError) -> VersionStore {
        // Through `open(_:)` one store is mapped at a time: only the matches are held (through `openKept`, the
        // library keeps them all anyway).
        var matches: [(id: Int, store: VersionStore)] = []
        for id in try ids() {
            guard let store = try? open(id), store.metadata.abbreviation.caseInsensitiveCompare(name) == .orderedSame
            else { continue }
            matches.append((id, store))
        }
        guard let first = matches.first else { throw .unknownVersion(name) }
        guard matches.count == 1 else {
            let ids = matches.map { String($0.id) }.joined(separator: ", ")
            throw .invalidVersionName("'\(name)' names versions \(ids); use an id")
        }
        return first.store
    }

    /// The id of the version among `entries` whose abbreviation is `abbreviation` (compared without case), if any.
    private func id(abbreviated abbreviation: String, among entries: [LibraryEntry]) -> Int? {
        entries.first { entry in
            guard case .success(let store) = entry.store else { return false }
            return store.metadata.abbreviation.caseInsensitiveCompare(abbreviation) == .orderedSame
        }?.id
    }

    /// Stores `books` as a version, under the library's lock, and returns its metadata.
    ///
    /// Without an `id` the version gets the one after the highest in use, or with `replace` the id of the
    /// version with the same abbreviation (compared without case). An existing id, or an abbreviation another
    /// version uses, is refused unless `replace` is set (and then only for the same id). An id
    /// outside `idRange`, or a library holding a file whose name and contents disagree about its id
    /// (`idMismatch`), is refused before anything is written.
    /// The file is written atomically: a failed or killed import leaves the library as it was.
    /// `sections` build the optional sections, such as the search index, from the verses. The books are
    /// taken: a caller that passes them with `consume` has their memory freed once they are encoded.
    @discardableResult
    public func add(
        books: consuming [Book], metadata: VersionMetadata, id requested: Int?, replace: Bool,
        sections: [any StoreSection] = []
    ) throws(StoreError) -> VersionMetadata {
        var books = Optional(books)
        return try add(metadata: metadata, id: requested, replace: replace) { metadata throws(StoreError) in
            let taken = books.take() ?? []
            return try StoreWriter.prepare(books: consume taken, metadata: metadata, sections: sections)
        }
    }

    /// Stores books already encoded one by one (`StoreWriter.encode(book:)`) as a version: as
    /// `add(books:…)` does, without holding any book's model. The encoded books are taken.
    @discardableResult
    /// `commit`, asked once the file is written and just before it takes its place, may give false (an import
    /// cancelled): the file is then removed, the library left as it was, and `StoreError.cancelled` thrown.
    package func add(
        encoded: consuming [StoreWriter.EncodedBook], metadata: VersionMetadata, id requested: Int?, replace: Bool,
        sections: [any StoreSection] = [], commit: () -> Bool = { true }
    ) throws(StoreError) -> VersionMetadata {
        var encoded = Optional(encoded)
        return try add(metadata: metadata, id: requested, replace: replace, commit: commit) {
            metadata throws(StoreError) in
            let taken = encoded.take() ?? []
            return try StoreWriter.prepare(encoded: consume taken, metadata: metadata, sections: sections)
        }
    }

    /// The checks and the atomic write of `add(books:…)` and `add(encoded:…)`; `prepare` encodes the file
    /// once its metadata (with the version's id) is known.
    private func add(
        metadata: VersionMetadata, id requested: Int?, replace: Bool, commit: () -> Bool = { true },
        prepare: (VersionMetadata) throws(StoreError) -> StoreWriter.Pending
    ) throws(StoreError) -> VersionMetadata {
        if let requested, !Self.idRange.contains(requested) {
            throw .invalidVersionName(
                "a version id must be a whole number from \(Self.idRange.lowerBound) to \(Self.idRange.upperBound)")
        }
        if let problem = Self.abbreviationProblem(metadata.abbreviation) { throw .invalidVersionName(problem) }
        try Self.makeDirectories(versionsDirectory, toHold: Self.longestStoreName)
        let lock = try LibraryLock(path: directory + "/.lock")
        defer { withExtendedLifetime(lock) {} }
        removeLeftovers()
        let existing = try ids()
        // Each store opened once: its abbreviation finds the id to replace and keeps abbreviations unique.
        let entries = existing.map(entry)
        let id =
            requested ?? (replace ? self.id(abbreviated: metadata.abbreviation, among: entries) : nil)
            ?? (existing.last ?? 0) + 1
        guard Self.idRange.contains(id) else {
            throw .invalidVersionName(
                "version \(Self.idRange.upperBound) is the highest id a library can hold; give a free id with --id")
        }
        if existing.contains(id), !replace { throw .versionExists(id: id, path: path(for: id)) }
        for entry in entries {
            let other = entry.id
            if let mismatch = entry.idMismatch {
                throw .idMismatch(path: mismatch.path, fileID: mismatch.fileID, storedID: mismatch.storedID)
            }
            if other != id, case .success(let store) = entry.store,
                store.metadata.abbreviation.caseInsensitiveCompare(metadata.abbreviation) == .orderedSame
            {
                throw .invalidVersionName(
                    "the abbreviation '\(metadata.abbreviation)' is already used by version \(other); "
                        + "use --replace to replace it, or --abbreviation ABBR to keep both")
            }
        }
        var metadata = metadata
        metadata.id = id
        // Section by section: the encoded books are written (and freed) before the search index is built.
        guard commit() else { throw .cancelled }
        var pending = try prepare(metadata)
        try AtomicFile.replace("\(id).\(StoreFormat.fileExtension)", in: versionsDirectory) {
            (output: inout AtomicFile.Output) throws(StoreError) in
            try StoreWriter.write(&pending, to: &output)
            guard commit() else { throw .cancelled }
        }
        kept.forget(id)
        return metadata
    }

    /// Why `abbreviation` cannot name a Bible, or nil when it can: a Bible is chosen by it (`--bible WEB`,
    /// `--bible WEB,BSB`, `--bible all`, `lectern use WEB`), so it must be something those can name: not empty,
    /// not a number (that is an id), no comma (it separates names), not `all` in any case, no white space at
    /// either end and no control character (neither can be typed or seen).
    public static func abbreviationProblem(_ abbreviation: String) -> String? {
        if abbreviation.isEmpty { return "an abbreviation must not be empty" }
        if Int(abbreviation) != nil { return "an abbreviation must not be a number (numbers are ids)" }
        if abbreviation.contains(",") { return "an abbreviation must not hold a comma (--bible A,B names two Bibles)" }
        if abbreviation.lowercased() == "all" { return "an abbreviation must not be 'all' (--bible all names every Bible)" }
        if let first = abbreviation.unicodeScalars.first, let last = abbreviation.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            return "an abbreviation must not start or end with white space"
        }
        if abbreviation.unicodeScalars.contains(where: { ControlCharacters.contains($0.value) }) {
            return "an abbreviation must not hold a control character"
        }
        return nil
    }

    /// Removes version `id` (the file `<id>.lectern`, whatever id it holds) from the library, under the
    /// library's lock.
    public func remove(_ id: Int) throws(StoreError) {
        guard try ids().contains(id) else { throw .unknownVersion(String(id)) }
        let lock = try LibraryLock(path: directory + "/.lock")
        defer { withExtendedLifetime(lock) {} }
        guard try ids().contains(id) else { throw .unknownVersion(String(id)) }
        try AtomicFile.remove(path(for: id), directory: versionsDirectory)
        kept.forget(id)
    }

    /// Replaces (or creates) the library's own small file `name`, such as its recent searches, atomically:
    /// readers see the old file or the whole new one.
    public func writeFile(_ name: String, bytes: [UInt8]) throws(StoreError) {
        guard !name.isEmpty, !name.contains("/") else { throw .invalidVersionName("a library file name: '\(name)'") }
        try Self.makeDirectories(directory, toHold: Self.temporaryName(for: name))
        try AtomicFile.replace(name, in: directory, with: bytes)
    }

    /// The bytes of the library's own file `name`, or nil when it is absent or unreadable.
    public func readFile(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) }
    }

    /// Deletes temporary files an import killed between naming and renaming its file left behind
    /// (only called with the lock held, so no live import owns them).
    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: versionsDirectory)) ?? []
        for name in names where name.hasPrefix(AtomicFile.temporaryPrefix) {
            try? FileManager.default.removeItem(atPath: versionsDirectory + "/" + name)
        }
    }
}
