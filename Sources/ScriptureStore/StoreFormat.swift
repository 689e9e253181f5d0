import LecternKernels
import ScriptureModel

/// The layout of a version store file (`<library>/versions/<id>.lectern`).
///
/// All integers are little-endian. The file is:
///
/// ```
/// offset  size  field
///      0     8  magic "LECTERN" + 0x1A
///      8     2  format version (2)
///     10     2  header size (32)
///     12     4  section count
///     16     8  file length in bytes
///     24     4  CRC-32 of the header and section table, this field left out
///     28     4  reserved (0)
///     32  32×n  section table: kind u32, flags u32, offset u64, length u64, CRC-32 u32, reserved u32
///      …        sections, each starting on an 8-byte boundary
/// ```
///
/// Opening checks the header, the table checksum and that every section lies
/// inside the file, and the checksums of the small sections it reads whole (metadata,
/// books); the per-section checksums of the rest are checked by `verify`, which
/// also checks that the padding between sections is zero, so every byte of a
/// file is covered by some check.
///
/// Format 2 adds checksums checked on every read (CRC-32C, see `CRC32C`): each chapter record holds one
/// of its content and one of its verse text, and each book entry one of its introduction, so a read
/// never returns bytes that changed since the import. Format 1 files are refused (import them again).
public enum StoreFormat {
    /// The eight bytes every store file starts with.
    public static let magic: [UInt8] = [0x4C, 0x45, 0x43, 0x54, 0x45, 0x52, 0x4E, 0x1A]
    /// The format version this code writes and reads.
    public static let version: UInt16 = 2
    /// The size of the fixed header before the section table.
    public static let headerSize = 32
    /// The size of one section table entry.
    public static let sectionEntrySize = 32
    /// The most sections a file may declare (a damaged count is rejected before it is used).
    public static let maximumSectionCount = 64
    /// Sections start on multiples of this.
    public static let alignment = 8
    /// The file name extension of a store file.
    public static let fileExtension = "lectern"
}

/// What a section holds. The raw value is stored in the section table.
public enum SectionKind: UInt32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The version's id, abbreviation, title, language and counts.
    case metadata = 1
    /// Interned strings: markers, attribute names and values, callers, labels, book names.
    case strings = 2
    /// Interned character styles: a marker with its attributes.
    case styles = 3
    /// One entry per book: code, names, chapter range, introduction.
    case books = 4
    /// Fixed 40-byte records, one per chapter (`RecordLayout.chapterSize`).
    case chapters = 5
    /// Fixed 8-byte records, one per verse, plus an end sentinel.
    case verses = 6
    /// The NFC text of every verse, concatenated in verse-table order.
    case text = 7
    /// The encoded chapter content and book introductions.
    case content = 8
    /// The search index (built by the search module; optional).
    case searchIndex = 9

    /// The sections every store must have.
    public static let required: [SectionKind] = [
        .metadata, .strings, .styles, .books, .chapters, .verses, .text, .content,
    ]

    public var description: String {
        switch self {
        case .metadata: "metadata"
        case .strings: "strings"
        case .styles: "styles"
        case .books: "books"
        case .chapters: "chapters"
        case .verses: "verses"
        case .text: "text"
        case .content: "content"
        case .searchIndex: "search index"
        }
    }
}

/// One entry of the section table.
public struct SectionEntry: Sendable, Hashable {
    /// What the section holds.
    public var kind: SectionKind
    /// Where it starts, from the start of the file.
    public var offset: Int
    /// How many bytes it has.
    public var length: Int
    /// CRC-32 of its bytes.
    public var checksum: UInt32

    /// Creates an entry.
    public init(kind: SectionKind, offset: Int, length: Int, checksum: UInt32) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.checksum = checksum
    }
}

/// The fixed-size records of the chapters and verses sections.
enum RecordLayout {
    /// Chapter record, 40 bytes: the seven `ChapterField`s as u32 (28 bytes), the book u8 at
    /// `chapterBook`, three reserved zero bytes, then two CRC-32Cs: of the record's first 32 bytes and the
    /// chapter's content; of the first 32 bytes, the chapter's verse records and its text.
    /// `ChapterRecord.head` writes the first 32 bytes and `VersionStore.chapterRecord(at:)` reads them.
    static let chapterSize = 40
    /// The u32 fields of a chapter record, in their order.
    enum ChapterField: Int, CaseIterable {
        case number, firstVerse, verseCount, textOffset, textLength, contentOffset, contentLength

        /// Where the field is in the record.
        var offset: Int { rawValue * 4 }
    }
    /// Where a chapter record's book is (a u8).
    static let chapterBook = 28
    /// The bytes of a chapter record that its checksums cover (the fields before them).
    static let chapterCheckedSize = 32
    /// Where a chapter record's content checksum is.
    static let chapterContentChecksum = 32
    /// Where a chapter record's text checksum is.
    static let chapterTextChecksum = 36
    /// Verse record: text offset u32 (from the start of the text section), label u32.
    static let verseSize = 8
    /// A verse label with this bit set is a string id; otherwise it is the number itself.
    static let labelIsString: UInt32 = 0x8000_0000
}

/// A chapter record, decoded, or to be written (`BookEncoder` gives offsets from the book's own start).
struct ChapterRecord: Sendable, Hashable {
    var number: Int
    var book: BookID
    var firstVerse: Int
    var verseCount: Int
    var textOffset: Int
    var textLength: Int
    var contentOffset: Int
    var contentLength: Int
    /// Where the record is in the chapters section, for its checksums.
    var index: Int = 0
}

extension ChapterRecord {
    /// The value of one of the u32 fields.
    func value(of field: RecordLayout.ChapterField) -> Int {
        switch field {
        case .number: number
        case .firstVerse: firstVerse
        case .verseCount: verseCount
        case .textOffset: textOffset
        case .textLength: textLength
        case .contentOffset: contentOffset
        case .contentLength: contentLength
        }
    }

    /// The record's first `RecordLayout.chapterCheckedSize` bytes: its fields, book and reserved bytes.
    func head() throws(StoreError) -> [UInt8] {
        var head = ByteWriter()
        for field in RecordLayout.ChapterField.allCases {
            let value = value(of: field)
            guard value >= 0, value <= Int(UInt32.max) else {
                throw .cannotEncode("\(value) does not fit the format's 32 bits")
            }
            head.u32(UInt32(value))
        }
        head.u8(book.rawValue)
        head.append([0, 0, 0])
        return head.bytes
    }
}
