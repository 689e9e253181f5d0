import LecternKernels

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
final class WordForms: Sendable {
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

    /// The exact forms of `phrases` that are ASCII letters, digits and `_`, when each phrase is one word (a
    /// folded range, or one exact id), they have at most `maximumForms` forms in all and those at most
    /// `maximumOpenings` openings; nil otherwise.
    init?(phrases: [[ResolvedTerm.Matcher]], view: IndexView) throws(IndexDamage) {
        var bytes: [UInt8] = []
        var starts = [0]
        var openings: [Opening] = []
        bytes.reserveCapacity(8 * Self.maximumForms)
        starts.reserveCapacity(Self.maximumForms + 1)
        openings.reserveCapacity(Self.maximumOpenings + 1)
        var forms: ExactForms?
        var formCount = 0
        for matchers in phrases {
            guard matchers.count == 1 else { return nil }
            let ids: ArraySlice<Int32>
            switch matchers[0] {
            case .folded(let ranks):
                if forms == nil { forms = try view.exactForms() }
                guard let forms else { return nil }
                ids = forms.ids(of: ranks)
            case .exact(let id):
                guard id >= 0, id <= Int(Int32.max) else { return nil }
                ids = [Int32(id)]
            case .exactSet, .attributes:
                return nil
            }
            formCount += ids.count
            guard formCount <= Self.maximumForms else { return nil }
            for id in ids {
                let term = try view.reader.bytes(try view.exactString(Int(id)))
                // A form with any other byte is never a run of a simple text (`lové`).
                guard !term.isEmpty, term.allSatisfy(ASCIIRuns.isWordByte) else { continue }
                bytes.append(contentsOf: term)
                starts.append(bytes.count)
                let opening = Opening(term)
                if !openings.contains(opening) { openings.append(opening) }
            }
        }
        guard openings.count <= Self.maximumOpenings else { return nil }
        func opening(_ index: Int) -> Opening { index < openings.count ? openings[index] : Opening() }
        self.openings = (opening(0), opening(1), opening(2), opening(3))
        openingCount = openings.count
        self.bytes = bytes
        self.starts = starts
    }

    /// What the forms of `phrases` depend on: each phrase's one matcher (a folded range or an exact id), nil
    /// when they have no forms. The same key gives the same forms in one index.
    static func key(_ phrases: [[ResolvedTerm.Matcher]]) -> [Int]? {
        var key: [Int] = []
        for matchers in phrases {
            guard matchers.count == 1 else { return nil }
            switch matchers[0] {
            case .folded(let ranks): key += [0, ranks.lowerBound, ranks.upperBound]
            case .exact(let id): key += [1, id, id]
            case .exactSet, .attributes: return nil
            }
        }
        return key
    }

    /// The highlights of the forms in `text`, in order; nil when the text is not simple.
    ///
    /// - Complexity: O(text), eight bytes at a time, plus a comparison where a form's opening is.
    ///   `room` holds the matches while they are found (its storage kept from one hit to the next).
    func highlights(in text: String, room: inout [SearchHighlight]) -> [SearchHighlight]? {
        var copy = text
        var found = room
        room = []
        defer { room = found }
        guard let count = copy.withUTF8({ find(in: $0, into: &found) }) else { return nil }
        // The array made at its size.
        var highlights: [SearchHighlight] = []
        highlights.reserveCapacity(count)
        for index in 0..<count { highlights.append(found[index]) }
        return highlights
    }
}

