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
}
