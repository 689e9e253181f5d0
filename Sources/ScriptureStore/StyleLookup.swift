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
    /// The style being looked up.
    private var probe = StyleSet.Probe()

    init() {
        noMarker = styles.token("")
    }

    /// Gives the strings of `content`, which the next lookups read, their tokens.
    mutating func start(_ content: FlatContent) {
        tokens = content.strings.map { styles.token($0) }
    }

    /// The token of `string` (a marker given as text, such as a figure's).
    mutating func token(_ string: String) -> Int { styles.token(string) }

    /// The id of the style of node `index` (whose text bytes `bytes` holds), its marker the node's or the
    /// token `marker` when given, with one more use counted; added when new.
    mutating func id(
        ofNode index: Int, in content: FlatContent, _ bytes: UnsafeBufferPointer<UInt8>, marker given: Int? = nil
    ) -> Int {
        let node = content.nodes[index]
        let marker = given ?? (node.marker == FlatNode.none ? noMarker : tokens[Int(node.marker)])
        probe.start(marker: marker, markerHash: styles.tokenHashes[marker])
        for slot in content.attributeSlots(of: index) {
            let name = tokens[content.attributeName(at: slot)]
            let value = content.attributeValue(at: slot)
            probe.append(
                name: name, nameHash: styles.tokenHashes[name], value: value,
                valueHash: ByteString.hash(UnsafeBufferPointer(rebasing: bytes[value])))
        }
        if let found = styles.find(probe, in: bytes) {
            styles.count(found)
            return found
        }
        return styles.add(probe, in: bytes, uses: 1)
    }
}
