/// A book of the Bible or a peripheral book, identified by its USFM 3 code.
///
/// The cases are declared in canon order, so `<` and `allCases` follow the
/// canon: front matter, the Old Testament, the New Testament, the
/// deuterocanonical books (in Paratext's order), extra books and back matter.
/// The raw value is the position in that order; it is stable and stored in
/// version files, so new codes are only ever appended before `extraA`.
public enum BookID: UInt8, CaseIterable, Sendable, Hashable, Comparable, Codable {
    case frontMatter, introductionMatter
    case genesis, exodus, leviticus, numbers, deuteronomy, joshua, judges, ruth
    case firstSamuel, secondSamuel, firstKings, secondKings, firstChronicles, secondChronicles
    case ezra, nehemiah, esther, job, psalms, proverbs, ecclesiastes, songOfSongs
    case isaiah, jeremiah, lamentations, ezekiel, daniel, hosea, joel, amos, obadiah, jonah
    case micah, nahum, habakkuk, zephaniah, haggai, zechariah, malachi
    case matthew, mark, luke, john, acts, romans, firstCorinthians, secondCorinthians
    case galatians, ephesians, philippians, colossians, firstThessalonians, secondThessalonians
    case firstTimothy, secondTimothy, titus, philemon, hebrews, james, firstPeter, secondPeter
    case firstJohn, secondJohn, thirdJohn, jude, revelation
    case tobit, judith, estherGreek, wisdom, sirach, baruch, letterOfJeremiah
    case songOfThreeYoungMen, susanna, belAndTheDragon
    case firstMaccabees, secondMaccabees, thirdMaccabees, fourthMaccabees
    case firstEsdras, secondEsdras, prayerOfManasseh, psalm151, odes, psalmsOfSolomon
    case joshuaA, judgesB, tobitS, susannaTheodotion, danielTheodotion, belTheodotion
    case ezraApocalypse, fifthEzra, sixthEzra, danielGreek, psalms152to155
    case secondBaruch, letterOfBaruch, jubilees, enoch
    case firstMeqabyan, secondMeqabyan, thirdMeqabyan, reproof, fourthBaruch, laodiceans
    case extraA, extraB, extraC, extraD, extraE, extraF, extraG
    case backMatter, otherMatter, concordance, glossary, topicalIndex, namesIndex

    /// The three-character USFM code, such as `GEN` or `1CO`.
    public var code: String { BookID.table[Int(rawValue)].code }

    /// The English name, such as `1 Corinthians`; versions carry their own names.
    public var englishName: String { BookID.table[Int(rawValue)].name }

    /// The book's number in Paratext's scheme (`040MAT.usx` is 40), used in file names.
    public var paratextNumber: Int { BookID.table[Int(rawValue)].paratext }

    /// The part of the canon the book belongs to.
    public var testament: Testament {
        switch self {
        case .genesis ... .malachi: return .old
        case .matthew ... .revelation: return .new
        case .tobit ... .laodiceans: return .deuterocanon
        default: return .peripheral
        }
    }

    /// Whether the book holds Bible text with chapters (false for front matter, glossaries and the like).
    public var isCanonicalText: Bool { testament != .peripheral }

    /// Looks up a USFM code, ignoring ASCII case (`gen`, `GEN`, `1co`).
    ///
    /// - Complexity: O(1).
    public init?(code: some StringProtocol) {
        guard let found = BookID.byCode[code.uppercased()] else { return nil }
        self = found
    }

    /// Looks up a USFM code given as raw UTF-8 bytes, ignoring ASCII case; no allocation.
    public init?(codeBytes bytes: some Collection<UInt8>) {
        guard bytes.count == 3 else { return nil }
        var key: UInt32 = 0
        for byte in bytes {
            let upper = (byte >= 0x61 && byte <= 0x7A) ? byte - 0x20 : byte
            key = key << 8 | UInt32(upper)
        }
        guard let found = BookID.byPackedCode[key] else { return nil }
        self = found
    }

