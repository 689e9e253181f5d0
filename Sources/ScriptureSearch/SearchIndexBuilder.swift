import LecternKernels
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
    /// Each step after the tokenizing runs as tasks on every core: the folds of the terms, then the orders
    /// of the exact and the folded terms, then each chunk's counts and postings and the dictionaries, then
    /// the posting lists by runs of terms. Every task's output depends only on its input, and the outputs
    /// are joined in order, so the bytes are those of one thread doing it all.
    ///
    /// The section comes in pieces (its header and region table, then each region's pieces), to be written
    /// one after another: joined, they would be the whole index once more.
    ///
    /// - Complexity: O(text) tokenizing and counting; O(terms log terms) sorting.
    public static func pieces(table: consuming VerseTextTable) -> [[UInt8]] {
        var (chunks, vocabulary, finished) = tokenizeMerging(&table)
        table = VerseTextTable(books: [])
        let terms = vocabulary.terms
        let counts = vocabulary.counts
        vocabulary = Vocabulary()
        let indexTerms = IndexTerms.make(terms: terms, counts: counts, chunks: chunks, freeing: consume finished)
        let firstVerses = chunks.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.verseEnds.count) }
        let verseCount = firstVerses[firstVerses.count - 1]

        // Each chunk is counted by the task that takes it, and freed there.
        let handoff = Handoff(consume chunks)
        let counted = Parallel.map(count: Counted.jobCount + handoff.count) { job -> Counted in
            if let counted = Counted.job(job, indexTerms) { return counted }
            let index = job - Counted.jobCount
            guard let chunk = handoff.take(index) else { return .none }
            let tally = tally(
                chunk, firstVerse: firstVerses[index], exactID: indexTerms.exactID,
                foldedRank: indexTerms.foldedRank)
            let attributes = AttributeIndexBuilder.verses(
                chunk, firstVerse: firstVerses[index], ids: indexTerms.attributeIDs[index])
            return .chunk(tally, attributes)
        }
        var parts = Counted.Parts()
        for output in counted { parts.add(output) }

        let ranking = RankingBlocks.Input(
            frequencies: [], lengths: parts.lengths,
            average: BM25.average(totalTokens: parts.totalTokens, verseCount: verseCount))
        let (postings, attributePostingLists) = (parts.postings, parts.attributePostings)
        parts.postings = []
        parts.attributePostings = []
        let encoded = encodeRuns(
            [
                PostingSet(
                    chunks: postings, runs: postingRuns(postings, termCount: indexTerms.folded.count), ranking: ranking),
                PostingSet(
                    chunks: attributePostingLists,
                    runs: postingRuns(attributePostingLists, termCount: indexTerms.attributes.count, runCount: 12),
                    ranking: nil),
            ], verseCount: verseCount)
        let foldedPostings = joinPostingOffsets(encoded[0][...])
        let attributePostings = joinPostingOffsets(encoded[1][...])

        let verses = VerseStream(parts.verses)
        let attributeVerses = VerseStream(parts.attributeVerses)
        parts.verses = []
        parts.attributeVerses = []
        var checksums: [UInt8] = []
        for crc in parts.foldedDictionary.checksums + parts.exactDictionary.checksums + verses.checksums {
            checksums.appendU32(crc)
        }
        checksums.appendU32(CRC32C.checksum(parts.exactToFolded))
        checksums.appendU32(parts.exactStrings.checksum)
        var attributeChecksums: [UInt8] = []
        for crc in parts.attributeDictionary.checksums + attributeVerses.checksums { attributeChecksums.appendU32(crc) }
        attributeChecksums.appendU32(attributePostings.checksum)
        let regions: [[[UInt8]]] = [
            [parts.foldedDictionary.region], [parts.exactDictionary.region], [parts.exactToFolded],
            [foldedPostings.offsets], foldedPostings.pieces, [verses.offsets], verses.pieces, parts.exactStrings.pieces,
            [checksums], [parts.attributeDictionary.region], [attributePostings.offsets], attributePostings.pieces,
            [attributeVerses.offsets], attributeVerses.pieces, [attributeChecksums], [lengthsRegion(parts.lengths)],
        ]
        return assemble(
            regions, verseCount: verseCount, foldedCount: indexTerms.folded.count, exactCount: terms.count,
            totalTokens: parts.totalTokens)
    }

    /// The header (with its CRC-32C) and region table, then the regions.
    static func assemble(
        _ regions: [[[UInt8]]], verseCount: Int, foldedCount: Int, exactCount: Int, totalTokens: Int
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
            let count = region.reduce(0) { $0 + $1.count }
            writer.u32(UInt32(truncatingIfNeeded: offset))
            writer.u32(UInt32(truncatingIfNeeded: count))
            offset += count
        }
        var bytes = writer.bytes
        let end = SearchIndexFormat.headerChecksum
        let crc = CRC32C.checksum(
            Array(bytes[(end + 4)..<SearchIndexFormat.regionsEnd]), continuing: CRC32C.checksum(Array(bytes[0..<end])))
        for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
        return [bytes] + regions.flatMap { $0 }
    }
}
