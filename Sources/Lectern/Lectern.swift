@_exported import ScriptureModel
@_exported import USFM
@_exported import TextNormalization
