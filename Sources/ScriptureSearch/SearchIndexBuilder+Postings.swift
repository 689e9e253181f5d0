import ScriptureStore

extension SearchIndexBuilder {
    /// The posting lists (offsets and bytes) and verse lengths of the counted verses, and the token total;
    /// the counts are freed on return, before the rest of the index is laid out.
    static func postingRegions(
        _ tally: consuming RankingBlocks.Counts, verseCount: Int
    ) -> (offsets: [UInt8], postings: [UInt8], lengths: ByteWriter, total: Int) {
        let ranking = tally.input(verseCount: verseCount)
        let (offsets, postings) = encodePostings(tally.postings, verseCount: verseCount, ranking: ranking)
        var lengths = ByteWriter()
        for length in tally.lengths { lengths.u8(UInt8(min(Int(length), BM25.saturated))) }
        lengths.u32(CRC32C.checksum(lengths.bytes))
        return (offsets, postings, lengths, tally.total)
    }

    /// `PostingList.encodeAll`'s bytes, the terms cut into runs of about equal postings that are encoded in
    /// parallel and joined in order (each term's list depends on nothing but its own postings and id).
    static func encodePostings(
        _ postings: [[Int32]], verseCount: Int, ranking: RankingBlocks.Input
    ) -> (offsets: [UInt8], postings: [UInt8]) {
        let total = postings.reduce(0) { $0 + $1.count + 16 }
        let runCount = 16
        var starts = [0]
        var sum = 0
        for (id, list) in postings.enumerated() {
            sum += list.count + 16
            if sum * runCount >= total * starts.count, starts.count < runCount, id + 1 < postings.count {
                starts.append(id + 1)
            }
        }
        starts.append(postings.count)
        let cuts = starts
        var runs = Parallel.map(count: cuts.count - 1) { run in
            var bytes = ByteWriter()
            var offsets: [Int] = []
            for id in cuts[run]..<cuts[run + 1] {
                offsets.append(bytes.count)
                PostingList.encode(
                    postings[id], verseCount: verseCount, term: id, ranking: (ranking, ranking.frequencies[id]),
                    into: &bytes)
            }
            return (offsets: offsets, bytes: bytes.bytes)
        }
        var offsets = ByteWriter()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(runs.reduce(0) { $0 + $1.bytes.count })
        for index in runs.indices {
            let run = runs[index]
            runs[index] = ([], [])
            for offset in run.offsets { offsets.u32(UInt32(bytes.count + offset)) }
            bytes.append(contentsOf: run.bytes)
        }
        offsets.u32(UInt32(bytes.count))
        return (offsets.bytes, bytes)
    }
}
