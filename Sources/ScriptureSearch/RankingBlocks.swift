import LecternKernels
import ScriptureStore

/// A folded term's ranking bytes (format 4), after its postings and covered by their CRC-32C: the term's
/// frequency in each of its verses (u8 per posting, in posting order; `BM25.saturated` for that many or
/// more), then for each block of `SearchIndexFormat.postingBlockSize` postings its best pair (frequency u8,
/// verse length u8: the pair of the block whose score is highest, whatever the weight; frequency
/// `BM25.saturated` when a posting of the block reaches it, so that the block has no bound), then for a
/// bitmap each block's first verse (u32); then, for a term of more than one block, its head: the pair of
/// the best posting left out of the head, the `headSize` best postings (by score, ties by verse) in verse
/// order as (gap varint, frequency u8) and the head's length in bytes (u16, the pair included).
///
/// A single word's best few come from its head when the worst of them beats every posting left out;
/// otherwise block by block, best bound first, until no remaining block can beat the worst of the best so far.
enum RankingBlocks {
    /// How many best postings a term of several blocks keeps in its head.
    static let headSize = 64

    /// What the builder knows: each folded term's frequency in each of its verses (in posting order), each
    /// verse's length (its tokens that fold to a term) and the average length.
    struct Input: Sendable {
        /// Saturated at `BM25.saturated`, as the index stores them (every use caps them there).
        var frequencies: [[UInt8]]
        var lengths: [Int32]
        var average: Double
    }

    /// Each folded term's postings and frequencies and each verse's length, gathered token by token in verse
    /// order (by the builder, and by the verifier from the tokens).
    struct Counts {
        var postings: [[Int32]]
        /// Saturated at `BM25.saturated` (a byte, not four, for each of a large version's tens of millions).
        var frequencies: [[UInt8]]
        var lengths: [Int32] = []
        /// How many tokens fold to a term, over every verse.
        var total = 0
        private var length: Int32 = 0

        init(terms: Int) {
            postings = [[Int32]](repeating: [], count: terms)
            frequencies = [[UInt8]](repeating: [], count: terms)
        }

        /// Counts a token of folded term `folded` in the current verse, `verse`.
        mutating func add(_ folded: Int, verse: Int) {
            length += 1
            if postings[folded].last != Int32(verse) {
                postings[folded].append(Int32(verse))
                frequencies[folded].append(1)
            } else {
                let last = frequencies[folded].count - 1
                if frequencies[folded][last] < UInt8(BM25.saturated) { frequencies[folded][last] += 1 }
            }
        }

        /// Ends the current verse.
        mutating func endVerse() {
            total += Int(length)
            lengths.append(length)
            length = 0
        }

        /// The builder's input, for `verseCount` verses.
        func input(verseCount: Int) -> Input {
            Input(
                frequencies: frequencies, lengths: lengths,
                average: BM25.average(totalTokens: total, verseCount: verseCount))
        }
    }

    /// Appends the ranking bytes of postings `verses` with their `frequencies`.
    static func encode(
        _ verses: [Int32], frequencies: [UInt8], _ input: Input, bitmap: Bool, into writer: inout ByteWriter
    ) {
        var scratch = Scratch()
        encode(verses, frequencies: frequencies, input, bitmap: bitmap, into: &writer.bytes, scratch: &scratch)
    }

    /// Room an encoder reuses from one term to the next: each posting's score and capped verse length, and
    /// the norm of each capped length for the average it was made for.
    struct Scratch {
        var scores: [Double] = []
        var lengths: [UInt8] = []
        var norms: [Double] = []
        var average = Double.nan
    }

