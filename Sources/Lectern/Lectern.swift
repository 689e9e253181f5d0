// The library API apps use: `import Lectern` brings the model, the parsers, normalisation, the store, search, the
// reader core and the reader layout.
@_exported import ReaderCore
@_exported import ReaderLayout
@_exported import ScriptureModel
@_exported import ScriptureSearch
@_exported import ScriptureStore
@_exported import TextNormalization
@_exported import USFM
@_exported import USX
@_exported import Versification

/// What this build of Lectern is.
public enum LecternVersion {
    /// The release, in semantic-versioning form.
    public static let release = "0.3.0"
    /// The store file format this build writes and reads (`StoreFormat.version`).
    public static let storeFormat = Int(StoreFormat.version)
    /// The search index format inside the store (`SearchIndexFormat.version`).
    public static let searchIndexFormat = SearchIndexFormat.version

    /// `lectern 0.3.0 (store format 1, search index format 1)`.
    public static var description: String {
        "lectern \(release) (store format \(storeFormat), search index format \(searchIndexFormat))"
    }
}
