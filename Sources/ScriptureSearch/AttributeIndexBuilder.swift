import ScriptureModel
import ScriptureStore
import TextNormalization

/// Builds the attribute regions of the search index (see `SearchIndexFormat`): the terms of the words'
/// Strong's numbers, lemmas and morphology, their verses, and each verse's tagged token places.
enum AttributeIndexBuilder {
    /// A tagged word's attributes as written, and its testament (which a bare Strong's number depends on):
    /// words with the same key have the same terms.
    struct WordKey: Hashable {
        var strong: String?
        var lemma: String?
        var morph: String?
        var testament: Testament

        init(_ word: TaggedWord, _ book: BookID) {
            (strong, lemma, morph, testament) = (word.strong, word.lemma, word.morph, book.testament)
        }
    }

    /// The tagged tokens of `verse` (split as `tokens`): each token inside a tagged word, with each of the
    /// word's attribute terms as `id` numbers them; in token order. `cache` keeps each distinct word's ids,
    /// so that a chunk canonicalises and folds each value once.
    ///
    /// - Complexity: O(tokens + words), plus the first sight of each distinct word.
    static func tag(
        _ tokens: [SearchToken], of verse: VerseText, cache: inout [WordKey: [Int32]], id: (String) -> Int32
    ) -> [(position: Int32, term: Int32)] {
        guard !verse.words.isEmpty else { return [] }
        var entries: [(position: Int32, term: Int32)] = []
        var word = 0
        var wordTerms: [Int32]?
        for (position, token) in tokens.enumerated() {
            while word < verse.words.count, verse.words[word].utf8Range.upperBound <= token.utf8Range.lowerBound {
                word += 1
                wordTerms = nil
            }
            guard word < verse.words.count, verse.words[word].utf8Range.lowerBound <= token.utf8Range.lowerBound
            else { continue }
            if wordTerms == nil {
                let key = WordKey(verse.words[word], verse.key.book)
                if let known = cache[key] {
                    wordTerms = known
                } else {
                    let ids = AttributeTerms.terms(of: verse.words[word], book: verse.key.book).map(id)
                    cache[key] = ids
                    wordTerms = ids
                }
            }
            for term in wordTerms ?? [] { entries.append((Int32(position), term)) }
        }
        return entries
    }

    /// The attribute regions, in table order: dictionary, posting offsets, postings, verse offsets, verses,
    /// checksums.
    static func regions(_ chunks: [SearchIndexBuilder.Chunk], verseCount: Int) -> [[UInt8]] {
        var ids: [String: Int] = [:]
        var terms: [[UInt8]] = []
        var maps: [[Int]] = []
        for chunk in chunks {
            maps.append(
                chunk.attributeTerms.map { term in
                    if let known = ids[term] { return known }
                    ids[term] = terms.count
                    terms.append(Array(term.utf8))
                    return terms.count - 1
                })
        }
        let order = terms.indices.sorted { terms[$0].lexicographicallyPrecedes(terms[$1]) }
        var rank = [Int](repeating: 0, count: terms.count)
        for (position, id) in order.enumerated() { rank[id] = position }

        var postings = [[Int32]](repeating: [], count: terms.count)
        var verseOffsets = ByteWriter()
        var verseBytes = ByteWriter()
        var verse = 0
        for (chunk, map) in zip(chunks, maps) {
            for entries in chunk.attributes {
                verseOffsets.u32(UInt32(verseBytes.count))
                var previous: Int32 = 0
                for entry in entries {
                    let term = rank[map[Int(entry.term)]]
                    verseBytes.varint(Int(entry.position - previous))
                    verseBytes.varint(term)
                    previous = entry.position
                    if postings[term].last != Int32(verse) { postings[term].append(Int32(verse)) }
                }
                verse += 1
            }
        }
        while verse < verseCount {
            verseOffsets.u32(UInt32(verseBytes.count))
            verse += 1
        }
        verseOffsets.u32(UInt32(verseBytes.count))
        let (postingOffsets, postingBytes) = PostingList.encodeAll(postings, verseCount: verseCount)
        let dictionary = TermDictionary.encode(order.map { terms[$0] })
        var checksums = ByteWriter()
        for crc in dictionary.checksums { checksums.u32(crc) }
        for crc in SearchIndexBuilder.verseBlockChecksums(offsets: verseOffsets.bytes, tokens: verseBytes.bytes) {
            checksums.u32(crc)
        }
        checksums.u32(CRC32C.checksum(postingOffsets))
        return [
            dictionary.region, postingOffsets, postingBytes, verseOffsets.bytes, verseBytes.bytes,
            checksums.bytes,
        ]
    }
}
