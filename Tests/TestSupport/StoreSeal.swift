import ScriptureStore

/// Makes damaged or fuzzed bytes look sound on the outside, as a forger would, so that tests reach the
/// decoders behind the header and checksums.
public enum StoreSeal {
    /// Sets the magic, format version, header size and file length, clamps the section count to what
    /// fits, recomputes the checksums read paths check (each chapter's CRC-32Cs, see
    /// `resealChapters`, and the search index's, see `resealSearchIndex`), then the CRC-32 of every section
    /// whose range lies in the file, then the header checksum. Bytes too short for a header come back
    /// unchanged.
    public static func resealed(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        let header = StoreFormat.headerSize
        guard bytes.count >= header else { return bytes }
        bytes.replaceSubrange(0..<8, with: StoreFormat.magic)
        put(UInt64(StoreFormat.version), size: 2, at: 8, in: &bytes)
        put(UInt64(header), size: 2, at: 10, in: &bytes)
        let fitting = (bytes.count - header) / StoreFormat.sectionEntrySize
        let count = min(Int(read(size: 4, at: 12, in: bytes)), StoreFormat.maximumSectionCount, fitting)
        put(UInt64(count), size: 4, at: 12, in: &bytes)
        put(UInt64(bytes.count), size: 8, at: 16, in: &bytes)
        var sections: [UInt32: Range<Int>] = [:]
        for index in 0..<count {
            let entry = header + index * StoreFormat.sectionEntrySize
            let offset = read(size: 8, at: entry + 8, in: bytes)
            let length = read(size: 8, at: entry + 16, in: bytes)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            let kind = UInt32(read(size: 4, at: entry, in: bytes))
            if sections[kind] == nil { sections[kind] = Int(offset)..<Int(offset + length) }
        }
        resealChapters(&bytes, sections: sections)
        if let index = sections[SectionKind.searchIndex.rawValue] { resealSearchIndex(&bytes, section: index) }
        for index in 0..<count {
            let entry = header + index * StoreFormat.sectionEntrySize
            let offset = read(size: 8, at: entry + 8, in: bytes)
            let length = read(size: 8, at: entry + 16, in: bytes)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            put(UInt64(CRC32.checksum(bytes[Int(offset)..<Int(offset + length)])), size: 4, at: entry + 24, in: &bytes)
        }
        var crc = CRC32()
        crc.update(bytes[0..<24])
        crc.update(bytes[28..<(header + count * StoreFormat.sectionEntrySize)])
        put(UInt64(crc.value), size: 4, at: 24, in: &bytes)
        return bytes
    }

    /// Recomputes each chapter record's two CRC-32Cs (of its first 32 bytes and its content; of its first
    /// 32 bytes, its verse records and its text) where the ranges it names lie in their sections.
    static func resealChapters(_ bytes: inout [UInt8], sections: [UInt32: Range<Int>]) {
        guard let chapters = sections[SectionKind.chapters.rawValue],
            let verses = sections[SectionKind.verses.rawValue],
            let text = sections[SectionKind.text.rawValue], let content = sections[SectionKind.content.rawValue]
        else { return }
        /// `length` bytes at `offset` in `section`, when they lie inside it.
        func piece(_ section: Range<Int>, _ offset: Int, _ length: Int) -> Range<Int>? {
            offset <= section.count && length <= section.count - offset
                ? (section.lowerBound + offset)..<(section.lowerBound + offset + length) : nil
        }
        for record in stride(from: chapters.lowerBound, through: chapters.upperBound - 40, by: 40) {
            func field(_ number: Int) -> Int { Int(read(size: 4, at: record + number * 4, in: bytes)) }
            let head = SealChecksum.crc32c(Array(bytes[record..<(record + 32)]))
            if let range = piece(content, field(5), field(6)) {
                put(
                    UInt64(SealChecksum.crc32c(Array(bytes[range]), continuing: head)), size: 4, at: record + 32, in: &bytes
                )
            }
            let (first, count) = (field(1), field(2))
            if first <= Int.max / 16, count <= Int.max / 16, let labels = piece(verses, first * 8, count * 8),
                let range = piece(text, field(3), field(4))
            {
                let crc = SealChecksum.crc32c(
                    Array(bytes[range]), continuing: SealChecksum.crc32c(Array(bytes[labels]), continuing: head))
                put(UInt64(crc), size: 4, at: record + 36, in: &bytes)
            }
        }
    }

    private static func read(size: Int, at offset: Int, in bytes: [UInt8]) -> UInt64 {
        (0..<size).reduce(0) { value, index in value | UInt64(bytes[offset + index]) << (8 * index) }
    }

    private static func put(_ value: UInt64, size: Int, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }
}
