@_exported import ScriptureModel
@_exported import USX
