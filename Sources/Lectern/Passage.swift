import ScriptureModel
import ScriptureStore

/// The verses (and introductions) a selection picks from one version, as `Library.passage` and
/// `VersionStore.passage` give them.
public struct Passage: Sendable, Hashable {
    /// What was asked for, as parsed (ids in the version's `versionID`).
    public var selection: PassageSelection
    /// The version the text comes from.
    public var version: PassageVersion
    /// Every selected verse in the order of the selection's ranges, each range in the version's order.
    public var verses: [PassageVerse]
    /// The introductions the selection names (`JHN.INTRO`), in the order asked for; empty for most passages.
    public var introductions: [PassageIntroduction]

    /// Creates a passage.
    public init(
        selection: PassageSelection, version: PassageVersion, verses: [PassageVerse],
        introductions: [PassageIntroduction] = []
    ) {
        self.selection = selection
        self.version = version
        self.verses = verses
        self.introductions = introductions
    }

    /// The verses' plain text joined by single spaces.
    public var text: String { verses.map(\.text).joined(separator: " ") }
}

/// Which version a passage comes from.
public struct PassageVersion: Sendable, Hashable {
    /// The version's id in its library.
    public var id: Int
    /// Its abbreviation (`WEB`).
    public var abbreviation: String
    /// Its title.
    public var title: String

    /// Creates the description of a version.
    public init(id: Int, abbreviation: String, title: String) {
        self.id = id
        self.abbreviation = abbreviation
        self.title = title
    }

    /// The description of a stored version.
    public init(_ metadata: VersionMetadata) {
        self.init(id: metadata.id, abbreviation: metadata.abbreviation, title: metadata.title)
    }
}

/// One verse of a passage: where it is, its label and its plain text.
public struct PassageVerse: Sendable, Hashable {
    /// The verse as a reference in the passage's version: `JHN.3.16`, or `JHN.1.4-5` for a bridge.
    public var reference: BibleReference
    /// The verse label as the version has it (`16`, `4-5`, `6a`).
    public var label: String
    /// The verse's plain text (notes left out), as in the `vref` export.
    public var text: String

    /// Creates a verse.
    public init(reference: BibleReference, label: String, text: String) {
        self.reference = reference
        self.label = label
        self.text = text
    }

    /// A stored verse of version `version`.
    init(_ verse: VerseText, version: Int) {
        let parts = verse.key.verse.split(separator: "-", maxSplits: 1).map(String.init)
        let first = parts.first ?? verse.key.verse
        let last = parts.count > 1 ? parts[1] : nil
        reference = BibleReference(
            versionID: version, book: verse.key.book,
            target: .verses(chapter: verse.key.chapter, first: first, last: last))
        label = verse.key.verse
        text = verse.text
    }
}

/// A book's introduction in a passage: its blocks and their readable text.
public struct PassageIntroduction: Sendable, Hashable {
    /// The introduction's reference (`JHN.INTRO`).
    public var reference: BibleReference
    /// The introduction's content: titles and introduction paragraphs.
    public var blocks: [Block]

    /// Creates an introduction.
    public init(reference: BibleReference, blocks: [Block]) {
        self.reference = reference
        self.blocks = blocks
    }

    /// Readable text of the blocks (`PassageText.render`).
    public var text: String { PassageText.render(blocks) }
}
