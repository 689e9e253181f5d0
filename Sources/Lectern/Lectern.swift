@_exported import ReaderCore
@_exported import ScriptureModel
@_exported import ScriptureStore
@_exported import TextNormalization
@_exported import USFM
