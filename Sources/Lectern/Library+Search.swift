import Foundation

/// One Bible's answer to a search over several: its page of hits, or why it could not be searched.
public struct BibleSearchResult: Sendable {
    /// The Bible searched.
    public var metadata: VersionMetadata
    /// Its page of hits, or the error (a damaged index, a Bible without one).
    public var page: Result<SearchPage, SearchError>
}

/// Hits of several Bibles that fall on the same verse, once each Bible's numbering is mapped to Original.
public struct VerseHitGroup: Sendable {
    /// The verse in the Original numbering.
    public var original: SchemeVerse
    /// Per Bible (by its place in the results) the hits on that verse, in the Bibles' order.
    public var hits: [(bible: Int, hit: SearchHit)]
}

extension Library {
    /// Searches several Bibles (ids or abbreviations; `nil` for every Bible in the library) with the same
    /// query and options, results in library order (or the order named).
    ///
    /// The Bibles are spread over the machine's cores (`Parallel.map`). Their stores are opened with
    /// `openKept(_:)`: the next search through this library value (or a copy) finds them open, their pages read
    /// and checked, which on a library of many versions costs far less than mapping every file again.
    ///
    /// - Complexity: one search per Bible (a few µs each for a rare word), plus opening each store and its
    ///   index the first time, divided among the cores.
    /// - Throws: `StoreError` when a named Bible is not in the library (the first such, in the order named).
    public func search(_ text: String, bibles names: [String]?, options: SearchOptions = SearchOptions())
        throws(StoreError) -> [BibleSearchResult]
    {
        try searchSkippingRemoved(text, bibles: names, options: options).results
    }

    /// `search(_:bibles:options:)`, and with `names` nil (every Bible) the ids of the Bibles that were listed
    /// but removed before they could be searched (`lectern remove` in another process): those are left out,
    /// not an error for the whole search.
    public func searchSkippingRemoved(
        _ text: String, bibles names: [String]?, options: SearchOptions = SearchOptions()
    ) throws(StoreError) -> (results: [BibleSearchResult], removed: [Int]) {
        // (Not `names ?? ids()…`: `??`'s autoclosure throws `any Error`, not `StoreError`.)
        let bibles: [String]
        if let names { bibles = names } else { bibles = try ids().map { String($0) } }
        let byName = names != nil
        let found = try Parallel.map(bibles) { bible throws(StoreError) -> BibleSearchResult? in
            do throws(StoreError) {
                return try searchOne(text, bible: bible, byName: byName, options: options)
            } catch {
                // Listed a moment ago and gone now: skipped; any other failure is the search's.
                if !byName, let id = Int(bible), (try? ids().contains(id)) == false { return nil }
                throw error
            }
        }
        let removed = zip(bibles, found).compactMap { bible, result in result == nil ? Int(bible) : nil }
        return (found.compactMap { $0 }, removed)
    }

    /// Opens one Bible (by id, or by name when `byName`; kept open) and searches it.
    private func searchOne(
        _ text: String, bible: String, byName: Bool, options: SearchOptions
    ) throws(StoreError) -> BibleSearchResult {
        let store = try byName ? openKept(named: bible) : openKept(Int(bible) ?? -1)
        let page = Result { () throws(SearchError) -> SearchPage in try store.search(text, options: options) }
        return BibleSearchResult(metadata: store.metadata, page: page)
    }

    /// The hits of `results` grouped by the verse they fall on in the Original numbering (so Psalm 51:1 of an
    /// English-numbered Bible and 51:3 of a Hebrew-numbered one are one group), groups in canon order.
    public func groupByVerse(_ results: [BibleSearchResult]) throws -> [VerseHitGroup] {
        var groups: [SchemeVerse: [(bible: Int, hit: SearchHit)]] = [:]
        for (index, result) in results.enumerated() {
            guard case .success(let page) = result.page, !page.hits.isEmpty else { continue }
            // (A Bible removed since it was searched is still open, kept by `openKept`.)
            let scheme = try openKept(result.metadata.id).versification()
            for hit in page.hits {
                let key = SchemeVerse(hit.key.book, hit.key.chapter, VerseKey.leadingNumber(hit.key.verse))
                let original = scheme.map(key, to: .original).verses.first ?? key
                groups[original, default: []].append((index, hit))
            }
        }
        return groups.keys.sorted().map { VerseHitGroup(original: $0, hits: groups[$0] ?? []) }
    }
}
