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

    /// `canonicalStrong` of ASCII text, read as bytes (a query's `strong:`).
    ///
    /// - Complexity: O(text), one allocation for the result.
    static func asciiCanonicalStrong(_ text: UnsafeBufferPointer<UInt8>, book: BookID?) -> Reading {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count + strongRoom) { output in
            guard let count = asciiCanonicalStrong(text, book: book, into: output) else { return .notASCII }
            return .decided(count == 0 ? nil : String(decoding: output[..<count], as: UTF8.self))
        }
    }

    /// How many bytes the canonical form of an ASCII number may take beyond the text's own: the letter
    /// and a digit more than the text has.
    static let strongRoom = 8

    /// `canonicalStrong` of ASCII text, written as bytes to `output` (room for `text.count + strongRoom`):
    /// how many it wrote, 0 when the text has no canonical form, nil when it is not ASCII. Every tagged word
    /// of a version passes through it, with no `String` made.
    ///
    /// - Complexity: O(text).
    static func asciiCanonicalStrong(
        _ text: UnsafeBufferPointer<UInt8>, book: BookID?, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
        // The last part between colons that is not empty, without the spaces around it.
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: ":") { end -= 1 }
        var start = end
        while start > 0, text[start - 1] != UInt8(ascii: ":") { start -= 1 }
        while start < end, text[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, text[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var letter: UInt8 = 0
        if start < end, "GgHh".utf8.contains(text[start]) {
            letter = text[start] | 0x20 == UInt8(ascii: "g") ? UInt8(ascii: "G") : UInt8(ascii: "H")
            start += 1
        }
        var digitsEnd = start
        while digitsEnd < end, (0x30...0x39).contains(text[digitsEnd]) { digitsEnd += 1 }
        for byte in text[digitsEnd..<end] {
            guard (0x61...0x7A).contains(byte | 0x20) else { return 0 }
        }
        var digits = start..<digitsEnd
        guard !digits.isEmpty, digits.count <= 6, output.count >= text.count + strongRoom else { return 0 }
        // A fifth digit is a variant: 0 dropped, 1…9 the suffix a…i (when no letters follow).
        var variant: UInt8 = 0
        if digits.count == 5, digitsEnd == end {
            variant = text[digits.upperBound - 1] - 0x30
            digits = digits.dropLast()
        }
        let value = digits.reduce(0) { $0 * 10 + Int(text[$1]) - 0x30 }
        guard value > 0 else { return 0 }
        if letter == 0 { letter = testamentLetter(book).utf8.first ?? 0 }
        var count = 0
        if letter != 0 {
            output[0] = letter
            count = 1
        }
        var digitCount = 1
        var scale = 10
        while value >= scale {
            digitCount += 1
            scale *= 10
        }
        var rest = value
        for place in stride(from: count + digitCount - 1, through: count, by: -1) {
            output[place] = UInt8(0x30 + rest % 10)
            rest /= 10
        }
        count += digitCount
        if variant > 0 {
            output[count] = 0x60 + variant
            count += 1
        }
        for byte in text[digitsEnd..<end] {
            output[count] = byte | 0x20
            count += 1
        }
        return count
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

    /// Calls `body` with the UTF-8 bytes of each index term of a tagged word of a verse of `book`: its
    /// Strong's numbers (each once; `s:` and the canonical form), its folded lemma (`l:`) and its morphology
    /// (`m:`), in that order. ASCII numbers (every file's so far) are split and read as bytes into one buffer,
    /// with no `String` made.
    static func forEachTerm(of word: TaggedWord, book: BookID, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if var strong = word.strong {
            // A word may carry several numbers (`H0853 H3068`); each is a term.
            let ascii = strong.withUTF8 { bytes -> Bool in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                // Each term is at most its part and four bytes more (`s:`, a letter, a variant letter); the
                // buffer holds every term before the next and room for the next to be written.
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * bytes.count + 32) { buffer in
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count + 2) { ends in
                        // The terms given so far, one after another, term `i` ending at `ends[i]`.
                        var count = 0
                        var start = 0
                        for end in 0...bytes.count
                        where end == bytes.count || bytes[end] == 0x20 || bytes[end] == 0x2C || bytes[end] == 0x2F {
                            defer { start = end + 1 }
                            guard end > start else { continue }
                            let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                            let used = count == 0 ? 0 : ends[count - 1]
                            buffer[used] = UInt8(ascii: "s")
                            buffer[used + 1] = UInt8(ascii: ":")
                            let room = UnsafeMutableBufferPointer(
                                rebasing: buffer[(used + 2)..<(used + 2 + part.count + strongRoom)])
                            guard let size = asciiCanonicalStrong(part, book: book, into: room), size > 0 else {
                                continue
                            }
                            let term = UnsafeBufferPointer(rebasing: buffer[used..<(used + 2 + size)])
                            let seen = (0..<count).contains { index in
                                let from = index == 0 ? 0 : ends[index - 1]
                                return buffer[from..<ends[index]].elementsEqual(term)
                            }
                            guard !seen else { continue }
                            body(term)
                            ends[count] = used + 2 + size
                            count += 1
                        }
                        return true
                    }
                }
            }
            if !ascii {
                var seen: [String] = []
                for part in strong.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" }) {
                    guard let canonical = canonicalStrong(String(part), book: book),
                        var term = term(.strong, canonical), !seen.contains(term)
                    else { continue }
                    seen.append(term)
                    term.withUTF8 { body($0) }
                }
            }
        }
        if let lemma = word.lemma { tagged(.lemma, SearchFolding.fold(lemma), body) }
        if let morph = word.morph { tagged(.morph, morph, body) }
    }

    /// Calls `body` with the bytes of `term(field, value)`, made in a buffer; not when `value` is empty.
    private static func tagged(_ field: Field, _ value: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var value = value
        value.withUTF8 { value in
            guard !value.isEmpty else { return }
            let tag = field.tag.utf8
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: tag.count + value.count) { term in
                for (index, byte) in tag.enumerated() { term[index] = byte }
                _ = UnsafeMutableBufferPointer(rebasing: term[tag.count...]).initialize(from: value)
                body(UnsafeBufferPointer(term))
            }
        }
    }
}

extension Substring {
    /// The text without leading and trailing ASCII spaces.
    fileprivate var trimmingASCIISpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
