import ScriptureModel
import ScriptureStore
import TextNormalization

/// Builds the search index section from a version's verses (see `SearchIndexFormat`).
///
/// Each verse is split into tokens once, in the exact mode (`WordBreaker`, ICU word breaks); each
/// distinct exact term is then folded (`SearchFolding`) to its default-mode term. Both the index and
/// queries go through the same two functions, so they agree by construction.
public enum SearchIndexBuilder {
    /// Builds the section's bytes from `verses` in verse-table order: `build(table:)` of their table.
    public static func build(verses: [VerseText]) -> [UInt8] {
        build(table: VerseTextTable(verses))
    }

    /// Builds the section's bytes from the verses of `table`, in verse-table order: `pieces(table:)` joined.
    public static func build(table: consuming VerseTextTable) -> [UInt8] {
        let pieces = pieces(table: table)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { bytes.append(contentsOf: piece) }
        return bytes
    }

    /// Builds the section's bytes from the verses of `table`, in verse-table order.
    ///
    /// The table is taken: given the only reference, each book's text is freed once its verses are
    /// tokenized (`tokenizeMerging`), and each chunk's tokens once counted, so that the verse texts, the
    /// chunks' vocabularies, the tokens and the postings are not all held at once.
    ///
    /// The section comes in pieces (its header and region table, then each region), to be written one after
    /// another: joined, they would be the whole index once more.
    ///
    /// - Complexity: O(text) tokenizing, verses spread over the cores; O(terms log terms) sorting.
    public static func pieces(table: consuming VerseTextTable) -> [[UInt8]] {
        var chunks: [Chunk]
        let chunkMaps: [[Int]]
        let vocabulary: Vocabulary
        (chunks, chunkMaps, vocabulary) = tokenizeMerging(&table)
        table = VerseTextTable(books: [])
        let (terms, counts) = (vocabulary.terms, vocabulary.counts)
        let termBytes = terms.map { Array($0.utf8) }
        let byBytes = ByteOrder(termBytes)
        // Exact ids by frequency, so the verse stream is short; ties by bytes, so the build is deterministic.
        let byFrequency = terms.indices.sorted {
            counts[$0] != counts[$1] ? counts[$0] > counts[$1] : byBytes.precedes($0, $1)
        }
        var exactID = [Int](repeating: 0, count: terms.count)
        for (rank, id) in byFrequency.enumerated() { exactID[id] = rank }

        let foldedTexts = foldAll(terms)
        let foldedSorted = ByteOrder.sorted(Array(Set(foldedTexts.filter { !$0.isEmpty }.map { Array($0.utf8) })))
        var foldedID: [[UInt8]: Int] = [:]
        for (rank, term) in foldedSorted.enumerated() { foldedID[term] = rank }
        // exact id -> folded id
        var exactToFolded = [Int](repeating: SearchIndexFormat.noFoldedTerm, count: terms.count)
        for id in terms.indices where !foldedTexts[id].isEmpty {
            exactToFolded[exactID[id]] = foldedID[Array(foldedTexts[id].utf8)] ?? SearchIndexFormat.noFoldedTerm
        }

        var tally = RankingBlocks.Counts(terms: foldedSorted.count)
        var verseOffsets = ByteWriter()
        var verseTokens = ByteWriter()
        var verse = 0
        for (index, map) in chunkMaps.enumerated() {
            // The chunk's tokens are let go once counted.
            let chunk = chunks[index]
            chunks[index].tokens = []
            var position = 0
            for end in chunk.verseEnds {
                verseOffsets.u32(UInt32(verseTokens.count))
                while position < end {
                    let local = chunk.local(at: &position)
                    let exact = exactID[map[local]]
                    verseTokens.varint(exact)
                    let folded = exactToFolded[exact]
                    guard folded != SearchIndexFormat.noFoldedTerm else { continue }
                    tally.add(folded, verse: verse)
                }
                tally.endVerse()
                verse += 1
            }
        }
        verseOffsets.u32(UInt32(verseTokens.count))

        let (postingOffsets, postingBytes, lengthBytes, totalTokens) = postingRegions(consume tally, verseCount: verse)
        var exactToFoldedBytes = ByteWriter()
        for value in exactToFolded { exactToFoldedBytes.u32(UInt32(truncatingIfNeeded: value)) }

        var stringOffsets = ByteWriter()
        var strings = ByteWriter()
        for id in byFrequency {
            stringOffsets.u32(UInt32(strings.count))
            strings.append(termBytes[id])
        }
        stringOffsets.u32(UInt32(strings.count))
        let exactSorted = terms.indices.sorted { byBytes.precedes($0, $1) }
        let foldedDictionary = TermDictionary.encode(foldedSorted)
        let exactDictionary = TermDictionary.encode(
            exactSorted.map { termBytes[$0] }, values: exactSorted.map { exactID[$0] })
        let exactStrings = stringOffsets.bytes + strings.bytes
        var checksums = ByteWriter()
        for crc in foldedDictionary.checksums + exactDictionary.checksums { checksums.u32(crc) }
        for crc in verseBlockChecksums(offsets: verseOffsets.bytes, tokens: verseTokens.bytes) { checksums.u32(crc) }
        checksums.u32(CRC32C.checksum(exactToFoldedBytes.bytes))
        checksums.u32(CRC32C.checksum(exactStrings))
        let regions: [[UInt8]] =
            [
                foldedDictionary.region, exactDictionary.region, exactToFoldedBytes.bytes, postingOffsets,
                postingBytes, verseOffsets.bytes, verseTokens.bytes, exactStrings, checksums.bytes,
            ] + AttributeIndexBuilder.regions(chunks, verseCount: verse) + [lengthBytes.bytes]
        return assemble(
            regions, verseCount: verse, foldedCount: foldedSorted.count, exactCount: terms.count,
            totalTokens: totalTokens)
    }

