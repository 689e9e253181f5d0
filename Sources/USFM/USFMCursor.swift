/// A position in one file's bytes, read forwards.
///
/// Every read is checked against the end here and only here: `peek` gives 0 past the end, which
/// no caller takes for a marker, space or stop byte, so callers compare without checking first.
struct USFMCursor {
    /// The file's bytes.
    let input: UnsafeBufferPointer<UInt8>
    /// The number of bytes.
    let count: Int
    /// Where reading continues.
    var position: Int

    init(_ input: UnsafeBufferPointer<UInt8>, position: Int) {
        self.input = input
        self.count = input.count
        self.position = position
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= count }

    /// The byte `ahead` bytes on (0 past the end).
    @inline(__always)
    func peek(_ ahead: Int = 0) -> UInt8 {
        byte(at: position + ahead)
    }

    /// The byte at `index` (0 outside the input).
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        UInt(bitPattern: index) < UInt(bitPattern: count) ? input[index] : 0
    }

    /// Moves on `length` bytes.
    @inline(__always)
    mutating func advance(_ length: Int = 1) {
        position += length
    }

    /// Moves on while the byte matches (stopping at the end).
    @inline(__always)
    mutating func advance(while matches: (UInt8) -> Bool) {
        while position < count, matches(input[position]) { position += 1 }
    }

    /// Moves on past spaces and tabs.
    @inline(__always)
    mutating func skipSpacesAndTabs() {
        advance(while: { $0 == 0x20 || $0 == 0x09 })
    }

    /// The bytes in `range` (clamped to the input).
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        return UnsafeBufferPointer(rebasing: input[lower..<upper])
    }

    /// The bytes in `range` as a string.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes(range), as: UTF8.self)
    }
}
