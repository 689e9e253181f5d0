import ScriptureStore

extension SearchIndexBuilder {
    /// The postings of one chunk's verses: each term that occurs in them (global ids, increasing), its verses
    /// (global, increasing) and, for a folded term, its frequency in each (saturated at `BM25.saturated`).
    /// A term's list in the index is its lists in the chunks, in chunk order.
    struct ChunkPostings: Sendable {
        var terms: [Int32] = []
        /// Term `terms[i]`'s postings are `verses[starts[i]..<starts[i + 1]]`.
        var starts: [Int32] = [0]
        var verses: [Int32] = []
        /// Empty for attribute postings.
        var frequencies: [UInt8] = []

        /// Gathers a chunk's postings verse by verse, for terms numbered by slot (slot `s` is `slotTerms[s]`,
        /// increasing): each verse's first sight of a slot is a posting, later ones count.
        struct Builder {
            let slotTerms: [Int32]
            private var lastVerse: [Int32]
            private var lastPosting: [Int32]
            private var postingCounts: [Int32]
            private var slots: [Int32] = []
            private var verses: [Int32] = []
            private var counts: [UInt32] = []

            init(slotTerms: [Int32]) {
                self.slotTerms = slotTerms
                lastVerse = [Int32](repeating: -1, count: slotTerms.count)
                lastPosting = [Int32](repeating: 0, count: slotTerms.count)
                postingCounts = [Int32](repeating: 0, count: slotTerms.count)
            }

            /// Counts slot `slot` in verse `verse` (verses given in increasing order).
            @inline(__always)
            mutating func add(_ slot: Int, verse: Int32) {
                if lastVerse[slot] == verse {
                    counts[Int(lastPosting[slot])] &+= 1
                    return
                }
                lastVerse[slot] = verse
                lastPosting[slot] = Int32(truncatingIfNeeded: slots.count)
                postingCounts[slot] += 1
                slots.append(Int32(truncatingIfNeeded: slot))
                verses.append(verse)
                counts.append(1)
            }

            /// The postings by term, with their frequencies when `frequencies` is set.
            func finish(frequencies: Bool) -> ChunkPostings {
                var result = ChunkPostings()
                var next = [Int32](repeating: 0, count: slotTerms.count)
                result.terms.reserveCapacity(slotTerms.count)
                result.starts.reserveCapacity(slotTerms.count + 1)
                var total: Int32 = 0
                for (slot, term) in slotTerms.enumerated() where postingCounts[slot] > 0 {
                    next[slot] = total
                    total += postingCounts[slot]
                    result.terms.append(term)
                    result.starts.append(total)
                }
                result.verses = [Int32](repeating: 0, count: Int(total))
                if frequencies { result.frequencies = [UInt8](repeating: 0, count: Int(total)) }
                for index in slots.indices {
                    let slot = Int(slots[index])
                    let place = Int(next[slot])
                    next[slot] += 1
                    result.verses[place] = verses[index]
                    if frequencies { result.frequencies[place] = UInt8(min(counts[index], UInt32(BM25.saturated))) }
                }
                return result
            }
        }

        /// The slots of `values` (global term ids, or -1 for none): the distinct ids, increasing, and each
        /// value's slot among them (-1 for none).
        static func slots(of values: [Int32]) -> (terms: [Int32], slots: [Int32]) {
            // Each value with its place, as one number, sorted: equal values side by side, in value order.
            var keys: [UInt64] = []
            keys.reserveCapacity(values.count)
            for (place, value) in values.enumerated() where value >= 0 {
                keys.append(UInt64(UInt32(bitPattern: value)) << 32 | UInt64(place))
            }
            keys.sort()
            var terms: [Int32] = []
            var slots = [Int32](repeating: -1, count: values.count)
            for key in keys {
                let value = Int32(truncatingIfNeeded: key >> 32)
                if terms.last != value { terms.append(value) }
                slots[Int(key & 0xFFFF_FFFF)] = Int32(truncatingIfNeeded: terms.count - 1)
            }
            return (terms, slots)
        }
    }

    /// What a chunk's verses add to the index: their exact ids (varints; verse `v`'s end at `verseEnds[v]`),
    /// their lengths (tokens that fold to a term) and their folded postings.
    struct ChunkTally: Sendable {
        var verseBytes: [UInt8] = []
        var verseEnds: [Int] = []
        var lengths: [Int32] = []
        var postings = ChunkPostings()
    }

    /// Counts a chunk's tokens, whose first verse is `firstVerse`: `map` takes its local term ids to merged
    /// ones, `exactID` and `foldedRank` merged ones to exact and folded ids.
    ///
    /// - Complexity: O(tokens + the chunk's terms × log).
    static func tally(
        _ chunk: Chunk, firstVerse: Int, map: [Int32], exactID: [Int32], foldedRank: [Int32]
    ) -> ChunkTally {
        let localExact = map.map { exactID[Int($0)] }
        let (terms, slots) = ChunkPostings.slots(of: map.map { foldedRank[Int($0)] })
        var builder = ChunkPostings.Builder(slotTerms: terms)
        var tally = ChunkTally()
        tally.verseBytes.reserveCapacity(chunk.tokens.count + chunk.tokens.count / 4)
        tally.verseEnds.reserveCapacity(chunk.verseEnds.count)
        tally.lengths.reserveCapacity(chunk.verseEnds.count)
        localExact.withUnsafeBufferPointer { localExact in
            slots.withUnsafeBufferPointer { slots in
                chunk.forEachVerse { verse, locals in
                    let global = Int32(truncatingIfNeeded: firstVerse + verse)
                    var length: Int32 = 0
                    for local in locals {
                        tally.verseBytes.appendVarint(Int(localExact[Int(local)]))
                        let slot = slots[Int(local)]
                        guard slot >= 0 else { continue }
                        length += 1
                        builder.add(Int(slot), verse: global)
                    }
                    tally.verseEnds.append(tally.verseBytes.count)
                    tally.lengths.append(length)
                }
            }
        }
        tally.postings = builder.finish(frequencies: true)
        return tally
    }
}
