import ScriptureModel

/// Where `StoreWriter.write(_:to:)` puts a store file: the bytes appended in file order, then the header and
/// section table written over the zeros that held their place.
protocol StoreOutput {
    /// Appends `bytes` at the end of what was written.
    mutating func append(_ bytes: [UInt8]) throws(StoreError)
    /// Writes `bytes` over bytes already appended, from `offset` on.
    mutating func overwrite(_ bytes: [UInt8], at offset: Int) throws(StoreError)
}

/// A store file in memory (`StoreWriter.encode`).
struct StoreFileBytes: StoreOutput {
    var bytes: [UInt8] = []

    mutating func append(_ bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }

    mutating func overwrite(_ bytes: [UInt8], at offset: Int) {
        self.bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }
}

extension StoreWriter {
    /// Writes the file: zeros where the header and section table go, each encoded section after its zero
    /// padding (and let go once written), then each built section, made from the verse texts only now (the
    /// last builder takes them, so they are freed while it builds), and last the header and table.
    ///
    /// The encoded books are thus on disk, not in memory, while the search index is built, but for the text
    /// section's bytes, which the verse texts are (they go as the builder is done with each book's).
    static func write<Output: StoreOutput>(_ pending: inout Pending, to output: inout Output) throws(StoreError) {
        let count = pending.sections.count + pending.builders.count
        let tableEnd = StoreFormat.headerSize + count * StoreFormat.sectionEntrySize
        try output.append([UInt8](repeating: 0, count: tableEnd))
        var entries: [SectionEntry] = []
        var position = tableEnd
        func put(_ kind: SectionKind, _ pieces: [[UInt8]]) throws(StoreError) {
            let start = (position + StoreFormat.alignment - 1) / StoreFormat.alignment * StoreFormat.alignment
            if start > position { try output.append([UInt8](repeating: 0, count: start - position)) }
            var crc = CRC32()
            var length = 0
            for piece in pieces where !piece.isEmpty {
                crc.update(piece)
                length += piece.count
                try output.append(piece)
            }
            entries.append(SectionEntry(kind: kind, offset: start, length: length, checksum: crc.value))
            position = start + length
        }
        for index in pending.sections.indices {
            let (kind, pieces) = pending.sections[index]
            pending.sections[index].1 = []
            try put(kind, pieces)
        }
        let builders = pending.builders
        pending.builders = []
        for (index, builder) in builders.enumerated() {
            if index == builders.count - 1 {
                let verses = pending.verseTexts
                pending.verseTexts = VerseTextTable(books: [])
                try put(builder.kind, try builder.build(verses: consume verses))
            } else {
                try put(builder.kind, try builder.build(verses: pending.verseTexts))
            }
        }
        try output.overwrite(header(entries, fileLength: position), at: 0)
    }

    /// The header and section table of a file of `fileLength` bytes with sections `entries`, checksum filled in.
    static func header(_ entries: [SectionEntry], fileLength: Int) -> [UInt8] {
        var file = ByteWriter()
        file.append(StoreFormat.magic)
        file.u16(StoreFormat.version)
        file.u16(UInt16(StoreFormat.headerSize))
        file.u32(UInt32(entries.count))
        file.u64(UInt64(fileLength))
        file.u32(0)
        file.u32(0)
        for entry in entries {
            file.u32(entry.kind.rawValue)
            file.u32(0)
            file.u64(UInt64(entry.offset))
            file.u64(UInt64(entry.length))
            file.u32(entry.checksum)
            file.u32(0)
        }
        file.patchU32(headerChecksum(file.bytes), at: 24)
        return file.bytes
    }

    /// The CRC-32 of the header (all but its checksum field) and the section table.
    static func headerChecksum(_ headerAndTable: some Collection<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(headerAndTable.prefix(24))
        crc.update(headerAndTable.dropFirst(28))
        return crc.value
    }
}
