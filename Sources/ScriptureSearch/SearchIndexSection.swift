import ScriptureModel
import ScriptureStore
import TextNormalization

/// The search index as a store section: built at import, checked by `verify`.
///
/// Pass it to `Library.add(books:metadata:id:replace:sections:)` to index a version, and to
/// `VersionStore.verify(path:sections:)` to check the index beyond its checksum.
public struct SearchIndexSection: StoreSection {
    /// The section kind, `SectionKind.searchIndex`.
    public var kind: SectionKind { .searchIndex }

    /// Creates the section owner.
    public init() {}

    /// Builds the index (see `SearchIndexBuilder`), in pieces.
    public func build(verses: consuming VerseTextTable) throws(StoreError) -> [[UInt8]] {
        let pieces = SearchIndexBuilder.pieces(table: consume verses)
        guard pieces.reduce(0, { $0 + $1.count }) <= Int(UInt32.max) else {
            throw .cannotEncode("the search index is larger than 4 GB")
        }
        return pieces
    }

    /// Checks the index's structure and that it is the index of the store's text: every table within
    /// bounds, the dictionaries sorted, each posting list equal to the verses the tokens give, each
    /// exact term folding to its folded term, and each verse's tokens those of its text.
    ///
    /// - Complexity: O(index size + text), about as long as building it.
    public func problems(in store: VersionStore) -> [StoreProblem] {
        guard let bytes = store.sectionBytes(.searchIndex) else { return [] }
        let outcome = bytes.withUnsafeBytes { buffer -> IndexDamage? in
            do throws(IndexDamage) {
                try SearchIndexVerifier(view: try IndexView(IndexReader(buffer)), store: store).check()
                return nil
            } catch {
                return error
            }
        }
        guard let outcome else { return [] }
        return [
            StoreProblem(
                section: .searchIndex, message: "\(store.path): damaged search index section: \(outcome.reason)")
        ]
    }
}

/// The structural checks of `SearchIndexSection.problems(in:)`; the first problem found is thrown.
struct SearchIndexVerifier {
    let view: IndexView
    let store: VersionStore

    func check() throws(IndexDamage) {
        let layout = view.layout
        guard layout.verseCount == store.verseCount else {
            throw IndexDamage(reason: "\(layout.verseCount) verses indexed, the store has \(store.verseCount)")
        }
        var foldedTerms: [[UInt8]] = []
        try view.folded.forEach { rank, term, _ throws(IndexDamage) in
            if let last = foldedTerms.last, !last.lexicographicallyPrecedes(term) {
                throw IndexDamage(reason: "folded term \(rank) is out of order")
            }
            foldedTerms.append(term)
        }
        var exactTerms = [String](repeating: "", count: layout.exactCount)
        var seen = IDSet(count: layout.exactCount)
        var previous: [UInt8]?
        try view.exact.forEach { rank, term, id throws(IndexDamage) in
            if let previous, !previous.lexicographicallyPrecedes(term) {
                throw IndexDamage(reason: "exact term \(rank) is out of order")
            }
            guard id < layout.exactCount, !seen.contains(id) else {
                throw IndexDamage(reason: "exact term \(rank) has id \(id) (out of range or repeated)")
            }
            seen.insert(id)
            let text = try view.exactString(id)
            guard try view.reader.compare(text.lowerBound, text.count, with: term) == 0 else {
                throw IndexDamage(reason: "the text of exact term \(id) differs from the dictionary")
            }
            exactTerms[id] = String(decoding: term, as: UTF8.self)
            previous = term
        }
        let strings = layout.range(.exactStrings)
        let stringsEnd =
            layout.exactCount == 0 ? strings.lowerBound + 4 : try view.exactString(layout.exactCount - 1).upperBound
        guard try view.reader.u32(strings.lowerBound) == 0, stringsEnd == strings.upperBound else {
            throw IndexDamage(reason: "the exact strings do not fill their region")
        }
        for (id, term) in exactTerms.enumerated() {
            let folded = Array(SearchFolding.fold(term).utf8)
            let stored = try view.foldedID(ofExact: id).map { foldedTerms[$0] } ?? []
            guard folded == stored else {
                throw IndexDamage(reason: "exact term \(id) does not fold to its folded term")
            }
        }
        var attributePostings = [[Int32]](repeating: [], count: layout.attributeCount)
        try checkPostings(exactTerms: exactTerms, attributePostings: &attributePostings)
        try checkAttributes(postings: attributePostings)
    }

