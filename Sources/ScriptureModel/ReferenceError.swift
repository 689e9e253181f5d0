/// Why a reference could not be read, with the nearest valid choices.
public struct ReferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Valid references or book names close to what was given.
    public var suggestions: [String]

    /// Creates an error.
    public init(_ message: String, suggestions: [String] = []) {
        self.message = message
        self.suggestions = suggestions
    }

    /// The message, then the suggestions as "did you mean …?".
    public var description: String {
        suggestions.isEmpty ? message : "\(message); did you mean \(suggestions.joined(separator: ", "))?"
    }
}
