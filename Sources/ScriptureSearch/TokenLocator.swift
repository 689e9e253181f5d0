import LecternKernels

/// Highlights a hit from the index alone: the verse's tokens say which words match, and each token's
/// exact text is found in the verse text in order, so the text is not split again.
///
/// The exact term of a token is its text in NFC (which the stored text is) unless it held an invisible
/// format character (a word joiner, a soft hyphen) that folding removed; then, or when anything else does
/// not line up, `locate` gives nil and the caller splits the text with `WordBreaker` instead.
///
/// One locator serves a page of hits: its buffers are kept from one hit to the next.
struct TokenLocator {
    let view: IndexView
    let exactMode: Bool
    /// The verse's exact token ids (the first `exactCount`).
    var exact: [Int32] = []
    var exactCount = 0
    /// The tokens the phrases are matched against: the exact ids, or in the default mode the folded ids of
    /// the tokens that fold to something (the first `tokenCount`), each one's place among the exact tokens
    /// in `positions` unless every token folds to something.
    private var tokens: [Int32] = []
    private var tokenCount = 0
    private var positions: [Int] = []
    /// The first and last exact token of each occurrence of a phrase (the first `spanCount`).
    var spans: [(first: Int, last: Int)] = []
    var spanCount = 0
    /// Whether each endpoint is a span of its own and `spans` is not filled (words, not phrases).
    var endpointsAreSpans = false
    /// The tokens that start or end a span, increasing: the ones whose bounds are needed (the first
    /// `endpointCount`). Both lists keep their storage from one hit to the next.
    var endpoints: [Int] = []
    var endpointCount = 0
    /// Each endpoint's UTF-8 and UTF-16 start and end, four numbers an endpoint (by its place in
    /// `endpoints`).
    private var bounds: [Int] = []

    /// The phrases to highlight, each given by its terms' matchers.
    let phrases: [[ResolvedTerm.Matcher]]
    /// When every phrase is one word or prefix in the default mode: each one's folded ids (first, count), so
    /// that a verse's tokens are matched as they are decoded.
    private let wordRanges: [(first: Int32, count: UInt32)]?

    init(view: IndexView, exactMode: Bool, phrases: [[ResolvedTerm.Matcher]]) {
        self.view = view
        self.exactMode = exactMode
        self.phrases = phrases
        var wordRanges: [(first: Int32, count: UInt32)]? = []
        for matchers in phrases {
            guard !exactMode, matchers.count == 1, case .folded(let ranks) = matchers[0],
                ranks.upperBound <= Int(Int32.max)
            else {
                wordRanges = nil
                break
            }
            wordRanges?.append((Int32(ranks.lowerBound), UInt32(ranks.count)))
        }
        self.wordRanges = wordRanges
    }

    /// The highlight ranges of the phrases in verse `verse`, whose text is `text`; nil when the tokens cannot
    /// be lined up with the text.
    ///
    /// - Complexity: O(verse tokens × phrase terms + text up to the last highlight).
    mutating func highlights(verse: Int, text: String) throws(IndexDamage) -> [SearchHighlight]? {
        guard !phrases.isEmpty else { return [] }
        let range = try view.tokenRange(verse)
        spanCount = 0
        endpointCount = 0
        endpointsAreSpans = false
        let lastNeeded: Int
        if let wordRanges {
            lastNeeded = try findWords(wordRanges, range)
        } else {
            lastNeeded = try findPhrases(range)
        }
        return try ranges(through: lastNeeded, in: text)
    }

    /// The ranges of the spans found, located in `text` through token `lastNeeded` (none when it is -1),
    /// merged; nil when the tokens cannot be lined up with the text.
    mutating func ranges(through lastNeeded: Int, in text: String) throws(IndexDamage) -> [SearchHighlight]? {
        guard lastNeeded >= 0 else { return [] }
        var copy = text
        let located = copy.withUTF8 { bytes in
            Result { () throws(IndexDamage) in try locate(through: lastNeeded, in: bytes) }
        }
        guard try located.get() else { return nil }
        if endpointsAreSpans {
            var highlights = (0..<endpointCount).map { endpoint in
                SearchHighlight(
                    utf16: bounds[4 * endpoint + 2]..<bounds[4 * endpoint + 3],
                    utf8: bounds[4 * endpoint]..<bounds[4 * endpoint + 1])
            }
            Highlighter.merge(&highlights)
            return highlights
        }
        var highlights = spans[..<spanCount].map { span in
            let first = 4 * endpoint(at: span.first)
            let last = 4 * endpoint(at: span.last)
            return SearchHighlight(
                utf16: bounds[first + 2]..<bounds[last + 3], utf8: bounds[first]..<bounds[last + 1])
        }
        Highlighter.merge(&highlights)
        return highlights
    }

