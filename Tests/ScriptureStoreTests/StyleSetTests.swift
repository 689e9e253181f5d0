import Testing

@testable import ScriptureModel
@testable import ScriptureStore

/// The encoder's style table: a style is its marker's and attributes' bytes, wherever the content keeps them,
/// counted per use, merged across books in first-seen order, and its values numbered once each.
struct StyleSetTests {
    /// A style of marker token `marker` whose attributes are `(name token, value range)` in `bytes`.
    static func withKey<R>(
        _ set: StyleSet, marker: Int, _ attributes: [(name: UInt32, value: Range<Int>)], in bytes: [UInt8],
        _ body: (StyleSet.Key) -> R
    ) -> R {
        let flat = attributes.map {
            FlatAttribute(
                nameID: $0.name, valueStart: UInt32($0.value.lowerBound), count: UInt32($0.value.count))
        }
        let tokens = Array(0..<8)
        return bytes.withUnsafeBufferPointer { bytes in
            flat.withUnsafeBufferPointer { flat in
                tokens.withUnsafeBufferPointer { tokens in
                    var hash = StyleSet.hash(marker: set.tokenHashes[marker])
                    for attribute in attributes {
                        let value = UnsafeBufferPointer(rebasing: bytes[attribute.value])
                        hash = StyleSet.hash(
                            hash, name: set.tokenHashes[Int(attribute.name)], value: ByteString.hash(value))
                    }
                    let key = StyleSet.Key(marker: marker, attributes: flat, tokens: tokens, bytes: bytes, hash: hash)
                    return body(key)
                }
            }
        }
    }

    /// A set whose tokens 0, 1 and 2 are `w`, `strong` and `lemma`.
    static func tokens() -> StyleSet {
        var set = StyleSet()
        for string in ["w", "strong", "lemma"] { _ = set.token(string) }
        return set
    }

    @Test func aStyleIsItsBytesWhereverTheContentKeepsThem() {
        var set = Self.tokens()
        // Values apart in the content ("H1", then "λ" two bytes later), and the same values side by side.
        let apart = Array("H1..λ".utf8)
        let together = Array("λH1".utf8)
        let first = Self.withKey(set, marker: 0, [(1, 0..<2), (2, 4..<6)], in: apart) { key in
            set.find(key) ?? set.add(key, uses: 1)
        }
        let again = Self.withKey(set, marker: 0, [(1, 2..<4), (2, 0..<2)], in: together) { key in set.find(key) }
        #expect(again == first)
        let otherOrder = Self.withKey(set, marker: 0, [(2, 0..<2), (1, 2..<4)], in: together) { key in set.find(key) }
        #expect(otherOrder == nil)
        #expect(set.count == 1)
        #expect(Array(set.pool) == Array("H1λ".utf8))
        #expect(set.valueRange(0) == 0..<2 && set.valueRange(1) == 2..<4)
    }

    @Test func mergedSetsKeepFirstSeenOrderAndCountUses() {
        var book1 = Self.tokens()
        var book2 = StyleSet()
        for string in ["lemma", "w", "strong"] { _ = book2.token(string) }
        let bytes = Array("H1H2".utf8)
        _ = Self.withKey(book1, marker: 0, [(1, 0..<2)], in: bytes) { book1.add($0, uses: 3) }
        _ = Self.withKey(book1, marker: 0, [(1, 2..<4)], in: bytes) { book1.add($0, uses: 1) }
        // Book 2's tokens differ: `w` is 1 and `strong` 2 there.
        _ = Self.withKey(book2, marker: 1, [(2, 2..<4)], in: bytes) { book2.add($0, uses: 5) }
        _ = Self.withKey(book2, marker: 1, [(0, 0..<2)], in: bytes) { book2.add($0, uses: 1) }
        var file = StyleSet()
        #expect(file.merge(book1) == [0, 1])
        #expect(file.merge(book2) == [1, 2])
        #expect(file.counts == [3, 6, 1])
        #expect(file.frequencyOrder() == [1, 0, 2])
        // Values numbered once each: "H1", "H2", then the lemma "H1" is the same value as the strong "H1".
        #expect(file.valueIDs == [0, 1, 0])
        #expect(file.valueCount == 2)
    }
}
