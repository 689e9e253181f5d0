/// A version file in a library, opened or with the reason it could not be.
public struct LibraryEntry: Sendable {
    /// The version's id (from its file name).
    public let id: Int
    /// The store file.
    public let path: String
    /// The opened store, or why it could not be opened.
    public let store: Result<VersionStore, StoreError>

    /// Set when the file's name and the id written inside it disagree (a store copied in under another
    /// name); nil when they agree or the file could not be opened. The library goes by the name.
    public var idMismatch: LibraryIDMismatch? {
        guard case .success(let store) = store, store.storedID != id else { return nil }
        return LibraryIDMismatch(path: path, fileID: id, storedID: store.storedID)
    }
}

/// A store file whose name says one version id and whose metadata another.
public struct LibraryIDMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The store file.
    public let path: String
    /// The id in the file's name (`3` for `3.lectern`): the one the library uses.
    public let fileID: Int
    /// The id written inside the file when it was imported.
    public let storedID: Int

    /// One sentence for `lectern versions`, naming the file and the fix.
    public var description: String {
        "\(path) is version \(fileID) by its name but was imported as version \(storedID) (copied in under "
            + "another name?); imports are refused until it is removed (lectern remove \(fileID)) or renamed "
            + "to \(storedID).lectern"
    }
}
