@_exported import ScriptureModel
@_exported import ScriptureStore
