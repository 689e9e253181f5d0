import LecternKernels
import ScriptureStore

extension AttributeIndexBuilder {
    /// The attribute terms of every chunk, merged: the terms in byte order (an attribute id is a rank) and
    /// each chunk's local terms' attribute ids.
    ///
    /// - Complexity: O(the chunks' terms' bytes) expected, then O(terms log terms).
    static func rank(_ chunks: [SearchIndexBuilder.Chunk]) -> (terms: SearchIndexBuilder.ByteStrings, ids: [[Int32]]) {
        var table = SearchIndexBuilder.ByteTable()
        let maps = chunks.map { chunk in
            chunk.attributeTerms.strings.withStrings { strings in
                (0..<strings.count).map { local in
                    Int32(table.id(of: strings[local], hash: chunk.attributeTerms.hashes[local]).id)
                }
            }
        }
        let order = SearchIndexBuilder.ByteOrder.order(table.strings)
        var rank = [Int32](repeating: 0, count: order.count)
        var terms = SearchIndexBuilder.ByteStrings()
        table.strings.withStrings { strings in
            for (position, id) in order.enumerated() {
                rank[Int(id)] = Int32(position)
                terms.append(strings[Int(id)])
            }
        }
        return (terms, maps.map { map in map.map { rank[Int($0)] } })
    }

    /// A chunk's attribute verse streams (verse `v`'s bytes ending at `ends[v]`) and postings.
    struct ChunkVerses: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var postings = SearchIndexBuilder.ChunkPostings()
    }

    /// The attribute verse streams and postings of a chunk whose first verse is `firstVerse`, its local
    /// attribute terms' ids `ids`: each verse's entries by attribute id, each id's in token order.
    ///
    /// The entries are put in that order by two stable counting passes (by id, then by verse), not a sort
    /// per verse.
    ///
    /// - Complexity: O(entries + the chunk's terms log terms).
    static func verses(_ chunk: SearchIndexBuilder.Chunk, firstVerse: Int, ids: [Int32]) -> ChunkVerses {
        let (terms, slots) = SearchIndexBuilder.ChunkPostings.slots(of: ids)
        let order = entryOrder(chunk, slots: slots, slotCount: terms.count)
        var builder = SearchIndexBuilder.ChunkPostings.Builder(slotTerms: terms)
        var result = ChunkVerses()
        result.ends.reserveCapacity(chunk.attributeEnds.count)
        result.bytes.reserveCapacity(chunk.attributes.count * 4)
        chunk.attributes.withUnsafeBufferPointer { entries in
            order.withUnsafeBufferPointer { order in
                var index = 0
                for (verse, end) in chunk.attributeEnds.enumerated() {
                    var previousTerm: Int32 = 0
                    while index < end {
                        let local = entries[Int(order[index])].term
                        let slot = slots[Int(local)]
                        let term = terms[Int(slot)]
                        // The group's entries: their length first, then written straight after it.
                        var groupEnd = index
                        var size = 0
                        var previous = (place: 0, start: 0)
                        while groupEnd < end, entries[Int(order[groupEnd])].term == local {
                            let entry = entries[Int(order[groupEnd])]
                            size += Varint.size(of: Int(entry.position) - previous.place)
                            size += Varint.size(of: entry.utf8Range.lowerBound - previous.start)
                            size += Varint.size(of: entry.utf8Range.count)
                            previous = (Int(entry.position), entry.utf8Range.lowerBound)
                            groupEnd += 1
                        }
                        Varint.append(Int(term - previousTerm), to: &result.bytes)
                        Varint.append(size, to: &result.bytes)
                        previous = (0, 0)
                        for place in index..<groupEnd {
                            let entry = entries[Int(order[place])]
                            Varint.append(Int(entry.position) - previous.place, to: &result.bytes)
                            Varint.append(entry.utf8Range.lowerBound - previous.start, to: &result.bytes)
                            Varint.append(entry.utf8Range.count, to: &result.bytes)
                            previous = (Int(entry.position), entry.utf8Range.lowerBound)
                        }
                        index = groupEnd
                        previousTerm = term
                        builder.add(Int(slot), verse: Int32(truncatingIfNeeded: firstVerse + verse))
                    }
                    result.ends.append(result.bytes.count)
                }
            }
        }
        result.postings = builder.finish(frequencies: false)
        return result
    }

    /// The chunk's entries (indices) in order of verse, then attribute id (the slots are in id order), then
    /// token: entries come in verse and token order, so a stable pass by slot then a stable pass by verse
    /// give it.
    ///
    /// - Complexity: O(entries + slots + verses).
    private static func entryOrder(_ chunk: SearchIndexBuilder.Chunk, slots: [Int32], slotCount: Int) -> [Int32] {
        let count = chunk.attributes.count
        var bySlot = [Int32](repeating: 0, count: count)
        var order = [Int32](repeating: 0, count: count)
        var verseOf = [Int32](repeating: 0, count: count)
        chunk.attributes.withUnsafeBufferPointer { entries in
            var next = [Int32](repeating: 0, count: slotCount + 1)
            for entry in entries { next[Int(slots[Int(entry.term)]) + 1] += 1 }
            for slot in 0..<slotCount { next[slot + 1] += next[slot] }
            for (index, entry) in entries.enumerated() {
                let slot = Int(slots[Int(entry.term)])
                bySlot[Int(next[slot])] = Int32(truncatingIfNeeded: index)
                next[slot] += 1
            }
            var start = 0
            for (verse, end) in chunk.attributeEnds.enumerated() {
                for index in start..<end { verseOf[index] = Int32(truncatingIfNeeded: verse) }
                start = end
            }
            // Each verse's entries start where the one before ends, in both orders.
            var verseNext = [Int32](repeating: 0, count: chunk.attributeEnds.count)
            for verse in chunk.attributeEnds.indices.dropFirst() {
                verseNext[verse] = Int32(truncatingIfNeeded: chunk.attributeEnds[verse - 1])
            }
            for index in bySlot {
                let verse = Int(verseOf[Int(index)])
                order[Int(verseNext[verse])] = index
                verseNext[verse] += 1
            }
        }
        return order
    }
}