    public static func < (lhs: BookID, rhs: BookID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let book = BookID(code: code) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown book code \(code)")
        }
        self = book
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    private static let byCode: [String: BookID] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.code, $0) })

    private static let byPackedCode: [UInt32: BookID] = Dictionary(
        uniqueKeysWithValues: allCases.map { book in
            (book.code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }, book)
        })

    private struct Entry {
        let code: String
        let name: String
        let paratext: Int
    }

    // swift-format-ignore
    private static let table: [Entry] = [
        Entry(code: "FRT", name: "Front Matter", paratext: 100),
        Entry(code: "INT", name: "Introduction", paratext: 107),
        Entry(code: "GEN", name: "Genesis", paratext: 1),
        Entry(code: "EXO", name: "Exodus", paratext: 2),
        Entry(code: "LEV", name: "Leviticus", paratext: 3),
        Entry(code: "NUM", name: "Numbers", paratext: 4),
        Entry(code: "DEU", name: "Deuteronomy", paratext: 5),
        Entry(code: "JOS", name: "Joshua", paratext: 6),
        Entry(code: "JDG", name: "Judges", paratext: 7),
        Entry(code: "RUT", name: "Ruth", paratext: 8),
        Entry(code: "1SA", name: "1 Samuel", paratext: 9),
        Entry(code: "2SA", name: "2 Samuel", paratext: 10),
        Entry(code: "1KI", name: "1 Kings", paratext: 11),
        Entry(code: "2KI", name: "2 Kings", paratext: 12),
        Entry(code: "1CH", name: "1 Chronicles", paratext: 13),
        Entry(code: "2CH", name: "2 Chronicles", paratext: 14),
        Entry(code: "EZR", name: "Ezra", paratext: 15),
        Entry(code: "NEH", name: "Nehemiah", paratext: 16),
        Entry(code: "EST", name: "Esther", paratext: 17),
        Entry(code: "JOB", name: "Job", paratext: 18),
        Entry(code: "PSA", name: "Psalms", paratext: 19),
        Entry(code: "PRO", name: "Proverbs", paratext: 20),
        Entry(code: "ECC", name: "Ecclesiastes", paratext: 21),
        Entry(code: "SNG", name: "Song of Songs", paratext: 22),
        Entry(code: "ISA", name: "Isaiah", paratext: 23),
        Entry(code: "JER", name: "Jeremiah", paratext: 24),
        Entry(code: "LAM", name: "Lamentations", paratext: 25),
        Entry(code: "EZK", name: "Ezekiel", paratext: 26),
        Entry(code: "DAN", name: "Daniel", paratext: 27),
        Entry(code: "HOS", name: "Hosea", paratext: 28),
        Entry(code: "JOL", name: "Joel", paratext: 29),
        Entry(code: "AMO", name: "Amos", paratext: 30),
        Entry(code: "OBA", name: "Obadiah", paratext: 31),
        Entry(code: "JON", name: "Jonah", paratext: 32),
        Entry(code: "MIC", name: "Micah", paratext: 33),
        Entry(code: "NAM", name: "Nahum", paratext: 34),
        Entry(code: "HAB", name: "Habakkuk", paratext: 35),
        Entry(code: "ZEP", name: "Zephaniah", paratext: 36),
        Entry(code: "HAG", name: "Haggai", paratext: 37),
        Entry(code: "ZEC", name: "Zechariah", paratext: 38),
        Entry(code: "MAL", name: "Malachi", paratext: 39),
        Entry(code: "MAT", name: "Matthew", paratext: 40),
        Entry(code: "MRK", name: "Mark", paratext: 41),
        Entry(code: "LUK", name: "Luke", paratext: 42),
        Entry(code: "JHN", name: "John", paratext: 43),
        Entry(code: "ACT", name: "Acts", paratext: 44),
        Entry(code: "ROM", name: "Romans", paratext: 45),
        Entry(code: "1CO", name: "1 Corinthians", paratext: 46),
        Entry(code: "2CO", name: "2 Corinthians", paratext: 47),
        Entry(code: "GAL", name: "Galatians", paratext: 48),
        Entry(code: "EPH", name: "Ephesians", paratext: 49),
        Entry(code: "PHP", name: "Philippians", paratext: 50),
        Entry(code: "COL", name: "Colossians", paratext: 51),
        Entry(code: "1TH", name: "1 Thessalonians", paratext: 52),
        Entry(code: "2TH", name: "2 Thessalonians", paratext: 53),
        Entry(code: "1TI", name: "1 Timothy", paratext: 54),
        Entry(code: "2TI", name: "2 Timothy", paratext: 55),
        Entry(code: "TIT", name: "Titus", paratext: 56),
        Entry(code: "PHM", name: "Philemon", paratext: 57),
        Entry(code: "HEB", name: "Hebrews", paratext: 58),
        Entry(code: "JAS", name: "James", paratext: 59),
        Entry(code: "1PE", name: "1 Peter", paratext: 60),
        Entry(code: "2PE", name: "2 Peter", paratext: 61),
        Entry(code: "1JN", name: "1 John", paratext: 62),
        Entry(code: "2JN", name: "2 John", paratext: 63),
        Entry(code: "3JN", name: "3 John", paratext: 64),
        Entry(code: "JUD", name: "Jude", paratext: 65),
        Entry(code: "REV", name: "Revelation", paratext: 66),
        Entry(code: "TOB", name: "Tobit", paratext: 67),
        Entry(code: "JDT", name: "Judith", paratext: 68),
        Entry(code: "ESG", name: "Esther (Greek)", paratext: 69),
        Entry(code: "WIS", name: "Wisdom of Solomon", paratext: 70),
        Entry(code: "SIR", name: "Sirach", paratext: 71),
        Entry(code: "BAR", name: "Baruch", paratext: 72),
        Entry(code: "LJE", name: "Letter of Jeremiah", paratext: 73),
        Entry(code: "S3Y", name: "Song of the Three Young Men", paratext: 74),
        Entry(code: "SUS", name: "Susanna", paratext: 75),
        Entry(code: "BEL", name: "Bel and the Dragon", paratext: 76),
        Entry(code: "1MA", name: "1 Maccabees", paratext: 77),
        Entry(code: "2MA", name: "2 Maccabees", paratext: 78),
        Entry(code: "3MA", name: "3 Maccabees", paratext: 79),
        Entry(code: "4MA", name: "4 Maccabees", paratext: 80),
        Entry(code: "1ES", name: "1 Esdras", paratext: 81),
        Entry(code: "2ES", name: "2 Esdras", paratext: 82),
        Entry(code: "MAN", name: "Prayer of Manasseh", paratext: 83),
        Entry(code: "PS2", name: "Psalm 151", paratext: 84),
        Entry(code: "ODA", name: "Odes", paratext: 85),
        Entry(code: "PSS", name: "Psalms of Solomon", paratext: 86),
        Entry(code: "JSA", name: "Joshua A", paratext: 87),
        Entry(code: "JDB", name: "Judges B", paratext: 88),
        Entry(code: "TBS", name: "Tobit S", paratext: 89),
        Entry(code: "SST", name: "Susanna (Theodotion)", paratext: 90),
        Entry(code: "DNT", name: "Daniel (Theodotion)", paratext: 91),
        Entry(code: "BLT", name: "Bel and the Dragon (Theodotion)", paratext: 92),
        Entry(code: "EZA", name: "Ezra Apocalypse", paratext: 104),
        Entry(code: "5EZ", name: "5 Ezra", paratext: 105),
        Entry(code: "6EZ", name: "6 Ezra", paratext: 106),
        Entry(code: "DAG", name: "Daniel (Greek)", paratext: 112),
        Entry(code: "PS3", name: "Psalms 152-155", paratext: 113),
        Entry(code: "2BA", name: "2 Baruch", paratext: 114),
        Entry(code: "LBA", name: "Letter of Baruch", paratext: 115),
        Entry(code: "JUB", name: "Jubilees", paratext: 116),
        Entry(code: "ENO", name: "Enoch", paratext: 117),
        Entry(code: "1MQ", name: "1 Meqabyan", paratext: 118),
        Entry(code: "2MQ", name: "2 Meqabyan", paratext: 119),
        Entry(code: "3MQ", name: "3 Meqabyan", paratext: 120),
        Entry(code: "REP", name: "Reproof", paratext: 121),
        Entry(code: "4BA", name: "4 Baruch", paratext: 122),
        Entry(code: "LAO", name: "Laodiceans", paratext: 123),
        Entry(code: "XXA", name: "Extra A", paratext: 93),
        Entry(code: "XXB", name: "Extra B", paratext: 94),
        Entry(code: "XXC", name: "Extra C", paratext: 95),
        Entry(code: "XXD", name: "Extra D", paratext: 96),
        Entry(code: "XXE", name: "Extra E", paratext: 97),
        Entry(code: "XXF", name: "Extra F", paratext: 98),
        Entry(code: "XXG", name: "Extra G", paratext: 99),
        Entry(code: "BAK", name: "Back Matter", paratext: 101),
        Entry(code: "OTH", name: "Other Matter", paratext: 102),
        Entry(code: "CNC", name: "Concordance", paratext: 108),
        Entry(code: "GLO", name: "Glossary", paratext: 109),
        Entry(code: "TDX", name: "Topical Index", paratext: 110),
        Entry(code: "NDX", name: "Names Index", paratext: 111),
    ]
}

/// The part of the canon a book belongs to.
public enum Testament: String, Sendable, Hashable, Codable, CaseIterable {
    /// The 39 books of the Hebrew Bible.
    case old = "ot"
    /// The 27 books of the New Testament.
    case new = "nt"
    /// Deuterocanonical and other books outside the 66-book canon.
    case deuterocanon = "dc"
    /// Front and back matter, glossaries, indexes and extra books.
    case peripheral
}

extension BookID: CustomStringConvertible {
    public var description: String { code }
}
