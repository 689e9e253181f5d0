import ScriptureModel
import Testing

@Suite struct BookIDTests {
    @Test(arguments: [
        ("GEN", BookID.genesis, Testament.old), ("mal", .malachi, .old), ("MAT", .matthew, .new),
        ("1CO", .firstCorinthians, .new), ("REV", .revelation, .new), ("SIR", .sirach, .deuterocanon),
        ("2ES", .secondEsdras, .deuterocanon), ("DAG", .danielGreek, .deuterocanon), ("LAO", .laodiceans, .deuterocanon),
        ("FRT", .frontMatter, .peripheral), ("GLO", .glossary, .peripheral), ("XXA", .extraA, .peripheral),
    ])
    func codesResolveToBooksAndTestaments(code: String, book: BookID, testament: Testament) {
        #expect(BookID(code: code) == book)
        #expect(BookID(codeBytes: Array(code.utf8)) == book)
        #expect(book.testament == testament)
        #expect(book.code == code.uppercased())
    }

    @Test func unknownCodesAreRejected() {
        #expect(BookID(code: "XYZ") == nil)
        #expect(BookID(code: "GENE") == nil)
        #expect(BookID(codeBytes: Array("GE".utf8)) == nil)
    }

    @Test func canonOrderIsNotAlphabetical() {
        #expect(BookID.genesis < BookID.exodus)
        #expect(BookID.malachi < BookID.matthew)
        #expect(BookID.revelation < BookID.tobit)
        let sorted = [BookID.john, .genesis, .acts, .firstCorinthians, .psalms].sorted()
        #expect(sorted == [.genesis, .psalms, .john, .acts, .firstCorinthians])
    }

    @Test func everyUSFM3CodeIsKnownOnce() {
        let codes = BookID.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(BookID.allCases.filter { $0.testament == .old }.count == 39)
        #expect(BookID.allCases.filter { $0.testament == .new }.count == 27)
        #expect(Set(BookID.allCases.map(\.paratextNumber)).count == codes.count)
    }
}
