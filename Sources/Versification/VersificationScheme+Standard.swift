import ScriptureModel

extension VersificationScheme {
    /// Paratext's "English" scheme (`eng.vrs`): most English and Spanish Bibles.
    public static let english: VersificationScheme = standard(englishText, file: "eng.vrs", name: "english")

    /// Paratext's "Original" scheme (`org.vrs`): BHS for the Old Testament, UBS GNT for the New; every
    /// mapping goes through it.
    public static let original: VersificationScheme = standard(originalText, file: "org.vrs", name: "original")

    /// The schemes shipped with Lectern, in the order detection prefers them on a tie.
    public static var standardSchemes: [VersificationScheme] { [original, english] }

    /// A shipped scheme by name (`english`, `original`, ignoring case), or `nil`.
    public static func standard(named name: String) -> VersificationScheme? {
        standardSchemes.first { $0.name == name.lowercased() }
    }

    private static func standard(_ text: String, file: String, name: String) -> VersificationScheme {
        VersificationParser.parse(text, file: file, name: name).scheme
    }
}
