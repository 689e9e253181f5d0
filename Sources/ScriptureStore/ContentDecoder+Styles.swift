import ScriptureModel

// How `ContentDecoder` adds a style the first time a stream uses it: read in place from the styles
// table and the string pool, with the checked tables only to say what is wrong when something does not fit.

extension ContentDecoder {
    /// A style's marker and attribute slots in the content, added the first time the stream uses it:
    /// attribute values are copied from the string pool's bytes, names and the marker interned once.
    @inline(__always)
    mutating func style(_ id: Int) throws(StoreError) -> (marker: UInt32, attributes: Range<UInt32>) {
        if let known = styles.value(for: id) { return known }
        let style = try newStyle(id)
        styles.set(style, for: id)
        return style
    }

    /// Decodes style `id` in place from the styles table and the pool; any read that does not fit goes
    /// to `checkedStyle`, which says what is wrong.
    mutating func newStyle(_ id: Int) throws(StoreError) -> (marker: UInt32, attributes: Range<UInt32>) {
        let (table, strings) = (ByteReader(styleTable), ByteReader(pool))
        let (tableShape, poolShape) = (reader.styles.table.shape, reader.strings.table.shape)
        guard let entry = Self.entry(id, of: table, tableShape) else { return try checkedStyle(id) }
        var position = entry.lowerBound
        guard let markerID = try? table.varint(at: &position, end: entry.upperBound),
            let count = try? table.varint(at: &position, end: entry.upperBound), count < entry.count
        else { return try checkedStyle(id) }
        let marker = try intern(markerID)
        let first = builder.nextAttributeSlot
        for _ in 0..<count {
            guard let nameID = try? table.varint(at: &position, end: entry.upperBound),
                let valueID = try? table.varint(at: &position, end: entry.upperBound),
                let value = Self.entry(valueID, of: strings, poolShape)
            else { return try checkedStyle(id) }
            let name = try intern(nameID)
            let bytes = builder.appendBytes(UnsafeBufferPointer(rebasing: pool[value]))
            _ = builder.addAttribute(name: name, value: bytes)
        }
        return (marker: marker, attributes: first..<builder.nextAttributeSlot)
    }

    /// Where entry `id` of an offset table (see `OffsetTable`) lies, nil when it does not fit.
    @inline(__always)
    static func entry(_ id: Int, of table: ByteReader, _ shape: OffsetTable.Shape) -> Range<Int>? {
        guard id >= 0, id < shape.count, let start = try? table.u32(at: 4 + id * 4),
            let end = try? table.u32(at: 8 + id * 4), start <= end
        else { return nil }
        let range = (shape.dataStart + Int(start))..<(shape.dataStart + Int(end))
        guard range.upperBound <= table.count else { return nil }
        return range
    }

    /// `newStyle` through the checked tables, for a style whose bytes do not fit: throws the damage.
    mutating func checkedStyle(_ id: Int) throws(StoreError) -> (marker: UInt32, attributes: Range<UInt32>) {
        let table = reader.styles.table
        let (offset, length) = try table.entry(id, referrer: .content)
        var cursor = try table.bytes.slice(offset, length).cursor()
        let marker = try intern(cursor.varint())
        let count = try cursor.varint(below: length, "attribute count")
        let first = builder.nextAttributeSlot
        for _ in 0..<count {
            let name = try intern(cursor.varint())
            let (valueOffset, valueLength) = try reader.strings.table.entry(cursor.varint(), referrer: .styles)
            let value = builder.appendBytes(
                UnsafeBufferPointer(rebasing: pool[valueOffset..<(valueOffset + valueLength)]))
            _ = builder.addAttribute(name: name, value: value)
        }
        return (marker: marker, attributes: first..<builder.nextAttributeSlot)
    }

    /// Appends pooled string `id`'s bytes to the buffer and says where they are.
    mutating func appendPoolString(_ id: Int) throws(StoreError) -> Range<UInt32> {
        guard let range = Self.entry(id, of: ByteReader(pool), reader.strings.table.shape) else {
            let (offset, length) = try reader.strings.table.entry(id, referrer: .content)
            return builder.appendBytes(UnsafeBufferPointer(rebasing: pool[offset..<(offset + length)]))
        }
        return builder.appendBytes(UnsafeBufferPointer(rebasing: pool[range]))
    }

    /// A pooled string's index in the content's strings, interned the first time.
    mutating func intern(_ id: Int, referrer: SectionKind = .styles) throws(StoreError) -> UInt32 {
        if let known = interned.value(for: id) { return known }
        let index = builder.intern(try reader.strings.string(id, referrer: referrer))
        interned.set(index, for: id)
        return index
    }
}
