/// A word of a verse's text that carries attributes: where it lies in the text and its Strong's number,
/// lemma and morphology, as written in the file.
public struct TaggedWord: Sendable, Hashable {
    /// The word's bytes in the verse text (UTF-8 offsets); may start with the space before it.
    public var utf8Range: Range<Int>
    /// The `strong` attribute as written (`G3056`, `G30560`, `3056`, `c:H0559`, `H1254a`).
    public var strong: String?
    /// The `lemma` attribute as written.
    public var lemma: String?
    /// The `x-morph` (or `morph`) attribute as written.
    public var morph: String?

    /// Creates a tagged word.
    public init(utf8Range: Range<Int>, strong: String? = nil, lemma: String? = nil, morph: String? = nil) {
        self.utf8Range = utf8Range
        self.strong = strong
        self.lemma = lemma
        self.morph = morph
    }

    /// The word's attributes from a character span, or nil when it has none of the three.
    public init?(_ span: CharacterSpan, utf8Range: Range<Int>) {
        var word = TaggedWord(utf8Range: utf8Range)
        for attribute in span.attributes {
            switch attribute.name {
            case "strong": word.strong = attribute.value
            case "lemma": word.lemma = attribute.value
            case "x-morph", "morph": word.morph = word.morph ?? attribute.value
            default: continue
            }
        }
        guard word.strong != nil || word.lemma != nil || word.morph != nil else { return nil }
        self = word
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
        var word = TaggedWord(utf8Range: utf8Range)
        for slot in content.attributeRange(of: node) {
            let attribute = content.attributes[slot]
            switch nameKinds[Int(attribute.name)] {
            case 1: word.strong = content.value(of: attribute)
            case 2: word.lemma = content.value(of: attribute)
            case 3: if word.morph == nil { word.morph = content.value(of: attribute) }
            default: continue
            }
        }
        guard word.strong != nil || word.lemma != nil || word.morph != nil else { return nil }
        self = word
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
