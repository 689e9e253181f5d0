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

    /// Decompresses a whole gzip file (zlib's `inflate`).
    ///
    /// A file whose trailer gives a plausible size (at most `limit`, and at most `plausibleRatio`
    /// times the compressed bytes, which text never passes) is inflated once into an array of that
    /// size (`lectern_gunzip_guessed`). Otherwise, or when the content is larger than the trailer
    /// says (several members, or a lie), it is inflated twice (`lectern_gunzip_size`, then
    /// `lectern_gunzip_into`): once only counting, into a small buffer, so that a file whose content
    /// passes `limit` fails having allocated nothing, then into an array of exactly its size. A
    /// decompression bomb so costs at most `plausibleRatio` times its own size in memory.
    ///
    /// - Parameters:
    ///   - bytes: the whole `.gz` file.
    ///   - limit: the largest result accepted, so a decompression bomb fails instead of filling memory.
    /// - Complexity: O(n) in the decompressed size; memory: the result alone.
    public static func decompress(_ bytes: [UInt8], limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        if let guess = trailerSize(bytes), guess <= limit, guess <= bytes.count * plausibleRatio {
            var status: Int32 = 0
            let output = [UInt8](unsafeUninitializedCapacity: guess) { target, initialized in
                var written = 0
                status = bytes.withUnsafeBufferPointer { buffer in
                    lectern_gunzip_guessed(buffer.baseAddress, buffer.count, target.baseAddress, guess, &written)
                }
                initialized = status == 0 ? written : 0
            }
            if status == 0 { return output }
            guard status == -100 else { throw Failure(code: status, limit: limit) }
        }
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

    /// The size of the content of gzip data, found by inflating it into a small buffer, counting
    /// (`lectern_gunzip_size`): nothing of its size is allocated, and the count stops past `limit`
    /// (`Failure.isTooLarge`). O(n) in the content's size, at most `limit`.
    public static func contentSize(_ bytes: [UInt8], limit: Int) throws(Failure) -> Int {
        var length = 0
        let counted = bytes.withUnsafeBufferPointer { buffer in
            lectern_gunzip_size(buffer.baseAddress, buffer.count, max(0, limit), &length)
        }
        guard counted == 0 else { throw Failure(code: counted, limit: limit) }
        return length
    }

    /// The most a trailer's size may exceed the compressed bytes and still be trusted: the corpus's
    /// books reach 13 (USX of 1 John), deflate itself about 1,000.
    static let plausibleRatio = 32

    /// The size a gzip file's last member says it holds (ISIZE, the last four bytes, little-endian),
    /// or nil when the bytes are too few for a gzip member.
    static func trailerSize(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 18 else { return nil }
        let end = bytes.count
        return Int(bytes[end - 4]) | Int(bytes[end - 3]) << 8 | Int(bytes[end - 2]) << 16 | Int(bytes[end - 1]) << 24
    }
}
