import Testing

@testable import ScriptureStore

/// `StyledSpan` keeps its marker in place (`InlineMarker`); what callers read back is what was put in.
struct InlineMarkerTests {
    static let markers = [
        "", "w", "wj", "+nd", "fqa", "x-style-15bytes", "zcustom-longer-than-15", "zcustom-longer-than-15",
        "zé", "z\u{65}\u{301}-decomposed-and-long",
    ]

    @Test(arguments: markers) func markerRoundTrips(_ marker: String) {
        let span = StyledSpan(range: 3..<7, marker: marker, style: 9)
        #expect(span.marker == marker)
        #expect(Array(span.marker.utf8) == Array(marker.utf8))
        #expect(span.range == 3..<7 && span.style == 9)
    }

    @Test func spansCompareAndHashByTheirMarkerString() {
        var span = StyledSpan(range: 0..<1, marker: "w", style: 1)
        #expect(span == StyledSpan(range: 0..<1, marker: "w", style: 1))
        #expect(span != StyledSpan(range: 0..<1, marker: "wj", style: 1))
        span.marker = "a-marker-of-more-than-fifteen-bytes"
        #expect(span.marker == "a-marker-of-more-than-fifteen-bytes")
        // Canonically equivalent markers were equal as strings, and still are.
        let composed = StyledSpan(range: 0..<1, marker: "z\u{E9}", style: 1)
        let decomposed = StyledSpan(range: 0..<1, marker: "z\u{65}\u{301}", style: 1)
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        #expect(Set([composed, decomposed]).count == 1)
    }
}
