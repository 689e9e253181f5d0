import ScriptureModel
import TextNormalization

/// Attribute lists added to the node of the span (or figure) they follow.
extension USFMBookBuilder {
    /// Reads the attribute list in `range` onto `node`, reporting what is wrong with it.
    ///
    /// The usual list, `name="value"` pairs that NFC leaves as they are, is copied straight from the
    /// input; anything else goes through `USFMAttributes.parse`.
    mutating func addAttributes(_ range: Range<Int>, marker: String, to node: Int) {
        flat.flush(&stage)
        let raw = cursor.bytes(range)
        if addPlainPairs(raw, to: node) { return }
        checkAttributeBytes(range, marker: marker)
        checkSpacesAroundEquals(range, marker: marker)
        switch USFMAttributes.parse(raw, marker: marker) {
        case .success(let attributes):
            flat.addAttributes(attributes, after: node)
        case .failure(let problem):
            report(.warning, problem.kind, at: range.lowerBound + problem.offset, problem.message)
            flat.addAttributes(problem.recovered, after: node)
        }
    }

    /// Adds `name="value"` pairs read straight from bytes that NFC leaves alone, when there is
    /// nothing to report about them (no line end, no empty value); `false`, having added nothing,
    /// for anything else, which the caller checks and `USFMAttributes.parse` reads.
    private mutating func addPlainPairs(_ raw: UnsafeBufferPointer<UInt8>, to node: Int) -> Bool {
        let pairs = Self.plainPairCount(raw)
        guard pairs > 0 else { return false }
        addPairs(raw, count: pairs, to: node)
        return true
    }

    /// The number of `name="value"` pairs in `raw` when it is only such pairs, apart by spaces,
    /// with ASCII-or-Latin names, values already in NFC, no line end and no empty value; 0 otherwise.
    static func plainPairCount(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = raw.baseAddress else { return 0 }
        let count = raw.count
        var pairs = 0
        var index = 0
        while true {
            while index < count, base[index] == space { index += 1 }
            if index >= count { return pairs }
            let nameStart = index
            while index < count {
                let byte = base[index]
                if byte == 0x3D || byte == space { break }
                if byte >= 0xCC || byte == 0x0A || byte == 0x0D { return 0 }
                index += 1
            }
            guard index < count, base[index] == 0x3D, index > nameStart, index + 1 < count, base[index + 1] == 0x22
            else { return 0 }
            index += 2
            let valueStart = index
            var mayChange = false
            while index < count {
                let byte = base[index]
                if byte == 0x22 { break }
                if byte == 0x0A || byte == 0x0D { return 0 }
                if byte >= 0xCC { mayChange = true }
                index += 1
            }
            guard index < count, index > valueStart else { return 0 }
            if mayChange, !NFC.isNormalized(UnsafeBufferPointer(start: base + valueStart, count: index - valueStart)) {
                return 0
            }
            index += 1
            pairs += 1
        }
    }

    /// Adds the `count` pairs of a list `plainPairCount` accepted.
    mutating func addPairs(_ raw: UnsafeBufferPointer<UInt8>, count pairs: Int, to node: Int) {
        guard let base = raw.baseAddress else { return }
        var index = 0
        for _ in 0..<pairs {
            while base[index] == space { index += 1 }
            let nameStart = index
            while base[index] != 0x3D { index += 1 }
            let name = attributeNameID(UnsafeBufferPointer(start: base + nameStart, count: index - nameStart))
            index += 2
            let valueStart = index
            while base[index] != 0x22 { index += 1 }
            flat.addAttribute(
                to: node, nameID: name, value: UnsafeBufferPointer(start: base + valueStart, count: index - valueStart))
            index += 1
        }
    }

    /// The index in `flat`'s string table of the attribute name at `start` in the input, `count` bytes
    /// long; a name of up to sixteen bytes is read with two loads when sixteen bytes are there.
    @inline(__always)
    mutating func attributeNameID(at start: Int, count: Int) -> UInt32 {
        let input = cursor.input
        guard count <= 16, start + 16 <= input.count, let base = input.baseAddress else {
            return attributeNameID(UnsafeBufferPointer(rebasing: input[start..<(start + count)]))
        }
        let raw = UnsafeRawPointer(base + start)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let name = USFMPackedName(
            low: count >= 8 ? low : low & ((1 << UInt64(count * 8)) - 1),
            high: count >= 16 ? high : count <= 8 ? 0 : high & ((1 << UInt64((count - 8) * 8)) - 1),
            count: count)
        for slot in attributeNameIDs.indices where attributeNameIDs[slot].same(as: name) {
            return attributeNameIDs[slot].id
        }
        return attributeNameID(UnsafeBufferPointer(rebasing: input[start..<(start + count)]))
    }

    /// The index of an attribute name in `flat`'s string table; names of up to sixteen bytes are found
    /// without a string.
    private mutating func attributeNameID(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard bytes.count <= 16 else { return flat.intern(String(decoding: bytes, as: UTF8.self)) }
        var name = USFMPackedName(low: 0, high: 0, count: bytes.count)
        for index in bytes.indices.reversed() {
            if index < 8 {
                name.low = name.low << 8 | UInt64(bytes[index])
            } else {
                name.high = name.high << 8 | UInt64(bytes[index])
            }
        }
        for slot in attributeNameIDs.indices where attributeNameIDs[slot].same(as: name) {
            return attributeNameIDs[slot].id
        }
        name.id = flat.intern(String(decoding: bytes, as: UTF8.self))
        // The scan is for the few names a book uses; past them the string table's hash finds a name in O(1)
        // (200,000 distinct names in one file took 17.7 s scanned).
        if attributeNameIDs.count < 16 { attributeNameIDs.append(name) }
        return name.id
    }
}

/// An attribute name of up to sixteen bytes: its bytes as two little-endian words (zero beyond its length),
/// its length, and its index in the content's string table.
struct USFMPackedName {
    var low: UInt64
    var high: UInt64
    var count: Int
    var id: UInt32 = 0

    /// Whether the two hold the same name.
    @inline(__always)
    func same(as other: USFMPackedName) -> Bool { low == other.low && high == other.high && count == other.count }
}
