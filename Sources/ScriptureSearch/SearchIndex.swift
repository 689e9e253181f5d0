import ScriptureModel
import ScriptureStore
import Synchronization
import TextNormalization

/// A version's search index, read in place from its store file: answers queries offline, as the user types.
///
/// Opening checks the section's header; each search reads only the dictionaries' blocks, the postings and
/// the tokens it needs. Immutable, so any number of threads may search at once.
public struct SearchIndex: Sendable {
    /// The version searched.
    public let store: VersionStore
    private let bytes: StoreBytes
    /// What opening the section read, kept with the store so that opening again costs a look-up.
    private let prepared: Prepared
    /// What opening the section read: its header and dictionaries.
    private var opened: IndexView.Opened { prepared.opened }
    /// The verse-table index of each book's first verse, then the verse count.
    var bookStarts: [Int] { prepared.bookStarts }
    /// The books' ids, in the store's order.
    var bookIDs: [BookID] { prepared.bookIDs }
    /// Verse references without the store's chapter records, once enough have been asked for.
    var keys: VerseKeyCache { prepared.keys }
    /// The word forms of `phrases` in `view` (`WordForms`), kept for the next search of the same words.
    func wordForms(_ phrases: [[ResolvedTerm.Matcher]], view: IndexView) throws(IndexDamage) -> WordForms? {
        guard let key = WordForms.key(phrases) else { return nil }
        if let last = prepared.lastForms.withLock({ $0 }), last.key == key { return last.forms }
        let made = try WordForms(phrases: phrases, view: view)
        prepared.lastForms.withLock { $0 = (key, made) }
        return made
    }

    /// Counts `hits` more hits highlighted; returns how many were before them (`WordForms.hitsBefore`).
    func countHighlighted(_ hits: Int) -> Int {
        prepared.highlighted.wrappingAdd(hits, ordering: .relaxed).oldValue
    }

    /// What an index needs from its store besides the bytes, made once per store (it holds no store).
    final class Prepared: Sendable {
        let opened: IndexView.Opened
        let bookStarts: [Int]
        let bookIDs: [BookID]
        let keys = VerseKeyCache()
        let highlighted = Atomic(0)
        /// The last query's word forms (`WordForms.key`), which the next page of it or the same query again
        /// needs.
        let lastForms = Mutex<(key: [Int], forms: WordForms?)?>(nil)

        init(opened: IndexView.Opened, bookStarts: [Int], bookIDs: [BookID]) {
            self.opened = opened
            self.bookStarts = bookStarts
            self.bookIDs = bookIDs
        }
    }

    /// Opens `store`'s index: checks the section's header and reads its dictionaries' counts, once per store
    /// (kept with it as an attachment, with what later searches have checked; later opens reuse them).
    ///
    /// - Throws: `SearchError.noIndex` when the file has none, `.damaged` when its header is wrong.
    /// - Complexity: O(1); each dictionary block, posting list, verse block and exact table is checked when a
    ///   search first reads it.
    public init(store: VersionStore) throws(SearchError) {
        guard let bytes = store.sectionBytes(.searchIndex) else { throw .noIndex(path: store.path) }
        self.store = store
        self.bytes = bytes
        prepared = try store.attachment("ScriptureSearch.SearchIndex") { () throws(SearchError) -> Prepared in
            let opened: IndexView.Opened
            do throws(IndexDamage) {
                opened = try bytes.withUnsafeBytes { buffer throws(IndexDamage) in
                    try IndexView(IndexReader(buffer)).opened
                }
            } catch {
                throw SearchError(error, in: store)
            }
            guard opened.layout.verseCount == store.verseCount else {
                throw .damaged(
                    path: store.path,
                    reason: "\(opened.layout.verseCount) verses indexed, the store has \(store.verseCount)")
            }
            return Prepared(
                opened: opened, bookStarts: store.bookVerseStarts, bookIDs: store.books.map(\.id))
        }
    }

    /// Runs `body` over the section; damage becomes `SearchError.damaged`.
    func read<Result>(_ body: (IndexView) throws(IndexDamage) -> Result) throws(SearchError) -> Result {
        do throws(IndexDamage) {
            return try bytes.withUnsafeBytes { buffer throws(IndexDamage) in
                try body(IndexView(IndexReader(buffer), opened: opened))
            }
        } catch {
            throw SearchError(error, in: store)
        }
    }

