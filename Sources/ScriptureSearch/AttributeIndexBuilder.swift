import ScriptureModel
import ScriptureStore
import TextNormalization

/// Builds the attribute regions of the search index (see `SearchIndexFormat`): the terms of the words'
/// Strong's numbers, lemmas and morphology, their verses, and each verse's tagged token places.
enum AttributeIndexBuilder {
    /// Each distinct tagged word's attribute term ids in a chunk. Words with the same values (as written) in the
    /// same testament (which a bare Strong's number depends on) have the same terms; they are found by a hash
    /// of the values' UTF-8 bytes and then compared byte for byte, since `String`'s own hashing and equality
    /// normalize text that is not ASCII (every Hebrew lemma) on each look-up.
    struct WordCache {
        /// The first entry of each hash code; entries with the same code are chained by `next`.
        private var first: [UInt64: Int] = [:]
        private var words: [TaggedWord] = []
        private var testaments: [Testament] = []
        private var ids: [[Int32]] = []
        private var next: [Int] = []

        /// The ids of `word`'s terms in a book of `testament` when its values were met before, else nil; and
        /// the word's hash code, for `insert`.
        func find(_ word: TaggedWord, in testament: Testament) -> (ids: [Int32]?, code: UInt64) {
            let code = Self.code(word, testament)
            var slot = first[code] ?? -1
            while slot >= 0 {
                if testaments[slot] == testament, Self.same(words[slot], word) { return (ids[slot], code) }
                slot = next[slot]
            }
            return (nil, code)
        }

        /// Keeps the ids of a word `find` did not know, under its `code`.
        mutating func insert(_ word: TaggedWord, in testament: Testament, code: UInt64, ids: [Int32]) {
            next.append(first[code] ?? -1)
            first[code] = words.count
            words.append(word)
            testaments.append(testament)
            self.ids.append(ids)
        }

        /// The FNV-1a hash of the testament and the three values, each ended by a byte no UTF-8 text holds
        /// (another one for a value that is absent).
        private static func code(_ word: TaggedWord, _ testament: Testament) -> UInt64 {
            let start = SearchIndexBuilder.ByteKey.basis ^ UInt64(testament == .old ? 1 : testament == .new ? 2 : 3)
            return mix(word.morph, mix(word.lemma, mix(word.strong, start)))
        }

        private static func mix(_ value: String?, _ code: UInt64) -> UInt64 {
            guard let value else { return (code ^ 0xFE) &* 0x100_0000_01b3 }
            return (SearchIndexBuilder.ByteKey.hash(value, continuing: code) ^ 0xFF) &* 0x100_0000_01b3
        }

        private static func same(_ lhs: TaggedWord, _ rhs: TaggedWord) -> Bool {
            same(lhs.strong, rhs.strong) && same(lhs.lemma, rhs.lemma) && same(lhs.morph, rhs.morph)
        }

        private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
            guard let lhs, let rhs else { return lhs == nil && rhs == nil }
            return SearchIndexBuilder.ByteKey.sameBytes(lhs, rhs)
        }
    }

    /// The tagged tokens of `verse` (split as `tokens`): each token inside a tagged word, with each of the
    /// word's attribute terms as `id` numbers them; in token order. `cache` keeps each distinct word's ids,
    /// so that a chunk canonicalises and folds each value once.
    ///
    /// - Complexity: O(tokens + words), plus the first sight of each distinct word.
    static func tag(
        _ tokens: [SearchToken], of verse: VerseText, cache: inout WordCache, id: (String) -> Int32
    ) -> [(position: Int32, term: Int32)] {
        let words = verse.words
        guard !words.isEmpty else { return [] }
        var entries: [(position: Int32, term: Int32)] = []
        let book = verse.key.book
        let testament = book.testament
        var word = 0
        var wordTerms: [Int32]?
        for (position, token) in tokens.enumerated() {
            while word < words.count, words[word].utf8Range.upperBound <= token.utf8Range.lowerBound {
                word += 1
                wordTerms = nil
            }
            guard word < words.count, words[word].utf8Range.lowerBound <= token.utf8Range.lowerBound
            else { continue }
            if wordTerms == nil {
                let (known, code) = cache.find(words[word], in: testament)
                if let known {
                    wordTerms = known
                } else {
                    let ids = AttributeTerms.terms(of: words[word], book: book).map(id)
                    cache.insert(words[word], in: testament, code: code, ids: ids)
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
