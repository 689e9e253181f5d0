import ScriptureModel
import ScriptureStore
import TextNormalization

/// Builds the search index section from a version's verses (see `SearchIndexFormat`).
///
/// Each verse is split into tokens once, in the exact mode (`WordBreaker`, ICU word breaks); each
/// distinct exact term is then folded (`SearchFolding`) to its default-mode term. Both the index and
/// queries go through the same two functions, so they agree by construction.
public enum SearchIndexBuilder {
    /// Builds the section's bytes from `verses` in verse-table order.
    ///
    /// The verses are taken: given the only reference, their texts are freed batch by batch as they are
    /// tokenized (`tokenizeMerging`), and each chunk's tokens once counted, so that the verse texts, the
    /// chunks' vocabularies, the tokens and the postings are not all held at once.
    ///
    /// - Complexity: O(text) tokenizing, verses spread over the cores; O(terms log terms) sorting.
    public static func build(verses: consuming [VerseText]) -> [UInt8] {
        var chunks: [Chunk]
        let chunkMaps: [[Int]]
        let vocabulary: Vocabulary
        (chunks, chunkMaps, vocabulary) = tokenizeMerging(&verses)
        verses = []
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
        return stride(from: 0, to: verseCount, by: size).map { first in
            let last = min(verseCount, first + size)
            let crc = CRC32C.checksum(Array(offsets[(first * 4)..<(last * 4 + 4)]))
            return CRC32C.checksum(Array(tokens[offset(first)..<offset(last)]), continuing: crc)
        }
    }

    /// The header (with its CRC-32C), region table and regions.
    static func assemble(
        _ regions: [[UInt8]], verseCount: Int, foldedCount: Int, exactCount: Int, totalTokens: Int
    ) -> [UInt8] {
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
        bytes.reserveCapacity(offset)
        let end = SearchIndexFormat.headerChecksum
        let crc = CRC32C.checksum(
            Array(bytes[(end + 4)..<SearchIndexFormat.regionsEnd]), continuing: CRC32C.checksum(Array(bytes[0..<end])))
        for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
        for region in regions { bytes.append(contentsOf: region) }
        return bytes
    }

    /// One chunk of verses, tokenized: its own vocabulary, and each verse as local term ids (varints packed in
    /// `tokens`, each verse ending at its `verseEnds` offset).
    struct Chunk: Sendable {
        var terms: [String] = []
        var counts: [Int] = []
        var tokens: [UInt8] = []
        var verseEnds: [Int] = []
        /// The attribute terms the chunk's verses hold (local ids), and each verse's tagged tokens: its
        /// place among the verse's tokens and a local attribute id, in token order.
        var attributeTerms: [String] = []
        var attributes: [[(position: Int32, term: Int32)]] = []

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

    /// Tokenizes chunks `range` of the verses (`verseChunkSize` verses each) in the exact mode, chunks in
    /// parallel. Each verse is read as a stream of term bytes (no array of tokens, no string but a chunk's
    /// first sight of a term); one with tagged words keeps its tokens' starts to place the attributes.
    static func tokenize(_ verses: [VerseText], chunks range: Range<Int>) -> [Chunk] {
        Parallel.map(count: range.count) { offset in
            let index = range.lowerBound + offset
            var chunk = Chunk()
            var local = ByteTable()
            var attributes = AttributeIndexBuilder.ChunkAttributes()
            var starts: [Int] = []
            for verse in (index * verseChunkSize)..<min(verses.count, (index + 1) * verseChunkSize) {
                let tagged = !verses[verse].words.isEmpty
                starts.removeAll(keepingCapacity: true)
                WordBreaker.forEachTermBytes(in: verses[verse].text, mode: .exact) { term, start in
                    chunk.add(term, local: &local)
                    if tagged { starts.append(start) }
                }
                chunk.attributes.append(
                    tagged ? attributes.tag(starts, words: verses[verse].words, book: verses[verse].key.book) : [])
                chunk.verseEnds.append(chunk.tokens.count)
            }
            chunk.attributeTerms = attributes.terms
            return chunk
        }
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
