import ScriptureSearch
import Testing

/// Term look-ups before and after the dictionary's in-memory table of block prefixes is made (after the
/// first few look-ups of a store), on terms whose blocks' first eight bytes differ and on terms that all
/// share them, so that the table's answer, its stepping back over equal prefixes and its fallback to the
/// binary search are each checked against where the words were written.
@Suite struct TermLookupTests {
    /// Verse `v` holds `a<v>`, `longprefix<v>` (a ten-byte stem every block shares), `m<v % 40>` and, in
    /// every fifth verse, `zz<v>`.
    static let fixture = Result { () throws -> SearchFixture in
        var text = "\\id GEN\n\\c 1\n\\p\n"
        for verse in 1...600 {
            text += "\\v \(verse) a\(verse) longprefix\(verse) m\(verse % 40)\(verse % 5 == 0 ? " zz\(verse)" : "")\n"
        }
        return try SearchFixture([text])
    }

    /// The verses (from 0) the index gives for `query`.
    static func verses(_ query: String, _ fixture: SearchFixture) throws -> [Int] {
        try fixture.store.searchIndex().matches(QueryParser.parse(query)).verses
    }

    /// Each word, prefix and missing word three times over: the first look-ups by the binary search, the
    /// later ones through the table.
    @Test(arguments: ["a", "longprefix", "m", "zz"]) func everyWordIsFoundWhereItWasWritten(_ stem: String) throws {
        let fixture = try Self.fixture.get()
        for round in 0..<3 {
            for verse in stride(from: 1, through: 600, by: 7) {
                let expected: [Int]
                switch stem {
                case "m": expected = (1...600).filter { $0 % 40 == verse % 40 }.map { $0 - 1 }
                case "zz": expected = verse % 5 == 0 ? [verse - 1] : []
                default: expected = [verse - 1]
                }
                let word = stem == "m" ? "m\(verse % 40)" : "\(stem)\(verse)"
                #expect(try Self.verses(word, fixture) == expected, "\(word), round \(round)")
            }
            // Prefixes: `a1*` is a1, a10…a19, a100…a199 (111 verses); past the last term and before the first.
            #expect(try Self.verses("\(stem)1*", fixture).count == (stem == "m" ? 11 * 15 : stem == "zz" ? 22 : 111))
            #expect(try Self.verses("\(stem)zzz", fixture).isEmpty)
            #expect(try Self.verses("\(stem)0x", fixture).isEmpty)
            #expect(try Self.verses("0", fixture).isEmpty)
            #expect(try Self.verses("zzzzzzzzzz", fixture).isEmpty)
        }
    }
}
