import ScriptureModel

/// A section of variable-length entries with O(1) access: `count u32`, `count + 1` entry offsets
/// (u32, from the start of the data), then the entries' bytes. The strings and styles sections use it.
struct OffsetTable: Sendable {
    /// The section.
    let bytes: StoreBytes
    /// How many entries it has.
    let count: Int
    private let dataStart: Int

    /// Reads the table's count and checks that its offsets fit in the section.
    init(bytes: StoreBytes) throws(StoreError) {
        self.bytes = bytes
        let count = Int(try bytes.u32(at: 0))
        guard count < bytes.count / 4 else { throw bytes.damaged("entry count \(count) too large for the section") }
        self.count = count
        dataStart = 4 + (count + 1) * 4
        try bytes.check(0, dataStart)
    }

    /// How many entries the table has and where their bytes start, for a decoder that reads the table
    /// in place (every entry still checked against the section's end).
    struct Shape {
        let count: Int
        let dataStart: Int
    }

    /// The table's count and where its entries' bytes start.
    var shape: Shape { Shape(count: count, dataStart: dataStart) }

    /// Where entry `index` starts and how long it is, relative to the section.
    ///
    /// An index out of range is damage in the section that gave it, `referrer`.
    @inline(__always)
    func entry(_ index: Int, referrer: SectionKind) throws(StoreError) -> (offset: Int, length: Int) {
        guard index >= 0, index < count else {
            throw .damaged(
                path: bytes.file.path, section: referrer,
                reason: "\(bytes.section) entry \(index) out of range (\(count) entries)")
        }
        let (rawStart, rawEnd) = try bytes.u32Pair(at: 4 + index * 4)
        let start = Int(rawStart)
        let end = Int(rawEnd)
        guard start <= end else { throw bytes.damaged("entry \(index) ends before it starts") }
        try bytes.check(dataStart + start, end - start)
        return (dataStart + start, end - start)
    }

    /// Builds a table from its entries.
    static func build(_ entries: [[UInt8]]) throws(StoreError) -> [UInt8] {
        var writer = ByteWriter()
        writer.u32(UInt32(entries.count))
        var offset = 0
        writer.u32(0)
        for entry in entries {
            offset += entry.count
            guard offset <= Int(UInt32.max) else { throw .cannotEncode("a table is larger than 4 GB") }
            writer.u32(UInt32(offset))
        }
        for entry in entries { writer.append(entry) }
        return writer.bytes
    }
}

/// The strings section: the pool of markers, attribute names and values, callers and names.
struct StringTable: Sendable {
    let table: OffsetTable

    /// String `id`, which the section `referrer` gave.
    func string(_ id: Int, referrer: SectionKind) throws(StoreError) -> String {
        let (offset, length) = try table.entry(id, referrer: referrer)
        return try table.bytes.string(at: offset, length: length)
    }

    /// Builds the section from the pool.
    static func build(_ strings: [String]) throws(StoreError) -> [UInt8] {
        try OffsetTable.build(strings.map { Array($0.utf8) })
    }
}

/// The styles section: each entry is `marker:string count:varint (name:string value:string)*`.
struct StyleTable: Sendable {
    let table: OffsetTable
    let strings: StringTable

    /// Style `id`: its marker and attributes.
    func style(_ id: Int) throws(StoreError) -> (marker: String, attributes: [Attribute]) {
        let (offset, length) = try table.entry(id, referrer: .content)
        var cursor = try table.bytes.slice(offset, length).cursor()
        let marker = try strings.string(cursor.varint(), referrer: .styles)
        let count = try cursor.varint(below: length, "attribute count")
        var attributes: [Attribute] = []
        attributes.reserveCapacity(count)
        for _ in 0..<count {
            let name = try strings.string(cursor.varint(), referrer: .styles)
            let value = try strings.string(cursor.varint(), referrer: .styles)
            attributes.append(Attribute(name, value))
        }
        return (marker, attributes)
    }

    /// The string id of style `id`'s marker (nothing else is decoded).
    func markerID(_ id: Int) throws(StoreError) -> Int {
        let (offset, _) = try table.entry(id, referrer: .content)
        return try table.bytes.varint(at: offset)
    }

    /// Builds the section, adding the styles' strings to the pool.
    static func build(_ styles: [StyleKey], strings: inout FrequencyInterner<ByteString>) throws(StoreError) -> [UInt8]
    {
        let entries = styles.map { style in
            var writer = ByteWriter()
            writer.varint(strings.id(style.marker))
            writer.varint(style.attributes.count)
            for attribute in style.attributes {
                writer.varint(strings.id(attribute.name))
                writer.varint(strings.id(attribute.value))
            }
            return writer.bytes
        }
        return try OffsetTable.build(entries)
    }
}
