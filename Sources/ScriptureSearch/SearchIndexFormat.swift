/// The layout of the search index, section kind 9 (`SectionKind.searchIndex`) of a store file.
///
/// All integers are little-endian; varints are unsigned LEB128. The section is:
///
/// ```
/// offset  size  field
///      0     4  magic "LSIX"
///      4     2  index format version (5)
///      6     2  reserved (0)
///      8     4  verse count V (equal to the store's verse table)
///     12     4  folded term count F
///     16     4  exact term count E
///     20     4  CRC-32C of the header and region table, this field left out
///     24     8  total number of folded tokens (for BM25's average verse length)
///     32  16×8  regions: offset u32, length u32 (from the section's start), one after the other, in this
///               order: folded terms, exact terms, exact → folded, posting offsets, postings, verse offsets,
///               verses, exact strings, checksums, then the attribute regions: attribute terms, attribute
///               posting offsets, attribute postings, attribute verse offsets, attribute verses, attribute
///               checksums, then the verse lengths
/// ```
///
/// - Term dictionaries: `count u32, blocks u32`, `blocks + 1` block offsets (u32, from the end of the
///   offsets), then blocks of up to 16 terms sorted by their UTF-8 bytes, front-coded: `shared varint,
///   suffix length varint, suffix bytes` (the first of a block shares nothing), and in the exact dictionary
///   the exact id (varint). A folded term's id is its rank; exact ids rank exact terms by frequency, so the
///   most frequent take one byte in the verse stream.
/// - Exact → folded: E × u32, the folded id of each exact term, or `0xFFFFFFFF` when it folds to nothing.
/// - Posting offsets: F + 1 × u32 into the postings; postings of folded id `t`: `crc u32, df varint, kind u8`, then
///   for a list (kind 0) `skips varint`, skips × (last verse before the block u32, data offset u32), and
///   the verses as gaps (`verse − previous − 1`, varint, the first from −1), 128 to a block; for a bitmap
///   (kind 1, chosen when smaller) V bits, verse `v` at byte `v/8`, bit `v%8`; then (format 4) the term's
///   ranking bytes for BM25 (`RankingBlocks`): its frequency in each verse, each block of 128 postings' best
///   pair (frequency, verse length), and a bitmap's block starts. The CRC-32C is of `t` (u32) and the
///   list's bytes after it, so a list read through a wrong offset does not match.
/// - Verse offsets: V + 1 × u32 into the verses region; verse `v` is its tokens' exact ids in text order
///   (varints): the index's positions. Phrases, exact matching and BM25 read them.
/// - Exact strings: E + 1 × u32 offsets, then each exact term's UTF-8 bytes by exact id, so that a hit's
///   tokens can be found in its text for highlighting without splitting it again.
/// - Checksums (CRC-32C, u32 each): one per block of the folded dictionary, one per block of the exact
///   dictionary (of the block's bytes), one per block of 64 verses (of the block's verse offsets, the one after
///   its last verse included, then its tokens' bytes), then one of exact → folded and one of exact strings.
///
/// - Attribute terms (format 3): a dictionary without values, of the words' Strong's numbers, lemmas and
///   morphology codes (`AttributeTerms`: `s:G3056`, `l:λογος`, `m:Gr,N,,,,,NMS,`); a term's attribute id is
///   its rank. Their postings are laid out as the folded terms' are (A + 1 offsets, then the lists, the CRC
///   seeded with the attribute id). Attribute verse offsets: V + 1 × u32 into the attribute verses; verse
///   `v` is (format 5) each attribute id its tagged tokens carry, by increasing id: the id minus the previous
///   one's (the first from 0; each after it 1 or more), the length in bytes of its tokens' entries, then
///   those entries in token order, three varints each: the token's place among the verse's exact tokens
///   minus the previous entry's, its UTF-8 start in the verse's text minus the previous entry's, and its
///   UTF-8 length (the first entry's from 0). A token's range is its `WordBreaker` token's in the stored
///   text, so that a hit's tagged words are highlighted without splitting the text, and a search for an id
///   skips the other ids' entries by their length.
/// - Attribute checksums: one per block of the attribute dictionary, one per block of 64 verses of the
///   attribute verse streams (as for the verses), then one of the attribute posting offsets.
///
/// - Verse lengths (format 4): V × u8, each verse's tokens that fold to a term (BM25's document length;
///   255 for 255 or more, counted in its tokens then), then their CRC-32C (u32).
///
/// Every read is checked (format 2): opening checks the header; a query checks each dictionary block,
/// posting list, verse block, exact table, the attribute posting offsets and the verse lengths the first time
/// it reads them and notes them in the store's `CheckedParts`, so later queries do not check them again.
public enum SearchIndexFormat {
    /// The four bytes the section starts with.
    static let magic: [UInt8] = Array("LSIX".utf8)
    /// The index format version this code writes and reads (store format 2, search index 2: checksums; 3: word
    /// attributes; 4: term frequencies, block maxima and verse lengths for BM25; 5: tagged tokens' text ranges).
    public static let version = 5
    /// The fixed header before the region table.
    static let headerSize = 32
    /// How many regions the table lists.
    static let regionCount = 16
    /// Where the regions begin.
    static let regionsEnd = headerSize + regionCount * 8
    /// Terms per front-coded block.
    static let termBlockSize = 16
    /// Verses per postings block (one skip entry per block after the first).
    static let postingBlockSize = 128
    /// Verses per checksummed block of the verse streams.
    static let verseBlockSize = 64
    /// Where the header's checksum is.
    static let headerChecksum = 20
    /// The exact → folded value of a term that folds to nothing (a lone mark in exact text).
    static let noFoldedTerm = 0xFFFF_FFFF
}

