/// Highlights a hit of a query of single words from its text alone, when the text is simple: every
/// non-ASCII character in it is general punctuation (U+2010–U+2027: dashes, quotes, the ellipsis).
///
/// In such a text the tokens are exactly the runs of ASCII letters, digits and `_` (`WordBreaker`'s rule: ICU
/// never breaks inside such a run, and every other character there ends a token), and a token's exact term is
/// its bytes. So a token matches a word of the query exactly when its run is one of the word's exact forms
/// (`ExactForms`, the exact ids that fold to the word's folded ids), and the highlights are those runs: what
/// `TokenLocator` finds from the verse's tokens, without decoding them. A text that is not simple gives nil,
/// and the caller uses the locator.
///
/// The forms come from the inverted exact → folded table (`IndexView.exactForms`), built once per opened index
/// in O(exact terms): a search uses them once the index has highlighted `hitsBefore` hits, so that a one-off
/// search (`lectern search --bible all` opens every version afresh) does not build it.
struct WordForms {
    /// How many hits an index highlights from their tokens before it uses forms.
    static let hitsBefore = 200
    /// The most forms looked for: a prefix with more (`bless*`) is left to the locator.
    static let maximumForms = 16
    /// The most openings (first two bytes, letters in either case) the forms may start with.
    static let maximumOpenings = 4

    /// The forms' bytes one after another; form `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// The forms' openings (the first `openingCount`).
    private let openings: (Opening, Opening, Opening, Opening)
    private let openingCount: Int
    /// The matches of the last text (the first `foundCount`); the storage is kept from one hit to the next.
    private var found: [SearchHighlight] = []
    private var foundCount = 0

    /// The exact forms of `phrases` that are ASCII letters, digits and `_`, when each phrase is one word (a
    /// folded range, or one exact id), they have at most `maximumForms` forms in all and those at most
    /// `maximumOpenings` openings; nil otherwise.
    init?(phrases: [[ResolvedTerm.Matcher]], view: IndexView) throws(IndexDamage) {
        var ids: [Int] = []
        var forms: ExactForms?
        for matchers in phrases {
            guard matchers.count == 1 else { return nil }
            switch matchers[0] {
            case .folded(let ranks):
                if forms == nil { forms = try view.exactForms() }
                guard let forms, forms.count(of: ranks) + ids.count <= Self.maximumForms else { return nil }
                ids.append(contentsOf: forms.ids(of: ranks).lazy.map { Int($0) })
            case .exact(let id):
                guard ids.count < Self.maximumForms else { return nil }
                ids.append(id)
            case .exactSet, .attributes:
                return nil
            }
        }
        var bytes: [UInt8] = []
        var starts = [0]
        var found: [Opening] = []
        for id in ids {
            let term = try view.reader.bytes(try view.exactString(id))
            // A form with any other byte is never a run of a simple text (`lové`).
            guard !term.isEmpty, term.allSatisfy(ASCIIRuns.isWordByte) else { continue }
            bytes.append(contentsOf: term)
            starts.append(bytes.count)
            let opening = Opening(term)
            if !found.contains(opening) { found.append(opening) }
        }
        guard found.count <= Self.maximumOpenings else { return nil }
        func opening(_ index: Int) -> Opening { index < found.count ? found[index] : Opening() }
        openings = (opening(0), opening(1), opening(2), opening(3))
        openingCount = found.count
        self.bytes = bytes
        self.starts = starts
    }

    /// The highlights of the forms in `text`, in order; nil when the text is not simple.
    ///
    /// - Complexity: O(text), eight bytes at a time, plus a comparison where a form's opening is.
    mutating func highlights(in text: String) -> [SearchHighlight]? {
        var copy = text
        guard copy.withUTF8({ find(in: $0) }) else { return nil }
        // The array made at its size.
        var highlights: [SearchHighlight] = []
        highlights.reserveCapacity(foundCount)
        for index in 0..<foundCount { highlights.append(found[index]) }
        return highlights
    }
}

