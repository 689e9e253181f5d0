import ScriptureModel
import ScriptureStore
import TextNormalization

extension SearchIndexBuilder {
    /// A string as a dictionary key by its UTF-8 bytes: hashed once, with FNV-1a, and compared byte for byte.
    ///
    /// `String`'s own hashing and equality normalize text that is not ASCII (Hebrew points, Greek accents)
    /// on every lookup; the index's per-chunk tables need neither. Two canonically equivalent spellings
    /// are two keys here, which those tables allow: the terms are merged by `String` equality afterwards.
    struct ByteKey: Hashable {
        /// The string.
        let text: String
        /// The FNV-1a hash of `text`'s UTF-8 bytes.
        let code: UInt64

        init(_ text: String) {
            self.text = text
            code = Self.hash(text, continuing: Self.basis)
        }

        static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
            lhs.code == rhs.code && sameBytes(lhs.text, rhs.text)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(code) }

        /// The FNV-1a offset basis.
        static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

        /// `hash` continued over the UTF-8 bytes of `text`.
        static func hash(_ text: String, continuing hash: UInt64) -> UInt64 {
            func fnv(_ bytes: some Sequence<UInt8>) -> UInt64 {
                var hash = hash
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                return hash
            }
            return text.utf8.withContiguousStorageIfAvailable { fnv($0) } ?? fnv(text.utf8)
        }

        /// The id of `key` in `ids`; a new key gets the next, and its term (`spelled` so, else the key's text)
        /// is appended to `terms` with a count of 0.
        static func id(
            of key: ByteKey, spelled term: String? = nil, in ids: inout [ByteKey: Int], terms: inout [String],
            counts: inout [Int]
        ) -> Int {
            if let known = ids[key] { return known }
            ids[key] = terms.count
            terms.append(term ?? key.text)
            counts.append(0)
            return terms.count - 1
        }

        /// Whether two strings have the same UTF-8 bytes.
        static func sameBytes(_ lhs: String, _ rhs: String) -> Bool { ByteHash.equal(lhs, rhs) }
    }
}

extension SearchIndexBuilder {
    /// The verses a chunk tokenizes.
    static let verseChunkSize = 512
    /// The chunks tokenized at once before their vocabularies are merged and their verses' texts let go.
    static let chunksPerBatch = 64

    /// The exact terms of the chunks merged so far, in the order first met, with their token counts.
    struct Vocabulary {
        /// Each term's id, keyed by the bytes of its NFC form: terms equal as strings (canonically
        /// equivalent) are one term, the first spelling met kept, as a `[String: Int]` would have it.
        var ids: [ByteKey: Int] = [:]
        var terms: [String] = []
        var counts: [Int] = []

        /// Adds a chunk's terms and counts, and returns the id of each of its local terms.
        mutating func merge(_ chunk: Chunk) -> [Int] {
            var map: [Int] = []
            map.reserveCapacity(chunk.terms.count)
            for (local, term) in chunk.terms.enumerated() {
                let key = ByteKey(NFC.isNormalized(term) ? term : NFC.normalize(term))
                let id = ByteKey.id(of: key, spelled: term, in: &ids, terms: &terms, counts: &counts)
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
