import Testing

@testable import ScriptureSearch

/// The index builder's byte table numbers byte strings in the order first met, and finds each again.
@Suite struct ByteTableTests {
    /// Strings as UTF-8, each numbered once: canonically equivalent spellings are two strings, a prefix is
    /// another string, and the empty string is one; with `repeats` strings more, so that the table grows
    /// several times.
    @Test(arguments: [
        (["caf\u{E9}", "cafe\u{301}", "caf", "", "café"], 0),
        (["H7225", "H430", "H7225", "G3056", "H430"], 0),
        (["w1", "w\u{5D0}"], 5000),
    ])
    func stringsAreNumberedInTheOrderFirstMet(_ given: [String], _ repeats: Int) {
        let strings = given + (0..<repeats).map { "w\($0 % 3001)" }
        var table = SearchIndexBuilder.ByteTable()
        var expected: [[UInt8]: Int] = [:]
        for string in strings {
            let bytes = Array(string.utf8)
            let known = expected[bytes]
            let (id, isNew) = bytes.withUnsafeBufferPointer { table.id(of: $0) }
            #expect(isNew == (known == nil), "\(string)")
            #expect(id == known ?? expected.count, "\(string)")
            if known == nil { expected[bytes] = id }
        }
        #expect(table.count == expected.count)
    }

    /// Byte strings sort as `lexicographicallyPrecedes` sorts them: prefixes first, bytes past the eighth,
    /// zero bytes, and bytes of 0x80 or more.
    @Test func byteOrderIsLexicographic() {
        let strings = ["", "a", "a\u{0}", "abcdefgh", "abcdefghi", "abcdefgh\u{0}", "abcdefgg~", "b", "\u{5D0}", "é", "e"]
            .map { Array($0.utf8) }
        let sorted = strings.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(SearchIndexBuilder.ByteOrder.sorted(strings) == sorted)
        #expect(SearchIndexBuilder.ByteOrder.sorted(sorted.reversed()) == sorted)
    }

    /// Many strings (enough for the radix sort) sort as `lexicographicallyPrecedes` sorts them: strings of a
    /// few bytes (zero, ASCII, a UTF-8 lead byte, 0xFF) that share long prefixes and repeat, from a fixed seed.
    @Test(arguments: [300, 5000])
    func byteOrderOfManyStringsIsLexicographic(_ count: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [UInt8] = [0, 0x61, 0x62, 0xD7, 0xFF]
        let strings = (0..<count).map { _ in
            Array(repeating: 0x61, count: next(3) * 8) + (0..<next(20)).map { _ in alphabet[next(alphabet.count)] }
        }
        let sorted = strings.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(SearchIndexBuilder.ByteOrder.sorted(strings) == sorted)
    }
}
