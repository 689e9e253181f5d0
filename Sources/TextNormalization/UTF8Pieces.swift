/// Cuts very long UTF-8 text into pieces the C shim's 32-bit lengths can take.
enum UTF8Pieces {
    /// Byte ranges of at most `limit` bytes (one range for shorter text) that cover
    /// `bytes`, cut after an ASCII white space when one lies in the last quarter of a
    /// piece, else before a scalar's first byte.
    ///
    /// - Complexity: O(n / limit) for text with spaces.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [Range<Int>] {
        guard bytes.count > limit, limit >= 8 else { return [0..<bytes.count] }
        var pieces: [Range<Int>] = []
        var start = 0
        while bytes.count - start > limit {
            var cut = start + limit
            let earliest = cut - limit / 4
            var space = cut
            while space > earliest, !isSpace(bytes[space - 1]) { space -= 1 }
            if space > earliest {
                cut = space
            } else {
                while cut > start + 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            }
            pieces.append(start..<cut)
            start = cut
        }
        pieces.append(start..<bytes.count)
        return pieces
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
