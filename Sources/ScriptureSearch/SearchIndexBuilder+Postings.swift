import LecternKernels
import ScriptureStore

extension SearchIndexBuilder {
    /// The terms of the postings of `chunks` (`termCount` terms) cut into about `runCount` runs of about
    /// equal postings: each run's terms, and its postings (each term counted 16 more).
    static func postingRuns(
        _ chunks: [ChunkPostings], termCount: Int, runCount: Int = 48
    ) -> [(terms: Range<Int>, size: Int)] {
        var sizes = [Int](repeating: 16, count: termCount)
        for chunk in chunks {
            for (index, term) in chunk.terms.enumerated() {
                sizes[Int(term)] += Int(chunk.starts[index + 1] - chunk.starts[index])
            }
        }
        let total = sizes.reduce(0, +)
        var runs: [(terms: Range<Int>, size: Int)] = []
        var (start, sum, runSize) = (0, 0, 0)
        for (id, size) in sizes.enumerated() {
            sum += size
            runSize += size
            if sum * runCount >= total * (runs.count + 1), runs.count + 1 < runCount, id + 1 < termCount {
                runs.append((start..<(id + 1), runSize))
                (start, runSize) = (id + 1, 0)
            }
        }
        runs.append((start..<termCount, runSize))
        return runs
    }

    /// Posting lists to encode: the chunks' postings cut into runs, with the ranking input (folded terms only).
    struct PostingSet: Sendable {
        let chunks: [ChunkPostings]
        let runs: [(terms: Range<Int>, size: Int)]
        let ranking: RankingBlocks.Input?
    }

    /// `encodePostings` of each run of each of `sets`, on every core, the largest first so that none is
    /// left alone at the end; each set's in its runs' order.
    static func encodeRuns(_ sets: [PostingSet], verseCount: Int) -> [[(offsets: [Int], bytes: [UInt8])]] {
        let jobs = sets.indices.flatMap { set in sets[set].runs.indices.map { (set: set, run: $0) } }
            .sorted { sets[$0.set].runs[$0.run].size > sets[$1.set].runs[$1.run].size }
        let encoded = Parallel.map(count: jobs.count) { job in
            let set = sets[jobs[job].set]
            return encodePostings(
                set.chunks, terms: set.runs[jobs[job].run].terms, verseCount: verseCount, ranking: set.ranking)
        }
        var result = sets.map { [(offsets: [Int], bytes: [UInt8])](repeating: ([], []), count: $0.runs.count) }
        for (job, place) in jobs.enumerated() { result[place.set][place.run] = encoded[job] }
        return result
    }

    /// The encoded postings (`PostingList.encode`, with ranking bytes when `ranking` is given) of terms
    /// `terms`, each term's postings gathered from `chunks` in chunk order: the offset of each term's list
    /// in the bytes, and the bytes.
    ///
    /// - Complexity: O(postings + terms × chunks).
    static func encodePostings(
        _ chunks: [ChunkPostings], terms: Range<Int>, verseCount: Int, ranking: RankingBlocks.Input?
    ) -> (offsets: [Int], bytes: [UInt8]) {
        // Each chunk's next term of the run (at `cursors`), its id kept apart so that most chunks are passed
        // over without touching their arrays.
        var cursors = chunks.map { chunk in
            var (low, high) = (0, chunk.terms.count)
            while low < high {
                let middle = (low + high) / 2
                if Int(chunk.terms[middle]) < terms.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var next = chunks.indices.map {
            cursors[$0] < chunks[$0].terms.count ? Int(chunks[$0].terms[cursors[$0]]) : Int.max
        }
        var bytes: [UInt8] = []
        var scratch = PostingList.Scratch()
        var offsets: [Int] = []
        offsets.reserveCapacity(terms.count)
        var verses: [Int32] = []
        var frequencies: [UInt8] = []
        for term in terms {
            verses.removeAll(keepingCapacity: true)
            frequencies.removeAll(keepingCapacity: true)
            for index in next.indices where next[index] == term {
                let cursor = cursors[index]
                let range = Int(chunks[index].starts[cursor])..<Int(chunks[index].starts[cursor + 1])
                verses.append(contentsOf: chunks[index].verses[range])
                if ranking != nil { frequencies.append(contentsOf: chunks[index].frequencies[range]) }
                cursors[index] = cursor + 1
                next[index] = cursor + 1 < chunks[index].terms.count ? Int(chunks[index].terms[cursor + 1]) : Int.max
            }
            offsets.append(bytes.count)
            PostingList.encode(
                verses, verseCount: verseCount, term: term, ranking: ranking.map { ($0, frequencies) }, into: &bytes,
                scratch: &scratch)
        }
        return (offsets, bytes)
    }

    /// The posting offsets region (a u32 a term, then the end) of runs encoded one by one (`encodePostings`),
    /// the postings region as the runs' bytes in order, and the CRC-32C of the offsets region.
    static func joinPostingOffsets(
        _ runs: ArraySlice<(offsets: [Int], bytes: [UInt8])>
    ) -> (offsets: [UInt8], pieces: [[UInt8]], checksum: UInt32) {
        var offsets: [UInt8] = []
        offsets.reserveCapacity(runs.reduce(4) { $0 + $1.offsets.count * 4 })
        var base = 0
        for run in runs {
            for offset in run.offsets { offsets.appendU32(UInt32(truncatingIfNeeded: base + offset)) }
            base += run.bytes.count
        }
        offsets.appendU32(UInt32(truncatingIfNeeded: base))
        return (offsets, runs.map(\.bytes), CRC32C.checksum(offsets))
    }

    /// The verse lengths region: a byte each (saturated at `BM25.saturated`), then their CRC-32C.
    static func lengthsRegion(_ lengths: [Int32]) -> [UInt8] {
        var bytes = lengths.map { UInt8(min(Int($0), BM25.saturated)) }
        bytes.appendU32(CRC32C.checksum(bytes))
        return bytes
    }
}
