@_exported import ReaderCore
@_exported import ScriptureModel
