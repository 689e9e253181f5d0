import ScriptureModel
import ScriptureStore
import TextNormalization

/// Builds the attribute regions of the search index (see `SearchIndexFormat`): the terms of the words'
/// Strong's numbers, lemmas and morphology, their verses, and each verse's tagged token places and ranges.
enum AttributeIndexBuilder {
    /// One attribute term of a tagged token: the token's place among the verse's tokens, the term (a chunk's
    /// local id until the regions are written) and the token's UTF-8 range in the verse's text.
    struct Entry {
        var position: Int32
        var term: Int32
        var utf8Range: Range<Int>
    }

    /// A chunk's attribute terms, and each distinct tagged word's, as its verses are tagged. Words with the
    /// same values (as written, byte for byte) in the same testament (which a bare Strong's number depends on)
    /// have the same terms, so that a chunk canonicalises and folds each value once; words and terms are found
    /// by their bytes (`ByteTable`), since `String`'s own hashing and equality normalize text that is not ASCII
    /// (every Hebrew lemma) on each look-up.
    struct ChunkAttributes {
        /// The chunk's attribute terms, numbered by local id.
        private(set) var termIDs = SearchIndexBuilder.ByteTable()
        /// Each distinct word's key: its testament's byte, then each value ended by a byte no UTF-8 text holds
        /// (another one for a value that is absent).
        private var words = SearchIndexBuilder.ByteTable()
        /// Word `id`'s term ids are `wordTerms` up to `wordEnds[id]`, from where the one before ends.
        private var wordTerms: [Int32] = []
        private var wordEnds: [Int] = []

        /// Appends to `entries` the tagged tokens of a verse of `book` whose tokens lie at UTF-8 ranges `tokens`
        /// of its text (in order): each token that starts inside one of `words` (the verse's, in text order),
        /// with each of the word's attribute terms (local ids); in token order.
        ///
        /// - Complexity: O(tokens + words), plus the first sight of each distinct word.
        mutating func tag(_ tokens: [Range<Int>], words: [TaggedWord], book: BookID, into entries: inout [Entry]) {
            guard !words.isEmpty else { return }
            let testament = book.testament
            var word = 0
            var wordRange: Range<Int>?
            for (position, token) in tokens.enumerated() {
                let start = token.lowerBound
                while word < words.count, words[word].utf8Range.upperBound <= start {
                    word += 1
                    wordRange = nil
                }
                guard word < words.count, words[word].utf8Range.lowerBound <= start else { continue }
                let range = wordRange ?? terms(of: word, in: words, testament: testament, book: book)
                wordRange = range
                for index in range {
                    entries.append(Entry(position: Int32(position), term: wordTerms[index], utf8Range: token))
                }
            }
        }

        /// Where the ids of word `index`'s terms are in `wordTerms`, found the first time its values are met.
        private mutating func terms(
            of index: Int, in words: [TaggedWord], testament: Testament, book: BookID
        ) -> Range<Int> {
            // The word's fields are read in place: copying the word out of the array copies its three strings.
            let (id, isNew) = words.withUnsafeBufferPointer { words in
                let word = words.baseAddress! + index
                let size =
                    4 + (word.pointee.strong?.utf8.count ?? 0) + (word.pointee.lemma?.utf8.count ?? 0)
                    + (word.pointee.morph?.utf8.count ?? 0)
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { key in
                    key[0] = testament == .old ? 1 : testament == .new ? 2 : 3
                    var end = 1
                    Self.appendKey(word.pointee.strong, to: key, at: &end)
                    Self.appendKey(word.pointee.lemma, to: key, at: &end)
                    Self.appendKey(word.pointee.morph, to: key, at: &end)
                    return self.words.id(of: UnsafeBufferPointer(rebasing: key[..<end]))
                }
            }
            if isNew {
                AttributeTerms.forEachTerm(of: words[index], book: book) { term in
                    wordTerms.append(Int32(truncatingIfNeeded: termIDs.id(of: term).id))
                }
                wordEnds.append(wordTerms.count)
            }
            return (id == 0 ? 0 : wordEnds[id - 1])..<wordEnds[id]
        }

        /// Appends a value's bytes to a word's key and the byte that ends it (0xFF), or 0xFE for an absent value.
        @inline(__always)
        private static func appendKey(_ value: String?, to key: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
            guard let value else {
                key[end] = 0xFE
                end += 1
                return
            }
            let target = UnsafeMutableBufferPointer(rebasing: key[end...])
            let copied =
                value.utf8.withContiguousStorageIfAvailable { bytes in
                    if let from = bytes.baseAddress, let to = target.baseAddress {
                        to.update(from: from, count: bytes.count)
                    }
                    return bytes.count
                } ?? target.initialize(fromContentsOf: value.utf8)
            end += copied
            key[end] = 0xFF
            end += 1
        }
    }
}
