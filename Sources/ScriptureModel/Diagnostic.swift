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

    /// What kind of problem it is. The raw value is the diagnostic's stable code (`unclosed-note`): printed
    /// after the message, carried as `kind` in `--json`, named by `check --deny/--allow` and listed in the README.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case emptyFile = "empty-file"
        case invalidUTF8 = "invalid-utf8"
        case byteOrderMark = "byte-order-mark"
        case crlfLineEnds = "crlf-line-ends"
        case trailingSpaces = "trailing-spaces"
        case missingID = "missing-id"
        case unknownBook = "unknown-book"
        case duplicateBook = "duplicate-book"
        case duplicateChapter = "duplicate-chapter"
        case duplicateVerse = "duplicate-verse"
        case textBeforeChapter = "text-before-chapter"
        case verseBeforeChapter = "verse-before-chapter"
        case invalidChapterNumber = "invalid-chapter-number"
        case invalidVerseNumber = "invalid-verse-number"
        case unknownMarker = "unknown-marker"
        case unexpectedClosingMarker = "unexpected-closing-marker"
        case unclosedCharacterStyle = "unclosed-character-style"
        case unclosedNote = "unclosed-note"
        case unclosedMilestone = "unclosed-milestone"
        case malformedAttributes = "malformed-attributes"
        case misplacedMarker = "misplaced-marker"
        case malformedXML = "malformed-xml"
        case notUSX = "not-usx"
        case unknownStyle = "unknown-style"
        case unknownElement = "unknown-element"
        case missingAttribute = "missing-attribute"
        case unknownFormat = "unknown-format"
        case unreadableFile = "unreadable-file"
        case bundleMetadata = "bundle-metadata"
        case mismatchedEndID = "mismatched-end-id"
        case misplacedText = "misplaced-text"
        case charCrossesVerse = "char-crosses-verse"
        case idInsideBook = "id-inside-book"
        case emptyFigure = "empty-figure"
        case missingTableColumn = "missing-table-column"
        case invalidCrossReferenceContent = "invalid-cross-reference-content"
        case unmatchedSidebarEnd = "unmatched-sidebar-end"
        case unclosedSidebar = "unclosed-sidebar"
        case misplacedVerse = "misplaced-verse"
        case emptyAttributeValue = "empty-attribute-value"
        case attributesAcrossLines = "attributes-across-lines"
        case emptyBook = "empty-book"
        case nulCharacter = "nul-character"
        case malformedMapping = "malformed-mapping"
        case malformedJSON = "malformed-json"
        case notUSJ = "not-usj"
        case nestingTooDeep = "nesting-too-deep"
        case fileTooLarge = "file-too-large"
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

    /// The stable code of its kind: `unclosed-note`.
    public var code: String { kind.rawValue }

    /// `path:line:col: error: message [code]`, as compilers print it.
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(kind.rawValue)]" }
}
