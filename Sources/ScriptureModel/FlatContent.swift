/// The blocks of a chapter or an introduction, stored flat: one array of nodes in document order,
/// the UTF-8 of every text run in one buffer, markers and attribute names in one small table, and
/// attributes and source locations in side tables.
///
/// A node's subtree is the nodes after it up to its `end`, so a walk is a loop over an array and a
/// subtree is skipped by jumping to its `end`. Building and copying content allocates per array, never
/// per node or per text run. `Chapter.blocks` and `Book.introduction` give the same content as the
/// `Block`/`Inline` tree, made on demand; code on a hot path (the store, verse text, exports) walks
/// the nodes instead.
///
/// The shapes, by node kind (children in order):
/// - `paragraph`: inlines; `marker` is the style, `location` is set.
/// - `table`: rows; `location` is set. `row`: its leading inlines, then cells; `location` is set.
///   `cell`: inlines; `marker` and `columnSpan` are set.
/// - `sidebar`: blocks; `text` is the category when `hasCategory`; `location` is set.
/// - `text`: a run of text (no children). `verse`: `text` is the number; its alternate and published
///   numbers are `alternateNumber(of:)` and `publishedNumber(of:)`; `location` is set.
/// - `character`: inlines; `marker`, attributes and `isClosed`. `note`: inlines; `marker` and the
///   caller in `text`. `milestone`: `marker` and attributes. `figure`: the caption in `text` and
///   attributes. `optionalBreak`: nothing.
public struct FlatContent: Sendable {
    /// The nodes in document order (each node before its children).
    public internal(set) var nodes: [FlatNode] {
        @inlinable _read { yield nodeStorage }
        _modify { yield &nodeStorage }
    }
    /// The UTF-8 bytes of every node's `text`.
    public internal(set) var bytes: [UInt8] {
        @inlinable _read { yield byteStorage }
        _modify { yield &byteStorage }
    }
    /// Markers, attribute names and file paths, each once.
    public internal(set) var strings: [String] = []
    /// Attributes of character spans, milestones and figures, and a verse's alternate and published numbers.
    public internal(set) var attributes: [FlatAttribute] {
        @inlinable _read { yield attributeStorage }
        _modify { yield &attributeStorage }
    }
    // The storage of `nodes`, `bytes` and `attributes`, for the builder steps inlined into parsers.
    @usableFromInline var nodeStorage: [FlatNode] = []
    @usableFromInline var byteStorage: [UInt8] = []
    @usableFromInline var attributeStorage: [FlatAttribute] = []
    /// Source locations of paragraphs, tables, rows, sidebars and verses.
    public internal(set) var locations: [FlatLocation] = []
    /// Where each string of `strings` is, for interning while building.
    var stringIndex: [String: UInt32] = [:]

    /// Creates empty content.
    public init() {}

    /// Whether there are no blocks.
    public var isEmpty: Bool { nodes.isEmpty }

    /// The indices of the top-level nodes (the blocks), in order.
    public var topLevel: FlatChildren { FlatChildren(nodes: nodes, start: 0, end: nodes.count) }

    /// The indices of a node's children, in order.
    public func children(of index: Int) -> FlatChildren {
        FlatChildren(nodes: nodes, start: index + 1, end: Int(nodes[index].end))
    }

    /// A node's marker (style), or `""` when its kind has none.
    public func marker(of index: Int) -> String {
        let marker = nodes[index].marker
        return marker == FlatNode.none ? "" : strings[Int(marker)]
    }

    /// The UTF-8 bytes of a node's text: a run's text, a verse's number, a note's caller, a figure's
    /// caption or a sidebar's category.
    public func utf8(of index: Int) -> ArraySlice<UInt8> {
        let node = nodes[index]
        return bytes[Int(node.textStart)..<Int(node.textStart) + Int(node.textCount)]
    }

    /// A node's text as a string (see `utf8(of:)`).
    public func text(of index: Int) -> String {
        String(decoding: utf8(of: index), as: UTF8.self)
    }

    /// A node's attributes, in source order (none for a verse: see `alternateNumber(of:)`).
    public func attributes(of index: Int) -> [Attribute] {
        let node = nodes[index]
        guard node.kind != .verse else { return [] }
        return attributeRange(of: node).map { attribute(at: $0) }
    }

    /// The value of a node's attribute called `name`, if it has one.
    public func attribute(_ name: String, of index: Int) -> String? {
        let node = nodes[index]
        guard node.kind != .verse else { return nil }
        for slot in attributeRange(of: node) where strings[Int(attributes[slot].name)] == name {
            return value(of: attributes[slot])
        }
        return nil
    }

    /// A verse's alternate number (`\va`), if it has one.
    public func alternateNumber(of index: Int) -> String? {
        verseExtra(of: index, flag: FlatNode.hasAlternate)
    }

    /// A verse's published number (`\vp`), if it has one.
    public func publishedNumber(of index: Int) -> String? {
        verseExtra(of: index, flag: FlatNode.hasPublished)
    }

    /// Where a paragraph, table, row, sidebar or verse is in its source, if recorded.
    public func location(of index: Int) -> SourceLocation? {
        let slot = nodes[index].location
        guard slot != FlatNode.none else { return nil }
        let packed = locations[Int(slot)]
        return SourceLocation(
            file: strings[Int(packed.file)], line: Int(packed.line), column: Int(packed.column),
            offset: Int(packed.offset))
    }

    /// A paragraph's kind, from its marker.
    public func paragraphKind(of index: Int) -> ParagraphKind {
        ParagraphKind(marker: marker(of: index))
    }

    /// The number of nodes in a node's subtree, itself included.
    public func subtreeCount(of index: Int) -> Int { Int(nodes[index].end) - index }

