import ReaderCore
import ScriptureModel
import ScriptureStore

extension Library {
    /// The verses `text` selects from a version of the library: `library.passage("John 3:16-18", bible: "WEB")`.
    ///
    /// `bible` is a version's id (`"3"`) or abbreviation (any case), as `lectern read --version` takes;
    /// nil means the one `bible(_:)` chooses (the default, the one read last, the only one). Book names are English or the version's own (see
    /// `VersionStore.passage(_:)` for the forms and what is returned).
    /// - Throws: `PassageError`: an unknown bible (naming the library's), no bible named while there are
    ///   several, or whatever `VersionStore.passage(_:)` refuses.
    public func passage(_ text: String, bible: String? = nil) throws(PassageError) -> Passage {
        try store(named: bible).passage(text)
    }

    /// The Bible `bible` names, else the one `bible(_:)` chooses (the default, the last read, the only one).
    func store(named bible: String?) throws(PassageError) -> VersionStore {
        do throws(BibleSelectionError) {
            return try self.bible(bible).store
        } catch {
            switch error {
            case .emptyLibrary(let directory): throw .emptyLibrary(directory: directory)
            case .unknown(let name, _, let available): throw .unknownBible(name, available: available.map(\.description))
            case .noneChosen(let available): throw .bibleRequired(available: available.map(\.description))
            case .store(let error): throw .store(error)
            }
        }
    }
}