    /// Checks that each skip entry names the verse before its block and leads to the block's first verse,
    /// and that a bitmap's bits past the last verse are clear.
    private func checkSkips(_ list: PostingList, _ verses: [Int32], term: Int) throws(IndexDamage) {
        switch list.storage {
        case .list(let skips, let skipCount, _, _):
            let size = SearchIndexFormat.postingBlockSize
            for entry in 0..<skipCount {
                let first = (entry + 1) * size
                guard first < verses.count, try view.reader.u32(skips + entry * 8) == Int(verses[first - 1]) else {
                    throw IndexDamage(reason: "skip \(entry) of folded term \(term) is wrong")
                }
                var cursor = PostingCursor(list, reader: view.reader)
                guard try cursor.contains(Int(verses[first])) else {
                    throw IndexDamage(reason: "skip \(entry) of folded term \(term) leads astray")
                }
            }
        case .bitmap(let start):
            let count = view.layout.verseCount
            for verse in count..<((count + 7) / 8 * 8) where view.reader.bit(start, verse) {
                throw IndexDamage(reason: "the bitmap of folded term \(term) has bits past the last verse")
            }
        }
    }

    /// Re-derives the postings and the token count from the verses' tokens, and the tokens from the text; checks
    /// each verse's word attributes against the tokens of its text, noting their verses in `attributePostings`.
    private func checkPostings(exactTerms: [String], attributePostings: inout [[Int32]]) throws(IndexDamage) {
        let layout = view.layout
        var counts = RankingBlocks.Counts(terms: layout.foldedCount)
        var exactIDs: [String: Int] = [:]
        for (id, term) in exactTerms.enumerated() { exactIDs[term] = id }
        var tokens: [Int32] = []
        var verse = 0
        for book in store.books {
            let texts: [VerseText]
            do throws(StoreError) { texts = try store.verseTexts(of: book.id) } catch {
                throw IndexDamage(reason: "cannot read \(book.id.code)'s text: \(error)")
            }
            for text in texts {
                let count = try view.tokens(verse, exactIDs: true, into: &tokens)
                let split = WordBreaker.tokens(in: text.text, mode: .exact)
                guard split.map({ exactIDs[$0.term] ?? -1 }).elementsEqual(tokens[..<count].map(Int.init)) else {
                    throw IndexDamage(reason: "the tokens of \(text.key) do not match its text")
                }
                try checkAttributes(of: verse, tokens: split, postings: &attributePostings)
                for token in tokens[..<count] {
                    guard let folded = try view.foldedID(ofExact: Int(token)) else { continue }
                    counts.add(folded, verse: verse)
                }
                counts.endVerse()
                verse += 1
            }
        }
        guard counts.total == layout.totalTokens else { throw IndexDamage(reason: "the token total does not match") }
        try checkLengths(counts.lengths)
        let ranking = counts.input(verseCount: layout.verseCount)
        let expected = counts.postings
        var decoded: [Int32] = []
        for id in 0..<layout.foldedCount {
            decoded.removeAll(keepingCapacity: true)
            let list = try view.postings(id)
            try list.decode(view.reader, into: &decoded)
            guard decoded == expected[id] else {
                throw IndexDamage(reason: "the postings of folded term \(id) are wrong")
            }
            try checkSkips(list, decoded, term: id)
            try checkRanking(list, decoded, ranking, term: id)
        }
    }
}
