import CCompression

/// gzip decompression for `.gz` inputs, through zlib.
public enum Gzip {
    /// Whether bytes start with the gzip magic number.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Why a gzip stream could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// zlib's status code, or -100 when the content is larger than `limit`.
        public var code: Int32
        /// The largest content that was accepted, in bytes.
        public var limit: Int

        /// Creates a failure.
        public init(code: Int32, limit: Int = Gzip.defaultLimit) {
            self.code = code
            self.limit = limit
        }

        /// Whether the content was larger than the limit (a decompression bomb, or a real file too big).
        public var isTooLarge: Bool { code == -100 }

        public var description: String {
            switch code {
            case -100: return "the decompressed file is larger than \(FileProblem.Cause.megabytes(limit)) MB"
            case -4: return "there is not enough memory to decompress it (zlib's Z_MEM_ERROR)"
            default: return "damaged gzip data (zlib error \(code))"
            }
        }
    }

    /// The limit `decompress` applies when given none: the largest file Lectern reads.
    public static let defaultLimit = VersionSource.maximumFileSize

    /// Decompresses a whole gzip file (zlib's `inflate`, through `lectern_gunzip_size` and `lectern_gunzip_into`).
    ///
    /// The content is inflated twice: once only counting, into a small buffer, so that a file whose
    /// content passes `limit` fails having allocated nothing, then into an array of exactly its size.
    ///
    /// - Parameter limit: the largest result accepted, so a decompression bomb fails instead of filling memory.
    /// - Complexity: O(n) in the decompressed size; memory: the result alone.
    public static func decompress(_ bytes: [UInt8], limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        var length = 0
        let counted = bytes.withUnsafeBufferPointer { buffer in
            lectern_gunzip_size(buffer.baseAddress, buffer.count, max(0, limit), &length)
        }
        guard counted == 0 else { throw Failure(code: counted, limit: limit) }
        var status: Int32 = 0
        let output = [UInt8](unsafeUninitializedCapacity: length) { target, initialized in
            status = bytes.withUnsafeBufferPointer { buffer in
                lectern_gunzip_into(buffer.baseAddress, buffer.count, target.baseAddress, length)
            }
            if status == 0 {
                initialized = length
            } else {
                initialized = 0
            }
        }
        guard status == 0 else { throw Failure(code: status, limit: limit) }
        return output
    }
}
