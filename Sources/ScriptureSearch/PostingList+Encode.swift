import LecternKernels
import ScriptureStore

extension PostingList {
    /// Room an encoder reuses from one term to the next.
    struct Scratch {
        var gaps: [UInt8] = []
        var skips: [UInt8] = []
        var ranking = RankingBlocks.Scratch()
    }

    /// Appends the postings of folded term `id` to `output`: `verses` increasing, in `0..<verseCount`, after
    /// their CRC-32C (written over four bytes kept for it), with their ranking bytes when `ranking` gives the
    /// index's lengths and the term's frequencies; room is reused from `scratch`.
    static func encode(
        _ verses: [Int32], verseCount: Int, term id: Int, ranking: (RankingBlocks.Input, [UInt8])?,
        into output: inout [UInt8], scratch: inout Scratch
    ) {
        let size = SearchIndexFormat.postingBlockSize
        scratch.gaps.removeAll(keepingCapacity: true)
        scratch.skips.removeAll(keepingCapacity: true)
        var previous = -1
        for (index, verse) in verses.enumerated() {
            if index > 0, index % size == 0 {
                scratch.skips.appendU32(UInt32(previous))
                scratch.skips.appendU32(UInt32(scratch.gaps.count))
            }
            Varint.append(Int(verse) - previous - 1, to: &scratch.gaps)
            previous = Int(verse)
        }
        let skipCount = scratch.skips.count / 8
        let listSize = Varint.size(of: skipCount) + scratch.skips.count + scratch.gaps.count
        let bitmapSize = (verseCount + 7) / 8
        let isBitmap = bitmapSize < listSize
        let start = output.count
        output.appendU32(0)
        Varint.append(verses.count, to: &output)
        if isBitmap {
            output.append(1)
            let bitmap = output.count
            output.append(contentsOf: repeatElement(0, count: bitmapSize))
            output.withUnsafeMutableBufferPointer { bytes in
                for verse in verses { bytes[bitmap + Int(verse) >> 3] |= 1 << UInt8(verse & 7) }
            }
        } else {
            output.append(0)
            Varint.append(skipCount, to: &output)
            output.append(contentsOf: scratch.skips)
            output.append(contentsOf: scratch.gaps)
        }
        if let (input, frequencies) = ranking {
            RankingBlocks.encode(
                verses, frequencies: frequencies, input, bitmap: isBitmap, into: &output, scratch: &scratch.ranking)
        }
        let crc = output.withUnsafeBytes { bytes in
            CRC32C.checksum(
                UnsafeRawBufferPointer(rebasing: bytes[(start + 4)...]), continuing: IndexReader.crc32c(of: id))
        }
        for index in 0..<4 { output[start + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
    }
}
