import Foundation

/// Finds books by the names people type: codes (`JHN`, `1co`), English names and abbreviations
/// (`John`, `Jn`, `1 Cor`, `I Corinthians`, `Song of Songs`), and a version's own names from
/// `\h` and `\toc1`–`\toc3` (`Juan`, `Génesis`, `創世記`).
///
/// Matching ignores case, accents, width, spaces and periods, and reads a leading `I`, `II`, `III`,
/// `First`, `Second`, `Third` as 1, 2, 3. A unique prefix of at least two characters also matches
/// (`Gene`, `Rev`); an ambiguous one does not.
public struct BookNameIndex: Sendable {
    private var exact: [String: (book: BookID, claim: Claim)] = [:]
    private var ambiguous: Set<String> = []
    private var allKeys: [(key: String, book: BookID, name: String)] = []
    /// The books' codes, as written (`PSS`), for the books the index finds.
    private var codes: [String: BookID] = [:]
    /// The keys of the version's own names.
    private var versionKeys: Set<String> = []
    /// The most characters of a name `book(strictlyNamed:)` can find (a code or a version's name, as written).
    private(set) var longestStrictName = 0

    /// English names and abbreviations for every book.
    public static let english = BookNameIndex()

    /// Creates an index of English names, plus a version's own names (which win where they clash).
    ///
    /// - Parameter versionNames: names per book, such as `\h`, `\toc1`, `\toc2`, `\toc3`.
    /// - Parameter books: when given, only these books (the version's) are found.
    public init(versionNames: [BookID: [String]] = [:], books: Set<BookID>? = nil) {
        func wanted(_ book: BookID) -> Bool { books?.contains(book) ?? true }
        for book in BookID.allCases where wanted(book) {
            codes[book.code] = book
            longestStrictName = max(longestStrictName, book.code.count)
            add(book.code, book, .code)
            for name in [book.englishName] + book.englishAliases { add(name, book, .english) }
        }
        for (book, names) in versionNames where wanted(book) {
            for name in names {
                add(name, book, .version)
                versionKeys.insert(Self.fold(name))
                longestStrictName = max(longestStrictName, name.count)
            }
        }
        allKeys.sort { $0.key < $1.key }
    }

    /// Where names clash (ignoring case), a version's own name beats an English one, which beats a code
    /// not written in capitals (`Pss` is Psalms; `PSS`, as written, is Psalms of Solomon). English names
    /// that clash with each other are ambiguous.
    private enum Claim: Int, Comparable {
        case code, english, version

        static func < (lhs: Claim, rhs: Claim) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private mutating func add(_ name: String, _ book: BookID, _ claim: Claim) {
        let key = Self.fold(name)
        guard !key.isEmpty else { return }
        allKeys.append((key, book, name))
        guard let existing = exact[key] else {
            exact[key] = (book, claim)
            return
        }
        if claim > existing.claim || claim == .version {
            exact[key] = (book, claim)
            ambiguous.remove(key)
        } else if claim == existing.claim, existing.book != book {
            ambiguous.insert(key)
        }
    }

    /// Whether the index finds `book` (every book, or only the version's when made with `books`).
    func finds(_ book: BookID) -> Bool { codes[book.code] == book }

    /// The book whose code `name` is (`PS2`, `s3y`), or whose version name it is exactly
    /// (`요한2서`): the reference parser's test for a name with a digit inside. English names and prefixes
    /// do not count, so `Ps 2` stays Psalms.
    func book(strictlyNamed name: String) -> BookID? {
        if let book = codes[name.uppercased()] { return book }
        let key = Self.fold(name)
        guard versionKeys.contains(key), !ambiguous.contains(key) else { return nil }
        return exact[key]?.book
    }

    /// The book a name means, or `nil`.
    ///
    /// - Complexity: O(1) for an exact name; O(names) for a prefix.
    public func book(named name: String) -> BookID? {
        let key = Self.fold(name)
        guard !key.isEmpty else { return nil }
        if let book = codes[name.trimmingCharacters(in: .whitespaces)] { return book }
        if let entry = exact[key], !ambiguous.contains(key) { return entry.book }
        guard key.count >= 2 else { return nil }
        let candidates = Set(allKeys.filter { $0.key.hasPrefix(key) }.map(\.book))
        return candidates.count == 1 ? candidates.first : nil
    }

    /// Up to `limit` names closest to an unknown one (by edit distance), for "did you mean".
    ///
    /// A name longer than `longestSuggestible` gets none: no book name is that long, and the distance
    /// to every known name would cost O(length) each (a pasted paragraph would take seconds).
    public func suggestions(for name: String, limit: Int = 3) -> [String] {
        let key = Self.fold(name)
        guard key.unicodeScalars.count <= Self.longestSuggestible else { return [] }
        var best: [BookID: (distance: Int, name: String)] = [:]
        for entry in allKeys {
            let distance = key.isEmpty ? 0 : Self.editDistance(key, entry.key)
            let prefixBonus = entry.key.hasPrefix(key) ? -1 : 0
            let score = distance + prefixBonus
            if let current = best[entry.book], current.distance <= score { continue }
            best[entry.book] = (score, entry.book.englishName == entry.name ? entry.name : entry.name)
        }
        return best.sorted { ($0.value.distance, $0.key) < ($1.value.distance, $1.key) }
            .prefix(limit).map { "\($0.value.name) (\($0.key.code))" }
    }

    /// The matching key of a name: folded, without spaces and periods, ordinal words as digits.
    public static func fold(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words = folded.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "_" || $0 == "\u{A0}" }).map(
            String.init)
        if words.count > 1, let digit = ordinals[words[0]] { words[0] = digit }
        return words.joined()
    }

    /// The longest name (in Unicode scalars, after folding) that `suggestions(for:)` looks at.
    public static let longestSuggestible = 64

    private static let ordinals: [String: String] = [
        "i": "1", "ii": "2", "iii": "3", "iv": "4", "first": "1", "second": "2", "third": "3", "fourth": "4",
        "1st": "1", "2nd": "2", "3rd": "3", "4th": "4",
    ]

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let left = Array(a.unicodeScalars)
        let right = Array(b.unicodeScalars)
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...max(right.count, 1) where j <= right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
