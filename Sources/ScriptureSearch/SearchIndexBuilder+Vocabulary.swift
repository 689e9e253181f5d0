import ScriptureModel
import ScriptureStore
import Synchronization
import TextNormalization

extension SearchIndexBuilder {
    /// The verses a chunk tokenizes.
    static let verseChunkSize = 512
    /// The most chunks tokenized at once before their verses' texts are let go (the batches are of equal size).
    static let chunksPerBatch = 64

    /// The exact terms of the chunks merged so far, in the order first met, with their token counts.
    struct Vocabulary {
        /// Each term's id, found by its bytes: every term the tokenizer gives is NFC (the exact fold ends
        /// with NFC; ASCII is NFC), so terms equal as strings (canonically equivalent) have the same bytes and
        /// are one term, the first spelling met kept, as a `[String: Int]` would have it.
        var ids = ByteTable()
        var counts: [Int] = []

        /// The terms' bytes, by id.
        var terms: ByteStrings { ids.strings }

        /// Adds a chunk's terms and counts (their hashes are the chunk's, not computed again), and returns the
        /// id of each of its local terms.
        ///
        /// - Complexity: O(the chunk's terms' bytes) expected.
        mutating func merge(_ chunk: Chunk) -> [Int32] {
            var map = [Int32](repeating: 0, count: chunk.terms.count)
            chunk.terms.strings.withStrings { strings in
                for local in 0..<strings.count {
                    let (id, isNew) = ids.id(of: strings[local], hash: chunk.terms.hashes[local])
                    if isNew { counts.append(0) }
                    counts[id] += chunk.counts[local]
                    map[local] = Int32(truncatingIfNeeded: id)
                }
            }
            return map
        }
    }

    /// Tokenizes every verse, `chunksPerBatch` chunks at a time, each chunk's vocabulary merged as it is
    /// made (the chunks keep their tokens and attributes, not their terms): the texts and words of the books
    /// a batch finished are let go, so that the verse texts and all the chunks' vocabularies are never held
    /// at once. They are freed by a task of the next batch, beside its tokenizing; those of the last are
    /// returned, to be freed so too.
    ///
    /// - Returns: the chunks in order, the merged terms, and the books that are left to free.
    static func tokenizeMerging(
        _ table: inout VerseTextTable
    ) -> (chunks: [Chunk], vocabulary: Vocabulary, finished: [VerseTextTable.Book]) {
        var firstVerses = [0]
        firstVerses.reserveCapacity(table.books.count + 1)
        for book in table.books { firstVerses.append(firstVerses[firstVerses.count - 1] + book.ends.count) }
        let verseCount = firstVerses[firstVerses.count - 1]
        let chunkCount = (verseCount + verseChunkSize - 1) / verseChunkSize
        let vocabulary = Mutex(Vocabulary())
        var chunks: [Chunk] = []
        chunks.reserveCapacity(chunkCount)
        var finished: [VerseTextTable.Book] = []
        let batchCount = (chunkCount + chunksPerBatch - 1) / chunksPerBatch
        let batchSize = batchCount == 0 ? 0 : (chunkCount + batchCount - 1) / batchCount
        var first = 0
        var done = 0
        while first < chunkCount {
            let last = min(chunkCount, first + batchSize)
            chunks.append(
                contentsOf: tokenize(
                    table, firstVerses: firstVerses, chunks: first..<last, freeing: consume finished, into: vocabulary))
            finished = []
            // The books whose verses are all tokenized now, taken out of the table.
            while done < table.books.count, firstVerses[done + 1] <= last * verseChunkSize {
                MemoryRelease.freed(table.books[done].text.count + table.books[done].words.count * 256)
                finished.append(table.books[done])
                table.books[done].text = []
                table.books[done].words = []
                done += 1
            }
            first = last
        }
        let merged = vocabulary.withLock { vocabulary in
            let merged = vocabulary
            vocabulary = Vocabulary()
            return merged
        }
        return (chunks, merged, finished)
    }

    /// The exact terms' ids: by frequency, so that the verse stream is short, ties in byte order, so that the
    /// build is deterministic; and the terms in byte order (for the exact dictionary).
    ///
    /// - Returns: `byFrequency[rank]` is the term of exact id `rank`, `exactID[term]` its exact id, and
    ///   `byBytes` the terms in byte order.
    static func exactOrder(
        _ terms: ByteStrings, counts: [Int]
    ) -> (byFrequency: [Int32], exactID: [Int32], byBytes: [Int32]) {
        let byBytes = ByteOrder.order(terms)
        // Count descending, then byte rank, as one number each.
        var keys = [UInt64](repeating: 0, count: byBytes.count)
        for (rank, term) in byBytes.enumerated() {
            let count = UInt64(min(counts[Int(term)], Int(UInt32.max)))
            keys[rank] = (UInt64(UInt32.max) - count) << 32 | UInt64(rank)
        }
        keys.sort()
        var byFrequency = [Int32](repeating: 0, count: keys.count)
        var exactID = [Int32](repeating: 0, count: keys.count)
        for (id, key) in keys.enumerated() {
            let term = byBytes[Int(key & 0xFFFF_FFFF)]
            byFrequency[id] = term
            exactID[Int(term)] = Int32(id)
        }
        return (byFrequency, exactID, byBytes)
    }

    /// How many terms a folding task takes.
    static let foldPieceSize = 2048

    /// The default-mode folds of terms `range` (`SearchFolding.fold` of each), one after another.
    static func fold(_ terms: ByteStrings, _ range: Range<Int>) -> ByteStrings {
        var folded = ByteStrings()
        folded.reserve(
            count: range.count, bytes: terms.range(range.upperBound - 1).upperBound - terms.ends[range.lowerBound])
        terms.withStrings { terms in
            for index in range { folded.append { SearchFolding.fold(utf8: terms[index], into: &$0) } }
        }
        return folded
    }

    /// The distinct non-empty folds of the terms (`folds`, by term) in byte order, and each term's rank among
    /// them (`SearchIndexFormat.noFoldedTerm` for a term that folds to nothing).
    static func foldedOrder(_ folds: ByteStrings) -> (terms: ByteStrings, rank: [Int32]) {
        let order = ByteOrder.order(folds)
        var rank = [Int32](repeating: Int32(truncatingIfNeeded: SearchIndexFormat.noFoldedTerm), count: folds.count)
        var terms = ByteStrings()
        folds.withStrings { folds in
            var previous: UnsafeBufferPointer<UInt8>?
            for id in order {
                let fold = folds[Int(id)]
                if fold.isEmpty { continue }
                if previous.map({ !ByteHash.equal($0, fold) }) ?? true {
                    terms.append(fold)
                    previous = fold
                }
                rank[Int(id)] = Int32(terms.count - 1)
            }
        }
        return (terms, rank)
    }
}
