import ScriptureModel
import TestSupport
import Testing
import USX

/// Damage anywhere in a file gives diagnostics inside the file, never a crash or a hang.
@Suite struct USXRobustnessTests {
    /// A small book that uses most of USX: headers, introduction, notes, tables, milestones, figures.
    static let sample = """
        <?xml version="1.0" encoding="utf-8"?>
        <usx version="3.0">
          <book code="RUT" style="id">Sample</book>
          <para style="h">Ruth</para>
          <para style="mt1">Ruth</para>
          <para style="ip">An <char style="bk">introduction</char> &amp; more.</para>
          <chapter number="1" style="c" sid="RUT 1" />
          <para style="s1">Naomi</para>
          <para style="p">
            <verse number="1" style="v" sid="RUT 1:1" />In the days<note caller="+" style="f"><char style="fr" closed="false">1:1 </char><char style="ft" closed="false">Or, time</char></note> when <char style="w" strong="H8199">judges</char> judged,<verse eid="RUT 1:1" /><verse number="2" style="v" sid="RUT 1:2" /><ms style="qt-s" who="Naomi" />Élimélech<optbreak/> died.<ms style="qt-e" /><verse eid="RUT 1:2" /></para>
          <table>
            <row style="tr"><cell style="tc1" align="start"><verse number="3" style="v" sid="RUT 1:3" />Mahlon</cell><cell style="tc2" align="start" colspan="2">Chilion</cell></row>
          </table>
          <para style="q1"><figure style="fig" file="ruth.png">Ruth and Naomi</figure><verse eid="RUT 1:3" /></para>
          <chapter eid="RUT 1" />
        </usx>
        """

    @Test func theSampleIsClean() throws {
        let result = USXParser.parse(Array(Self.sample.utf8), path: "sample.usx")
        #expect(result.diagnostics.isEmpty)
        let book = try #require(result.books.first)
        #expect(
            book.verseTexts().map(\.text) == ["In the days when judges judged,", "Élimélech died.", "Mahlon Chilion"])
    }

    @Test func parsesOnManyThreadsAtOnce() async {
        let bytes = Array(Self.sample.utf8)
        let expected = USXParser.parse(bytes, path: "sample.usx").books.map(ModelDump.book)
        let dumps = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 {
                group.addTask { USXParser.parse(bytes, path: "sample.usx").books.map(ModelDump.book) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(dumps.count == 16 && dumps.allSatisfy { $0 == expected && !$0.isEmpty })
    }

    @Test func everyCutBeforeTheEndIsAnErrorInsideTheFile() throws {
        let bytes = Array(Self.sample.utf8)
        let end = Self.sample.utf8.count - "</usx>".utf8.count + 1
        for length in 0..<end {
            let cut = Array(bytes[0..<length])
            let result = USXParser.parse(cut, path: "cut.usx")
            #expect(result.hasErrors, "cut after \(length) bytes")
            #expect(Self.outside(result.diagnostics, of: cut).isEmpty, "cut after \(length) bytes")
            _ = result.books.map { $0.verseTexts() }
        }
    }

    @Test(arguments: 0..<4)
    func randomDamageIsReportedInsideTheFile(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let original = Array(Self.sample.utf8)
        // Bytes that matter to XML and UTF-8: markup, quotes, entities, NUL, lead and continuation bytes.
        let nasty: [UInt8] = [0x3C, 0x3E, 0x2F, 0x22, 0x26, 0x3D, 0x00, 0x0D, 0x0A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF, 0x20]
        for _ in 0..<300 {
            var damaged = original
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let index = Int(random.next() % UInt64(damaged.count))
                let byte = nasty[Int(random.next() % UInt64(nasty.count))]
                switch random.next() % 3 {
                case 0: damaged[index] = byte
                case 1: damaged.insert(byte, at: index)
                default: damaged.remove(at: index)
                }
            }
            let result = USXParser.parse(damaged, path: "damaged.usx")
            #expect(Self.outside(result.diagnostics, of: damaged).isEmpty)
            // A file that does not start with `<` is turned away before its bytes are checked.
            let turnedAway = result.diagnostics.contains { $0.kind == .notUSX || $0.kind == .emptyFile }
            if String(validating: damaged, as: UTF8.self) == nil && !turnedAway {
                #expect(result.diagnostics.contains { $0.kind == .invalidUTF8 }, "\(result.diagnostics.prefix(3))")
            }
            _ = result.books.map { $0.verseTexts() }
        }
    }

    @Test(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
    func damageInARealBookIsReportedInsideTheFile() throws {
        let file = TestCorpus.folder("eng-web-usx").appendingPathComponent("057PHM.usx.gz")
        let original = try TestCorpus.bytes(of: file)
        var random = SplitMix64(seed: 57)
        for _ in 0..<40 {
            var damaged = original
            let index = Int(random.next() % UInt64(damaged.count))
            damaged.replaceSubrange(index..<min(index + 3, damaged.count), with: [0x3C, 0xC3])
            let result = USXParser.parse(damaged, path: "057PHM.usx")
            #expect(result.hasErrors)
            #expect(Self.outside(result.diagnostics, of: damaged).isEmpty)
        }
    }

    /// Diagnostics whose location is not a place in `bytes`.
    static func outside(_ diagnostics: [Diagnostic], of bytes: [UInt8]) -> [Diagnostic] {
        let lines = bytes.filter { $0 == 0x0A }.count + 1
        return diagnostics.filter { diagnostic in
            let location = diagnostic.location
            return location.line < 1 || location.line > lines || location.column < 1 || location.offset < 0
                || location.offset > bytes.count
        }
    }
}

/// A small deterministic random number generator (SplitMix64), so that damage is the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
