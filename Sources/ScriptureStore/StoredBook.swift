import ScriptureModel

/// A book as a version store has it: what a reader needs to list and navigate it, without its text.
public struct StoredBook: Sendable, Hashable {
    /// The book.
    public let id: BookID
    /// Its names in this version (`\h`, `\toc1`–`\toc3`), decoded from the store on each call.
    public var names: BookNames {
        BookNames(header: text.string(0), long: text.string(1), short: text.string(2), abbreviation: text.string(3))
    }
    /// The chapter numbers the version has, in file order (they may be sparse: never assume 1…N), read from
    /// the store's chapter records on each call.
    ///
    /// - Complexity: O(chapters).
    public var chapters: [Int] {
        // The records were checked to lie inside the section when the store was opened.
        (try? chapterRecords.u32s(
            at: firstChapterRecord * RecordLayout.chapterSize + RecordLayout.ChapterField.number.offset,
            stride: RecordLayout.chapterSize, count: chapterCount))
            ?? []
    }
    /// How many chapters it has (`chapters.count`).
    let chapterCount: Int
    /// The store's chapters section.
    let chapterRecords: StoreBytes
    /// Whether the book has introduction material, which gives it an intro page.
    public let hasIntroduction: Bool
    /// How many verses the book has.
    public let verseCount: Int
    /// The rest of the book's `\id` line.
    public var identification: String { text.string(4) ?? "" }
    /// The USFM or USX version the source declared.
    public var formatVersion: String? { text.string(5) }
    /// A chapter label given before the first chapter (`\cl`).
    public var chapterLabel: String? { text.string(6) }
    /// Where its names, identification, format version and chapter label are in the store's strings.
    let text: BookStrings

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
        id: BookID, text: BookStrings, chapterRecords: StoreBytes, chapterCount: Int, hasIntroduction: Bool,
        verseCount: Int, firstChapterRecord: Int, introduction: (offset: Int, length: Int), introductionChecksum: UInt32
    ) {
        self.id = id
        self.text = text
        self.chapterRecords = chapterRecords
        self.chapterCount = chapterCount
        self.hasIntroduction = hasIntroduction
        self.verseCount = verseCount
        self.firstChapterRecord = firstChapterRecord
        self.introduction = introduction
        self.introductionChecksum = introductionChecksum
    }
}

/// Where a book's seven strings (names `\h`, `\toc1`–`\toc3`, identification, format version, chapter label)
/// lie in the store's strings section: found and bounds-checked when the store is opened, decoded only when
/// asked for, so that opening a store makes no strings.
struct BookStrings: Sendable {
    /// The strings section.
    let bytes: StoreBytes
    /// Each string's offset in the section (high 32 bits) and length (low 32 bits); `none` when absent.
    let places: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// The place of a string the book does not have.
    static let none = UInt64.max

    /// String `index` (0 to 6, in the order above), or nil when the book has none.
    func string(_ index: Int) -> String? {
        let place =
            switch index {
            case 0: places.0
            case 1: places.1
            case 2: places.2
            case 3: places.3
            case 4: places.4
            case 5: places.5
            default: places.6
            }
        guard place != Self.none else { return nil }
        // Checked to lie inside the section when the store was opened; the mapping does not change.
        return try? bytes.string(at: Int(place >> 32), length: Int(place & 0xFFFF_FFFF))
    }
}
