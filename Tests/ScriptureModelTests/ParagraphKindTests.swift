import ScriptureModel
import Testing

/// `ParagraphKind.classify` reads a marker's bytes: the base before its trailing ASCII digits names the kind.
struct ParagraphKindTests {
    @Test(arguments: [
        ("p", ParagraphKind.prose), ("q1", .poetry), ("q0000000001", .poetry), ("toc2", .header),
        ("restore", .header), ("imte12", .introduction), ("ib", .blank), ("b", .blank), ("s1", .heading),
        ("d", .heading), ("lit", .prose), ("li4", .list), ("rem", .remark), ("mt1", .title), ("pi2", .prose),
    ])
    func knownMarkersHaveTheirKind(marker: String, kind: ParagraphKind) {
        #expect(ParagraphKind.classify(marker) == kind)
        #expect(ParagraphKind(marker: marker) == kind)
        #expect(ParagraphKind.classify(String(MarkerName.stripNumber(marker))) == kind)
    }

    /// Not known: empty, digits alone, digits inside the base, a non-ASCII digit, a base past eight bytes,
    /// a NUL, a known base with a letter after it.
    @Test(arguments: ["", "12", "q1a", "1q", "q\u{661}", "restorest", "restore12x", "p\u{0}", "px", "zq1", "Q1"])
    func otherMarkersAreUnknown(marker: String) {
        #expect(ParagraphKind.classify(marker) == nil)
        #expect(ParagraphKind(marker: marker) == .unknown)
    }
}
