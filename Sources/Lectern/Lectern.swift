@_exported import ScriptureModel
