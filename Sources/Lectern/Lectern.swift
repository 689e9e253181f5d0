@_exported import ScriptureModel
@_exported import USFM
