import ScriptureSearch
import ScriptureStore

extension StoreSeal {
    /// Recomputes the search index's CRC-32Cs (see `SearchIndexFormat`) wherever the ranges they cover lie
    /// in the section: each dictionary block's, each posting list's, each verse block's, the exact tables'
    /// and the header's. An index of another format, or too short for its header, is left as it is.
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
        return CRC32C.checksum(Array(bytes[(base + range.lowerBound)..<(base + range.upperBound)]), continuing: crc)
    }

    mutating func reseal() {
        let regionsEnd = 32 + 9 * 8
        guard count >= regionsEnd, Array(bytes[base..<(base + 4)]) == Array("LSIX".utf8),
            u32(4).map({ $0 & 0xFFFF }) == SearchIndexFormat.version,
            let verseCount = u32(8), let foldedCount = u32(12)
        else { return }
        var regions: [Range<Int>] = []
        for region in 0..<9 {
            guard let offset = u32(32 + region * 8), let length = u32(36 + region * 8), offset <= count,
                length <= count - offset
            else { return }
            regions.append(offset..<(offset + length))
        }
        var checksum = regions[8].lowerBound
        for dictionary in regions[0...1] {
            guard let blockCount = u32(dictionary.lowerBound + 4) else { return }
            let offsets = dictionary.lowerBound + 8
            let blocks = offsets + (blockCount + 1) * 4
            for block in 0..<min(blockCount, count) {
                if let start = u32(offsets + block * 4), let end = u32(offsets + block * 4 + 4), start <= end,
                    let crc = crc((blocks + start)..<(blocks + end))
                {
                    put(crc, at: checksum)
                }
                checksum += 4
            }
        }
        let postings = regions[4]
        for term in 0..<min(foldedCount, count) {
            guard let start = u32(regions[3].lowerBound + term * 4),
                let end = u32(regions[3].lowerBound + term * 4 + 4),
                start + 4 <= end
            else { continue }
            let id = withUnsafeBytes(of: UInt32(truncatingIfNeeded: term).littleEndian) { CRC32C.checksum($0) }
            if let crc = crc((postings.lowerBound + start + 4)..<(postings.lowerBound + end), continuing: id) {
                put(crc, at: postings.lowerBound + start)
            }
        }
        let verseOffsets = regions[5].lowerBound
        for first in stride(from: 0, to: min(verseCount, count), by: 64) {
            let last = min(verseCount, first + 64)
            if let start = u32(verseOffsets + first * 4), let end = u32(verseOffsets + last * 4), start <= end,
                let offsets = crc((verseOffsets + first * 4)..<(verseOffsets + last * 4 + 4)),
                let crc = crc((regions[6].lowerBound + start)..<(regions[6].lowerBound + end), continuing: offsets)
            {
                put(crc, at: checksum)
            }
            checksum += 4
        }
        if let crc = crc(regions[2]) { put(crc, at: regions[8].upperBound - 8) }
        if let crc = crc(regions[7]) { put(crc, at: regions[8].upperBound - 4) }
        if let head = crc(0..<20), let crc = crc(24..<regionsEnd, continuing: head) { put(crc, at: 20) }
    }
}
