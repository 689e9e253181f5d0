import ScriptureModel

/// Where a verse of one scheme lands in another: one verse, several, or none.
public enum VerseMapping: Sendable, Hashable, CustomStringConvertible {
    /// Exactly one verse.
    case one(SchemeVerse)
    /// Several verses, in order (a title verse 0 split over Hebrew verses 1 and 2, say).
    case several([SchemeVerse])
    /// The other scheme has no verse for it.
    case none

    /// The verses, in order; empty for `.none`.
    public var verses: [SchemeVerse] {
        switch self {
        case .one(let key): [key]
        case .several(let keys): keys
        case .none: []
        }
    }

    /// `PSA 51:3`, `PSA 51:1-2`, or `none`.
    public var description: String {
        let runs = VerseRange.runs(of: verses)
        return runs.isEmpty ? "none" : runs.map(\.description).joined(separator: ", ")
    }
}

extension VersificationScheme {
    /// Maps a verse of this scheme to `target` through Original.
    ///
    /// Verses without a mapping line keep their numbers; the result keeps only verses `target` numbers, and a
    /// verse this scheme does not number (`PSA 3:9` in English) maps to none.
    /// - Complexity: O(1): two dictionary lookups on the common path, no allocation for one verse; a verse
    ///   mapped onto k verses O(k).
    public func map(_ key: SchemeVerse, to target: VersificationScheme) -> VerseMapping {
        guard contains(key) else { return .none }
        if fingerprint == target.fingerprint { return .one(key) }
        let packed = key.packed
        if let originals = toOriginal[packed] {
            if originals.count == 1 { return target.own(ofOriginal: originals[0]) }
            // Each verse once, found through a set: a verse mapped onto thousands costs O(1) each.
            var found: [SchemeVerse] = []
            var seen = Set<SchemeVerse>()
            for original in originals {
                for key in target.own(ofOriginal: original).verses where seen.insert(key).inserted { found.append(key) }
            }
            return Self.mapping(found)
        }
        return target.own(ofOriginal: packed)
    }

    /// Maps a verse range of this scheme to `target`, joined into runs of consecutive verses.
    public func map(_ range: VerseRange, to target: VersificationScheme) -> [VerseRange] {
        var keys: [SchemeVerse] = []
        for key in range.verses { keys.append(contentsOf: map(key, to: target).verses) }
        return VerseRange.runs(of: Array(Set(keys)))
    }

    /// This scheme's verses for one Original verse.
    private func own(ofOriginal original: UInt32) -> VerseMapping {
        if let own = fromOriginal[original] {
            return Self.mapping(own.compactMap(SchemeVerse.init(packed:)).filter(contains))
        }
        guard toOriginal[original] == nil, let key = SchemeVerse(packed: original), contains(key) else { return .none }
        return .one(key)
    }

    private static func mapping(_ keys: [SchemeVerse]) -> VerseMapping {
        switch keys.count {
        case 0: .none
        case 1: .one(keys[0])
        default: .several(keys.sorted())
        }
    }
}
