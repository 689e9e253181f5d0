import LecternKernels
import ScriptureStore

extension SearchIndexBuilder {
    /// A verse stream region (the verses' exact ids, or their attribute entries), written as its chunks'
    /// parts one after another: its pieces, its offsets region and the CRC-32C of each block of
    /// `SearchIndexFormat.verseBlockSize` verses.
    struct VerseStream {
        /// The region's bytes, in pieces.
        var pieces: [[UInt8]] = []
        /// The offsets region: each verse's start in the region (u32), then the region's end.
        var offsets: [UInt8] = []
        /// Each block's CRC-32C: of its verse offsets (the one after its last verse included), then of its
        /// verses' bytes.
        var checksums: [UInt32] = []

        /// The stream of `parts` in order, each a chunk's bytes and its verses' ends in them.
        ///
        /// - Complexity: O(bytes), the checksums by the processor's instruction.
        init(_ parts: [(bytes: [UInt8], ends: [Int])]) {
            let verseCount = parts.reduce(0) { $0 + $1.ends.count }
            offsets.reserveCapacity(verseCount * 4 + 4)
            var base = 0
            // Where each part starts in the region.
            var partStarts: [Int] = []
            partStarts.reserveCapacity(parts.count)
            for part in parts {
                partStarts.append(base)
                var start = 0
                for end in part.ends {
                    offsets.appendU32(UInt32(truncatingIfNeeded: base + start))
                    start = end
                }
                base += part.bytes.count
                pieces.append(part.bytes)
            }
            offsets.appendU32(UInt32(truncatingIfNeeded: base))
            let size = SearchIndexFormat.verseBlockSize
            checksums.reserveCapacity((verseCount + size - 1) / size)
            offsets.withUnsafeBytes { offsetBytes in
                func offset(_ verse: Int) -> Int {
                    Int(UInt32(littleEndian: offsetBytes.loadUnaligned(fromByteOffset: verse * 4, as: UInt32.self)))
                }
                var part = 0
                for first in stride(from: 0, to: verseCount, by: size) {
                    let last = min(verseCount, first + size)
                    var crc = CRC32C.checksum(
                        UnsafeRawBufferPointer(rebasing: offsetBytes[(first * 4)..<(last * 4 + 4)]))
                    // The block's bytes, from the parts they lie in.
                    var from = offset(first)
                    let to = offset(last)
                    while from < to {
                        while part + 1 < parts.count, partStarts[part + 1] <= from { part += 1 }
                        let start = partStarts[part]
                        let end = min(to, start + parts[part].bytes.count)
                        crc = parts[part].bytes.withUnsafeBytes { bytes in
                            CRC32C.checksum(
                                UnsafeRawBufferPointer(rebasing: bytes[(from - start)..<(end - start)]), continuing: crc
                            )
                        }
                        from = end
                    }
                    checksums.append(crc)
                }
            }
        }
    }
}
