import ScriptureSearch
import ScriptureStore

extension StoreSeal {
    /// Recomputes the search index's CRC-32Cs (see `SearchIndexFormat`) wherever the ranges they cover lie
    /// in the section: each dictionary block's, each posting list's (its ranking bytes included), each verse
    /// block's, the exact tables', the verse lengths' and the header's. An index of another format, or too short for its header, is left as it is.
    static func resealSearchIndex(_ bytes: inout [UInt8], section: Range<Int>) {
        var index = SectionBytes(bytes: bytes, base: section.lowerBound, count: section.count)
        index.reseal()
        bytes = index.bytes
    }
}

/// The index section's bytes inside the file, read and written with every offset checked.
private struct SectionBytes {
    var bytes: [UInt8]
    let base: Int
    let count: Int

    func u32(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return (0..<4).reduce(0) { value, byte in value | Int(bytes[base + offset + byte]) << (8 * byte) }
    }

    mutating func put(_ value: UInt32, at offset: Int) {
        guard offset >= 0, offset <= count - 4 else { return }
        for byte in 0..<4 { bytes[base + offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(byte))) }
    }

    /// The CRC-32C of `range` (section offsets) continuing `crc`, or nil when it lies outside.
    func crc(_ range: Range<Int>, continuing crc: UInt32 = 0) -> UInt32? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        return SealChecksum.crc32c(Array(bytes[(base + range.lowerBound)..<(base + range.upperBound)]), continuing: crc)
    }

    mutating func reseal() {
        let regionsEnd = 32 + 16 * 8
        guard count >= regionsEnd, Array(bytes[base..<(base + 4)]) == Array("LSIX".utf8),
            u32(4).map({ $0 & 0xFFFF }) == SearchIndexFormat.version,
            let verseCount = u32(8), let foldedCount = u32(12)
        else { return }
        var regions: [Range<Int>] = []
        for region in 0..<16 {
            guard let offset = u32(32 + region * 8), let length = u32(36 + region * 8), offset <= count,
                length <= count - offset
            else { return }
            regions.append(offset..<(offset + length))
        }
        var checksum = regions[8].lowerBound
        for dictionary in regions[0...1] {
            guard resealDictionary(dictionary, checksums: &checksum) else { return }
        }
        resealPostings(offsets: regions[3], postings: regions[4], count: foldedCount)
        resealVerseBlocks(offsets: regions[5], streams: regions[6], verseCount: verseCount, checksums: &checksum)
        if let crc = crc(regions[2]) { put(crc, at: regions[8].upperBound - 8) }
        if let crc = crc(regions[7]) { put(crc, at: regions[8].upperBound - 4) }
        resealAttributes(regions, verseCount: verseCount)
        let lengths = regions[15]
        if lengths.count >= 4, let crc = crc(lengths.lowerBound..<(lengths.upperBound - 4)) {
            put(crc, at: lengths.upperBound - 4)
        }
        if let head = crc(0..<20), let crc = crc(24..<regionsEnd, continuing: head) { put(crc, at: 20) }
    }

    /// Reseals the posting lists of `count` terms: each one's CRC-32C, seeded with its id.
    mutating func resealPostings(offsets: Range<Int>, postings: Range<Int>, count terms: Int) {
        for term in 0..<min(terms, count) {
            guard let start = u32(offsets.lowerBound + term * 4), let end = u32(offsets.lowerBound + term * 4 + 4),
                start + 4 <= end
            else { continue }
            let id = withUnsafeBytes(of: UInt32(truncatingIfNeeded: term).littleEndian) { SealChecksum.crc32c($0) }
            if let crc = crc((postings.lowerBound + start + 4)..<(postings.lowerBound + end), continuing: id) {
                put(crc, at: postings.lowerBound + start)
            }
        }
    }

    /// Reseals each block of 64 verses of a verse stream, its checksums from `checksums` on.
    mutating func resealVerseBlocks(offsets: Range<Int>, streams: Range<Int>, verseCount: Int, checksums: inout Int) {
        let base = offsets.lowerBound
        for first in stride(from: 0, to: min(verseCount, count), by: 64) {
            let last = min(verseCount, first + 64)
            if let start = u32(base + first * 4), let end = u32(base + last * 4), start <= end,
                let head = crc((base + first * 4)..<(base + last * 4 + 4)),
                let crc = crc((streams.lowerBound + start)..<(streams.lowerBound + end), continuing: head)
            {
                put(crc, at: checksums)
            }
            checksums += 4
        }
    }

    /// Reseals the attribute regions (format 3): the dictionary's blocks, the postings, the verse blocks and
    /// the posting offsets.
    mutating func resealAttributes(_ regions: [Range<Int>], verseCount: Int) {
        guard regions.count == 16, let terms = u32(regions[9].lowerBound) else { return }
        var checksum = regions[14].lowerBound
        guard resealDictionary(regions[9], checksums: &checksum) else { return }
        resealPostings(offsets: regions[10], postings: regions[11], count: terms)
        resealVerseBlocks(offsets: regions[12], streams: regions[13], verseCount: verseCount, checksums: &checksum)
        if let crc = crc(regions[10]) { put(crc, at: regions[14].upperBound - 4) }
    }

    /// Reseals the blocks of the term dictionary in `region`, their checksums from `checksum` on (which moves
    /// past them); false when the block count cannot be read.
    mutating func resealDictionary(_ region: Range<Int>, checksums checksum: inout Int) -> Bool {
        guard let blockCount = u32(region.lowerBound + 4) else { return false }
        let offsets = region.lowerBound + 8
        let blocks = offsets + (blockCount + 1) * 4
        for block in 0..<min(blockCount, count) {
            if let start = u32(offsets + block * 4), let end = u32(offsets + block * 4 + 4), start <= end,
                let crc = crc((blocks + start)..<(blocks + end))
            {
                put(crc, at: checksum)
            }
            checksum += 4
        }
        return true
    }
}