/// The regions of the search index section, in table order.
enum IndexRegion: Int, CaseIterable {
    case foldedTerms, exactTerms, exactToFolded, postingOffsets, postings, verseOffsets, verses, exactStrings,
        checksums, attributeTerms, attributePostingOffsets, attributePostings, attributeVerseOffsets,
        attributeVerses, attributeChecksums, verseLengths
}

/// The section's header and region table, read and checked.
///
/// A plain value (no references), so an opened index keeps it and copies it freely.
struct IndexLayout {
    var verseCount: Int
    var foldedCount: Int
    var exactCount: Int
    var totalTokens: Int
    /// How many attribute terms the index has (the attribute dictionary's count).
    var attributeCount: Int
    /// The attribute regions' byte ranges, by `IndexRegion` raw value minus `IndexRegion.attributeTerms`.
    private var attributeRegions: [Range<Int>]
    /// Each region's byte range, kept in named fields so that reading one costs no array access.
    private var foldedTerms: Range<Int>
    private var exactTerms: Range<Int>
    private var exactToFolded: Range<Int>
    private var postingOffsets: Range<Int>
    private var postings: Range<Int>
    private var verseOffsets: Range<Int>
    private var verses: Range<Int>
    private var exactStrings: Range<Int>
    private var checksums: Range<Int>
    private var verseLengths: Range<Int>
    /// How many blocks of `SearchIndexFormat.verseBlockSize` verses the verse streams have.
    var verseBlockCount: Int { (verseCount + SearchIndexFormat.verseBlockSize - 1) / SearchIndexFormat.verseBlockSize }