    func attributeRange(of node: FlatNode) -> Range<Int> {
        Int(node.attributeStart)..<Int(node.attributeStart) + Int(node.attributeCount)
    }

    func attribute(at slot: Int) -> Attribute {
        Attribute(strings[Int(attributes[slot].name)], value(of: attributes[slot]))
    }

    func value(of attribute: FlatAttribute) -> String {
        String(decoding: bytes[Int(attribute.valueStart)..<Int(attribute.valueStart) + Int(attribute.valueCount)], as: UTF8.self)
    }

    private func verseExtra(of index: Int, flag: UInt8) -> String? {
        let node = nodes[index]
        guard node.kind == .verse, node.flags & flag != 0 else { return nil }
        // The alternate number comes first when both are there.
        let slot = flag == FlatNode.hasPublished && node.flags & FlatNode.hasAlternate != 0 ? 1 : 0
        return value(of: attributes[Int(node.attributeStart) + slot])
    }
}

/// One node of `FlatContent`: 32 bytes, no references.
public struct FlatNode: Sendable, Hashable {
    /// What a node is.
    public enum Kind: UInt8, Sendable, Hashable {
        /// A paragraph (`Block.paragraph`).
        case paragraph
        /// A table (`Block.table`).
        case table
        /// A table row.
        case row
        /// A table cell.
        case cell
        /// A sidebar (`Block.sidebar`).
        case sidebar
        /// A run of text (`Inline.text`).
        case text
        /// A verse start (`Inline.verse`).
        case verse
        /// A character span (`Inline.character`).
        case character
        /// A note (`Inline.note`).
        case note
        /// A milestone (`Inline.milestone`).
        case milestone
        /// A figure (`Inline.figure`).
        case figure
        /// An optional line break (`Inline.optionalBreak`).
        case optionalBreak
    }

    /// "No string" or "no location".
    public static let none = UInt32.max
    package static let isOpenSpan: UInt8 = 1
    package static let hasCategory: UInt8 = 2
    package static let hasAlternate: UInt8 = 4
    package static let hasPublished: UInt8 = 8

    /// The node's kind.
    public internal(set) var kind: Kind {
        @inlinable get { storedKind }
        set { storedKind = newValue }
    }
    /// The marker's index in `FlatContent.strings`, or `FlatNode.none`.
    public package(set) var marker: UInt32 {
        @inlinable get { storedMarker }
        @inlinable set { storedMarker = newValue }
    }
    /// One past the last node of this node's subtree.
    public package(set) var end: UInt32 {
        @inlinable get { storedEnd }
        @inlinable set { storedEnd = newValue }
    }
    // The stored fields, in layout order (`kind`, `marker` and `end` are read through the properties above).
    @usableFromInline package var storedKind: Kind
    @usableFromInline package var flags: UInt8 = 0
    /// A cell's column span.
    @usableFromInline package var span: UInt16 = 1
    @usableFromInline package var storedMarker: UInt32 = FlatNode.none
    @usableFromInline package var storedEnd: UInt32
    @usableFromInline package var textStart: UInt32 = 0
    @usableFromInline package var textCount: UInt32 = 0
    @usableFromInline package var attributeStart: UInt32 = 0
    @usableFromInline package var attributeCount: UInt32 = 0
    @usableFromInline package var location: UInt32 = FlatNode.none

    /// Whether a character span was closed in its source (see `CharacterSpan.isClosed`).
    public var isClosed: Bool { flags & FlatNode.isOpenSpan == 0 }
    /// Whether a sidebar has a category.
    public var hasCategory: Bool { flags & FlatNode.hasCategory != 0 }
    /// A table cell's column span (1 for every other node).
    public var columnSpan: Int { Int(span) }
    /// The length of the node's text in UTF-8 bytes.
    @inlinable public var textByteCount: Int { Int(textCount) }
}

extension FlatNode {
    /// A node of `kind` whose subtree ends at `end`, with no marker, text, attributes or location.
    @inlinable
    package init(kind: Kind, end: UInt32) {
        storedKind = kind
        storedEnd = end
    }
}

/// An attribute in `FlatContent`: a name in `strings`, a value in `bytes`.
public struct FlatAttribute: Sendable, Hashable {
    @usableFromInline package var name: UInt32
    @usableFromInline package var valueStart: UInt32
    @usableFromInline package var valueCount: UInt32
}

extension FlatAttribute {
    /// An attribute named by the string at `name`, its value the `count` bytes at `start`.
    @inlinable
    init(nameID name: UInt32, valueStart start: UInt32, count: UInt32) {
        self.name = name
        valueStart = start
        valueCount = count
    }
}

/// A source location in `FlatContent`, its file in `strings`. Lines, columns and offsets past
/// `UInt32.max` (more than any accepted source file has) are kept as `UInt32.max`.
public struct FlatLocation: Sendable, Hashable {
    var file: UInt32
    var line: UInt32
    var column: UInt32
    var offset: UInt32
}

/// The indices of sibling nodes, in order: each step jumps over the node's subtree.
public struct FlatChildren: Sequence, Sendable {
    let nodes: [FlatNode]
    let start: Int
    let end: Int

    /// Whether there are none.
    public var isEmpty: Bool { start >= end }

    /// Iterates the indices.
    public struct Iterator: IteratorProtocol {
        let nodes: [FlatNode]
        var position: Int
        let end: Int

        /// The next sibling's index.
        public mutating func next() -> Int? {
            guard position < end else { return nil }
            let current = position
            position = Int(nodes[current].end)
            return current
        }
    }

    /// An iterator from the first sibling.
    public func makeIterator() -> Iterator { Iterator(nodes: nodes, position: start, end: end) }
}
