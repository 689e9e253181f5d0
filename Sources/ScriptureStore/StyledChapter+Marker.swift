import Synchronization

/// A style marker as `StyledSpan` keeps it: without a reference, so that an array of spans is plain
/// memory, made without a retain per span and freed without visiting each one.
///
/// A marker of up to 15 UTF-8 bytes (every USFM marker) is held in place; a longer one (only a custom
/// `\z…` marker could be) by its index in `LongMarkers`.
struct InlineMarker: Sendable, Hashable, BitwiseCopyable {
    /// Bytes 0–7 of the marker, little-endian; for a long marker, its index in `LongMarkers`.
    private var low: UInt64
    /// Bytes 8–14 of the marker, little-endian, and in the top byte its length, or `long`.
    private var high: UInt64

    /// The top byte of `high` for a marker held in `LongMarkers`.
    private static let long: UInt64 = 0xFF
    /// The most bytes held in place.
    private static let capacity = 15

    /// The empty marker.
    init() { (low, high) = (0, 0) }

    /// Holds `marker`: in place when it fits, else interned in `LongMarkers`.
    init(_ marker: String) {
        var marker = marker
        (low, high) = marker.withUTF8 { bytes in
            guard bytes.count <= Self.capacity else { return (LongMarkers.index(of: bytes), Self.long << 56) }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1) | UInt64(bytes.count) << 56)
        }
    }

    /// The marker.
    var string: String {
        let length = Int(high >> 56)
        if UInt64(length) == Self.long { return LongMarkers.marker(Int(low)) }
        return withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<min(length, Self.capacity)]), as: UTF8.self)
        }
    }
}

/// The markers longer than `InlineMarker` holds in place, for the life of the process: each distinct
/// one once, by its bytes.
///
/// No USFM or USX marker is this long; only a custom `\z…` marker could be. The table grows by the
/// distinct long markers of the stores read, and is never emptied (the spans that name them may live on).
enum LongMarkers {
    private struct Table {
        var markers: [String] = []
        var index: [[UInt8]: Int] = [:]
    }

    private static let table = Mutex(Table())

    /// The index of the marker whose UTF-8 is `bytes`, added the first time.
    static func index(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let key = Array(bytes)
        return table.withLock { table in
            if let known = table.index[key] { return UInt64(known) }
            table.index[key] = table.markers.count
            table.markers.append(String(decoding: key, as: UTF8.self))
            return UInt64(table.markers.count - 1)
        }
    }

    /// The marker at `index` (empty for an index never given out).
    static func marker(_ index: Int) -> String {
        table.withLock { table in table.markers.indices.contains(index) ? table.markers[index] : "" }
    }
}
