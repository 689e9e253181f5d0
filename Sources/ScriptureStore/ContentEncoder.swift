import ScriptureModel

/// Encodes chapters and introductions into the content stream described by `ContentOp`.
///
/// One pass per book: the stream is written with its string and style ids left out, each counted in the
/// book's own interners and noted in `ids` (where it goes, and its id among the book's values). Once the
/// counts of all books are merged and frozen, so that the most used values have the shortest ids, the
/// file's ids are put in (`PendingIDs.resolve`). Each book has its own encoder, so books are encoded in
/// parallel.
struct ContentEncoder {
    /// The strings met so far, with their counts, under the book's own ids.
    var strings = FrequencyInterner<ByteString>()
    /// The encoded streams, one after another, without their ids.
    var out = ByteWriter()
    /// The ids left out of `out`, in stream order.
    var ids = PendingIDs()

    /// The verse text of the chapter being encoded, and how far the runs have used it.
    var verseText: ArraySlice<UInt8> = []
    var cursor = 0
    /// The text run being matched or written, white space collapsed: the first `scratchCount` bytes.
    var scratch: [UInt8] = []
    var scratchCount = 0
    /// The content being encoded, and its text bytes while `blocks(of:flow:)` runs.
    private var content = FlatContent()
    /// The styles met so far, with their counts, found from the nodes (a style's index is the book's id for it).
    private var lookup = StyleLookup()
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The content's nodes and attributes while `blocks(of:flow:)` runs, read in place.
    private var nodes = UnsafeBufferPointer<FlatNode>(start: nil, count: 0)
    private var attributes = UnsafeBufferPointer<FlatAttribute>(start: nil, count: 0)
    /// The string id of each of the content's strings used as a marker, once met (else -1).
    private var markerIDs: [Int] = []

    /// Encodes a chapter whose verse text (all its verses, concatenated) is `verseText`.
    mutating func chapter(_ chapter: Chapter, verseText: ArraySlice<UInt8>) throws(StoreError) {
        self.verseText = verseText
        cursor = 0
        var flags: UInt8 = 0
        if chapter.label != nil { flags |= ChapterFlags.label }
        if chapter.alternateNumber != nil { flags |= ChapterFlags.alternate }
        if chapter.publishedNumber != nil { flags |= ChapterFlags.published }
        out.u8(flags)
        for text in [chapter.label, chapter.alternateNumber, chapter.publishedNumber] {
            if let text { try string(text) }
        }
        // Let go of the caller's text buffer, which it goes on appending to (a kept slice would copy it).
        defer { self.verseText = [] }
        try blocks(of: chapter.content, flow: true)
    }

    /// Encodes a book's introduction (titles and introduction paragraphs).
    mutating func introduction(_ content: FlatContent) throws(StoreError) {
        verseText = []
        cursor = 0
        try blocks(of: content, flow: false)
    }

    /// Counts a pooled string and leaves its id's place.
    mutating func string(_ text: String) throws(StoreError) {
        try ids.add(.string, strings.countGivingID(text), at: out.count)
    }

    /// Counts the marker of node `index` and leaves its id's place; the content's strings are looked up once.
    private mutating func marker(of index: Int) throws(StoreError) {
        let marker = nodes[index].marker
        guard marker != FlatNode.none else { return try string("") }
        var id = markerIDs[Int(marker)]
        if id < 0 {
            id = strings.countGivingID(content.strings[Int(marker)])
            markerIDs[Int(marker)] = id
        } else {
            strings.count(id: id)
        }
        try ids.add(.string, id, at: out.count)
    }

    /// The styles met so far, with their counts, under the book's own ids.
    var styles: StyleSet { lookup.styles }

    /// Counts the style of node `index` (its marker the token `marker` when given, else the node's) and leaves
    /// its id's place.
    private mutating func style(ofNode index: Int, marker: Int? = nil) throws(StoreError) {
        try ids.add(.style, lookup.id(of: nodes[index], attributes, bytes, marker: marker), at: out.count)
    }

    mutating func op(_ op: ContentOp, _ flags: UInt8 = 0) { out.u8(op.rawValue | flags) }

    /// Encodes every top-level block of `content`, reading its text through one pointer.
    private mutating func blocks(of content: FlatContent, flow: Bool) throws(StoreError) {
        self.content = content
        lookup.start(content)
        markerIDs = Array(repeating: -1, count: content.strings.count)
        defer { self.content = FlatContent() }
        try content.bytes.withUnsafeBufferPointer { (bytes) throws(StoreError) in
            try content.nodes.withUnsafeBufferPointer { (nodes) throws(StoreError) in
                try content.attributes.withUnsafeBufferPointer { (attributes) throws(StoreError) in
                    (self.bytes, self.nodes, self.attributes) = (bytes, nodes, attributes)
                    defer {
                        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
                        self.nodes = UnsafeBufferPointer(start: nil, count: 0)
                        self.attributes = UnsafeBufferPointer(start: nil, count: 0)
                    }
                    for block in content.topLevel { try self.block(block, flow: flow) }
                }
            }
        }
    }

