/// A word of a verse's text that carries attributes: where it lies in the text and its Strong's number,
/// lemma and morphology, as written in the file.
///
/// A word is 32 bytes: its values are indices into a table of values (`TaggedWordValues`) that the words of
/// one collection share, each distinct value stored once. An import holds every tagged word of a version
/// until its search index is built; three `String?` fields made a word 64 bytes, and a long lemma one more
/// allocation each.
public struct TaggedWord: Sendable {
    /// The values `strong`, `lemma` and `morph` index; nil while the collection that makes the word has not
    /// made its table (a shared placeholder would be retained and released by every thread for every word).
    private var values: TaggedWordValues?
    /// `utf8Range.lowerBound`.
    private var start: Int
    /// `utf8Range.count`.
    private var count: UInt32
    /// Indices in `values.strings`, or `TaggedWordValues.absent`.
    private var strongIndex: UInt32
    private var lemmaIndex: UInt32
    private var morphIndex: UInt32

    /// The word's bytes in the verse text (UTF-8 offsets); may start with the space before it.
    ///
    /// A word is at most `UInt32.max` bytes long.
    public var utf8Range: Range<Int> {
        get { start..<(start + Int(count)) }
        set {
            precondition(newValue.count <= Int(UInt32.max), "a tagged word is at most 4 GiB long")
            start = newValue.lowerBound
            count = UInt32(newValue.count)
        }
    }

    /// The `strong` attribute as written (`G3056`, `G30560`, `3056`, `c:H0559`, `H1254a`).
    public var strong: String? {
        get { values?.string(at: strongIndex) }
        set { self = TaggedWord(utf8Range: utf8Range, strong: newValue, lemma: lemma, morph: morph) }
    }

    /// The `lemma` attribute as written.
    public var lemma: String? {
        get { values?.string(at: lemmaIndex) }
        set { self = TaggedWord(utf8Range: utf8Range, strong: strong, lemma: newValue, morph: morph) }
    }

    /// The `x-morph` (or `morph`) attribute as written.
    public var morph: String? {
        get { values?.string(at: morphIndex) }
        set { self = TaggedWord(utf8Range: utf8Range, strong: strong, lemma: lemma, morph: newValue) }
    }

    /// Creates a tagged word.
    public init(utf8Range: Range<Int>, strong: String? = nil, lemma: String? = nil, morph: String? = nil) {
        var strings: [String] = []
        func index(_ value: String?) -> UInt32 {
            guard let value else { return TaggedWordValues.absent }
            strings.append(value)
            return UInt32(strings.count - 1)
        }
        let indices = (index(strong), index(lemma), index(morph))
        self.init(
            utf8Range: utf8Range, values: strings.isEmpty ? nil : TaggedWordValues(strings),
            strong: indices.0, lemma: indices.1, morph: indices.2)
    }

    /// A word whose values are `strong`, `lemma` and `morph` in `values` (or `TaggedWordValues.absent`).
    init(utf8Range: Range<Int>, values: TaggedWordValues?, strong: UInt32, lemma: UInt32, morph: UInt32) {
        self.values = values
        (start, count) = (0, 0)
        strongIndex = strong
        lemmaIndex = lemma
        morphIndex = morph
        self.utf8Range = utf8Range
    }

    /// Makes the word read its indices in `values` (the table its collection made when it ended).
    mutating func read(_ values: TaggedWordValues) {
        self.values = values
    }

    /// The word's attributes from a character span, or nil when it has none of the three.
    public init?(_ span: CharacterSpan, utf8Range: Range<Int>) {
        var strong: String?
        var lemma: String?
        var morph: String?
        for attribute in span.attributes {
            switch attribute.name {
            case "strong": strong = attribute.value
            case "lemma": lemma = attribute.value
            case "x-morph", "morph": morph = morph ?? attribute.value
            default: continue
            }
        }
        guard strong != nil || lemma != nil || morph != nil else { return nil }
        self.init(utf8Range: utf8Range, strong: strong, lemma: lemma, morph: morph)
    }
}

extension TaggedWord {
    /// The word's attributes from the character span at node `index` of `content`, or nil when it has
    /// none of the three.
    public init?(_ content: FlatContent, node index: Int, utf8Range: Range<Int>) {
        self.init(content, node: index, utf8Range: utf8Range, nameKinds: content.strings.map { Self.nameKind($0) })
    }

