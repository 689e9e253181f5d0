import Testing

@testable import lectern_bench

struct VerseAgreementTests {
    static let reference = VerseList(
        vref: "GEN 1:1\tIn the beginning, God\nGEN 1:2\tThe earth\nLUK 17:36\t\n2ES 7:36\thell will be\n")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var candidate: String
        var verses: Int
        var identical: Int
        var sameWords: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "identical, spaces collapsed",
            candidate: "GEN 1:1\tIn the  beginning, God \nGEN 1:2\tThe earth\nLUK 17:36\t\n2ES 7:36\thell will be\n",
            verses: 4, identical: 4, sameWords: 4),
        Case(
            name: "an empty verse left out counts as empty",
            candidate: "GEN 1:1\tIn the beginning, God\nGEN 1:2\tThe earth\n2ES 7:36\thell will be\n",
            verses: 4, identical: 4, sameWords: 4),
        Case(
            name: "words joined differ only in spacing",
            candidate: "GEN 1:1\tIn the beginning , God\nGEN 1:2\tThe earth\n2ES 7:36\thellwill be\n",
            verses: 4, identical: 2, sameWords: 4),
        Case(
            name: "a lost word and an extra verse",
            candidate: "GEN 1:1\tIn the beginning\nGEN 1:2\tThe earth\n2ES 7:36\thell will be\nSIR 51:\tPrayer\n",
            verses: 5, identical: 3, sameWords: 3),
    ])
    func countsAgreeingVerses(_ example: Case) {
        let agreement = VerseAgreement(reference: "test", Self.reference, VerseList(vref: example.candidate))
        #expect(agreement.verses == example.verses)
        #expect(agreement.identical == example.identical)
        #expect(agreement.sameWords == example.sameWords)
        #expect(agreement.isRight == (example.sameWords == example.verses))
    }

    @Test func examplesNameTheVersesThatDiffer() {
        let candidate = VerseList(
            vref: "GEN 1:1\tIn the beginning\nGEN 1:2\tThe earth\n2ES 7:36\thell will be\nSIR 51:\tPrayer\n")
        let agreement = VerseAgreement(reference: "test", Self.reference, candidate)
        #expect(agreement.examples == ["GEN 1:1", "SIR 51:"])
        #expect(agreement.summary == "3/5 exact, 3 same words")
    }

    @Test func repeatedReferencesAreJoined() {
        let split = VerseList(
            vref: "GEN 1:1\tIn the\nGEN 1:1\tbeginning, God\nGEN 1:2\tThe earth\n2ES 7:36\thell will be\n")
        let agreement = VerseAgreement(reference: "test", Self.reference, split)
        #expect(agreement.identical == 4)
    }
}