    /// The CRC-32C of each block of `SearchIndexFormat.verseBlockSize` verses: of its verse offsets (u32s, the
    /// one after its last verse included) and its tokens' bytes.
    static func verseBlockChecksums(offsets: [UInt8], tokens: [UInt8]) -> [UInt32] {
        let verseCount = offsets.count / 4 - 1
        let size = SearchIndexFormat.verseBlockSize
        func offset(_ verse: Int) -> Int {
            (0..<4).reduce(0) { value, byte in value | Int(offsets[verse * 4 + byte]) << (8 * byte) }
        }
        return offsets.withUnsafeBytes { offsets in
            tokens.withUnsafeBytes { tokens in
                stride(from: 0, to: verseCount, by: size).map { first in
                    let last = min(verseCount, first + size)
                    let crc = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: offsets[(first * 4)..<(last * 4 + 4)]))
                    return CRC32C.checksum(
                        UnsafeRawBufferPointer(rebasing: tokens[offset(first)..<offset(last)]), continuing: crc)
                }
            }
        }
    }

    /// The header (with its CRC-32C) and region table, then the regions.
    static func assemble(
        _ regions: [[UInt8]], verseCount: Int, foldedCount: Int, exactCount: Int, totalTokens: Int
    ) -> [[UInt8]] {
        var writer = ByteWriter()
        writer.append(SearchIndexFormat.magic)
        writer.u16(UInt16(SearchIndexFormat.version))
        writer.u16(0)
        writer.u32(UInt32(verseCount))
        writer.u32(UInt32(foldedCount))
        writer.u32(UInt32(exactCount))
        writer.u32(0)
        writer.u64(UInt64(totalTokens))
        var offset = SearchIndexFormat.regionsEnd
        for region in regions {
            writer.u32(UInt32(offset))
            writer.u32(UInt32(region.count))
            offset += region.count
        }
        var bytes = writer.bytes
        let end = SearchIndexFormat.headerChecksum
        let crc = CRC32C.checksum(
            Array(bytes[(end + 4)..<SearchIndexFormat.regionsEnd]), continuing: CRC32C.checksum(Array(bytes[0..<end])))
        for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
        return [bytes] + regions
    }

    /// One chunk of verses, tokenized: its own vocabulary, and each verse as local term ids (varints packed in
    /// `tokens`, each verse ending at its `verseEnds` offset).
    struct Chunk: Sendable {
        var terms: [String] = []
        var counts: [Int] = []
        var tokens: [UInt8] = []
        var verseEnds: [Int] = []
        /// The attribute terms the chunk's verses hold (local ids), and each verse's tagged tokens' entries,
        /// in token order.
        var attributeTerms: [String] = []
        var attributes: [[AttributeIndexBuilder.Entry]] = []

        mutating func append(_ local: Int) {
            var rest = UInt(local)
            while rest >= 0x80 {
                tokens.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            tokens.append(UInt8(rest))
        }

        /// The local id at `position`, which moves past it.
        func local(at position: inout Int) -> Int {
            var value = 0
            var shift = 0
            while position < tokens.count {
                let byte = tokens[position]
                position += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return value
        }

        /// The local id of the term of UTF-8 `bytes` (numbered by `local`), counted once more and appended to the
        /// current verse.
        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, local: inout ByteTable) {
            let (id, isNew) = local.id(of: bytes)
            if isNew {
                terms.append(String(decoding: bytes, as: UTF8.self))
                counts.append(0)
            }
            counts[id] += 1
            append(id)
        }
    }

    /// Tokenizes chunks `range` of the verses of `table` (`verseChunkSize` verses each, counted through the
    /// books, which start at `firstVerses`) in the exact mode, chunks in parallel. Each verse is read as a
    /// stream of term bytes (no array of tokens, no string but a chunk's first sight of a term); one with
    /// tagged words keeps its tokens' ranges to place the attributes.
    static func tokenize(_ table: VerseTextTable, firstVerses: [Int], chunks range: Range<Int>) -> [Chunk] {
        let verseCount = firstVerses.last ?? 0
        return Parallel.map(count: range.count) { offset in
            let index = range.lowerBound + offset
            var chunk = Chunk()
            var local = ByteTable()
            var attributes = AttributeIndexBuilder.ChunkAttributes()
            var ranges: [Range<Int>] = []
            var verse = index * verseChunkSize
            let end = min(verseCount, (index + 1) * verseChunkSize)
            // The book holding the chunk's first verse, and its first tagged verse from there on.
            var book = 0
            while book + 1 < firstVerses.count, firstVerses[book + 1] <= verse { book += 1 }
            while verse < end {
                let part = table.books[book]
                let bookEnd = min(end, firstVerses[book + 1])
                var word = firstWord(in: part.words, from: verse - firstVerses[book])
                part.text.withUnsafeBufferPointer { text in
                    while verse < bookEnd {
                        let localVerse = verse - firstVerses[book]
                        let tagged = word < part.words.count && part.words[word].verse == localVerse
                        ranges.removeAll(keepingCapacity: true)
                        let bytes = UnsafeBufferPointer(rebasing: text[part.range(of: localVerse)])
                        WordBreaker.forEachTermBytes(inUTF8: bytes, mode: .exact) { term, range in
                            chunk.add(term, local: &local)
                            if tagged { ranges.append(range) }
                        }
                        if tagged {
                            let words = part.words[word].words
                            chunk.attributes.append(attributes.tag(ranges, words: words, book: part.id))
                            word += 1
                        } else {
                            chunk.attributes.append([])
                        }
                        chunk.verseEnds.append(chunk.tokens.count)
                        verse += 1
                    }
                }
                book += 1
            }
            chunk.attributeTerms = attributes.terms
            return chunk
        }
    }

    /// The index of the first of `words` (in verse order) whose verse is `verse` or later.
    static func firstWord(in words: [(verse: Int, words: [TaggedWord])], from verse: Int) -> Int {
        var (low, high) = (0, words.count)
        while low < high {
            let middle = (low + high) / 2
            if words[middle].verse < verse { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The default-mode fold of every term, in parallel.
    static func foldAll(_ terms: [String]) -> [String] {
        let chunkSize = 2048
        let chunkCount = (terms.count + chunkSize - 1) / chunkSize
        return Parallel.map(count: chunkCount) { index in
            terms[(index * chunkSize)..<min(terms.count, (index + 1) * chunkSize)].map { SearchFolding.fold($0) }
        }.flatMap { $0 }
    }
}