    /// Appends the ranking bytes of postings `verses` with their `frequencies` to `bytes`. Each posting's score
    /// is computed once (infinity for a saturated frequency), for its block's best pair and for the head.
    static func encode(
        _ verses: [Int32], frequencies: [UInt8], _ input: Input, bitmap: Bool, into bytes: inout [UInt8],
        scratch: inout Scratch
    ) {
        // Frequencies are saturated already.
        bytes.append(contentsOf: frequencies)
        if !(scratch.average == input.average) {
            scratch.norms = (0...BM25.saturated).map { BM25.norm($0, average: input.average) }
            scratch.average = input.average
        }
        if scratch.scores.count < verses.count {
            scratch.scores = [Double](repeating: 0, count: verses.count)
            scratch.lengths = [UInt8](repeating: 0, count: verses.count)
        }
        let norms = scratch.norms
        scratch.scores.withUnsafeMutableBufferPointer { scores in
            scratch.lengths.withUnsafeMutableBufferPointer { lengths in
                input.lengths.withUnsafeBufferPointer { verseLengths in
                    for index in verses.indices {
                        let length = min(Int(verseLengths[Int(verses[index])]), BM25.saturated)
                        let frequency = Int(frequencies[index])
                        lengths[index] = UInt8(length)
                        scores[index] =
                            frequency >= BM25.saturated ? .infinity : BM25.score(1, Double(frequency), norms[length])
                    }
                }
            }
        }
        let size = SearchIndexFormat.postingBlockSize
        for first in stride(from: 0, to: verses.count, by: size) {
            let pair = best(first..<min(verses.count, first + size), frequencies, scratch)
            bytes.append(UInt8(pair.frequency))
            bytes.append(UInt8(pair.length))
        }
        if bitmap {
            for first in stride(from: 0, to: verses.count, by: size) { bytes.appendU32(UInt32(verses[first])) }
        }
        if verses.count > size { encodeHead(verses, frequencies: frequencies, scratch, into: &bytes) }
    }

    /// `best(_:average:)` of postings `range`, from their scores.
    private static func best(
        _ range: Range<Int>, _ frequencies: [UInt8], _ scratch: Scratch
    ) -> (frequency: Int, length: Int) {
        var best = (frequency: 0, length: BM25.saturated)
        var bestScore = -1.0
        for index in range {
            let score = scratch.scores[index]
            if score == .infinity { return (BM25.saturated, 0) }
            if score > bestScore { (best, bestScore) = ((Int(frequencies[index]), Int(scratch.lengths[index])), score) }
        }
        return best
    }

    /// Appends the head of postings `verses` (more than `headSize`), their scores in `scratch`.
    private static func encodeHead(
        _ verses: [Int32], frequencies: [UInt8], _ scratch: Scratch, into bytes: inout [UInt8]
    ) {
        // The head and the best left out, best first, ties by verse: a heap of `headSize + 1`, not a sort.
        var best = TopHits(capacity: headSize + 1)
        for index in verses.indices { best.offer(scratch.scores[index], index) }
        let order = best.matches().verses
        let left = order[headSize]
        let start = bytes.count
        bytes.append(UInt8(min(Int(frequencies[left]), BM25.saturated)))
        bytes.append(scratch.lengths[left])
        var previous = -1
        for index in order[..<headSize].sorted() {
            Varint.append(Int(verses[index]) - previous - 1, to: &bytes)
            bytes.append(UInt8(min(Int(frequencies[index]), BM25.saturated)))
            previous = Int(verses[index])
        }
        let length = bytes.count - start
        bytes.append(UInt8(truncatingIfNeeded: length))
        bytes.append(UInt8(truncatingIfNeeded: length >> 8))
    }

    /// The pair of `postings` (frequency, length) with the highest score, both capped at `BM25.saturated`;
    /// frequency `BM25.saturated` (no bound) when one reaches it.
    static func best(_ postings: [(frequency: Int, length: Int)], average: Double) -> (frequency: Int, length: Int) {
        var best = (frequency: 0, length: BM25.saturated)
        var bestScore = -1.0
        for (frequency, length) in postings {
            if frequency >= BM25.saturated { return (BM25.saturated, 0) }
            let length = min(length, BM25.saturated)
            let score = BM25.score(1, Double(frequency), BM25.norm(length, average: average))
            if score > bestScore { (best, bestScore) = ((frequency, length), score) }
        }
        return best
    }

    /// The highest score a posting of a block whose best pair is `frequency`, `length` can have with `weight`
    /// (infinity when the block has no bound), a little above it so that rounding cannot hide a tie.
    static func bound(frequency: Int, length: Int, weight: Double, average: Double) -> Double {
        guard frequency < BM25.saturated else { return .infinity }
        return BM25.score(weight, Double(frequency), BM25.norm(length, average: average)) * (1 + 1e-9)
    }
}
