import CCompression

/// gzip decompression for `.gz` inputs, through zlib.
public enum Gzip {
    /// Whether bytes start with the gzip magic number.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Why a gzip stream could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// zlib's status code.
        public var code: Int32
        public var description: String {
            switch code {
            case -100: return "the decompressed file is larger than 1 GiB"
            case -4: return "there is not enough memory to decompress it (zlib's Z_MEM_ERROR)"
            default: return "damaged gzip data (zlib error \(code))"
            }
        }
    }

    /// Decompresses a whole gzip file (calls `lectern_gunzip`, zlib's `inflate`).
    ///
    /// - Parameter limit: the largest result accepted, so a decompression bomb fails instead of filling memory.
    public static func decompress(_ bytes: [UInt8], limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            lectern_gunzip(buffer.baseAddress, buffer.count, limit, &output, &length)
        }
        guard status == 0, let output else { throw Failure(code: status) }
        defer { lectern_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
