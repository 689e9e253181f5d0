import ScriptureModel

/// How well a version's chapter and verse counts fit a scheme.
public struct VersificationFit: Sendable {
    /// The scheme compared.
    public var scheme: VersificationScheme
    /// Chapters whose last verse is the scheme's.
    public var matchingChapters: Int
    /// Chapters of the version compared (books the scheme lacks count as not matching).
    public var comparedChapters: Int

    /// The share of chapters that match, 0 to 1.
    public var ratio: Double { comparedChapters == 0 ? 0 : Double(matchingChapters) / Double(comparedChapters) }
}

extension VersificationScheme {
    /// Compares a version's last verse of every chapter with each scheme; the best fit first.
    ///
    /// A tie keeps the order of `schemes` (Original before English by default: the two agree there).
    /// - Complexity: O(chapters × schemes).
    public static func fits(
        lastVerses: [BookID: [Int]], among schemes: [VersificationScheme] = standardSchemes
    ) -> [VersificationFit] {
        let fits = schemes.map { scheme in
            var matching = 0
            var compared = 0
            for (book, chapters) in lastVerses where book.isCanonicalText {
                for (index, last) in chapters.enumerated() where last > 0 {
                    compared += 1
                    if scheme.lastVerse(book, index + 1) == last { matching += 1 }
                }
            }
            return VersificationFit(scheme: scheme, matchingChapters: matching, comparedChapters: compared)
        }
        return fits.enumerated().sorted { left, right in
            left.element.matchingChapters != right.element.matchingChapters
                ? left.element.matchingChapters > right.element.matchingChapters : left.offset < right.offset
        }.map(\.element)
    }

    /// The scheme that fits a version's counts best (see `fits(lastVerses:among:)`).
    public static func detect(
        lastVerses: [BookID: [Int]], among schemes: [VersificationScheme] = standardSchemes
    ) -> VersificationScheme {
        fits(lastVerses: lastVerses, among: schemes).first?.scheme ?? .original
    }

    /// The last verse number of a label: `5` for `4-5`, `3` for `3a`, 0 for none.
    public static func lastNumber(ofLabel label: String) -> Int {
        var value = 0
        var best = 0
        for byte in label.utf8 {
            if byte >= 0x30, byte <= 0x39 {
                value = min(value &* 10 &+ Int(byte - 0x30), 1_000_000)
            } else {
                best = max(best, value)
                value = 0
            }
        }
        return max(best, value)
    }
}
