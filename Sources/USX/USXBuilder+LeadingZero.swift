import ScriptureModel

extension USXBuilder {
    /// The `leading-zero` warning for a chapter number written with one (`<chapter number="01">`, USJ's
    /// `"number":"01"`), as the USFM parser gives for `\c 01`; nil for any other number.
    static func leadingZeroWarning(chapter number: String, at location: SourceLocation) -> Diagnostic? {
        guard number.utf8.count > 1, number.utf8.first == UInt8(ascii: "0") else { return nil }
        return Diagnostic(
            .warning, .leadingZero, at: location,
            "chapter number '\(number)' has a leading zero; write it without (it is read as \(Int(number) ?? 0))")
    }
}