extension WordForms {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Where a scan of a text is: the end of the last general punctuation checked, how many (three bytes and
    /// one UTF-16 unit each) start before the chunk, the lead bytes (`E2`) of the chunk's in their bytes' top
    /// bits, and how many matches are in `found`.
    private struct Scan {
        var punctuationEnd = 0
        var punctuation = 0
        var leads: UInt64 = 0
        var found = 0
    }

    /// Puts in `found` every run of `text` that is a form, in order, and returns how many; nil when the text
    /// is not simple.
    ///
    /// Each chunk of eight bytes is tested for bytes from 0x80 (general punctuation, to be checked) and for
    /// the forms' first bytes; where there are some, for their openings not after a letter, and each of
    /// those is a form's start when the byte before it is not a word byte, the form's bytes follow and the
    /// byte after them is not one either.
    private func find(in text: UnsafeBufferPointer<UInt8>, into found: inout [SearchHighlight]) -> Int? {
        guard let base = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        var scan = Scan()
        var index = 0
        // The byte before the chunk.
        var before: UInt64 = 0
        while index &+ 9 <= count {
            let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            guard look(at: chunk, before: before, index, text, raw, tail: false, &scan, &found) else { return nil }
            before = chunk >> 56
            index &+= 8
        }
        // The last one to eight bytes: the text's last eight shifted down (or its bytes one by one when
        // shorter), zeros past the end.
        guard index < count else { return scan.found }
        var chunk: UInt64 = 0
        if count >= 8 {
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            chunk = last >> UInt64(8 &* (index &+ 8 &- count))
        } else {
            for offset in 0..<(count &- index) { chunk |= UInt64(text[index &+ offset]) << UInt64(8 &* offset) }
        }
        return look(at: chunk, before: before, index, text, raw, tail: true, &scan, &found) ? scan.found : nil
    }

    /// Checks the general punctuation of the chunk of `text` at `index` and notes the forms that start in it
    /// (`before`: the byte before it; `raw`: the text's start; `tail`: the chunk is the text's last bytes,
    /// zeros past its end); false when the text is not simple.
    @inline(__always)
    private func look(
        at chunk: UInt64, before: UInt64, _ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ raw: UnsafeRawPointer,
        tail: Bool, _ scan: inout Scan, _ found: inout [SearchHighlight]
    ) -> Bool {
        let high = chunk & Self.highBits
        if high != 0 { guard Self.checkPunctuation(high, index, text, &scan) else { return false } }
        var firsts = openings.0.firsts(chunk)
        if openingCount > 1 {
            firsts |= openings.1.firsts(chunk)
            if openingCount > 2 { firsts |= openings.2.firsts(chunk) | openings.3.firsts(chunk) }
        }
        if firsts != 0 {
            let next =
                tail ? chunk >> 8 : UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ 1, as: UInt64.self))
            var candidates = openings.0.starts(chunk, next)
            if openingCount > 1 {
                candidates |= openings.1.starts(chunk, next)
                if openingCount > 2 {
                    candidates |= openings.2.starts(chunk, next) | openings.3.starts(chunk, next)
                }
            }
            // Not after a letter. (A byte from 0x80 before a form's start in a simple text ends general
            // punctuation, 0x90 to 0xA7, never a letter when its top bit is cleared.)
            candidates &= ~Self.letters((chunk << 8 | before) & ~Self.highBits)
            if candidates != 0 { note(candidates, index, text, scan, &found, &scan.found) }
        }
        if high != 0 {
            scan.punctuation &+= UTF8Counts.bytesSet(scan.leads)
            scan.leads = 0
        }
        return true
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

    /// Puts in `found` (from `count` on) the forms that start at `candidates` (top bits of the bytes of the
    /// chunk at `index`).
    @inline(never)
    private func note(
        _ candidates: UInt64, _ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ scan: Scan,
        _ found: inout [SearchHighlight], _ count: inout Int
    ) {
        var candidates = candidates
        while candidates != 0 {
            let bit = candidates.trailingZeroBitCount
            candidates &= candidates - 1
            let at = index + bit / 8
            guard at < text.count, at == 0 || !ASCIIRuns.isWordByte(text[at - 1]), let end = matchEnd(text, at: at)
            else { continue }
            let start16 = at - 2 * (scan.punctuation + UTF8Counts.bytesSet(scan.leads & ((1 << UInt64(bit)) - 1)))
            let highlight = SearchHighlight(utf16: start16..<(start16 + end - at), utf8: at..<end)
            if count < found.count { found[count] = highlight } else { found.append(highlight) }
            count += 1
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

    /// 0x80 in each byte of `chunk` (all below 0x80) that is an ASCII letter.
    @inline(__always)
    private static func letters(_ chunk: UInt64) -> UInt64 {
        let folded = chunk | (0x20 &* ones)
        return (folded &+ ((0x80 - 0x61) &* ones)) & ~(folded &+ ((0x7F - 0x7A) &* ones)) & highBits
    }

    /// The first two bytes of a form, each in every byte of a word: a letter lowercase, compared in either case
    /// (`…Case` 0x20 in every byte), a digit or `_` as it is (0); a form of one byte takes any second byte
    /// (`anySecond` 0x80 in every byte).
    private struct Opening: Equatable, Sendable {
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

        /// The top bit of each byte of `chunk` that may be the opening's first byte (see `zeroBytes`).
        @inline(__always)
        func firsts(_ chunk: UInt64) -> UInt64 { zeroBytes((chunk | firstCase) ^ first) }

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
}
