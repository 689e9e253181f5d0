import ScriptureModel
import TextNormalization

/// Attribute lists added to the node of the span (or figure) they follow.
extension USFMBookBuilder {
    /// Reads the attribute list in `range` onto `node`, reporting what is wrong with it.
    ///
    /// The usual list, `name="value"` pairs with no byte that NFC could change, is copied straight
    /// from the input; anything else goes through `USFMAttributes.parse`.
    mutating func addAttributes(_ range: Range<Int>, marker: String, to node: Int) {
        checkAttributeBytes(range, marker: marker)
        let raw = cursor.bytes(range)
        if addPlainPairs(raw, to: node) { return }
        switch USFMAttributes.parse(raw, marker: marker) {
        case .success(let attributes):
            flat.addAttributes(attributes, after: node)
        case .failure(let problem):
            report(.warning, .malformedAttributes, at: range.lowerBound + problem.offset, problem.message)
            flat.addAttributes(problem.recovered, after: node)
        }
    }

    /// Adds `name="value"` pairs read straight from bytes that NFC leaves alone; `false`, having
    /// added nothing, when the list is anything else (which `USFMAttributes.parse` then reads).
    private mutating func addPlainPairs(_ raw: UnsafeBufferPointer<UInt8>, to node: Int) -> Bool {
        let equals = UInt8(ascii: "=")
        let quote = UInt8(ascii: "\"")
        var start = 0
        var end = raw.count
        while start < end, raw[start] == space { start += 1 }
        while end > start, raw[end - 1] == space { end -= 1 }
        // One pass to check that every pair reads cleanly, the next to add them.
        var hasEquals = false
        for byte in raw[start..<end] {
            if byte >= 0xCC { return false }
            if byte == equals { hasEquals = true }
        }
        guard hasEquals else { return false }
        for pass in 0..<2 {
            let adding = pass == 1
            var index = start
            while true {
                while index < end, raw[index] == space { index += 1 }
                if index >= end { break }
                let nameStart = index
                while index < end, raw[index] != equals, raw[index] != space { index += 1 }
                let nameEnd = index
                while index < end, raw[index] == space { index += 1 }
                guard index < end, raw[index] == equals, nameEnd > nameStart else { return false }
                index += 1
                while index < end, raw[index] == space { index += 1 }
                guard index < end, raw[index] == quote else { return false }
                index += 1
                let valueStart = index
                while index < end, raw[index] != quote { index += 1 }
                guard index < end else { return false }
                if adding {
                    let name = attributeNameID(UnsafeBufferPointer(rebasing: raw[nameStart..<nameEnd]))
                    flat.addAttribute(
                        to: node, nameID: name, value: UnsafeBufferPointer(rebasing: raw[valueStart..<index]))
                }
                index += 1
            }
        }
        return true
    }

    /// The index of an attribute name in `flat`'s string table; short names are found without a string.
    private mutating func attributeNameID(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard bytes.count <= 8 else { return flat.intern(String(decoding: bytes, as: UTF8.self)) }
        var key: UInt64 = 0
        for byte in bytes.reversed() { key = key << 8 | UInt64(byte) }
        for known in attributeNameIDs where known.key == key { return known.id }
        let id = flat.intern(String(decoding: bytes, as: UTF8.self))
        attributeNameIDs.append((key, id))
        return id
    }
}
