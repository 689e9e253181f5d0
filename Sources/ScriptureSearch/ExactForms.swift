import LecternKernels
import Synchronization

/// Each folded term's exact forms: the exact ids that fold to it, the inverse of the exact → folded table.
///
/// A phrase finds its rarest word among a verse's exact ids with them (`PhraseAnchor`), without folding
/// every token. Built once per opened index, the first time a phrase needs it, from the checked table.
struct ExactForms: Sendable {
    /// Folded id `f`'s exact ids are `ids[starts[f]..<starts[f + 1]]`, increasing.
    private let starts: [Int32]
    private let ids: [Int32]

    /// Inverts the exact → folded table of `index` (checked against its CRC-32C first).
    ///
    /// - Complexity: O(exact terms + folded terms).
    init(_ index: IndexView) throws(IndexDamage) {
        let table = try index.exactToFolded()
        let exactCount = index.layout.exactCount
        let foldedCount = index.layout.foldedCount
        let reader = index.reader
        try reader.check(table, exactCount * 4)
        var folded = [Int32](repeating: -1, count: exactCount)
        var starts = [Int32](repeating: 0, count: foldedCount + 1)
        for id in 0..<exactCount {
            let value = try reader.u32(table + id * 4)
            if value == SearchIndexFormat.noFoldedTerm { continue }
            guard value < foldedCount else { throw IndexDamage(reason: "exact id \(id) folds to \(value)") }
            folded[id] = Int32(value)
            starts[value + 1] += 1
        }
        for term in 0..<foldedCount { starts[term + 1] += starts[term] }
        var next = starts
        var ids = [Int32](repeating: 0, count: Int(starts[foldedCount]))
        for id in 0..<exactCount where folded[id] >= 0 {
            let term = Int(folded[id])
            ids[Int(next[term])] = Int32(id)
            next[term] += 1
        }
        self.starts = starts
        self.ids = ids
    }

    /// How many exact ids fold to one of `terms`.
    func count(of terms: Range<Int>) -> Int {
        guard terms.lowerBound >= 0, terms.upperBound < starts.count, !terms.isEmpty else { return 0 }
        return Int(starts[terms.upperBound] - starts[terms.lowerBound])
    }

    /// The exact ids that fold to one of `terms`, increasing within each term.
    func ids(of terms: Range<Int>) -> ArraySlice<Int32> {
        guard terms.lowerBound >= 0, terms.upperBound < starts.count, !terms.isEmpty else { return [] }
        return ids[Int(starts[terms.lowerBound])..<Int(starts[terms.upperBound])]
    }
}

/// Where an opened index keeps its `ExactForms` once built (shared by the threads that search it).
final class ExactFormsSlot: Sendable {
    private let forms = Mutex<ExactForms?>(nil)

    /// The forms, built from `index` the first time.
    func forms(_ index: IndexView) throws(IndexDamage) -> ExactForms {
        if let forms = forms.withLock({ $0 }) { return forms }
        let built = try ExactForms(index)
        return forms.withLock { forms in
            if let forms { return forms }
            forms = built
            return built
        }
    }
}

/// The word of a phrase looked for first in a verse's exact ids, and the ids its folded ids come from:
/// the phrase's rarest word, unless it has more than `maximumIDs` exact forms (a short prefix).
struct PhraseAnchor {
    /// The most exact ids an anchor compares a token with.
    static let maximumIDs = 8
    /// Its place in the phrase.
    let word: Int
    /// Its exact ids.
    let ids: [Int]
    /// The first byte of each exact id's varint (without repeats), in each byte of a word: a verse's bytes
    /// are searched for them eight at a time.
    let patterns: [UInt64]

    /// The anchor of a phrase of `words` (folded ids, a first and a count each) whose terms' estimates are
    /// `estimates`, or nil when every word has too many exact forms.
    init?(words: [(first: Int32, count: UInt32)], estimates: [Int], forms: ExactForms) {
        var chosen: Int?
        for (word, estimate) in estimates.enumerated() where word < words.count {
            if let chosen, estimates[chosen] <= estimate { continue }
            let terms = Int(words[word].first)..<(Int(words[word].first) + Int(words[word].count))
            if forms.count(of: terms) <= Self.maximumIDs { chosen = word }
        }
        guard let word = chosen else { return nil }
        let terms = Int(words[word].first)..<(Int(words[word].first) + Int(words[word].count))
        self.word = word
        ids = forms.ids(of: terms).map { Int($0) }
        var firstBytes: [UInt64] = []
        for id in ids {
            let byte = UInt64(Varint.firstByte(of: id))
            if !firstBytes.contains(byte) { firstBytes.append(byte) }
        }
        patterns = firstBytes.map { $0 &* 0x0101_0101_0101_0101 }
    }
}
