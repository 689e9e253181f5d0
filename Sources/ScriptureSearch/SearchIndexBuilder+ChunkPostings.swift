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
                var (result, next, total) = ChunkPostings.laidOut(slotTerms, counts: postingCounts)
                result.verses = [Int32](repeating: 0, count: total)
                if frequencies { result.frequencies = [UInt8](repeating: 0, count: total) }
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

        /// The terms and starts of the postings of terms `slotTerms` (by slot, increasing), slot `s` with
        /// `counts[s]` postings (a slot without any left out), where each slot's postings start, and how many
        /// there are.
        static func laidOut(
            _ slotTerms: [Int32], counts: [Int32]
        ) -> (postings: ChunkPostings, starts: [Int32], total: Int) {
            var result = ChunkPostings()
            var next = [Int32](repeating: 0, count: slotTerms.count)
            result.terms.reserveCapacity(slotTerms.count)
            result.starts.reserveCapacity(slotTerms.count + 1)
            var total: Int32 = 0
            for (slot, term) in slotTerms.enumerated() where counts[slot] > 0 {
                next[slot] = total
                total += counts[slot]
                result.terms.append(term)
                result.starts.append(total)
            }
            return (result, next, Int(total))
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
}
