import ScriptureModel

/// A book as a version store has it: what a reader needs to list and navigate it, without its text.
public struct StoredBook: Sendable, Hashable {
    /// The book.
    public let id: BookID
    /// Its names in this version (`\h`, `\toc1`–`\toc3`).
    public let names: BookNames
    /// The chapter numbers the version has, in file order (they may be sparse: never assume 1…N).
    public let chapters: [Int]
    /// Whether the book has introduction material, which gives it an intro page.
    public let hasIntroduction: Bool
    /// How many verses the book has.
    public let verseCount: Int
    /// The rest of the book's `\id` line.
    public let identification: String
    /// The USFM or USX version the source declared.
    public let formatVersion: String?
    /// A chapter label given before the first chapter (`\cl`).
    public let chapterLabel: String?

    /// Where the book's chapter records start in the chapters section.
    let firstChapterRecord: Int
    /// Where the book's introduction stream is in the content section.
    let introduction: (offset: Int, length: Int)
    /// The CRC-32C of the introduction stream, checked whenever it is read.
    let introductionChecksum: UInt32

    /// The part of the canon the book belongs to.
    public var testament: Testament { id.testament }

    public static func == (lhs: StoredBook, rhs: StoredBook) -> Bool {
        lhs.id == rhs.id && lhs.names == rhs.names && lhs.chapters == rhs.chapters
            && lhs.hasIntroduction == rhs.hasIntroduction && lhs.verseCount == rhs.verseCount
            && lhs.identification == rhs.identification && lhs.formatVersion == rhs.formatVersion
            && lhs.chapterLabel == rhs.chapterLabel
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(chapters)
    }

    init(
        id: BookID, names: BookNames, chapters: [Int], hasIntroduction: Bool, verseCount: Int, identification: String,
        formatVersion: String?, chapterLabel: String?, firstChapterRecord: Int,
        introduction: (offset: Int, length: Int),
        introductionChecksum: UInt32
    ) {
        self.id = id
        self.names = names
        self.chapters = chapters
        self.hasIntroduction = hasIntroduction
        self.verseCount = verseCount
        self.identification = identification
        self.formatVersion = formatVersion
        self.chapterLabel = chapterLabel
        self.firstChapterRecord = firstChapterRecord
        self.introduction = introduction
        self.introductionChecksum = introductionChecksum
    }
}
