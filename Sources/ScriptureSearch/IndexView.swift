import ScriptureStore

/// The search index section, read in place: its header, dictionaries and tables.
///
/// `SearchIndex` opens it once (the header and the dictionaries' counts: O(1)) and keeps what it read as an
/// `Opened`; each call then reads through its own borrowed bytes, checking each piece the first time.
struct IndexView {
    /// What opening read and checked, without a pointer into the bytes (a class, so that views copy one
    /// reference).
    final class Opened: Sendable {
        let layout: IndexLayout
        let folded: TermDictionary.Shape
        let exact: TermDictionary.Shape
        let attributes: TermDictionary.Shape
        /// The pieces checked so far: the posting lists (folded ids `0..<F`), the verse blocks (`F + block`),
        /// the folded then the exact dictionary's blocks (from `folded.firstPart`), the two exact tables
        /// (`tablesPart`, `tablesPart + 1`), then the attribute posting lists (`attributeBase + id`), the
        /// attribute verse blocks (after those), the attribute dictionary's blocks (`attributes.firstPart`), the
        /// attribute posting offsets (`attributeOffsetsPart`) and the verse lengths (`lengthsPart`, the last).
        let checked: CheckedParts
        /// Where exact → folded is in `checked`; the exact strings follow it.
        let tablesPart: Int
        /// Where the attribute posting offsets are in `checked` (before the verse lengths).
        var attributeOffsetsPart: Int { checked.count - 2 }
        /// Where the verse lengths are in `checked` (the last piece).
        var lengthsPart: Int { checked.count - 1 }
        /// BM25's average verse length, and the norm of each verse length below `BM25.saturated`.
        let average: Double
        let norms: [Double]
        /// Which word attributes the version carries, as found (`IndexView.has`): for each field, a bit that it
        /// was looked up and one that words carry it.
        let fields = CheckedParts(count: 6)
        /// Each folded term's exact ids, built the first time a phrase needs them.
        let exactForms = ExactFormsSlot()

        init(
            layout: IndexLayout, folded: TermDictionary.Shape, exact: TermDictionary.Shape,
            attributes: TermDictionary.Shape, checked: CheckedParts
        ) {
            self.layout = layout
            self.folded = folded
            self.exact = exact
            self.attributes = attributes
            self.checked = checked
            tablesPart = exact.firstPart + exact.blockCount
            average = BM25.average(totalTokens: layout.totalTokens, verseCount: layout.verseCount)
            norms = BM25.norms(average: average)
        }
    }

    let reader: IndexReader
    let opened: Opened
    var layout: IndexLayout { opened.layout }
    /// The folded terms' dictionary (a term's rank is its folded id).
    var folded: TermDictionary { TermDictionary(reader: reader, shape: opened.folded, checked: opened.checked) }
    /// The exact terms' dictionary, each term with its exact id.
    var exact: TermDictionary { TermDictionary(reader: reader, shape: opened.exact, checked: opened.checked) }
    /// The attribute terms' dictionary (a term's rank is its attribute id).
    var attributes: TermDictionary {
        TermDictionary(reader: reader, shape: opened.attributes, checked: opened.checked)
    }
    /// Where the attribute posting lists' marks start in `opened.checked`, after the exact tables'.
    var attributeBase: Int { opened.tablesPart + 2 }

    /// Reads and checks the header (against its checksum) and the dictionaries' counts. Nothing else is read:
    /// each dictionary block, posting list, verse block and exact table, and the attribute posting offsets, are
    /// checked against their checksum the first time they are read, and noted in `opened.checked`.
    ///
    /// - Complexity: O(1).
    init(_ reader: IndexReader) throws(IndexDamage) {
        self.reader = reader
        let layout = try IndexLayout(reader)
        let size = SearchIndexFormat.termBlockSize
        let foldedBlocks = (layout.foldedCount + size - 1) / size
        let exactBlocks = (layout.exactCount + size - 1) / size
        let attributeBlocks = (layout.attributeCount + size - 1) / size
        let attributeParts = layout.attributeCount + layout.verseBlockCount + attributeBlocks
        let checked = CheckedParts(
            count: layout.foldedCount + layout.verseBlockCount + foldedBlocks + exactBlocks + 2 + attributeParts + 2)
        let folded = try TermDictionary(
            reader: reader, region: layout.range(.foldedTerms), hasValues: false, checksums: layout.dictionaryChecksums,
            firstPart: layout.foldedCount + layout.verseBlockCount, checked: checked)
        guard folded.count == layout.foldedCount else {
            throw IndexDamage(reason: "the dictionaries' counts do not match the header")
        }
        let exact = try TermDictionary(
            reader: reader, region: layout.range(.exactTerms), hasValues: true,
            checksums: layout.dictionaryChecksums + foldedBlocks * 4,
            firstPart: layout.foldedCount + layout.verseBlockCount + foldedBlocks, checked: checked)
        guard exact.count == layout.exactCount else {
            throw IndexDamage(reason: "the dictionaries' counts do not match the header")
        }
        let tablesPart = layout.foldedCount + layout.verseBlockCount + foldedBlocks + exactBlocks
        let attributeDictionaryPart = tablesPart + 2 + layout.attributeCount + layout.verseBlockCount
        let attributes = try TermDictionary(
            reader: reader, region: layout.range(.attributeTerms), hasValues: false,
            checksums: layout.range(.attributeChecksums).lowerBound, firstPart: attributeDictionaryPart,
            checked: checked)
        opened = Opened(
            layout: layout, folded: folded.shape, exact: exact.shape, attributes: attributes.shape, checked: checked)
    }

