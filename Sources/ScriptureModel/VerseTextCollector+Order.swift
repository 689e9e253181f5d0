/// What the collector knows of the order of the chapter being walked: where its verses start in each output,
/// and whether a verse came before one with a lower number (see `VerseTextCollector.finishChapter()`).
struct VerseOrder {
    /// Whether a chapter's verses are put in numeric order when it is finished (the outline of a book, which
    /// reports the order, keeps the source's).
    var sorts = true
    /// The chapter's first verse in `verses` or `spans`.
    var firstVerse = 0
    /// Where the chapter's text starts in `appended`, or its lines in `lines`.
    var textStart = 0
    /// Where each verse's line starts in `lines` (when the collector writes lines).
    var lineStarts: [Int] = []
    /// The number and label bytes (in the chapter's bytes) of the verse before, or -1 before the first.
    var previousNumber = -1
    var previousLabel = 0..<0
    /// Whether a verse came after one that sorts after it.
    var isOutOfOrder = false
}

extension VerseTextCollector {
    /// Starts the order of a new chapter at the outputs' current ends.
    mutating func beginChapterOrder() {
        order.firstVerse = keysAlone ? keys.count : appendsText ? spans.count : verses.count
        order.textStart = appendsText ? appended.count : lines.count
        order.lineStarts.removeAll(keepingCapacity: true)
        order.previousNumber = -1
        order.previousLabel = 0..<0
        order.isOutOfOrder = false
    }

    /// Notes the verse at node `index`, which starts now: whether it sorts before the verse before it, and
    /// where its line starts.
    ///
    /// - Complexity: O(label length).
    @inline(__always)
    mutating func noteVerseOrder(_ index: Int) {
        let node = nodes[index]
        let start = Int(node.textStart)
        let count = Int(node.textCount)
        guard start >= 0, count >= 0, start + count <= bytes.count else { return }
        let label = start..<(start + count)
        var number = 0
        for byte in bytes[label] {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            number = number &* 10 &+ Int(byte - 0x30)
            if number > 1_000_000 { break }
        }
        if writesLines { order.lineStarts.append(lines.count) }
        if number < order.previousNumber
            || (number == order.previousNumber
                && bytes[label].lexicographicallyPrecedes(bytes[order.previousLabel]))
        {
            order.isOutOfOrder = true
        }
        order.previousNumber = number
        order.previousLabel = label
    }

    /// Finishes the verse being collected and the chapter: when its verses came out of numeric order (and the
    /// collector sorts), they are put in order, as `VerseKey` sorts them (first number, then label; a stable
    /// sort): the verse texts, or the keys alone (`keysAlone`), or the spans with their text moved to match,
    /// or the `vref` lines.
    ///
    /// - Complexity: O(n) in the chapter's verses when they are in order, O(n log n) and a copy of the
    ///   chapter's text when they are not.
    mutating func finishChapter() {
        finishVerse()
        guard order.isOutOfOrder, order.sorts else { return }
        if writesLines {
            sortLines()
        } else if keysAlone {
            let first = order.firstVerse
            let sorted = Self.numericOrder(keys[first...].map(\.verse)).map { keys[first + $0] }
            keys.replaceSubrange(first..., with: sorted)
        } else if appendsText {
            sortSpans()
        } else {
            let first = order.firstVerse
            let sorted = Self.numericOrder(verses[first...].map(\.key.verse)).map { verses[first + $0] }
            verses.replaceSubrange(first..., with: sorted)
        }
        order.isOutOfOrder = false
    }

    /// The indices of `labels` in numeric order: by first number, then label, then place (stable).
    static func numericOrder(_ labels: [String]) -> [Int] {
        labels.indices.map { (VerseKey.leadingNumber(labels[$0]), labels[$0], $0) }
            .sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            .map(\.2)
    }

    private mutating func sortSpans() {
        let first = order.firstVerse
        let chapterSpans = Array(spans[first...])
        var text: [UInt8] = []
        text.reserveCapacity(appended.count - order.textStart)
        var sorted: [VerseSpan] = []
        sorted.reserveCapacity(chapterSpans.count)
        for index in Self.numericOrder(chapterSpans.map(\.key.verse)) {
            var span = chapterSpans[index]
            let start = order.textStart + text.count
            text.append(contentsOf: appended[span.range])
            span.range = start..<(order.textStart + text.count)
            sorted.append(span)
        }
        appended.replaceSubrange(order.textStart..., with: text)
        spans.replaceSubrange(first..., with: sorted)
    }

    private mutating func sortLines() {
        let starts = order.lineStarts
        let ends = Array(starts.dropFirst()) + [lines.count]
        // A line is `BOOK C:LABEL<TAB>text`: its label runs from the first `:` to the first tab.
        let labels = zip(starts, ends).map { start, end -> String in
            let line = lines[start..<end]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return "" }
            let tab = line[colon...].firstIndex(of: 0x09) ?? end
            return String(decoding: lines[(colon + 1)..<tab], as: UTF8.self)
        }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(lines.count - order.textStart)
        for index in Self.numericOrder(labels) { sorted.append(contentsOf: lines[starts[index]..<ends[index]]) }
        lines.replaceSubrange(order.textStart..., with: sorted)
    }
}
