/// Every style's marker string, by style id: what `StyledSpan.marker` needs, without reading the
/// styles and strings sections for each word of a chapter.
///
/// Built from the styles section in one pass. A style whose entry or marker string is damaged gets
/// no marker here; the decoder then reads it the slow way, which throws the section's error.
struct StyleMarkers: Sendable {
    /// For each style id, its marker as a span holds it; `nil` when the style could not be read.
    private let markers: [InlineMarker?]
    /// The array's count, kept apart: `Array.count` is an out-of-line call in the decoder's loop.
    private let styleCount: Int

    /// Reads the marker of every style in `styles`.
    ///
    /// - Complexity: O(styles); a store's styles are read once.
    init(styles: StyleTable) {
        var markers: [InlineMarker?] = []
        markers.reserveCapacity(styles.table.count)
        var markerOfString: [Int: InlineMarker] = [:]
        var last: (string: Int, marker: InlineMarker?) = (-1, nil)
        for style in 0..<styles.table.count {
            guard let string = try? styles.markerID(style) else {
                markers.append(nil)
                continue
            }
            if string == last.string {
                markers.append(last.marker)
                continue
            }
            var marker = markerOfString[string]
            if marker == nil, let text = try? styles.strings.string(string, referrer: .styles) {
                marker = InlineMarker(text)
                markerOfString[string] = marker
            }
            if marker != nil { last = (string, marker) }
            markers.append(marker)
        }
        self.markers = markers
        styleCount = markers.count
    }

    /// Style `style`'s marker; nil when the style's entry or its marker string could not be read (reading
    /// it through the styles table then throws what is wrong).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func marker(_ style: Int) -> InlineMarker? {
        guard style >= 0, style < styleCount else { return nil }
        return markers[style]
    }
}
