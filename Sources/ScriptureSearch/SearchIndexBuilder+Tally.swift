import LecternKernels
import ScriptureStore

extension SearchIndexBuilder {
    /// What a chunk's verses add to the index: their exact ids (varints; verse `v`'s end at `verseEnds[v]`),
    /// their lengths (tokens that fold to a term) and their folded postings.
    struct ChunkTally: Sendable {
        var verseBytes: [UInt8] = []
        var verseEnds: [Int] = []
        var lengths: [Int32] = []
        var postings = ChunkPostings()
    }

    /// Counts a chunk's tokens, whose first verse is `firstVerse`: `exactID` and `foldedRank` take the merged
    /// ids of its local terms (`chunk.map`) to exact and folded ids.
    ///
    /// Two passes over the tokens, in place: the first writes the verse stream (its size known from the
    /// local terms' counts) and counts each folded term's verses, the second puts each posting where its
    /// term's list goes; nothing grows as it is filled.
    ///
    /// - Complexity: O(tokens + the chunk's terms × log).
    static func tally(_ chunk: Chunk, firstVerse: Int, exactID: [Int32], foldedRank: [Int32]) -> ChunkTally {
        let localExact = chunk.map.map { UInt32(bitPattern: exactID[Int($0)]) }
        let (terms, slots) = ChunkPostings.slots(of: chunk.map.map { foldedRank[Int($0)] })
        var size = 0
        for (local, count) in chunk.counts.enumerated() { size += count * Varint.size(of: Int(localExact[local])) }
        var tally = ChunkTally()
        var ends = [Int](repeating: 0, count: chunk.verseEnds.count)
        var lengths = [Int32](repeating: 0, count: chunk.verseEnds.count)
        var lastVerse = [Int32](repeating: -1, count: terms.count)
        var counts = [Int32](repeating: 0, count: terms.count)
        tally.verseBytes = [UInt8](unsafeUninitializedCapacity: size) { bytes, written in
            localExact.withUnsafeBufferPointer { localExact in
                slots.withUnsafeBufferPointer { slots in
                    ends.withUnsafeMutableBufferPointer { ends in
                        lengths.withUnsafeMutableBufferPointer { lengths in
                            lastVerse.withUnsafeMutableBufferPointer { lastVerse in
                                counts.withUnsafeMutableBufferPointer { counts in
                                    chunk.forEachToken { verse, end, local in
                                        guard let local else {
                                            ends[verse] = written
                                            return
                                        }
                                        let value = Int(localExact[local])
                                        // The size counted first has room for every token's id.
                                        precondition(
                                            written + Varint.size(of: value) <= size,
                                            "a chunk's counts disagree with its tokens")
                                        if let base = bytes.baseAddress {
                                            written += Varint.write(value, to: base + written)
                                        }
                                        let slot = Int(slots[local])
                                        guard slot >= 0 else { return }
                                        lengths[verse] += 1
                                        if lastVerse[slot] != Int32(truncatingIfNeeded: verse) {
                                            lastVerse[slot] = Int32(truncatingIfNeeded: verse)
                                            counts[slot] += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        tally.verseEnds = ends
        tally.lengths = lengths
        tally.postings = postings(chunk, firstVerse: firstVerse, terms: terms, slots: slots, counts: counts)
        return tally
    }

    /// The folded postings of a chunk's tokens, whose local terms are in slots `slots` of `terms`, each
    /// slot in `counts` verses: each term's verses, in order, and its frequency in each.
    private static func postings(
        _ chunk: Chunk, firstVerse: Int, terms: [Int32], slots: [Int32], counts: [Int32]
    ) -> ChunkPostings {
        var (postings, next, total) = ChunkPostings.laidOut(terms, counts: counts)
        var verses = [Int32](repeating: 0, count: total)
        var frequencies = [UInt8](repeating: 0, count: total)
        var lastVerse = [Int32](repeating: -1, count: terms.count)
        slots.withUnsafeBufferPointer { slots in
            next.withUnsafeMutableBufferPointer { next in
                verses.withUnsafeMutableBufferPointer { verses in
                    frequencies.withUnsafeMutableBufferPointer { frequencies in
                        lastVerse.withUnsafeMutableBufferPointer { lastVerse in
                            chunk.forEachToken { verse, _, local in
                                guard let local else { return }
                                let slot = Int(slots[local])
                                guard slot >= 0 else { return }
                                if lastVerse[slot] == Int32(truncatingIfNeeded: verse) {
                                    let place = Int(next[slot]) - 1
                                    if frequencies[place] < UInt8(BM25.saturated) { frequencies[place] += 1 }
                                    return
                                }
                                lastVerse[slot] = Int32(truncatingIfNeeded: verse)
                                let place = Int(next[slot])
                                next[slot] += 1
                                verses[place] = Int32(truncatingIfNeeded: firstVerse + verse)
                                frequencies[place] = 1
                            }
                        }
                    }
                }
            }
        }
        postings.verses = verses
        postings.frequencies = frequencies
        return postings
    }
}