    /// An index opened before, read through `reader`, which borrows the same bytes again.
    init(_ reader: IndexReader, opened: Opened) {
        self.reader = reader
        self.opened = opened
    }

    /// The folded id of exact term `id`, or nil when it folds to nothing.
    @inline(__always)
    func foldedID(ofExact id: Int) throws(IndexDamage) -> Int? {
        guard id >= 0, id < layout.exactCount else { throw IndexDamage(reason: "exact id \(id) out of range") }
        let value = try reader.u32(try exactToFolded() + id * 4)
        if value == SearchIndexFormat.noFoldedTerm { return nil }
        guard value < layout.foldedCount else { throw IndexDamage(reason: "exact id \(id) folds to \(value)") }
        return value
    }

    /// Where the exact → folded table starts, after the whole table is checked against its CRC-32C (the first
    /// time, once per store).
    @inline(__always)
    func exactToFolded() throws(IndexDamage) -> Int {
        if !opened.checked.contains(opened.tablesPart) { try checkTable(.exactToFolded) }
        return layout.range(.exactToFolded).lowerBound
    }

    /// Checks exact → folded or the exact strings against its CRC-32C and notes it as checked.
    ///
    /// - Complexity: O(the table's bytes), once per table and store.
    private func checkTable(_ region: IndexRegion) throws(IndexDamage) {
        let second = region == .exactStrings
        guard Int(try reader.crc32c(layout.range(region))) == (try reader.u32(layout.tableChecksums + (second ? 4 : 0)))
        else { throw IndexDamage(part: second ? "the exact terms' text" : "the exact terms' folded ids") }
        opened.checked.insert(opened.tablesPart + (second ? 1 : 0))
    }

    /// Checks the attribute posting offsets against their CRC-32C the first time they are needed (once per
    /// store).
    ///
    /// - Complexity: O(attribute terms) the first time, O(1) after.
    @inline(__always)
    func checkAttributePostingOffsets() throws(IndexDamage) {
        if opened.checked.contains(opened.attributeOffsetsPart) { return }
        guard
            Int(try reader.crc32c(layout.range(.attributePostingOffsets)))
                == (try reader.u32(layout.range(.attributeChecksums).upperBound - 4))
        else { throw IndexDamage(part: "the attribute posting offsets") }
        opened.checked.insert(opened.attributeOffsetsPart)
    }

    /// The byte range of verse `verse`'s tokens in the verses region.
    func tokenRange(_ verse: Int) throws(IndexDamage) -> Range<Int> {
        let offsets = layout.range(.verseOffsets).lowerBound
        let region = layout.range(.verses)
        guard verse >= 0, verse < layout.verseCount else { throw IndexDamage(reason: "verse \(verse) out of range") }
        let block = verse / SearchIndexFormat.verseBlockSize
        if !opened.checked.contains(layout.foldedCount + block) { try checkVerseBlock(block) }
        let start = region.lowerBound + (try reader.u32(offsets + verse * 4))
        let end = region.lowerBound + (try reader.u32(offsets + verse * 4 + 4))
        guard start <= end, end <= region.upperBound else {
            throw IndexDamage(reason: "verse \(verse)'s tokens outside")
        }
        return start..<end
    }

    /// Checks verse block `block` against its CRC-32C: its verse offsets (the one after its last verse
    /// included) and its tokens' bytes; notes it as checked.
    ///
    /// - Complexity: O(the block's tokens), once per block and store.
    private func checkVerseBlock(_ block: Int) throws(IndexDamage) {
        try checkBlock(
            block, offsets: .verseOffsets, stream: .verses, checksums: layout.verseBlockChecksums,
            mark: layout.foldedCount + block, part: "the word positions")
    }

