import ScriptureModel

/// A verse numbering scheme: the last verse of every chapter, and how its verses map onto the Original scheme.
///
/// Verses not named by a mapping line map to the same numbers in Original. Mapping between any two schemes
/// goes through Original (see `map(_:to:)`).
public struct VersificationScheme: Sendable {
    /// The scheme's name: `english`, `original`, or the name a custom `.vrs` file gives itself.
    public var name: String
    /// The last verse of each chapter, per book (index 0 is chapter 1).
    public private(set) var lastVerses: [BookID: [Int]]
    /// Verses this scheme leaves out (`-` lines).
    public private(set) var excluded: Set<SchemeVerse>
    /// This scheme's verses (packed) to their Original verses, from the `=` lines.
    private(set) var toOriginal: [UInt32: [UInt32]]
    /// Original verses (packed) to this scheme's verses, the inverse of `toOriginal` plus the verses that keep
    /// their numbers beside a mapped one (Isaiah 64:1 in English stays 64:1 while 64:2 also maps onto it).
    private(set) var fromOriginal: [UInt32: [UInt32]]
    /// Equal for schemes with the same name, chapters and mappings: mapping between them is the identity.
    public private(set) var fingerprint: Int = 0

    /// Creates a scheme from chapter lengths and mapping pairs (this scheme's verse, the Original verse).
    public init(
        name: String, lastVerses: [BookID: [Int]], mappings: [(SchemeVerse, SchemeVerse)] = [],
        excluded: Set<SchemeVerse> = []
    ) {
        self.name = name
        self.lastVerses = lastVerses
        self.excluded = excluded
        var toOriginal: [UInt32: [UInt32]] = [:]
        var fromOriginal: [UInt32: [UInt32]] = [:]
        // Each pair once, found through a set: a verse mapped onto many (`&PSA 1:1 = PSA 1:1-200`) costs O(1) a
        // pair, not a scan of its list.
        var seen = Set<UInt64>()
        for (own, original) in mappings
        where seen.insert(UInt64(own.packed) << 32 | UInt64(original.packed)).inserted {
            toOriginal[own.packed, default: []].append(original.packed)
            fromOriginal[original.packed, default: []].append(own.packed)
        }
        self.toOriginal = toOriginal
        self.fromOriginal = fromOriginal
        for original in fromOriginal.keys where toOriginal[original] == nil {
            if let key = SchemeVerse(packed: original), contains(key),
                !seen.contains(UInt64(original) << 32 | UInt64(original))
            {
                self.fromOriginal[original]?.append(original)
            }
        }
        for (original, own) in self.fromOriginal { self.fromOriginal[original] = own.sorted() }
        var hasher = Hasher()
        hasher.combine(name)
        hasher.combine(lastVerses)
        hasher.combine(toOriginal)
        hasher.combine(excluded)
        fingerprint = hasher.finalize()
    }

    /// The number of chapters of a book, 0 when the scheme does not have it.
    public func chapterCount(_ book: BookID) -> Int { lastVerses[book]?.count ?? 0 }

    /// The last verse of a chapter, or `nil` when the scheme has no such chapter.
    public func lastVerse(_ book: BookID, _ chapter: Int) -> Int? {
        guard let chapters = lastVerses[book], chapter >= 1, chapter <= chapters.count else { return nil }
        return chapters[chapter - 1]
    }

    /// Whether the scheme numbers this verse: 1 to the chapter's last verse, or verse 0 when a mapping names it.
    ///
    /// - Complexity: O(1).
    public func contains(_ key: SchemeVerse) -> Bool {
        guard let last = lastVerse(key.book, key.chapter), !excluded.contains(key) else { return false }
        if key.verse == 0 { return toOriginal[key.packed] != nil }
        return key.verse >= 1 && key.verse <= last
    }

    /// Whether any mapping line names this book, so its numbers differ from Original somewhere.
    public func hasMappings(in book: BookID) -> Bool {
        toOriginal.keys.contains { UInt8($0 >> 24) == book.rawValue }
    }

    /// Every verse the scheme numbers in a chapter, verse 0 first when a mapping names it.
    public func verses(_ book: BookID, _ chapter: Int) -> [SchemeVerse] {
        guard let last = lastVerse(book, chapter) else { return [] }
        return (0...last).map { SchemeVerse(book, chapter, $0) }.filter(contains)
    }
}
