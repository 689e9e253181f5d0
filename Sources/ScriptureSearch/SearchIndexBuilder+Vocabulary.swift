import ScriptureModel
import ScriptureStore
import TextNormalization

extension SearchIndexBuilder {
    /// The verses a chunk tokenizes.
    static let verseChunkSize = 512
    /// The chunks tokenized at once before their vocabularies are merged and their verses' texts let go.
    static let chunksPerBatch = 64

    /// The exact terms of the chunks merged so far, in the order first met, with their token counts.
    struct Vocabulary {
        /// Each term's id, found by its bytes: every term the tokenizer gives is NFC (the exact fold ends
        /// with NFC; ASCII is NFC), so terms equal as strings (canonically equivalent) have the same bytes and
        /// are one term, the first spelling met kept, as a `[String: Int]` would have it.
        var ids = ByteTable()
        var terms: [String] = []
        var counts: [Int] = []

        /// Adds a chunk's terms and counts, and returns the id of each of its local terms.
        mutating func merge(_ chunk: Chunk) -> [Int] {
            var map: [Int] = []
            map.reserveCapacity(chunk.terms.count)
            for (local, term) in chunk.terms.enumerated() {
                assert(NFC.isNormalized(term), "an exact term that is not NFC")
                var copy = term
                let (id, isNew) = copy.withUTF8 { ids.id(of: $0) }
                if isNew {
                    terms.append(term)
                    counts.append(0)
                }
                counts[id] += chunk.counts[local]
                map.append(id)
            }
            return map
        }
    }

    /// Tokenizes every verse, `chunksPerBatch` chunks at a time: each batch's vocabularies are merged (the
    /// chunks keep their tokens and attributes, not their terms) and the texts and words of the books it
    /// finished let go, so that the verse texts and all the chunks' vocabularies are never held at once.
    ///
    /// - Returns: the chunks in order, each chunk's map from local to merged term ids, and the merged terms.
    static func tokenizeMerging(
        _ table: inout VerseTextTable
    ) -> (chunks: [Chunk], maps: [[Int]], vocabulary: Vocabulary) {
        var firstVerses = [0]
        firstVerses.reserveCapacity(table.books.count + 1)
        for book in table.books { firstVerses.append(firstVerses[firstVerses.count - 1] + book.ends.count) }
        let verseCount = firstVerses[firstVerses.count - 1]
        let chunkCount = (verseCount + verseChunkSize - 1) / verseChunkSize
        var vocabulary = Vocabulary()
        var chunks: [Chunk] = []
        var maps: [[Int]] = []
        chunks.reserveCapacity(chunkCount)
        maps.reserveCapacity(chunkCount)
        var release = MemoryRelease()
        var first = 0
        var done = 0
        while first < chunkCount {
            let last = min(chunkCount, first + chunksPerBatch)
            for var chunk in tokenize(table, firstVerses: firstVerses, chunks: first..<last) {
                maps.append(vocabulary.merge(chunk))
                chunk.terms = []
                chunk.counts = []
                chunks.append(chunk)
            }
            // The books whose verses are all tokenized now.
            while done < table.books.count, firstVerses[done + 1] <= last * verseChunkSize {
                release.freed(table.books[done].text.count + table.books[done].words.count * 256)
                table.books[done].text = []
                table.books[done].words = []
                done += 1
            }
            first = last
        }
        return (chunks, maps, vocabulary)
    }
}
