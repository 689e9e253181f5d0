// The library API apps use: `import Lectern` brings the model, the parsers, normalisation, the store, search and the
// reader core.
@_exported import ReaderCore
@_exported import ScriptureModel
@_exported import ScriptureSearch
@_exported import ScriptureStore
@_exported import TextNormalization
@_exported import USFM
@_exported import USX
