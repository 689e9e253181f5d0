import ScriptureModel

/// A book's styles as its encoder meets them, found from a span's flat content without making anything: a
/// hash of its marker's and names' string hashes and its values' bytes, checked against the style kept for it
/// in `styles` (a `StyleSet`, whose index of a style is the book's id for it).
///
/// Making and hashing a key of strings for every `\w` word (an array, a string per attribute, SipHash over
/// all of them) was most of the cost of encoding a tagged Bible; this costs a pass over the values' bytes,
/// and a new style costs copying them. Markers and attribute names are few: each of a chapter's strings gets
/// its token once (`start`), so that a style's marker and names compare as integers and only its values as
/// bytes.
struct StyleLookup {
    /// The book's styles so far, with their uses.
    private(set) var styles = StyleSet()
    /// The token of each string of the content being encoded.
    private var tokens: [Int] = []
    /// The token of the empty string, the marker of a node without one.
    private var noMarker: Int

    init() {
        noMarker = styles.token("")
    }

    /// Gives the strings of `content`, which the next lookups read, their tokens.
    mutating func start(_ content: FlatContent) {
        tokens = content.strings.map { styles.token($0) }
    }

    /// The token of `string` (a marker given as text, such as a figure's).
    mutating func token(_ string: String) -> Int { styles.token(string) }

    /// The id of the style of `node`, whose attributes are in `attributes` and their values in `bytes` (the
    /// content's), its marker the node's or the token `marker` when given, with one more use counted; added
    /// when new.
    mutating func id(
        of node: FlatNode, _ attributes: UnsafeBufferPointer<FlatAttribute>, _ bytes: UnsafeBufferPointer<UInt8>,
        marker given: Int? = nil
    ) -> Int {
        let marker = given ?? (node.marker == FlatNode.none ? noMarker : tokens[Int(node.marker)])
        // A verse's attribute slots hold its alternate and published numbers, which are not attributes.
        let first = Int(node.attributeStart)
        let slots = UnsafeBufferPointer(
            rebasing: attributes[first..<(first + (node.kind == .verse ? 0 : Int(node.attributeCount)))])
        let tokens = self.tokens
        return tokens.withUnsafeBufferPointer { tokens in
            var key = StyleSet.Key(
                marker: marker, attributes: slots, tokens: tokens, bytes: bytes,
                hash: StyleSet.hash(marker: styles.tokenHashes[marker]))
            for index in slots.indices {
                let name = styles.tokenHashes[tokens[Int(slots[index].name)]]
                key.hash = StyleSet.hash(key.hash, name: name, value: ByteString.hash(key.value(index)))
            }
            if let found = styles.find(key) {
                styles.count(found)
                return found
            }
            return styles.add(key, uses: 1)
        }
    }
}
