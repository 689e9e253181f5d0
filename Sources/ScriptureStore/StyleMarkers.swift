/// Every style's marker string, by style id: what `StyledSpan.marker` needs, without reading the
/// styles and strings sections for each word of a chapter.
///
/// Built from the styles section in one pass. A style whose entry or marker string is damaged gets
/// no marker here; `marker(_:styles:)` then reads it the slow way, which throws the section's error.
struct StyleMarkers: Sendable {
    /// For each style id, the index of its marker in `markers`; -1 when the style could not be read.
    private let markerIndex: [Int32]
    /// The distinct marker strings (`w`, `wj`, `+nd`, …).
    private let markers: [String]
    /// The two arrays' counts, kept apart: `Array.count` is an out-of-line call in the decoder's loop.
    private let styleCount: Int
    private let markerCount: Int

    /// Reads the marker of every style in `styles`.
    ///
    /// - Complexity: O(styles); a store's styles are read once.
    init(styles: StyleTable) {
        var markerIndex: [Int32] = []
        markerIndex.reserveCapacity(styles.table.count)
        var markers: [String] = []
        var indexOfString: [Int: Int32] = [:]
        var last: (string: Int, index: Int32) = (-1, -1)
        for style in 0..<styles.table.count {
            guard let string = try? styles.markerID(style) else {
                markerIndex.append(-1)
                continue
            }
            if string == last.string {
                markerIndex.append(last.index)
                continue
            }
            var index = indexOfString[string] ?? -1
            if index < 0, let marker = try? styles.strings.string(string, referrer: .styles),
                let next = Int32(exactly: markers.count)
            {
                index = next
                markers.append(marker)
                indexOfString[string] = index
            }
            if index >= 0 { last = (string, index) }
            markerIndex.append(index)
        }
        self.markerIndex = markerIndex
        self.markers = markers
        styleCount = markerIndex.count
        markerCount = markers.count
    }

    /// Style `style`'s marker; throws when the style's entry or its marker string is damaged.
    ///
    /// - Complexity: O(1) for a sound style.
    @inline(__always)
    func marker(_ style: Int, styles: StyleTable) throws(StoreError) -> String {
        if style >= 0, style < styleCount {
            let index = Int(markerIndex[style])
            if index >= 0, index < markerCount { return markers[index] }
        }
        return try styles.strings.string(styles.markerID(style), referrer: .styles)
    }
}