    /// Every verse that matches `query` within the options' books, in the options' order (paging ignored).
    ///
    /// - Complexity: see `QueryExecutor`; relevance order adds scoring every hit (`QueryExecutor.ranked`).
    public func matches(_ query: SearchQuery, options: SearchOptions = SearchOptions()) throws(SearchError)
        -> SearchMatches
    {
        let scope = self.scope(options)
        try requireAttributes(of: query)
        return try read { view throws(IndexDamage) in
            let executor = try QueryExecutor(index: view, query: query, bookStarts: bookStarts)
            return try executor.matches(scope: scope, order: options.order)
        }
    }

    /// The best `limit` verses matching `query` by BM25 (best first, ties in canon order, with their
    /// scores) and how many verses match in all: what a page of relevance-ordered hits needs before any
    /// verse text is read. The options' books limit the search; their order and paging are not used.
    ///
    /// - Complexity: see `QueryExecutor.ranked`: a single word scores only its best blocks.
    public func best(_ query: SearchQuery, limit: Int, options: SearchOptions = SearchOptions()) throws(SearchError)
        -> (matches: SearchMatches, total: Int)
    {
        let scope = self.scope(options)
        try requireAttributes(of: query)
        return try read { view throws(IndexDamage) in
            let executor = try QueryExecutor(index: view, query: query, bookStarts: bookStarts)
            return try executor.best(scope: scope, limit: max(0, limit))
        }
    }

    /// Throws `noAttribute` when the query asks for an attribute (`strong:`, `lemma:`, `morph:`) this
    /// version does not carry.
    private func requireAttributes(of query: SearchQuery) throws(SearchError) {
        let fields = query.fields
        if fields.isEmpty { return }
        for field in AttributeTerms.Field.allCases where fields.contains(field) {
            if try !read({ view throws(IndexDamage) in try view.has(field) }) {
                throw .noAttribute(version: store.metadata.abbreviation, field: field)
            }
        }
    }

    /// The reference of verse `index` of the verse table, from `table` when given, else from the store.
    func key(ofVerse index: Int, table: VerseKeyTable?) throws(StoreError) -> VerseKey {
        if let table {
            guard let key = table.key(ofVerse: index) else { throw .notFound("verse \(index)") }
            return key
        }
        return try store.verseKey(at: index)
    }

    /// The verses the options allow, or nil when they allow every verse.
    func scope(_ options: SearchOptions) -> IDSet? {
        if options.testament == .all, options.books == nil { return nil }
        guard bookIDs.contains(where: { !options.includes($0) }) else { return nil }
        var set = IDSet(count: store.verseCount)
        for (index, book) in bookIDs.enumerated() where options.includes(book) {
            for verse in bookStarts[index]..<bookStarts[index + 1] { set.insert(verse) }
        }
        return set
    }

    /// "Did you mean": for each word of the query (of three letters or more) that is not indexed, the
    /// nearest indexed words; for the first `suggestedWords` such words (each is compared with the whole
    /// vocabulary: a query of 2,000 unknown words took 5.5 s).
    func suggestions(for query: SearchQuery) throws(SearchError) -> [SearchPage.Suggestion] {
        var result: [SearchPage.Suggestion] = []
        // Numbers and words of one or two letters get no suggestions: any short word is "near" them.
        for term in query.positivePhrases.flatMap(\.terms)
        where term.field == nil && !term.isPrefix && term.text.unicodeScalars.count >= 3
            && !term.text.allSatisfy(\.isNumber)
        {
            guard result.count < Self.suggestedWords else { break }
            let word = query.mode == .exact ? SearchFolding.fold(term.text) : term.text
            guard !result.contains(where: { $0.word == word }) else { continue }
            let alternatives = try read { view throws(IndexDamage) -> [String]? in
                guard try view.folded.rank(of: Array(word.utf8)) == nil else { return nil }
                return try SpellingSuggester.nearest(word, in: view)
            }
            if let alternatives { result.append(SearchPage.Suggestion(word: word, alternatives: alternatives)) }
        }
        return result
    }

    /// At most this many unknown words of a query get suggestions.
    static let suggestedWords = 8
}

extension VersionStore {
    /// Opens this version's search index (see `SearchIndex`).
    public func searchIndex() throws(SearchError) -> SearchIndex {
        try SearchIndex(store: self)
    }

    /// Searches this version: one page of hits and the totals (see `SearchIndex.search(_:options:)`). The
    /// index's dictionaries are read on the first search and kept with the store.
    public func search(_ query: String, options: SearchOptions = SearchOptions()) throws(SearchError) -> SearchPage {
        try SearchIndex(store: self).search(query, options: options)
    }
}
