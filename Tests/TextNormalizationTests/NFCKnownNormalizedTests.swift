import Foundation
import TestSupport
import Testing

@testable import TextNormalization

/// `NFC.isKnownNormalized` lets pointed Hebrew skip ICU; whenever it says "NFC", ICU must agree.
@Suite struct NFCKnownNormalizedTests {
    /// The verdict of the tables and ICU's for UTF-8 `bytes`: a disagreement is a known-NFC verdict ICU
    /// denies, or a reordered verdict ICU calls NFC.
    static func agrees(_ bytes: [UInt8]) -> (known: Bool, agrees: Bool) {
        let verdict = bytes.withUnsafeBufferPointer { NFCInertScalars.shared.verdict($0) }
        // The public check answers as the verdict does.
        #expect(bytes.withUnsafeBufferPointer { NFC.isKnownNormalized($0) } == (verdict == .normalized))
        switch verdict {
        case .unknown: return (false, true)
        case .normalized: return (true, NFC.icuIsNormalized(String(decoding: bytes, as: UTF8.self)))
        case .reordered: return (false, !NFC.icuIsNormalized(String(decoding: bytes, as: UTF8.self)))
        }
    }

    @Test func hebrewMarkClassesMatchTheStandardLibrary() {
        var wrong: [String] = []
        for value in UInt32(0x0591)...0x05C7 {
            let index = Int(value - 0x0591)
            let expected: UInt8
            if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned {
                expected = scalar.properties.canonicalCombiningClass.rawValue
                // A mark of the table must be its own NFC (no decomposition) and never inert.
                if expected != 0 {
                    if !NFC.icuIsNormalized(String(Character(scalar))) { wrong.append("\(value): not NFC alone") }
                    if NFCInertScalars.shared.contains(value) { wrong.append("\(value): inert") }
                }
            } else {
                expected = 0
            }
            if NFCInertScalars.hebrewMarkClasses[index] != expected { wrong.append(String(value, radix: 16)) }
        }
        #expect(NFCInertScalars.hebrewMarkClasses.count == 0x05C8 - 0x0591)
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test(arguments: [
        ("\u{05D1}\u{05B0}\u{05BC}", true),  // sheva (10) before dagesh (21): canonical order
        ("\u{05D1}\u{05BC}\u{05B0}", false),  // dagesh before sheva: ICU reorders
        ("\u{05D5}\u{05B7}\u{05BC}\u{05C3} x", true),
        ("\u{05E9}\u{05C1}\u{05B8}", false),  // shin dot (24) before qamats (18)
        ("\u{05E9}\u{05B8}\u{05C1}", true),
        ("\u{05D0}\u{0591}\u{05B0}", false),  // etnahta (220) before sheva (10)
        ("\u{05D0}\u{05B0}\u{0591}", true),
        ("\u{05D0}\u{05B0}\u{05BE}\u{05D1}\u{05B0}", true),  // maqaf is a starter: the order starts again
        ("\u{FB2A}", false), ("\u{FB1D}", false), ("\u{FB1E}", false),  // presentation forms: ICU decides
        ("\u{05D0}\u{0301}", false), ("e\u{05B0}", true), ("\u{05B0}", true),
    ])
    func verdicts(text: String, known: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { NFC.isKnownNormalized($0) } == known)
        if known { #expect(NFC.icuIsNormalized(text)) }
        // Inert text is known normalized.
        if bytes.withUnsafeBufferPointer({ NFC.isInert($0) }) { #expect(known) }
    }

    @Test func iCUAgreesOnEveryHebrewRunOfTheCorpus() throws {
        try Required.skip(unless: TestCorpus.isAvailable, TestCorpus.missingMessage)
        var runs = Set<[UInt8]>()
        for file in try TestCorpus.files(in: "hbo-wlc-usfm", endingWith: ".usfm.gz") {
            let bytes = try TestCorpus.bytes(of: file)
            // Runs of non-ASCII bytes, and runs of everything between backslashes (markers and spaces included).
            var start = 0
            var lineStart = 0
            for index in 0...bytes.count {
                let ends = index == bytes.count || bytes[index] < 0x80
                if ends {
                    if index > start { runs.insert(Array(bytes[start..<index])) }
                    start = index + 1
                }
                if index == bytes.count || bytes[index] == 0x5C || bytes[index] == 0x0A {
                    if index > lineStart { runs.insert(Array(bytes[lineStart..<index])) }
                    lineStart = index + 1
                }
            }
        }
        var known = 0
        var disagreements: [String] = []
        for run in runs {
            let verdict = Self.agrees(run)
            if verdict.known { known += 1 }
            if !verdict.agrees { disagreements.append(String(decoding: run, as: UTF8.self)) }
        }
        #expect(runs.count > 10_000, "\(runs.count) runs")
        #expect(known > 1_000, "\(known) of \(runs.count) runs known to be NFC")
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10))")
    }

    @Test func iCUAgreesOnRandomHebrewSequences() {
        // Letters, every scalar of the Hebrew block (assigned or not), the presentation forms, and some
        // neighbours: Latin letters, a combining acute, spaces and the grapheme joiner.
        var alphabet: [UInt32] = Array(0x0590...0x05FF) + Array(0xFB1D...0xFB4F)
        alphabet += Array(0x05D0...0x05EA) + Array(0x05D0...0x05EA) + [0x20, 0x41, 0x65, 0x301, 0x34F, 0x200D]
        var random = SplitMix64(seed: 0x05B0_05BC)
        var known = 0
        var disagreements: [String] = []
        for _ in 0..<200_000 {
            let length = Int(random.next() % 8) + 1
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length {
                let value = alphabet[Int(random.next() % UInt64(alphabet.count))]
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let verdict = Self.agrees(Array(String(scalars).utf8))
            if verdict.known { known += 1 }
            if !verdict.agrees {
                disagreements.append(scalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(known > 10_000, "\(known) known to be NFC")
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10))")
    }
}
