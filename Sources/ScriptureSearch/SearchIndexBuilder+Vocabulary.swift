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
    /// chunks keep their tokens and attributes, not their terms) and its verses' texts and words let go, so
    /// that the verse texts and all the chunks' vocabularies are never held at once.
    ///
    /// - Returns: the chunks in order, each chunk's map from local to merged term ids, and the merged terms.
    static func tokenizeMerging(
        _ verses: inout [VerseText]
    ) -> (chunks: [Chunk], maps: [[Int]], vocabulary: Vocabulary) {
        let chunkCount = (verses.count + verseChunkSize - 1) / verseChunkSize
        var vocabulary = Vocabulary()
        var chunks: [Chunk] = []
        var maps: [[Int]] = []
        chunks.reserveCapacity(chunkCount)
        maps.reserveCapacity(chunkCount)
        var release = MemoryRelease()
        var first = 0
        while first < chunkCount {
            let last = min(chunkCount, first + chunksPerBatch)
            for var chunk in tokenize(verses, chunks: first..<last) {
                maps.append(vocabulary.merge(chunk))
                chunk.terms = []
                chunk.counts = []
                chunks.append(chunk)
            }
            for index in (first * verseChunkSize)..<min(verses.count, last * verseChunkSize) {
                release.freed(verses[index].text.utf8.count + verses[index].words.count * 64)
                verses[index].text = ""
                verses[index].words = []
            }
            first = last
        }
        return (chunks, maps, vocabulary)
    }
}