extension WordForms {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Where a scan of a text is: the end of the last general punctuation checked, how many (three bytes and
    /// one UTF-16 unit each) start before the chunk, and the lead bytes (`E2`) of the chunk's, in their
    /// bytes' top bits.
    private struct Scan {
        var punctuationEnd = 0
        var punctuation = 0
        var leads: UInt64 = 0
    }

    /// Notes in `found` every run of `text` that is a form, in order; false when the text is not simple.
    ///
    /// Each chunk of eight bytes is tested for bytes from 0x80 (general punctuation, to be checked) and for
    /// the forms' openings; an opening found is a form's start when the byte before it is not a word byte,
    /// the form's bytes follow and the byte after them is not one either.
    private mutating func find(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        foundCount = 0
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        var scan = Scan()
        var index = 0
        while index &+ 9 <= count {
            let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let next = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ 1, as: UInt64.self))
            guard look(at: chunk, next: next, index, text, &scan) else { return false }
            index &+= 8
        }
        // The last one to eight bytes.
        guard index < count else { return true }
        var chunk: UInt64 = 0
        for offset in 0..<(count &- index) { chunk |= UInt64(text[index &+ offset]) << UInt64(8 &* offset) }
        return look(at: chunk, next: chunk >> 8, index, text, &scan)
    }

    /// Checks the general punctuation of the chunk of `text` at `index` and notes the forms that start in it
    /// (`next` is the chunk a byte further); false when the text is not simple. (Past the text's end the
    /// chunks' bytes are 0.)
    @inline(__always)
    private mutating func look(
        at chunk: UInt64, next: UInt64, _ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ scan: inout Scan
    ) -> Bool {
        let high = chunk & Self.highBits
        if high != 0 { guard Self.checkPunctuation(high, index, text, &scan) else { return false } }
        var candidates = openings.0.starts(chunk, next)
        if openingCount > 1 {
            candidates |= openings.1.starts(chunk, next)
            if openingCount > 2 {
                candidates |= openings.2.starts(chunk, next)
                candidates |= openingCount > 3 ? openings.3.starts(chunk, next) : 0
            }
        }
        if candidates != 0 { note(candidates, index, text, scan) }
        if high != 0 {
            scan.punctuation &+= scan.leads.nonzeroBitCount
            scan.leads = 0
        }
        return true
    }

    /// The first two bytes of a form, each in every byte of a word: a letter lowercase, compared in either case
    /// (`…Case` 0x20 in every byte), a digit or `_` as it is (0); a form of one byte takes any second byte
    /// (`anySecond` 0x80 in every byte).
    private struct Opening: Equatable {
        var first: UInt64 = 0
        var firstCase: UInt64 = 0
        var second: UInt64 = 0
        var secondCase: UInt64 = 0
        var anySecond: UInt64 = 0

        init() {}

        /// The opening of `form`, a run of word bytes.
        init(_ form: UnsafeBufferPointer<UInt8>) {
            (first, firstCase) = Self.pattern(form[0])
            if form.count > 1 { (second, secondCase) = Self.pattern(form[1]) } else { anySecond = highBits }
        }

        private static func pattern(_ byte: UInt8) -> (UInt64, UInt64) {
            ASCIIRuns.isLetter(byte) ? (UInt64(byte | 0x20) &* ones, 0x20 &* ones) : (UInt64(byte) &* ones, 0)
        }

        /// The top bit of each byte of `chunk` where the opening may start (`next`: the chunk a byte further):
        /// every place it does, and perhaps others (see `zeroBytes`).
        @inline(__always)
        func starts(_ chunk: UInt64, _ next: UInt64) -> UInt64 {
            zeroBytes((chunk | firstCase) ^ first) & (zeroBytes((next | secondCase) ^ second) | anySecond)
        }

        /// The top bit of each zero byte of `value`, and perhaps of some bytes above one (a borrow).
        @inline(__always)
        private func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
    }

    /// Checks that the bytes from 0x80 of the chunk at `index` (their top bits `high`) are general
    /// punctuation, noting their lead bytes in `scan`.
    @inline(never)
    private static func checkPunctuation(
        _ high: UInt64, _ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ scan: inout Scan
    ) -> Bool {
        var rest = high
        while rest != 0 {
            let at = index + rest.trailingZeroBitCount / 8
            rest &= rest - 1
            if at < scan.punctuationEnd { continue }
            guard TokenLocator.isGeneralPunctuation(text, at: at) else { return false }
            scan.punctuationEnd = at + 3
            scan.leads |= 0x80 << UInt64(8 * (at - index))
        }
        return true
    }

    /// Notes the forms that start at `candidates` (top bits of the bytes of the chunk at `index`).
    @inline(never)
    private mutating func note(_ candidates: UInt64, _ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ scan: Scan) {
        var candidates = candidates
        while candidates != 0 {
            let bit = candidates.trailingZeroBitCount
            candidates &= candidates - 1
            let at = index + bit / 8
            guard at < text.count, at == 0 || !ASCIIRuns.isWordByte(text[at - 1]), let end = matchEnd(text, at: at)
            else { continue }
            let start16 = at - 2 * (scan.punctuation + (scan.leads & ((1 << UInt64(bit)) - 1)).nonzeroBitCount)
            let highlight = SearchHighlight(utf16: start16..<(start16 + end - at), utf8: at..<end)
            if foundCount < found.count { found[foundCount] = highlight } else { found.append(highlight) }
            foundCount += 1
        }
    }

    /// The end of the form that the run starting at `start` is, or nil when it is none.
    @inline(__always)
    private func matchEnd(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let first = text[start]
        for form in 0..<(starts.count - 1) where bytes[starts[form]] == first {
            let length = starts[form + 1] - starts[form]
            guard length <= text.count - start else { continue }
            let end = start + length
            if end < text.count, ASCIIRuns.isWordByte(text[end]) { continue }
            var equal = true
            for offset in 1..<length where bytes[starts[form] + offset] != text[start + offset] {
                equal = false
                break
            }
            if equal { return end }
        }
        return nil
    }
}