    /// As `init(_:node:utf8Range:)`, with each of the content's strings already classed by `nameKind(_:)`.
    init?(_ content: FlatContent, node index: Int, utf8Range: Range<Int>, nameKinds: [UInt8]) {
        let node = content.nodes[index]
        guard node.kind != .verse else { return nil }
        var strong: String?
        var lemma: String?
        var morph: String?
        for slot in content.attributeRange(of: node) {
            let attribute = content.attributes[slot]
            switch nameKinds[Int(attribute.name)] {
            case 1: strong = content.value(of: attribute)
            case 2: lemma = content.value(of: attribute)
            case 3: if morph == nil { morph = content.value(of: attribute) }
            default: continue
            }
        }
        guard strong != nil || lemma != nil || morph != nil else { return nil }
        self.init(utf8Range: utf8Range, strong: strong, lemma: lemma, morph: morph)
    }

    /// What an attribute name gives a tagged word: 1 `strong`, 2 `lemma`, 3 `x-morph` or `morph`, 0 nothing.
    static func nameKind(_ name: String) -> UInt8 {
        switch name {
        case "strong": 1
        case "lemma": 2
        case "x-morph", "morph": 3
        default: 0
        }
    }
}

extension TaggedWord: Hashable {
    /// Words are equal when their ranges and their three values are.
    public static func == (left: TaggedWord, right: TaggedWord) -> Bool {
        guard left.start == right.start, left.count == right.count else { return false }
        if left.values === right.values {
            return left.strongIndex == right.strongIndex && left.lemmaIndex == right.lemmaIndex
                && left.morphIndex == right.morphIndex
        }
        return left.strong == right.strong && left.lemma == right.lemma && left.morph == right.morph
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(count)
        hasher.combine(strong)
        hasher.combine(lemma)
        hasher.combine(morph)
    }
}

extension [TaggedWord] {
    /// Makes every word read its indices in `values` (see `ChapterVerseCollector.takeWordValues()`).
    package mutating func read(_ values: TaggedWordValues) {
        for index in indices { self[index].read(values) }
    }
}

/// The attribute values tagged words index, each distinct value once (see `TaggedWord`).
package final class TaggedWordValues: Sendable {
    /// The index of an absent value.
    static let absent = UInt32.max

    let strings: [String]

    init(_ strings: [String]) {
        self.strings = strings
    }

    /// The value at `index`, or nil for `absent` (or an index the table does not have).
    @inline(__always)
    func string(at index: UInt32) -> String? {
        Int(index) < strings.count ? strings[Int(index)] : nil
    }
}

/// Gives each distinct attribute value of tagged words an index, read from UTF-8 bytes (no `String` is made
/// for a value met before), until `take()` makes the table the words read.
///
/// Open addressing over `ByteHash` hashes, probed in line (the import looks up every tagged word's values).
struct TaggedWordInterner {
    /// The values' bytes one after another; value `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var strings: [String] = []
    /// Per slot: the hash of its value (0: empty) and the value's index; at most half full.
    private var hashes = [UInt64](repeating: 0, count: 512)
    private var entries = [UInt32](repeating: 0, count: 512)

    /// Whether no value was added since the last `take()`.
    var isEmpty: Bool { strings.isEmpty }

    /// The index of the value whose UTF-8 is `utf8`, added when new.
    mutating func index(of utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = ByteHash.hash(utf8, seed: 0xCBF2_9CE4_8422_2325) | 1
        let mask = hashes.count - 1
        var position = Int(truncatingIfNeeded: hash >> 20) & mask
        while hashes[position] != 0 {
            if hashes[position] == hash {
                let entry = Int(entries[position])
                let same = bytes.withUnsafeBufferPointer { pool in
                    ByteHash.equal(UnsafeBufferPointer(rebasing: pool[starts[entry]..<starts[entry + 1]]), utf8)
                }
                if same { return UInt32(entry) }
            }
            position = (position + 1) & mask
        }
        let index = strings.count
        bytes.append(contentsOf: utf8)
        starts.append(bytes.count)
        strings.append(String(decoding: utf8, as: UTF8.self))
        hashes[position] = hash
        entries[position] = UInt32(index)
        if 2 * strings.count > hashes.count { grow() }
        return UInt32(index)
    }

    /// The values added so far, as the table their words read; the interner starts again empty (keeping its
    /// room).
    mutating func take() -> TaggedWordValues {
        let table = TaggedWordValues(strings)
        strings.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        for position in hashes.indices { hashes[position] = 0 }
        return table
    }

    private mutating func grow() {
        let (oldHashes, oldEntries) = (hashes, entries)
        hashes = [UInt64](repeating: 0, count: 2 * oldHashes.count)
        entries = [UInt32](repeating: 0, count: 2 * oldHashes.count)
        let mask = hashes.count - 1
        for slot in oldHashes.indices where oldHashes[slot] != 0 {
            var position = Int(truncatingIfNeeded: oldHashes[slot] >> 20) & mask
            while hashes[position] != 0 { position = (position + 1) & mask }
            hashes[position] = oldHashes[slot]
            entries[position] = oldEntries[slot]
        }
    }
}