    /// Encodes the block at node `index` (any node that is not a table or sidebar counts as a paragraph,
    /// as `FlatContent.block(at:)` has it).
    private mutating func block(_ index: Int, flow: Bool) throws(StoreError) {
        switch nodes[index].kind {
        case .table:
            op(.table)
            for row in content.children(of: index) where nodes[row].kind == .row {
                op(.row)
                try inlines(in: row, flow: flow, depth: 2, skippingCells: true)
                op(.end)
                for cell in content.children(of: row) where nodes[cell].kind == .cell {
                    op(.cell)
                    try marker(of: cell)
                    out.varint(nodes[cell].columnSpan)
                    try inlines(in: cell, flow: flow, depth: 2)
                    op(.end)
                }
                op(.end)
            }
            op(.end)
        case .sidebar:
            // `PARAGRAPH "\u{1}esb" [category] END block* PARAGRAPH "\u{1}esbe" END` (see `ContentOp`).
            op(.paragraph)
            try string(SidebarMarkers.start)
            if nodes[index].hasCategory {
                // Written as it is (a text run would collapse its white space).
                op(.textLiteral)
                out.varint(textRange(index).count)
                out.append(bytes[textRange(index)])
            }
            op(.end)
            for inner in content.children(of: index) { try self.block(inner, flow: false) }
            op(.paragraph)
            try string(SidebarMarkers.end)
            op(.end)
        default:
            let marker = content.marker(of: index)
            guard !SidebarMarkers.isReserved(marker) else {
                throw .cannotEncode("a paragraph marker starts with U+0001, which the store keeps for sidebars")
            }
            op(.paragraph)
            try self.marker(of: index)
            let carries = ParagraphKind(marker: marker).carriesVerseText
            try inlines(in: index, flow: flow && carries, depth: 1)
            op(.end)
        }
    }

    /// The sibling after `index` inside `end`, past cells when `skippingCells` (a row's leading inlines).
    private func sibling(after index: Int, end: Int, skippingCells: Bool) -> Int {
        var next = Int(nodes[index].end)
        while skippingCells, next < end, nodes[next].kind == .cell { next = Int(nodes[next].end) }
        return next
    }

    /// Encodes the inline children of node `parent` (a row's cells left out when `skippingCells`).
    private mutating func inlines(
        in parent: Int, flow: Bool, depth: Int, skippingCells: Bool = false
    ) throws(StoreError) {
        guard depth < maximumContentDepth else {
            throw .cannotEncode("content nested deeper than \(maximumContentDepth) levels")
        }
        let end = Int(nodes[parent].end)
        var index = parent + 1
        while skippingCells, index < end, nodes[index].kind == .cell { index = Int(nodes[index].end) }
        while index < end {
            let node = nodes[index]
            var next = sibling(after: index, end: end, skippingCells: skippingCells)
            switch node.kind {
            case .text:
                text(textBytes(index), flow: flow)
            case .verse:
                try verse(index)
            case .character:
                if flow, node.isClosed, Int(node.end) == index + 2, nodes[index + 1].kind == .text,
                    let run = match(textBytes(index + 1))
                {
                    var flags = run.flags
                    if next < end, nodes[next].kind == .text, Self.isSpaceOnly(textBytes(next)) {
                        flags |= TextFlags.spaceAfter
                        next = sibling(after: next, end: end, skippingCells: skippingCells)
                    }
                    op(.word, flags)
                    try style(ofNode: index)
                    out.varint(run.length)
                    index = next
                    continue
                }
                op(.span, node.isClosed ? 0 : OpFlags.unclosed)
                try style(ofNode: index)
                try inlines(in: index, flow: flow, depth: depth + 1)
                op(.end)
            case .note:
                op(.note)
                try marker(of: index)
                try string(content.text(of: index))
                try inlines(in: index, flow: false, depth: depth + 1)
                op(.end)
            case .milestone:
                op(.milestone)
                try style(ofNode: index)
            case .figure:
                op(.figure)
                try style(ofNode: index, marker: lookup.token("fig"))
                out.varint(textRange(index).count)
                out.append(bytes[textRange(index)])
            case .optionalBreak:
                op(.optionalBreak)
            case .paragraph, .table, .row, .cell, .sidebar:
                // Not an inline: `FlatContent.inline(at:)` keeps its text, and so does the store.
                let text = content.subtreeText(of: index)
                text.withUnsafeBufferPointer { self.text($0, flow: flow) }
            }
            index = next
        }
    }

    /// A text node's bytes, through the pointer `blocks(of:flow:)` holds.
    func textBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[textRange(index)])
    }

    /// Where node `index`'s text is in the content's bytes (`FlatContent.textRange(of:)`).
    private func textRange(_ index: Int) -> Range<Int> {
        let start = Int(nodes[index].textStart)
        return start..<(start + Int(nodes[index].textCount))
    }

    private mutating func verse(_ index: Int) throws(StoreError) {
        let alternate = content.alternateNumber(of: index)
        let published = content.publishedNumber(of: index)
        var flags: UInt8 = 0
        if alternate != nil { flags |= OpFlags.alternate }
        if published != nil { flags |= OpFlags.published }
        op(.verse, flags)
        let label = content.text(of: index)
        if let number = VerseLabel.number(label) {
            out.varint(number << 1)
        } else {
            try ids.add(.verseLabel, strings.countGivingID(label), at: out.count)
        }
        for text in [alternate, published] {
            if let text { try string(text) }
        }
    }
}
