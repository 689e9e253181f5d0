/// Content inside a paragraph, cell or note.
public indirect enum Inline: Sendable, Hashable {
    /// Plain text, NFC, with `~` already turned into a no-break space.
    case text(String)
    /// The start of a verse (`\v 16`, `<verse number="16" sid>`).
    case verse(VerseStart)
    /// Text in a character style (`\wj …\wj*`, `\w word|strong="H430"\w*`, `<char>`, `<ref>`).
    case character(CharacterSpan)
    /// A footnote, cross-reference or endnote (`\f + …\f*`, `<note>`).
    case note(Note)
    /// A milestone (`\qt-s |who="Pilate"\*`, `\ts\*`, `<ms>`).
    case milestone(Milestone)
    /// A figure (`\fig caption|src="…"\fig*`, `<figure>`).
    case figure(Figure)
    /// An optional line break (`//`, `<optbreak/>`).
    case optionalBreak
}

extension Inline {
    /// The deepest nesting of character styles, notes and figures the parsers build: a span in a
    /// paragraph is at depth 1, a span inside it at depth 2. Real Bibles nest at most 4 deep (a note
    /// inside `\wj`, styles inside the note; see `CorpusCheckTests`); the parsers report `nesting-too-deep`
    /// past this depth and keep the deeper markers' text in the span at this depth, so no walker of the
    /// model meets a deep tree.
    public static let maximumNestingDepth = 32
}

/// The start of a verse.
public struct VerseStart: Sendable, Hashable {
    /// The verse label as written: `16`, a bridge `1-2`, a segment `3a`.
    public var number: String
    /// An alternate number (`\va`).
    public var alternateNumber: String?
    /// The number as published (`\vp`), when it differs.
    public var publishedNumber: String?
    /// Where the verse marker is.
    public var location: SourceLocation

    /// Creates a verse start.
    public init(number: String, alternateNumber: String? = nil, publishedNumber: String? = nil, location: SourceLocation) {
        self.number = number
        self.alternateNumber = alternateNumber
        self.publishedNumber = publishedNumber
        self.location = location
    }
}

/// An attribute of a character style or milestone (`strong="H430"`).
public struct Attribute: Sendable, Hashable, Codable {
    /// The name, such as `strong`, `lemma`, `x-morph`, `link-href`.
    public var name: String
    /// The value, unescaped.
    public var value: String

    /// Creates an attribute.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Text in a character style, possibly nested.
public struct CharacterSpan: Sendable, Hashable {
    /// The style marker without backslash or `+`, such as `wj`, `w`, `nd`, `fr`, `ref`.
    public var marker: String
    /// The attributes after `|`; a default attribute is given its full name (`lemma` for `\w`).
    public var attributes: [Attribute]
    /// The content.
    public var content: [Inline]
    /// False when the span was not closed in the source (USX `closed="false"`, note-internal styles).
    public var isClosed: Bool

    /// Creates a span.
    public init(marker: String, attributes: [Attribute] = [], content: [Inline] = [], isClosed: Bool = true) {
        self.marker = marker
        self.attributes = attributes
        self.content = content
        self.isClosed = isClosed
    }

    /// The value of an attribute, if present.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// A footnote, endnote or cross-reference.
public struct Note: Sendable, Hashable {
    /// The note marker: `f`, `fe`, `ef`, `x`, `ex`.
    public var marker: String
    /// The caller: `+` (automatic), `-` (none) or the literal caller.
    public var caller: String
    /// The content, usually `fr`/`ft`/`fq`… or `xo`/`xt` spans.
    public var content: [Inline]

    /// Creates a note.
    public init(marker: String, caller: String, content: [Inline] = []) {
        self.marker = marker
        self.caller = caller
        self.content = content
    }

    /// Whether the note is a cross-reference (`\x`, `\ex`).
    public var isCrossReference: Bool { marker == "x" || marker == "ex" }
}

/// A milestone: a point, or the start or end of a span that may cross other structure.
public struct Milestone: Sendable, Hashable {
    /// The marker, including any `-s`/`-e` suffix (`qt-s`, `qt-e`, `ts`).
    public var marker: String
    /// The attributes.
    public var attributes: [Attribute]

    /// Creates a milestone.
    public init(marker: String, attributes: [Attribute] = []) {
        self.marker = marker
        self.attributes = attributes
    }
}

/// A figure with its caption.
public struct Figure: Sendable, Hashable {
    /// The caption text.
    public var caption: String
    /// The attributes (`src`, `size`, `ref`, `loc`, `copy`, `alt`).
    public var attributes: [Attribute]

    /// Creates a figure.
    public init(caption: String, attributes: [Attribute] = []) {
        self.caption = caption
        self.attributes = attributes
    }
}
