import ScriptureAnnotations
import Testing

/// Lectern's verse reference form as places and Original runs are written in the store and both formats.
struct VerseReferenceTextTests {
    @Test(
        arguments: [
            ("PSA.51.1", "PSA.51.1"), ("PSA.51.1-2", "PSA.51.1-2"), ("psa.51.0", "PSA.51.0"),
            ("JHN.3.16-JHN.4.2", "JHN.3.16-JHN.4.2"),
            ("JHN.3.16-JHN.3.18", "JHN.3.16-18"), ("1CO.13.4-7", "1CO.13.4-7"), ("MAL.3.19-3.24", nil),
            ("PSA.51.2-1", nil),
            ("GEN.50.1-EXO.1.1", nil), ("PSA.51", nil), ("PSA.51.1-", nil), ("XYZ.1.1", nil), ("FRT.1.1", nil),
            ("PSA.0.1", nil), ("PSA.51.99999", nil), ("PSA.51.1;PSA.51.2", nil), ("", nil), (" PSA.51.1", nil),
        ] as [(String, String?)])
    func readsAndWritesVerseRanges(_ text: String, _ expected: String?) {
        let verses = try? VerseReferenceText.verses(text)
        #expect(verses.map { VerseReferenceText.text($0) } == expected)
    }

    @Test(
        arguments: [
            ("JOL.2.26-27;JOL.3.1-2", "JOL.2.26-27;JOL.3.1-2"), ("", ""), ("PSA.51.3", "PSA.51.3"),
            ("JOL.2.26-JOL.3.2", nil), ("PSA.51.3;", nil), ("PSA.51.3,PSA.51.4", nil),
        ] as [(String, String?)])
    func readsOriginalRuns(_ text: String, _ expected: String?) {
        let runs = try? VerseReferenceText.runs(text)
        #expect(runs.map { VerseReferenceText.text($0) } == expected)
    }
}
