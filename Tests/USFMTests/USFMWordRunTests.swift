import CByteScan
import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import USFM

/// Runs of plain ASCII `\w` words are read in C (`lectern_usfm_read_words`); the model and diagnostics must be
/// exactly those of reading every word one at a time.
struct USFMWordRunTests {
    /// Parses `bytes` with the runs on and off.
    static func bothWays(_ bytes: [UInt8], path: String) -> (runs: ParseResult, oneByOne: ParseResult) {
        let plain = USFMParseSession()
        plain.readsWordRuns = false
        let runs = bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: USFMParseSession()) }
        let oneByOne = bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: plain) }
        return (runs, oneByOne)
    }

    /// Words the runs take, and words around their edges: longer than their 32-byte window, unknown attribute
    /// names, values with spaces, slashes and non-ASCII bytes, `\+w` inside a character style, no space or
    /// two spaces between words, a tab or `~`, a closing marker of another name, words at the end of the file.
    static let cases: [String] = [
        #"\w In|strong="G1722"\w* \w the|strong="G3588"\w* \w beginning|strong="G0746"\w*, \w was|x-morph="V-IAI-3S" strong="G1510"\w*"#,
        #"\w a\w* \w b\w*\w c\w*  \w d\w*"#,
        #"\w averyveryverylongwordthatrunspastthewindow|strong="H1"\w* \w ok|strong="H2"\w*"#,
        #"\w word|strong="H1" link-href="./Strongs_dictionary.md#h6586" x-morph="Conj-w / V-Qal"\w* \w next|strong="H2"\w*"#,
        #"\w new|unknown-name="1"\w* \w new|unknown-name="2"\w* \w new|other="3"\w*"#,
        #"\w café|strong="G1"\w* \w naïve|lemma="ναΐ"\w* \w plain|strong="G2"\w*"#,
        #"\add added \+w inner|strong="G1"\+w* \+w next|strong="G2"\+w* \w outer\w*\add* \w after|strong="G3"\w*"#,
        "\\w tab\there|strong=\"G1\"\\w* \\w no~break|strong=\"G2\"\\w* \\w two  spaces\\w*",
        #"\w a//b|strong="G1"\w* \w a/b|strong="G1"\w* \w x|strong=""\w* \w y|strong="G1"\nd*"#,
        #"\w a|strong="G1\w* \w b|="G1"\w* \w c|strong"G1"\w* \w d|strong="G1"x="2"\w*"#,
        #"\w end|strong="G1"\w*"#,
        #"\w end|strong="G1"\w"#,
        #"\w |strong="G1"\w* \w e|  strong="G1"  \w* \w f|strong="G1" \w*"#,
        // Text between words: read with the word before it when it is plain ASCII with single spaces and
        // ends at a backslash within 32 bytes.
        #"\w a|strong="G1"\w*, and then \w b|strong="G2"\w*; \w c|strong="G3"\w* | pipe \w d\w* a/b \w e\w* a~b"#
            + #" \w f\w* two  spaces \w g\w* — dash \w h\w* this text runs on for more than thirty-two bytes \w i\w*"#
            + #" x\f + \ft note\f* \w j\w* y \v 3 \w k\w*.\p \w l\w*. "#,
        "\\w a|strong=\"G1\"\\w* b\tc \\w d\\w* e\r\n\\w f\\w* \\add g \\+w h\\+w* i \\+w j\\+w* k\\add* \\w l\\w* //m",
    ]

    @Test(arguments: cases)
    func runsBuildWhatOneByOneBuilds(verse: String) {
        let text = "\\id GEN\n\\c 1\n\\p\n\\v 1 \(verse)\n\\v 2 \(verse) \(verse)"
        let (runs, oneByOne) = Self.bothWays(Array(text.utf8), path: "t.usfm")
        #expect(runs.books == oneByOne.books)
        #expect(runs.diagnostics == oneByOne.diagnostics)
        #expect(!runs.books.isEmpty)
    }

    /// Random runs of tagged words, cut at every length so that a word ends at the end of the file.
    @Test func randomWordsAndEveryCutBuildTheSame() {
        var generator = SplitMix64(seed: 20_261_205)
        let words = ["In", "the", "beginning", "God’s", "x", "abcdefghijklmnopqrstuvwxyz0123", "a b"]
        let names = ["strong", "x-morph", "lemma", "link-href"]
        for _ in 0..<40 {
            var verse = ""
            for _ in 0..<Int(generator.next() % 12) {
                let word = words[Int(generator.next() % UInt64(words.count))]
                let nested = generator.next() % 6 == 0 ? "+" : ""
                var pairs = ""
                for _ in 0..<Int(generator.next() % 3) {
                    pairs += " \(names[Int(generator.next() % UInt64(names.count))])=\"H\(generator.next() % 9000)\""
                }
                let attributes = pairs.isEmpty ? "" : "|" + pairs.dropFirst()
                verse += "\\\(nested)w \(word)\(attributes)\\\(nested)w*"
                switch generator.next() % 8 {
                case 0: verse += " "
                case 1: verse += ", "
                case 2: verse += ". Then "
                case 3: verse += " and a longer text of more than 32 bytes "
                case 4: verse += " a | b "
                case 5: verse += "  "
                default: break
                }
            }
            let full = Array("\\id GEN\n\\c 1\n\\p\n\\v 1 \\add a \(verse)\\add* \(verse)".utf8)
            for cut in stride(from: 20, through: full.count, by: 7) {
                let (runs, oneByOne) = Self.bothWays(Array(full[..<cut]), path: "r.usfm")
                #expect(runs.books == oneByOne.books, "\(String(decoding: full[..<cut], as: UTF8.self))")
                #expect(runs.diagnostics == oneByOne.diagnostics)
            }
        }
    }

    /// The runs do read words where the processor can (else every comparison here would be of the one-by-one
    /// reader with itself): a verse of tagged words has most of its words read in runs.
    @Test func runsReadWordsWhereTheProcessorCan() throws {
        let verse = (1...40).map { #"\w word\#($0)|strong="G\#($0)"\w*"# }.joined(separator: " ")
        let text = "\\id GEN\n\\c 1\n\\p\n\\v 1 \(verse)\n"
        try ScalarPaths.skipWithoutAVX2()
        #expect(lectern_usfm_word_runs_available() != 0)
        let bytes = Array(text.utf8)
        let read = bytes.withUnsafeBufferPointer { input -> Int in
            var parser = USFMBookBuilder(input: input, path: "t", start: 0)
            let result = parser.run()
            #expect(result.books.count == 1)
            return parser.wordsReadInRuns
        }
        // Not the first (its attribute name is not known yet) nor one too near the end for a 32-byte window.
        #expect(read >= 36, "words read in runs: \(read)")
    }

    /// Every USFM file of the shared corpus.
    @Test(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
    func everyCorpusFileBuildsTheSame() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: TestCorpus.root.path)
            .filter { $0.hasSuffix("-usfm") }.sorted()
        #expect(!folders.isEmpty)
        for folder in folders {
            let directory = TestCorpus.folder(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.contains(".usfm") || name.contains(".sfm") || name.contains(".SFM") {
                let bytes = try TestCorpus.bytes(of: directory.appendingPathComponent(name))
                let (runs, oneByOne) = Self.bothWays(bytes, path: name)
                #expect(runs.books == oneByOne.books, "\(folder)/\(name)")
                #expect(runs.diagnostics == oneByOne.diagnostics, "\(folder)/\(name)")
            }
        }
    }
}

