import ScriptureModel
import ScriptureStore

extension SearchIndex {
    /// Parses `text` (see `QueryParser`) and returns the requested page of hits with their text and
    /// highlights, the total and per-book counts, the reference the text names if any, and "did you mean"
    /// suggestions when nothing matched.
    ///
    /// A text that names a reference but is not a valid query (`John 3:16-`) gives the reference and no hits.
    ///
    /// - Complexity: see `QueryExecutor` for the matching; the counts take O(hits + books), or O(V / 64)
    ///   when the hits are a bitmap (a common word, a prefix); only the page's hits are read from the store.
    ///   Relevance order adds reading every hit's tokens and a sort.
    public func search(_ text: String, options: SearchOptions = SearchOptions()) throws(SearchError) -> SearchPage {
        guard (1...SearchOptions.maximumPage).contains(options.page) else {
            throw .invalidOption("the page number must be from 1 to \(SearchOptions.maximumPage)")
        }
        guard (1...SearchOptions.maximumPageSize).contains(options.pageSize) else {
            throw .invalidOption("the page size must be between 1 and \(SearchOptions.maximumPageSize)")
        }
        let reference = SearchReference.detect(text, in: store)
        var page = SearchPage(
            query: text, reference: reference, totalCount: 0, bookCounts: [], page: options.page,
            pageSize: options.pageSize, hits: [], suggestions: [], order: options.order)
        let query: SearchQuery
        do throws(QueryError) {
            query = try QueryParser.parse(text, mode: options.mode)
        } catch {
            if reference != nil { return page }
            throw .query(error)
        }
        let scope = self.scope(options)
        var storeError: StoreError?
        let outcome = try read { view throws(IndexDamage) -> Found in
            let executor = try QueryExecutor(index: view, query: query, bookStarts: bookStarts)
            if let missing = try missingField(of: query, in: view) { return .missing(missing) }
            let verses = try executor.verses(scope: scope)
            let counts = verses.counts(bookStarts: bookStarts)
            let total = counts.isEmpty ? verses.count : counts.reduce(0, +)
            let first = (options.page - 1) * options.pageSize
            guard first < total else { return .found(counts, total, []) }
            let shown: SearchMatches
            if options.order == .relevance {
                let window = first..<min(total, first + options.pageSize)
                let ranked = try executor.ranked(verses, scope: scope, limit: window.upperBound)
                shown = SearchMatches(verses: Array(ranked.verses[window]), scores: Array(ranked.scores[window]))
            } else {
                shown = SearchMatches(verses: verses.verses(skipping: first, limit: options.pageSize), scores: [])
            }
            return .found(counts, total, try hits(shown, executor: executor, view: view, storeError: &storeError))
        }
        if let storeError { throw .store(storeError) }
        guard case .found(let counts, let total, let hits) = outcome else {
            if case .missing(let field) = outcome {
                throw .noAttribute(version: store.metadata.abbreviation, field: field)
            }
            return page
        }
        let found = (counts: counts, total: total, hits: hits)
        page.totalCount = found.total
        // One array of the books with hits, made at its size.
        var bookCounts: [SearchPage.BookCount] = []
        bookCounts.reserveCapacity(found.counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) })
        for (book, count) in zip(bookIDs, found.counts) where count > 0 {
            bookCounts.append(SearchPage.BookCount(book: book, count: count))
        }
        page.bookCounts = bookCounts
        page.hits = found.hits
        if found.total == 0 { page.suggestions = try suggestions(for: query) }
        return page
    }

    /// What a search found: the counts, total and page of hits, or a field the query needs that the version
    /// lacks.
    private enum Found {
        case found([Int], Int, [SearchHit])
        case missing(AttributeTerms.Field)
    }

    /// The first field the query searches that no word of the version carries.
    private func missingField(of query: SearchQuery, in view: IndexView) throws(IndexDamage) -> AttributeTerms.Field? {
        let fields = query.fields
        if fields.isEmpty { return nil }
        for field in AttributeTerms.Field.allCases where fields.contains(field) {
            if try !view.has(field) { return field }
        }
        return nil
    }

    /// The hits of `shown`: each verse's reference and text from the store, its highlights from the index.
    /// A store read that fails ends the list empty, its error in `storeError`.
    private func hits(
        _ shown: SearchMatches, executor: QueryExecutor, view: IndexView, storeError: inout StoreError?
    ) throws(IndexDamage) -> [SearchHit] {
        let phrases = executor.phrases
        // Made for the first hit that needs it.
        var locator: TokenLocator?
        func takeLocator() -> TokenLocator {
            locator.take() ?? TokenLocator(view: view, exactMode: executor.query.mode == .exact, phrases: phrases)
        }
        // A query of words highlights a simple text from the text alone, without decoding its tokens, once the
        // index has highlighted enough hits to pay for the forms' table.
        let before = countHighlighted(shown.verses.count)
        let forms = phrases.isEmpty || before < WordForms.hitsBefore ? nil : try wordForms(phrases, view: view)
        var room: [SearchHighlight] = []
        // Only a term with a field (`strong:`) matches attributes.
        let attributeSets = executor.query.fields.isEmpty ? [] : executor.attributeMatchers
        let attributes = AttributeHighlighter.union(attributeSets)
        let highest = attributes.last
        var ranges: [Int] = []
        var hits: [SearchHit] = []
        hits.reserveCapacity(shown.verses.count)
        let table = keys.table(for: shown.verses.count, store: store)
        let texts: [String]
        do throws(StoreError) {
            // One look-up and check per chapter of the page, not per hit.
            texts = try store.verseTexts(at: shown.verses)
        } catch {
            storeError = error
            return []
        }
        for (position, verse) in shown.verses.enumerated() {
            let text = texts[position]
            let key: VerseKey
            do throws(StoreError) {
                key = try self.key(ofVerse: verse, table: table)
            } catch {
                storeError = error
                return []
            }
            var highlights: [SearchHighlight]
            if phrases.isEmpty {
                // A query of fields alone (`strong:G2316`): nothing for the locator to find.
                highlights = []
            } else if let found = forms?.highlights(in: text, room: &room) {
                highlights = found
            } else {
                if locator == nil { locator = takeLocator() }
                highlights =
                    try locator?.highlights(verse: verse, text: text)
                    ?? Highlighter.highlights(of: executor.query, in: text)
            }
            if !attributeSets.isEmpty {
                let tagged = try AttributeHighlighter.highlights(
                    attributes, highest: highest, verse: verse, text: text, view: view, ranges: &ranges)
                highlights = highlights.isEmpty ? tagged : Highlighter.merged(highlights + tagged)
            }
            hits.append(
                SearchHit(
                    key: key, verseIndex: verse, text: text, highlights: highlights,
                    score: shown.scores.isEmpty ? nil : shown.scores[position]))
        }
        return hits
    }
}
