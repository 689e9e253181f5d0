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
        case controlCharacter = "control-character"
        case malformedMapping = "malformed-mapping"
        case malformedJSON = "malformed-json"
        case notUSJ = "not-usj"
        case notLecternJSON = "not-lectern-json"
        case nestingTooDeep = "nesting-too-deep"
        case fileTooLarge = "file-too-large"
        // The order, gaps and counts of a parsed book, whatever its format (`BookOutline`).
        case verseOutOfOrder = "verse-out-of-order"
        case chapterOutOfOrder = "chapter-out-of-order"
        case missingVerse = "missing-verse"
        case missingChapter = "missing-chapter"
        case tooManyVerses = "too-many-verses"
        case tooFewVerses = "too-few-verses"
        case verseNotInScheme = "verse-not-in-scheme"
        case chapterNotInScheme = "chapter-not-in-scheme"
        case tooFewChapters = "too-few-chapters"
        case unknownVersification = "unknown-versification"
        // USFM syntax the standard does not allow (the USX and USJ readers report the same where they can
        // express it).
        case unquotedAttributeValue = "unquoted-attribute-value"
        case spaceInAttributes = "space-in-attributes"
        case emptyAttributeList = "empty-attribute-list"
        case emptyWord = "empty-word"
        case leadingZero = "leading-zero"
        case contentInBlankLine = "content-in-blank-line"
        case skippedTableColumn = "skipped-table-column"
        case extraTableColumn = "extra-table-column"
        case invalidNoteContent = "invalid-note-content"
        case misplacedKeyword = "misplaced-keyword"
        case nestedWord = "nested-word"
    }

    /// How serious it is.
    public var severity: Severity
    /// What kind of problem it is.
    public var kind: Kind
    /// Where it is.
    public var location: SourceLocation
    /// One line saying what is wrong and, where it helps, what to do.
    public var message: String

    /// Creates a diagnostic. A line break in `message` (from text or a value it quotes) becomes one space with
    /// the white space around it, so that a diagnostic is always one line of `path:line:col: …`.
    public init(_ severity: Severity, _ kind: Kind, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.location = location
        self.message = message.unicodeScalars.contains(where: Self.isLineBreak) ? Self.oneLine(message) : message
    }

    /// `text` as a message quotes it: each run of white space one space, the ends trimmed, and at most `limit`
    /// characters, the rest as `…`.
    public static func excerpt(_ text: some StringProtocol, limit: Int = 30) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        var excerpt = words.joined(separator: " ")
        guard excerpt.count > limit else { return excerpt }
        excerpt = String(excerpt.prefix(limit))
        while excerpt.last == " " { excerpt.removeLast() }
        return excerpt + "…"
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `message` with each run of white space that holds a line break made one space.
    private static func oneLine(_ message: String) -> String {
        var out = String.UnicodeScalarView()
        var run = String.UnicodeScalarView()
        var runBreaks = false
        for scalar in message.unicodeScalars {
            if scalar.properties.isWhitespace {
                run.append(scalar)
                runBreaks = runBreaks || isLineBreak(scalar)
                continue
            }
            if runBreaks { out.append(" ") } else { out.append(contentsOf: run) }
            run.removeAll()
            runBreaks = false
            out.append(scalar)
        }
        if runBreaks { out.append(" ") } else { out.append(contentsOf: run) }
        return String(out)
    }

    /// The stable code of its kind: `unclosed-note`.
    public var code: String { kind.rawValue }

    /// `path:line:col: error: message [code]`, as compilers print it.
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(kind.rawValue)]" }
}
