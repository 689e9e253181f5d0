import ScriptureModel

/// A string hashed and compared by its UTF-8 bytes (`ByteHash`), for tables whose strings are all NFC, where
/// byte equality is `String` equality without the normalizing.
struct ByteString: Hashable, Sendable {
    let string: String
    /// The hash of the string's UTF-8 bytes (`hash(_:)` of them).
    let bytesHash: UInt64

    init(_ string: String) {
        self.string = string
        bytesHash = ByteHash.hash(string, seed: Self.seed)
    }

    /// The hash a `ByteString` of these UTF-8 bytes has.
    static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 { ByteHash.hash(utf8, seed: seed) }

    private static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    static func == (left: ByteString, right: ByteString) -> Bool {
        left.bytesHash == right.bytesHash && ByteHash.equal(left.string, right.string)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }
}
