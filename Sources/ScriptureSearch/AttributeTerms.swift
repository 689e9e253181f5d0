import ScriptureModel
import TextNormalization

/// The terms the search index keeps for word attributes: Strong's numbers, lemmas and morphology, each
/// in one canonical form shared by indexing and queries.
///
/// A term is a field's two-byte tag and the value: `s:G3056`, `l:λογος`, `m:Gr,N,,,,,NMS,`. Tags sort
/// apart, so a prefix of one field never reaches another.
public enum AttributeTerms {
    /// A word attribute the query language can search.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// A Strong's number (`strong:G3056`).
        case strong
        /// A lemma, folded as words are (`lemma:λόγος`).
        case lemma
        /// A morphology code as written (`morph:Gr,N,,,,,NMS,`).
        case morph

        /// The tag the field's terms start with in the index.
        var tag: String {
            switch self {
            case .strong: "s:"
            case .lemma: "l:"
            case .morph: "m:"
            }
        }
    }

    /// The index term of `value` in `field`: the tag and the canonical value, or nil when it has none.
    static func term(_ field: Field, _ value: String) -> String? {
        guard !value.isEmpty else { return nil }
        return field.tag + value
    }

    /// The canonical form of a Strong's number as files write it: `G` or `H`, the number without leading
    /// zeros, and a lowercase letter suffix if any (`H1254a`).
    ///
    /// - `c:d:H0559` (Hebrew prefixes before colons) is `H559`; a value of prefixes only (`b`) is nil.
    /// - A bare number (`3056`) is Greek in a New Testament book and Hebrew in an Old Testament one; with no
    ///   book (a query) or in another book it stays bare, and a query then matches both.
    /// - Five digits (`G30560`, as unfoldingWord writes them) end with a variant digit: 0 is dropped, 1…9
    ///   become the suffix a…i (`G00315` is `G31e`).
    public static func canonicalStrong(_ raw: String, book: BookID? = nil) -> String? {
        var bytes = raw
        if case .decided(let canonical) = bytes.withUTF8({ asciiCanonicalStrong($0, book: book) }) { return canonical }
        return generalCanonicalStrong(raw, book: book)
    }

    /// What the ASCII reading of a Strong's number found: its canonical form or nil, or that the text is not
    /// ASCII.
    enum Reading: Equatable {
        case decided(String?)
        case notASCII
    }

    /// `canonicalStrong` of ASCII text, read as bytes (a query's `strong:` and every tagged word of a
    /// version pass through it).
    ///
    /// - Complexity: O(text), one allocation for the result.
    static func asciiCanonicalStrong(_ text: UnsafeBufferPointer<UInt8>, book: BookID?) -> Reading {
        guard text.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
        // The last part between colons that is not empty, without the spaces around it.
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: ":") { end -= 1 }
        var start = end
        while start > 0, text[start - 1] != UInt8(ascii: ":") { start -= 1 }
        while start < end, text[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, text[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var letter = ""
        if start < end, "GgHh".utf8.contains(text[start]) {
            letter = text[start] | 0x20 == UInt8(ascii: "g") ? "G" : "H"
            start += 1
        }
        var digitsEnd = start
        while digitsEnd < end, (0x30...0x39).contains(text[digitsEnd]) { digitsEnd += 1 }
        var suffix = ""
        for byte in text[digitsEnd..<end] {
            guard (0x61...0x7A).contains(byte | 0x20) else { return .decided(nil) }
            suffix.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
        }
        var digits = text[start..<digitsEnd]
        guard !digits.isEmpty, digits.count <= 6 else { return .decided(nil) }
        if digits.count == 5, suffix.isEmpty, let variant = digits.last.map({ Int($0) - 0x30 }) {
            digits = digits.dropLast()
            if variant > 0 { suffix = String(UnicodeScalar(UInt8(0x60 + variant))) }
        }
        let value = digits.reduce(0) { $0 * 10 + Int($1) - 0x30 }
        guard value > 0 else { return .decided(nil) }
        if letter.isEmpty { letter = testamentLetter(book) }
        return .decided(letter + String(value) + suffix)
    }

    /// The letter a bare number takes in `book`: `G` in the New Testament, `H` in the Old, else none.
    private static func testamentLetter(_ book: BookID?) -> String {
        switch book?.testament {
        case .new: "G"
        case .old: "H"
        default: ""
        }
    }

    /// `canonicalStrong` of any text, as scalars.
    static func generalCanonicalStrong(_ raw: String, book: BookID?) -> String? {
        let value = raw.split(separator: ":").last.map { $0.trimmingASCIISpaces } ?? ""
        var scalars = Substring(value).unicodeScalars[...]
        var letter = ""
        if let first = scalars.first, "GgHh".unicodeScalars.contains(first) {
            letter = String(first).uppercased()
            scalars = scalars.dropFirst()
        }
        let digits = scalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
        var suffix = String(String.UnicodeScalarView(scalars.dropFirst(digits.count))).lowercased()
        guard !digits.isEmpty, digits.count <= 6,
            suffix.unicodeScalars.allSatisfy({ $0.value >= 0x61 && $0.value <= 0x7A })
        else { return nil }
        var number = String(String.UnicodeScalarView(digits))
        if number.count == 5, suffix.isEmpty, let variant = number.last?.wholeNumberValue {
            number.removeLast()
            if variant > 0 { suffix = String(UnicodeScalar(UInt8(0x60 + variant))) }
        }
        guard let value = Int(number), value > 0 else { return nil }
        if letter.isEmpty { letter = testamentLetter(book) }
        return letter + String(value) + suffix
    }

    /// The index terms of a tagged word of a verse of `book`.
    static func terms(of word: TaggedWord, book: BookID) -> [String] {
        var terms: [String] = []
        if let strong = word.strong {
            func add(_ canonical: String?) {
                if let canonical, let term = term(.strong, canonical), !terms.contains(term) { terms.append(term) }
            }
            // A word may carry several numbers (`H0853 H3068`); each is a term. ASCII (every file's numbers so
            // far) is split and read as bytes, where each byte is a character.
            var copy = strong
            let ascii = copy.withUTF8 { bytes -> Bool in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                var start = 0
                for end in 0...bytes.count
                where end == bytes.count || bytes[end] == 0x20 || bytes[end] == 0x2C || bytes[end] == 0x2F {
                    if end > start,
                        case .decided(let canonical) = asciiCanonicalStrong(
                            UnsafeBufferPointer(rebasing: bytes[start..<end]), book: book)
                    {
                        add(canonical)
                    }
                    start = end + 1
                }
                return true
            }
            if !ascii {
                for part in strong.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" }) {
                    add(canonicalStrong(String(part), book: book))
                }
            }
        }
        if let lemma = word.lemma, let term = term(.lemma, SearchFolding.fold(lemma)) { terms.append(term) }
        if let morph = word.morph, let term = term(.morph, morph) { terms.append(term) }
        return terms
    }
}

extension Substring {
    /// The text without leading and trailing ASCII spaces.
    fileprivate var trimmingASCIISpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
