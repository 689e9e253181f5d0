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
    /// - Complexity: O(entries log entries).
    static func verses(_ chunk: SearchIndexBuilder.Chunk, firstVerse: Int, ids: [Int32]) -> ChunkVerses {
        let (terms, slots) = SearchIndexBuilder.ChunkPostings.slots(of: ids)
        var builder = SearchIndexBuilder.ChunkPostings.Builder(slotTerms: terms)
        var result = ChunkVerses()
        result.ends.reserveCapacity(chunk.attributeEnds.count)
        var ranked: [(term: Int32, entry: Int32)] = []
        var group: [UInt8] = []
        chunk.attributes.withUnsafeBufferPointer { entries in
            var start = 0
            for (verse, end) in chunk.attributeEnds.enumerated() {
                ranked.removeAll(keepingCapacity: true)
                for index in start..<end { ranked.append((ids[Int(entries[index].term)], Int32(index))) }
                start = end
                // By attribute id, each id's tokens in token order.
                ranked.sort { lhs, rhs in
                    lhs.term != rhs.term
                        ? lhs.term < rhs.term : entries[Int(lhs.entry)].position < entries[Int(rhs.entry)].position
                }
                var previousTerm: Int32 = 0
                var index = 0
                while index < ranked.count {
                    let term = ranked[index].term
                    group.removeAll(keepingCapacity: true)
                    var previousPlace = 0
                    var previousStart = 0
                    while index < ranked.count, ranked[index].term == term {
                        let entry = entries[Int(ranked[index].entry)]
                        group.appendVarint(Int(entry.position) - previousPlace)
                        group.appendVarint(entry.utf8Range.lowerBound - previousStart)
                        group.appendVarint(entry.utf8Range.count)
                        (previousPlace, previousStart) = (Int(entry.position), entry.utf8Range.lowerBound)
                        index += 1
                    }
                    result.bytes.appendVarint(Int(term - previousTerm))
                    result.bytes.appendVarint(group.count)
                    result.bytes.append(contentsOf: group)
                    previousTerm = term
                    builder.add(Int(slots[Int(entries[Int(ranked[index - 1].entry)].term)]), verse: Int32(firstVerse + verse))
                }
                result.ends.append(result.bytes.count)
            }
        }
        result.postings = builder.finish(frequencies: false)
        return result
    }
}
