import ReaderCore
import ScriptureModel
import ScriptureStore

extension Library {
    /// The verses `text` selects from a version of the library: `library.passage("John 3:16-18", bible: "WEB")`.
    ///
    /// `bible` is a version's id (`"3"`) or abbreviation (any case), as `lectern read --version` takes;
    /// nil means the library's only version. Book names are English or the version's own (see
    /// `VersionStore.passage(_:)` for the forms and what is returned).
    /// - Throws: `PassageError`: an unknown bible (naming the library's), no bible named while there are
    ///   several, or whatever `VersionStore.passage(_:)` refuses.
    public func passage(_ text: String, bible: String? = nil) throws(PassageError) -> Passage {
        try store(named: bible).passage(text)
    }

    /// The version `bible` names (an id or an abbreviation), or the only one when nil.
    func store(named bible: String?) throws(PassageError) -> VersionStore {
        let ids: [Int]
        do throws(StoreError) {
            if let bible { return try open(named: bible) }
            ids = try self.ids()
            if ids.count == 1, let only = ids.first { return try open(only) }
        } catch .unknownVersion(let name) {
            throw .unknownBible(name, available: availableBibles())
        } catch {
            throw .store(error)
        }
        if ids.isEmpty { throw .emptyLibrary(directory: directory) }
        throw .bibleRequired(available: availableBibles())
    }

    /// The library's versions as `WEB (1)`, in id order (a file that cannot be opened is left out).
    private func availableBibles() -> [String] {
        ((try? ids()) ?? []).compactMap { id in
            guard case .success(let store) = entry(id).store else { return nil }
            return "\(store.metadata.abbreviation) (\(id))"
        }
    }
}