    /// Reads the header; throws when it is not a search index this code reads, or a region lies outside.
    init(_ reader: IndexReader) throws(IndexDamage) {
        guard reader.count >= SearchIndexFormat.regionsEnd else { throw IndexDamage(reason: "too short for a header") }
        for (index, byte) in SearchIndexFormat.magic.enumerated() where try reader.u8(index) != byte {
            throw IndexDamage(reason: "not a search index (bad magic bytes)")
        }
        let version = try reader.u16(4)
        guard version == SearchIndexFormat.version else {
            throw IndexDamage(
                reason: "index format version \(version) is not supported (this lectern reads "
                    + "\(SearchIndexFormat.version))"
                    + (version < SearchIndexFormat.version ? "; import the Bible again" : ""))
        }
        let headerCRC = try reader.crc32c(0..<SearchIndexFormat.headerChecksum)
        let crc = try reader.crc32c(
            (SearchIndexFormat.headerChecksum + 4)..<SearchIndexFormat.regionsEnd, continuing: headerCRC)
        guard Int(crc) == (try reader.u32(SearchIndexFormat.headerChecksum)) else {
            throw IndexDamage(part: "its header")
        }
        guard try reader.u16(6) == 0 else { throw IndexDamage(reason: "reserved bytes are not zero") }
        verseCount = try reader.u32(8)
        foldedCount = try reader.u32(12)
        exactCount = try reader.u32(16)
        totalTokens = try reader.u64(24)
        var regions: [Range<Int>] = []
        var previousEnd = SearchIndexFormat.regionsEnd
        for region in IndexRegion.allCases {
            let offset = try reader.u32(SearchIndexFormat.headerSize + region.rawValue * 8)
            let length = try reader.u32(SearchIndexFormat.headerSize + region.rawValue * 8 + 4)
            guard offset == previousEnd else {
                throw IndexDamage(reason: "region \(region) starts at \(offset), not where the one before ends")
            }
            try reader.check(offset, length)
            regions.append(offset..<(offset + length))
            previousEnd = offset + length
        }
        guard previousEnd == reader.count else { throw IndexDamage(reason: "bytes after the last region") }
        (foldedTerms, exactTerms, exactToFolded, postingOffsets) = (regions[0], regions[1], regions[2], regions[3])
        (postings, verseOffsets, verses, exactStrings) = (regions[4], regions[5], regions[6], regions[7])
        checksums = regions[8]
        attributeRegions = Array(regions[9...14])
        verseLengths = regions[15]
        guard verseLengths.count == verseCount + 4 else {
            throw IndexDamage(reason: "the verse lengths' length does not match the verse count")
        }
        let size = SearchIndexFormat.termBlockSize
        let attributes = attributeRegions[0]
        guard attributes.count >= 8 else { throw IndexDamage(reason: "the attribute dictionary is too short") }
        attributeCount = try reader.u32(attributes.lowerBound)
        guard attributeRegions[1].count == (attributeCount + 1) * 4, attributeRegions[3].count == (verseCount + 1) * 4,
            attributeRegions[5].count == ((attributeCount + size - 1) / size + verseBlockCount + 1) * 4
        else { throw IndexDamage(reason: "an attribute table's length does not match the counts") }
        guard exactToFolded.count == exactCount * 4, postingOffsets.count == (foldedCount + 1) * 4,
            verseOffsets.count == (verseCount + 1) * 4
        else { throw IndexDamage(reason: "a table's length does not match the header's counts") }
        let blocks = (foldedCount + size - 1) / size + (exactCount + size - 1) / size
        guard checksums.count == (blocks + verseBlockCount + 2) * 4 else {
            throw IndexDamage(reason: "the checksums' length does not match the header's counts")
        }
    }

    /// The byte range of `region`.
    @inline(__always)
    func range(_ region: IndexRegion) -> Range<Int> {
        switch region {
        case .foldedTerms: foldedTerms
        case .exactTerms: exactTerms
        case .exactToFolded: exactToFolded
        case .postingOffsets: postingOffsets
        case .postings: postings
        case .verseOffsets: verseOffsets
        case .verses: verses
        case .exactStrings: exactStrings
        case .checksums: checksums
        case .verseLengths: verseLengths
        default: attributeRegions[region.rawValue - IndexRegion.attributeTerms.rawValue]
        }
    }

    /// Where the checksum of folded dictionary block 0 is; the exact dictionary's follow.
    var dictionaryChecksums: Int { checksums.lowerBound }

    /// Where the checksum of verse block 0 is.
    var verseBlockChecksums: Int {
        let size = SearchIndexFormat.termBlockSize
        return checksums.lowerBound + ((foldedCount + size - 1) / size + (exactCount + size - 1) / size) * 4
    }

    /// Where the checksum of attribute verse block 0 is (after the attribute dictionary's).
    var attributeVerseBlockChecksums: Int {
        let size = SearchIndexFormat.termBlockSize
        return attributeRegions[5].lowerBound + (attributeCount + size - 1) / size * 4
    }

    /// Where the checksums of exact → folded and of the exact strings are, one after the other.
    var tableChecksums: Int { checksums.upperBound - 8 }
}
