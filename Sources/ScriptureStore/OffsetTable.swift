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

    /// Builds a table from its entries' bytes, one after another, and where each entry ends in them.
    static func build(_ bytes: [UInt8], ends: [Int]) throws(StoreError) -> [UInt8] {
        guard bytes.count <= Int(UInt32.max) else { throw .cannotEncode("a table is larger than 4 GB") }
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(4 + (ends.count + 1) * 4 + bytes.count)
        writer.u32(UInt32(ends.count))
        writer.u32(0)
        for end in ends { writer.u32(UInt32(end)) }
        writer.append(bytes)
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

    /// Builds the section from `styles` in the order `order` (the index in `styles` of each id's style), adding
    /// the styles' strings to the pool: each style's marker, then each attribute's name and value.
    static func build(_ styles: StyleSet, order: [Int], strings: inout StringPool) throws(StoreError) -> [UInt8] {
        // A token's or distinct value's string id, once asked for: the same id the pool gives each time.
        var tokenIDs = [Int](repeating: -1, count: styles.tokenStrings.count)
        let distinct = styles.valueIDs.count == styles.valueEnds.count
        var valueIDs = [Int](repeating: -1, count: distinct ? styles.valueCount : 0)
        var entries = ByteWriter()
        var ends: [Int] = []
        ends.reserveCapacity(order.count)
        styles.pool.withUnsafeBufferPointer { pool in
            for style in order {
                let marker = styles.markers[style]
                if tokenIDs[marker] < 0 { tokenIDs[marker] = strings.id(styles.tokenStrings[marker]) }
                entries.varint(tokenIDs[marker])
                let attributes = styles.attributeStarts[style]..<styles.attributeStarts[style + 1]
                entries.varint(attributes.count)
                for attribute in attributes {
                    let name = styles.names[attribute]
                    if tokenIDs[name] < 0 { tokenIDs[name] = strings.id(styles.tokenStrings[name]) }
                    entries.varint(tokenIDs[name])
                    let value = UnsafeBufferPointer(rebasing: pool[styles.valueRange(attribute)])
                    guard distinct else {
                        entries.varint(strings.id(value, hash: styles.valueHashes[attribute]))
                        continue
                    }
                    let id = styles.valueIDs[attribute]
                    if valueIDs[id] < 0 { valueIDs[id] = strings.id(value, hash: styles.valueHashes[attribute]) }
                    entries.varint(valueIDs[id])
                }
                ends.append(entries.count)
            }
        }
        return try OffsetTable.build(entries.bytes, ends: ends)
    }
}