    /// Checks block `block` of a per-verse stream (`stream`, its offsets in `offsets`) against its CRC-32C at
    /// `checksums`: the block's offsets (the one after its last verse included) and its bytes; notes `mark`
    /// as checked. `part` names the stream in the error.
    func checkBlock(
        _ block: Int, offsets region: IndexRegion, stream: IndexRegion, checksums: Int, mark: Int, part: String
    ) throws(IndexDamage) {
        let size = SearchIndexFormat.verseBlockSize
        let first = block * size
        let last = min(layout.verseCount, first + size)
        let offsets = layout.range(region).lowerBound
        let bytes = layout.range(stream)
        let start = bytes.lowerBound + (try reader.u32(offsets + first * 4))
        let end = bytes.lowerBound + (try reader.u32(offsets + last * 4))
        guard start <= end, end <= bytes.upperBound else {
            throw IndexDamage(reason: "\(part): block \(block) outside")
        }
        let crc = try reader.crc32c(
            start..<end, continuing: try reader.crc32c((offsets + first * 4)..<(offsets + last * 4 + 4)))
        guard Int(crc) == (try reader.u32(checksums + block * 4)) else {
            throw IndexDamage(part: "\(part) of verses \(first) to \(last - 1) of the verse table")
        }
        opened.checked.insert(mark)
    }

    /// Writes verse `verse`'s tokens in text order to the start of `tokens` (grown when too short): exact ids,
    /// or in the default mode folded ids without the tokens that fold to nothing. Returns how many.
    ///
    /// - Complexity: O(tokens in the verse); no allocation once `tokens` is long enough.
    func tokens(_ verse: Int, exactIDs: Bool, into tokens: inout [Int32]) throws(IndexDamage) -> Int {
        try reader.tokens(
            in: try tokenRange(verse), below: layout.exactCount,
            table: exactIDs ? nil : try exactToFolded(), mappedBelow: layout.foldedCount,
            skipping: SearchIndexFormat.noFoldedTerm, into: &tokens)
    }

    /// Whether `words` (folded ids: a first and a count each) occur one after another in verse `verse`'s
    /// tokens in the default mode, read only up to their first occurrence (`IndexReader.phraseOccurs`);
    /// `buffer` is kept from one verse to the next.
    func phraseOccurs(
        in verse: Int, _ words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, buffer: inout [Int32]
    ) throws(IndexDamage) -> Bool {
        try reader.phraseOccurs(
            in: try tokenRange(verse), below: layout.exactCount, table: try exactToFolded(),
            mappedBelow: layout.foldedCount, skipping: SearchIndexFormat.noFoldedTerm, words: words, buffer: &buffer)
    }

    /// The byte range of exact term `id`'s UTF-8 text.
    @inline(__always)
    func exactString(_ id: Int) throws(IndexDamage) -> Range<Int> {
        let region = layout.range(.exactStrings)
        guard id >= 0, id < layout.exactCount else { throw IndexDamage(reason: "exact id \(id) out of range") }
        if !opened.checked.contains(opened.tablesPart + 1) { try checkTable(.exactStrings) }
        let data = region.lowerBound + (layout.exactCount + 1) * 4
        let start = data + (try reader.u32(region.lowerBound + id * 4))
        let end = data + (try reader.u32(region.lowerBound + id * 4 + 4))
        guard data <= region.upperBound, start <= end, end <= region.upperBound else {
            throw IndexDamage(reason: "the text of exact term \(id) lies outside")
        }
        return start..<end
    }

    /// BM25's norm of verse `verse`'s length (its tokens that fold to a term): from the verse lengths, checked
    /// against their CRC-32C the first time; a length of `BM25.saturated` or more is counted in its tokens
    /// (into `tokens`).
    @inline(__always)
    func norm(ofVerse verse: Int, tokens: inout [Int32]) throws(IndexDamage) -> Double {
        let lengths = try verseLengths()
        guard verse >= 0, verse < layout.verseCount else { throw IndexDamage(reason: "verse \(verse) out of range") }
        let length = reader.byte(lengths + verse)
        if length < BM25.saturated { return opened.norms[length] }
        return BM25.norm(try self.tokens(verse, exactIDs: false, into: &tokens), average: opened.average)
    }

    /// Where the verse lengths start (a byte per verse), once they are checked against their CRC-32C.
    @inline(__always)
    func verseLengths() throws(IndexDamage) -> Int {
        if !opened.checked.contains(opened.lengthsPart) { try checkLengths() }
        return layout.range(.verseLengths).lowerBound
    }

    /// Checks the verse lengths against their CRC-32C and notes them as checked.
    private func checkLengths() throws(IndexDamage) {
        let region = layout.range(.verseLengths)
        guard Int(try reader.crc32c(region.lowerBound..<(region.upperBound - 4))) == (try reader.u32(region.upperBound - 4))
        else { throw IndexDamage(part: "the verse lengths") }
        opened.checked.insert(opened.lengthsPart)
    }

    /// The postings of folded term `id`, or of attribute term `id` when `attribute` is set.
    func postings(_ id: Int, attribute: Bool = false) throws(IndexDamage) -> PostingList {
        try PostingList(self, term: id, attribute: attribute)
    }
}
