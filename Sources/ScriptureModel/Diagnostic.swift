/// A problem found in a source file, with where it is and what to do about it.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// Worth knowing, changes nothing (a byte order mark, CRLF line ends).
        case note
        /// The file is imported, but something in it was probably not meant.
        case warning
        /// Part of the file could not be understood; the import stops unless told otherwise.
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of problem it is: stable names for tests and `--json`.
    public enum Kind: String, Sendable, Hashable, Codable {
        case emptyFile, invalidUTF8, byteOrderMark, crlfLineEnds, trailingSpaces
        case missingID, unknownBook, duplicateBook, duplicateChapter, duplicateVerse
        case textBeforeChapter, verseBeforeChapter, invalidChapterNumber, invalidVerseNumber
        case unknownMarker, unexpectedClosingMarker, unclosedCharacterStyle, unclosedNote
        case unclosedMilestone, malformedAttributes, misplacedMarker
        case malformedXML, notUSX, unknownStyle, unknownElement, missingAttribute
        case unknownFormat, unreadableFile
        case mismatchedEndID, misplacedText
        case malformedMapping
    }

    /// How serious it is.
    public var severity: Severity
    /// What kind of problem it is.
    public var kind: Kind
    /// Where it is.
    public var location: SourceLocation
    /// One line saying what is wrong and, where it helps, what to do.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ kind: Kind, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`, as compilers print it.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