    /// The place in `endpoints` of token `position`, one of them.
    ///
    /// - Complexity: O(log endpoints).
    private func endpoint(at position: Int) -> Int {
        var low = 0
        var high = endpointCount - 1
        while low < high {
            let middle = (low + high) / 2
            if endpoints[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Decodes the verse's tokens in `range`, noting each one that one of the words `ranges` matches as it
    /// goes (an endpoint that is a span of its own, in order); returns the last one's place, or -1.
    private mutating func findWords(
        _ ranges: [(first: Int32, count: UInt32)], _ range: Range<Int>
    ) throws(IndexDamage) -> Int {
        (exactCount, endpointCount) = try view.reader.matchWords(
            in: range, below: view.layout.exactCount, table: try view.exactToFolded(),
            mappedBelow: view.layout.foldedCount, skipping: SearchIndexFormat.noFoldedTerm, words: ranges,
            into: &exact, places: &endpoints)
        endpointsAreSpans = true
        return endpointCount > 0 ? endpoints[endpointCount - 1] : -1
    }

    /// Decodes the verse's tokens in `range` and notes where each phrase occurs; returns the last token
    /// needed, or -1.
    private mutating func findPhrases(_ range: Range<Int>) throws(IndexDamage) -> Int {
        (exactCount, tokenCount) = try view.reader.tokens(
            in: range, below: view.layout.exactCount,
            table: exactMode ? nil : try view.exactToFolded(), mappedBelow: view.layout.foldedCount,
            skipping: SearchIndexFormat.noFoldedTerm, into: &exact, mapped: &tokens)
        if exactMode { tokenCount = exactCount }
        let mapsAll = tokenCount == exactCount
        if !mapsAll { try findPositions() }
        var lastNeeded = -1
        let matched = exactMode ? exact : tokens
        for matchers in phrases {
            QueryExecutor.forEachOccurrence(of: matchers, in: matched[0..<tokenCount]) { start in
                let last = start + matchers.count - 1
                let span = mapsAll ? (start, last) : (positions[start], positions[last])
                Self.put(span, at: &spanCount, in: &spans)
                lastNeeded = max(lastNeeded, span.1)
                return true
            }
        }
        for span in spans[..<spanCount] {
            Self.put(span.first, at: &endpointCount, in: &endpoints)
            Self.put(span.last, at: &endpointCount, in: &endpoints)
        }
        let needed = endpoints[..<endpointCount]
        if zip(needed, needed.dropFirst()).contains(where: { $0 > $1 }) { endpoints[..<endpointCount].sort() }
        return lastNeeded
    }

    /// Writes `element` at `count` in `list` (appending when the list is that short) and counts it: a list
    /// emptied by setting its count to 0 keeps its storage without `removeAll`'s call.
    @inline(__always)
    static func put<Element>(_ element: Element, at count: inout Int, in list: inout [Element]) {
        if count < list.count { list[count] = element } else { list.append(element) }
        count += 1
    }

    /// Notes the place among the exact tokens of each token that folds to something.
    private mutating func findPositions() throws(IndexDamage) {
        positions.removeAll(keepingCapacity: true)
        for position in 0..<exactCount where try view.foldedID(ofExact: Int(exact[position])) != nil {
            positions.append(position)
        }
        guard positions.count == tokenCount else { throw IndexDamage(reason: "the tokens fold inconsistently") }
    }

    /// Finds exact tokens `0...last` in order in the text's UTF-8 `bytes`, noting the endpoints' bounds; false
    /// when a token's text is not where it should be.
    ///
    /// A token that the text has in ASCII, with ASCII on both sides, is the next run of ASCII letters, digits
    /// and `_` (the tokenizer's rule there), so the tokens before an endpoint are passed over as runs without
    /// reading their exact text. So is a token (an endpoint too) that is such a run after separators only,
    /// with ASCII or general punctuation (quotes, dashes) on both sides, which end a token and are never part
    /// of one. Any other token's exact text is matched in the text, after separators only.
    private mutating func locate(through last: Int, in text: UnsafeBufferPointer<UInt8>) throws(IndexDamage) -> Bool {
        if bounds.count < 4 * endpointCount { bounds = [Int](repeating: 0, count: max(64, 8 * endpointCount)) }
        let view = self.view
        let exact = self.exact
        let endpoints = self.endpoints
        let endpointCount = self.endpointCount
        return try bounds.withUnsafeMutableBufferPointer { bounds throws(IndexDamage) -> Bool in
            var cursor = 0
            var cursor16 = 0
            var nextEndpoint = 0
            var position = 0
            while position <= last {
                while nextEndpoint < endpointCount, endpoints[nextEndpoint] < position { nextEndpoint += 1 }
                let upTo = nextEndpoint < endpointCount ? min(endpoints[nextEndpoint], last + 1) : last + 1
                if position < upTo {
                    // Tokens before the next endpoint: passed over as ASCII runs where the text allows.
                    let (end, passed) = ASCIIRuns.skip(text, from: cursor, runs: upTo - position)
                    cursor16 += end - cursor
                    cursor = end
                    position += passed
                    if position == upTo { continue }
                }
                let found: Int
                let end: Int
                var units = 0
                if let run = Self.punctuatedRun(text, from: cursor) {
                    // An ASCII run between separators is the token, its text not read.
                    (found, end) = (run.start, run.end)
                    cursor16 += run.units
                    units = end - found
                } else {
                    let term = try view.reader.bytes(try view.exactString(Int(exact[position])))
                    guard let first = term.first else { return false }
                    var at = cursor
                    while true {
                        guard term.count <= text.count - at else { return false }
                        if text[at] == first, Self.equal(term, text, at: at) { break }
                        // Only separators lie between tokens: a letter, mark, digit or invisible format
                        // character here means the tokens do not line up with the text.
                        guard let length = Self.separatorLength(text, at: at) else { return false }
                        at += length
                        cursor16 += length == 4 ? 2 : 1
                    }
                    (found, end) = (at, at + term.count)
                    units = UTF8Counts.utf16Count(term)
                }
                // Every place in `endpoints` this token holds (a token can start one span and end another).
                var endpoint = nextEndpoint
                while endpoint < endpointCount, endpoints[endpoint] == position {
                    bounds[4 * endpoint] = found
                    bounds[4 * endpoint + 1] = end
                    bounds[4 * endpoint + 2] = cursor16
                    bounds[4 * endpoint + 3] = cursor16 + units
                    endpoint += 1
                }
                cursor = end
                cursor16 += units
                position += 1
            }
            return true
        }
    }
}