/// `lectern_usfm_line_starts` and `lectern_utf8_check_markup` (which the USX reader's input check uses) against
/// Swift's own UTF-8 validation (`String(validating:as:)`, RFC 3629), a plain search for line feeds and a
/// plain count of `=` between `>`, on random bytes: ASCII, line feeds, `=` and `>`, valid sequences of every
/// length, invalid bytes, NUL and other control characters, cut anywhere.
struct USFMLineStartTests {
    /// Both paths: AVX2 (where the processor has it) and the scalar one, forced.
    @Test(arguments: [false, true])
    func lineStartsAndValidityAgreeWithTheStandardLibrary(scalar: Bool) throws {
        if !scalar { try ScalarPaths.skipWithoutAVX2() }
        lectern_bytescan_force_scalar(scalar ? 1 : 0)
        defer { lectern_bytescan_force_scalar(0) }
        #expect(lectern_bytescan_uses_avx2() == (scalar ? 0 : 1))
        var generator = SplitMix64(seed: 7)
        var crowdedRounds = 0
        for round in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = Int(generator.next() % 200)
            // Long runs of `=` in some rounds, which cross the C pass's 32-byte blocks.
            let equalsWeight = round % 5 == 0 ? 80 : 1
            while bytes.count < length {
                let pick = generator.next() % UInt64(13 + equalsWeight)
                if pick >= 13 {
                    bytes.append(UInt8(ascii: "="))
                    continue
                }
                if pick == 12 {
                    bytes.append(UInt8(ascii: ">"))
                    continue
                }
                switch pick {
                case 0...4: bytes.append(UInt8(0x61 + generator.next() % 26))
                case 5: bytes.append(0x0A)
                case 6: bytes += Array("é".utf8)
                case 7: bytes += Array("ש׃".utf8)
                case 8: bytes += Array("“”".utf8)
                case 9: bytes += Array("𝔄".utf8)
                case 10 where round % 3 == 0: bytes.append(UInt8(0x80 + generator.next() % 128))
                case 11 where round % 50 == 0: bytes.append(0)
                // Control characters: C0 (tab and CR allowed), DEL, C1, U+FFFE and U+FFFF beside U+FFFD.
                case 11 where round % 7 == 1:
                    let controls: [[UInt8]] = [
                        [0x07], [0x1B], [0x09], [0x0D], [0x7F], [0xC2, 0x85], [0xC2, 0xA0], [0xEF, 0xBF, 0xBF],
                        [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBD],
                    ]
                    bytes += controls[Int(generator.next() % UInt64(controls.count))]
                default: bytes.append(0x20)
                }
            }
            if generator.next() % 4 == 0, !bytes.isEmpty { bytes.removeLast(Int(generator.next() % 3) % bytes.count) }
            let valid =
                String(validating: bytes, as: UTF8.self).map {
                    !$0.unicodeScalars.contains { ControlCharacters.contains($0.value) }
                } ?? false
            let expected = bytes.indices.filter { bytes[$0] == 0x0A }.map { Int64($0 + 1) }
            var found = [Int64](repeating: -1, count: bytes.count + 1)
            let count = bytes.withUnsafeBufferPointer { input in
                found.withUnsafeMutableBufferPointer {
                    lectern_usfm_line_starts(input.baseAddress, input.count, $0.baseAddress, $0.count)
                }
            }
            var crowding: Int64 = -1
            let clean = bytes.withUnsafeBufferPointer { lectern_utf8_check_markup($0.baseAddress, $0.count, &crowding) }
            #expect(clean == (valid ? 1 : 0), "\(bytes)")
            let runs = bytes.split(separator: UInt8(ascii: ">"), omittingEmptySubsequences: false)
            let most = Int64(runs.map { $0.count { $0 == UInt8(ascii: "=") } }.max() ?? 0)
            #expect(crowding <= most && most <= crowding + 62, "\(most), \(crowding): \(bytes)")
            if most > 62 { crowdedRounds += 1 }
            if valid {
                #expect(count == Int64(expected.count), "\(bytes)")
                #expect(Array(found.prefix(Int(max(count, 0)))) == expected, "\(bytes)")
            } else {
                #expect(count == -1, "\(bytes)")
            }
        }
        // (Stretches longer than the slack were compared often enough to mean something.)
        #expect(crowdedRounds > 1000, "\(crowdedRounds)")
    }

    @Test func tooManyLineFeedsForTheRoomSaySo() {
        let bytes = [UInt8](repeating: 0x0A, count: 100)
        var found = [Int64](repeating: 0, count: 10)
        let count = bytes.withUnsafeBufferPointer { input in
            found.withUnsafeMutableBufferPointer {
                lectern_usfm_line_starts(input.baseAddress, input.count, $0.baseAddress, $0.count)
            }
        }
        #expect(count == -2)
    }
}
