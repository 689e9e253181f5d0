import ScriptureModel
import TextNormalization

/// The styles and attribute names of one file, each kept once and found again by its UTF-8 bytes, so
/// that a `<char style="w" strong="…">` costs no string: a style is a small number, and its index in
/// the string table of the content being built is looked up once per chapter.
struct USXNames {
    private static let slotCount = 1024
    /// Past this many names, new ones are not kept (each is then made as a string where it comes).
    private static let capacity = 600

    private var slots = [Int32](repeating: -1, count: USXNames.slotCount)
    private var utf8: [UInt8] = []
    private var ranges: [Range<Int>] = []
    /// The names, by number.
    private(set) var strings: [String] = []
    /// Whether each name is a character style USFM 3 defines (nil until asked).
    private var characterStyle: [Bool?] = []
    /// Each name's index in the string table of the content, and of the plain text, being built.
    private var contentIndex: [UInt32] = []
    private var plainIndex: [UInt32] = []
    /// The number of each of `USXVocabulary.names` once looked up, or -1.
    private var byNameIndex = [Int](repeating: -1, count: USXVocabulary.names.count)
    /// The content's string index of each of `USXVocabulary.names` as an attribute name, once looked up.
    private var contentIndexByName = [UInt32](repeating: FlatNode.none, count: USXVocabulary.names.count)
    /// The name `id(_:)` found last, or -1.
    private var lastFound = -1

    /// The number of an attribute name, found by its index in `USXVocabulary.names` when it has one.
    mutating func id(name nameIndex: Int?, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let nameIndex, nameIndex < byNameIndex.count else { return id(bytes) }
        if byNameIndex[nameIndex] >= 0 { return byNameIndex[nameIndex] }
        let found = id(bytes)
        byNameIndex[nameIndex] = found ?? -1
        return found
    }

    /// The number of an attribute name already looked up by its index in `USXVocabulary.names`, if it was.
    func cachedID(name nameIndex: Int?) -> Int? {
        guard let nameIndex, nameIndex < byNameIndex.count, byNameIndex[nameIndex] >= 0 else { return nil }
        return byNameIndex[nameIndex]
    }

    /// The number of a name, or nil when the table is full and it is not in it.
    ///
    /// - Complexity: O(length of the name).
    mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Runs of one style (`w`, word after word) are common.
        if lastFound >= 0 && matches(lastFound, bytes) { return lastFound }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        var slot = Int(hash) & (Self.slotCount - 1)
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if matches(found, bytes) {
                lastFound = found
                return found
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        guard strings.count < Self.capacity else { return nil }
        let id = strings.count
        slots[slot] = Int32(id)
        let start = utf8.count
        utf8.append(contentsOf: bytes)
        ranges.append(start..<utf8.count)
        strings.append(NFC.string(bytes))
        characterStyle.append(nil)
        contentIndex.append(FlatNode.none)
        plainIndex.append(FlatNode.none)
        return id
    }

    private func matches(_ found: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = ranges[found]
        guard range.count == bytes.count else { return false }
        return utf8.withUnsafeBufferPointer { all in
            for offset in 0..<bytes.count where all[range.lowerBound + offset] != bytes[offset] { return false }
            return true
        }
    }

    /// Whether name `id` is a character style USFM 3 defines (`USXVocabulary.isCharacterStyle`).
    mutating func isCharacterStyle(_ id: Int) -> Bool {
        if let known = characterStyle[id] { return known }
        let known = USXVocabulary.isCharacterStyle(strings[id])
        characterStyle[id] = known
        return known
    }

    /// The index of name `id` in `builder`'s string table (`inPlain` says which of the two builders it is).
    mutating func index(_ id: Int, in builder: inout FlatContentBuilder, inPlain: Bool) -> UInt32 {
        let known = inPlain ? plainIndex[id] : contentIndex[id]
        if known != FlatNode.none { return known }
        let index = builder.intern(strings[id])
        if inPlain { plainIndex[id] = index } else { contentIndex[id] = index }
        return index
    }

    /// The content's string index of an attribute name (`nameIndex` its index in `USXVocabulary.names`,
    /// or -1), kept by name index until the content is replaced. `bytes` (the name as written) is read only
    /// the first time.
    mutating func contentIndex(
        ofAttribute nameIndex: Int, _ nameBytes: @autoclosure () -> UnsafeBufferPointer<UInt8>,
        in builder: inout FlatContentBuilder
    ) -> UInt32 {
        if nameIndex >= 0 && nameIndex < contentIndexByName.count && contentIndexByName[nameIndex] != FlatNode.none {
            return contentIndexByName[nameIndex]
        }
        let bytes = nameBytes()
        let index: UInt32
        if let id = cachedID(name: nameIndex) ?? id(name: nameIndex < 0 ? nil : nameIndex, bytes) {
            index = self.index(id, in: &builder, inPlain: false)
        } else {
            index = builder.intern(NFC.string(bytes))
        }
        if nameIndex >= 0 && nameIndex < contentIndexByName.count { contentIndexByName[nameIndex] = index }
        return index
    }

    /// Runs `body` with the content's string index of each of `USXVocabulary.names` as an attribute name, by
    /// name index (`FlatNode.none` where it has not been looked up since the content was replaced).
    func withAttributeContentIndices<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        contentIndexByName.withUnsafeBufferPointer(body)
    }

    /// Forgets the indices into the content builder's string table, which has been replaced.
    mutating func contentReplaced() {
        for id in contentIndex.indices { contentIndex[id] = FlatNode.none }
        for name in contentIndexByName.indices { contentIndexByName[name] = FlatNode.none }
    }
}

/// The `<char>` style the builder found last, by its bytes, with its index in the content's string table.
struct LastCharacterStyle {
    /// The style's bytes and length packed by `key(_:)`; 0 for none.
    var key: UInt64 = 0
    /// The style's index in the string table of the content being built.
    var marker: UInt32 = FlatNode.none

    /// A style of one to seven bytes packed into one number (its length in the top byte), or nil.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count > 0, bytes.count < 8, let start = bytes.baseAddress else { return nil }
        if bytes.count == 1 { return 1 << 56 | UInt64(start[0]) }  // `w`
        var key = UInt64(bytes.count) << 56
        for (offset, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * UInt64(offset)) }
        return key
    }
}
