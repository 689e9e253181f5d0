import Foundation

/// Verse texts in `vref` form: one `BOOK C:V<TAB>text` line per verse, in file order.
struct VerseList: Sendable {
    /// The verses, in order.
    var verses: [(reference: String, text: String)]

    /// Creates a list.
    init(_ verses: [(reference: String, text: String)]) { self.verses = verses }

    /// Reads `vref` lines; a line without a tab is a verse with empty text.
    init(vref: String) {
        verses = vref.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            guard let tab = line.firstIndex(of: "\t") else { return (String(line), "") }
            return (String(line[..<tab]), String(line[line.index(after: tab)...]))
        }
    }

    /// Reads a `vref` file.
    init(contentsOf url: URL) throws {
        self.init(vref: try String(contentsOf: url, encoding: .utf8))
    }
}

/// How one implementation's verse texts compare with Lectern's.
///
/// A verse agrees when its text is the same after ASCII white space runs are collapsed and trimmed;
/// a verse absent from one side counts as empty text, since some peers drop empty verses. Beside the
/// exact count, `sameWords` counts verses equal once all white space is removed, so a peer that only
/// spaces punctuation differently is told apart from one that loses or adds words.
struct VerseAgreement: Codable, Sendable {
    /// Whose verses were the reference (`Lectern vref of eng-web-usfm`).
    var reference: String
    /// Distinct references on either side.
    var verses: Int
    /// Verses whose text is identical.
    var identical: Int
    /// Verses whose text is identical once all white space is removed.
    var sameWords: Int
    /// Up to five references that differ beyond white space, to look at.
    var examples: [String]

    /// The share of verses that must have the same words for a speed figure to be shown.
    static let requiredShare = 0.999

    /// Whether the output counts as right: the same words in at least 99.9 % of the verses.
    var isRight: Bool { verses > 0 && Double(sameWords) >= Double(verses) * VerseAgreement.requiredShare }

    /// Compares `candidate` with `reference`.
    init(reference name: String, _ reference: VerseList, _ candidate: VerseList) {
        self.reference = name
        let expected = VerseAgreement.table(reference)
        let actual = VerseAgreement.table(candidate)
        var order = reference.verses.map(\.reference)
        order += candidate.verses.map(\.reference).filter { expected[$0] == nil }
        var seen = Set<String>()
        var identical = 0
        var sameWords = 0
        var examples: [String] = []
        for key in order where seen.insert(key).inserted {
            let left = expected[key] ?? ""
            let right = actual[key] ?? ""
            if left == right {
                identical += 1
                sameWords += 1
            } else if VerseAgreement.withoutSpaces(left) == VerseAgreement.withoutSpaces(right) {
                sameWords += 1
            } else if examples.count < 5 {
                examples.append(key)
            }
        }
        self.verses = seen.count
        self.identical = identical
        self.sameWords = sameWords
        self.examples = examples
    }

    /// `38058/38058 exact, 38058 same words`, for the table.
    var summary: String { "\(identical)/\(verses) exact, \(sameWords) same words" }

    private static func table(_ list: VerseList) -> [String: String] {
        var table: [String: String] = [:]
        for verse in list.verses {
            let text = collapse(verse.text)
            if let earlier = table[verse.reference], !earlier.isEmpty {
                table[verse.reference] = text.isEmpty ? earlier : earlier + " " + text
            } else {
                table[verse.reference] = text
            }
        }
        return table
    }

    /// Collapses ASCII white space runs to one space and trims, Lectern's verse text rule.
    static func collapse(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = true
                continue
            }
            if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func withoutSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }
}
