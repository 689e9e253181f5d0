import LecternKernels
import ScriptureModel
import ScriptureStore
import Synchronization
import TextNormalization

extension SearchIndexBuilder {
    /// One chunk of verses, tokenized: its own vocabulary, and each verse as local term ids (varints packed in
    /// `tokens`, each verse ending at its `verseEnds` offset).
    struct Chunk: Sendable {
        /// The chunk's terms (local ids, in the order first met) with their hashes until merged, then each
        /// local id's merged id; and each one's count.
        var terms = ByteTable()
        var counts: [Int] = []
        var map: [Int32] = []
        var tokens: [UInt8] = []
        var verseEnds: [Int] = []
        /// The attribute terms the chunk's verses hold (local ids), and the entries of the verses' tagged tokens,
        /// each verse's in token order, verse `v`'s ending at `attributeEnds[v]`.
        var attributeTerms = ByteTable()
        var attributes: [AttributeIndexBuilder.Entry] = []
        var attributeEnds: [Int] = []

        /// The local id of the term of UTF-8 `bytes` (numbered by `terms`), counted once more and appended to the
        /// current verse.
        @inline(__always)
        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            let (id, isNew) = terms.id(of: bytes)
            if isNew { counts.append(0) }
            counts[id] += 1
            Varint.append(id, to: &tokens)
        }

        /// Calls `body` with each token's local id and its verse (the chunk's), in order, and after each
        /// verse's last token with nil and the verse's end in `tokens`.
        @inline(__always)
        func forEachToken(_ body: (_ verse: Int, _ end: Int, _ local: Int?) -> Void) {
            tokens.withUnsafeBufferPointer { tokens in
                guard let base = tokens.baseAddress else {
                    for (verse, end) in verseEnds.enumerated() { body(verse, end, nil) }
                    return
                }
                var pointer = base
                for (verse, end) in verseEnds.enumerated() {
                    // The ids were written just above, a varint each, the verse's last ending at `end`.
                    while pointer < base + end, let value = Varint.next(&pointer, base + end) {
                        body(verse, end, value)
                    }
                    pointer = base + end
                    body(verse, end, nil)
                }
            }
        }
    }

    /// Tokenizes chunks `range` of the verses of `table` (`verseChunkSize` verses each, counted through the
    /// books, which start at `firstVerses`) in the exact mode, chunks in parallel, each merged into
    /// `vocabulary` by the task that made it (one at a time, under the lock, while the other cores go on
    /// tokenizing), keeping the map of its local ids and not its terms. The first tasks free the books of
    /// `freeing` (those the batch before finished), a book each, meanwhile.
    ///
    /// The merged ids depend on the order the chunks are merged in, which varies; nothing written does: every
    /// order of the terms in the index is of their bytes or their counts.
    static func tokenize(
        _ table: VerseTextTable, firstVerses: [Int], chunks range: Range<Int>, freeing: consuming [VerseTextTable.Book],
        into vocabulary: borrowing Mutex<Vocabulary>
    ) -> [Chunk] {
        let garbage = Handoff(consume freeing)
        let chunks = Parallel.map(count: garbage.count + range.count) { job -> Chunk? in
            guard job >= garbage.count else {
                _ = garbage.take(job)
                return nil
            }
            var chunk = tokenize(table, firstVerses: firstVerses, chunk: range.lowerBound + job - garbage.count)
            chunk.map = vocabulary.withLock { $0.merge(chunk) }
            chunk.terms = ByteTable()
            return chunk
        }
        return chunks.compactMap { $0 }
    }

    /// Tokenizes chunk `index` of the verses of `table`. Each verse is read as a stream of term bytes (no
    /// array of tokens, no string); one with tagged words keeps its tokens' ranges to place the attributes.
    static func tokenize(_ table: VerseTextTable, firstVerses: [Int], chunk index: Int) -> Chunk {
        let verseCount = firstVerses.last ?? 0
        var chunk = Chunk()
        var attributes = AttributeIndexBuilder.ChunkAttributes()
        var ranges: [Range<Int>] = []
        var verse = index * verseChunkSize
        let end = min(verseCount, (index + 1) * verseChunkSize)
        chunk.verseEnds.reserveCapacity(end - verse)
        chunk.attributeEnds.reserveCapacity(end - verse)
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
                        chunk.add(term)
                        if tagged { ranges.append(range) }
                    }
                    if tagged {
                        attributes.tag(ranges, words: part.words[word].words, book: part.id, into: &chunk.attributes)
                        word += 1
                    }
                    chunk.attributeEnds.append(chunk.attributes.count)
                    chunk.verseEnds.append(chunk.tokens.count)
                    verse += 1
                }
            }
            book += 1
        }
        chunk.attributeTerms = attributes.termIDs
        return chunk
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
}
