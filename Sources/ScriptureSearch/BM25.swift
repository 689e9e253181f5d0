import Foundation

/// BM25's formula (k1 = 1.2, b = 0.75), shared by the index builder (each posting block's best pair) and
/// the queries, so that both compute every score with the same operations in the same order.
enum BM25 {
    /// The largest term frequency and verse length the ranking bytes hold; a byte of this value means "this
    /// or more": the exact figure is counted in the verse's tokens.
    static let saturated = 255

    /// ln(1 + (N − df + 0.5) / (df + 0.5)), `documentFrequency` at most `verseCount`.
    static func weight(documentFrequency: Int, verseCount: Int) -> Double {
        let count = Double(max(1, verseCount))
        let df = min(count, Double(documentFrequency))
        return log(1 + (count - df + 0.5) / (df + 0.5))
    }

    /// The average verse length in tokens (at least 1).
    static func average(totalTokens: Int, verseCount: Int) -> Double {
        max(1, Double(totalTokens) / Double(max(1, verseCount)))
    }

    /// k1 · (1 − b + b · length / average).
    @inline(__always)
    static func norm(_ length: Int, average: Double) -> Double { 1.2 * (0.25 + 0.75 * Double(length) / average) }

    /// A term's part of the score: `weight` × f × (k1 + 1) / (f + `norm`).
    @inline(__always)
    static func score(_ weight: Double, _ frequency: Double, _ norm: Double) -> Double {
        weight * frequency * 2.2 / (frequency + norm)
    }

    /// The norm of each verse length below `saturated` (the table a query reads instead of dividing).
    static func norms(average: Double) -> [Double] { (0..<saturated).map { norm($0, average: average) } }
}
