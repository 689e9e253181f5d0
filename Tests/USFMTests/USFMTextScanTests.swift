import CByteScan
import Testing

/// `lectern_usfm_scan_text` (32 bytes a step) finds the runs that the byte-at-a-time rule finds.
@Suite struct USFMTextScanTests {
    struct Run: Equatable {
        var end: Int
        var coreEnd: Int
        var isFinal: Bool
        var isCoreFinal: Bool
        var mayNeedNFC: Bool
    }

    /// The rule, a byte at a time: a run ends at a backslash, `//`, or `|` when it stops runs; it is final
    /// with single spaces and no tab, CR, LF or `~`; its core ends after its last byte that is not white space.
    static func reference(_ input: [UInt8], start: Int, pipeStops: Bool) -> Run {
        var index = start
        var rewritten = false
        var doubled = false
        var high = false
        var lastWasSpace = false
        var core = (end: start, rewritten: false, doubled: false)
        while index < input.count {
            let byte = input[index]
            if byte == 0x5C { break }
            if byte == 0x2F, index + 1 < input.count, input[index + 1] == 0x2F { break }
            if byte == 0x7C, pipeStops { break }
            let isSpace = byte == 0x20
            let isWhite = isSpace || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x7E { rewritten = true }
            if byte >= 0xCC { high = true }
            if isSpace && lastWasSpace { doubled = true }
            lastWasSpace = isSpace
            if !isWhite { core = (index + 1, rewritten, doubled) }
            index += 1
        }
        return Run(
            end: index, coreEnd: core.end, isFinal: !rewritten && !doubled,
            isCoreFinal: !core.rewritten && !core.doubled,
            mayNeedNFC: high)
    }

    static func scan(_ input: [UInt8], start: Int, pipeStops: Bool) -> Run {
        var result = lectern_usfm_text_scan()
        input.withUnsafeBufferPointer {
            lectern_usfm_scan_text($0.baseAddress, $0.count, start, pipeStops ? 1 : 0, &result)
        }
        return Run(
            end: result.end, coreEnd: result.core_end, isFinal: result.is_final != 0,
            isCoreFinal: result.is_core_final != 0, mayNeedNFC: result.may_need_nfc != 0)
    }

    @Test func randomRunsAreFoundAsTheRuleFindsThem() {
        var random = SystemRandomNumberGenerator()
        let atoms: [[UInt8]] = [
            Array("word".utf8), Array("a".utf8), [0x20], [0x20, 0x20], [0x09], [0x0A], [0x0D, 0x0A], [0x7E], [0x2F],
            [0x2F, 0x2F], [0x7C], [0x5C], Array("é".utf8), Array("\u{0301}".utf8), Array("ש".utf8), [0xCC], [0xCB],
            Array(String(repeating: "x", count: 31).utf8), Array(String(repeating: " ", count: 33).utf8),
        ]
        for _ in 0..<20_000 {
            var input: [UInt8] = []
            while input.count < Int.random(in: 0...140, using: &random) {
                // Long stretches of plain text make the 32-byte steps run before a stop.
                let atom =
                    Int.random(in: 0..<4, using: &random) == 0
                    ? atoms.randomElement(using: &random)! : Array("ab c".utf8)
                input += atom
            }
            let start = input.isEmpty ? 0 : Int.random(in: 0..<input.count, using: &random)
            let pipeStops = Bool.random(using: &random)
            let expected = Self.reference(input, start: start, pipeStops: pipeStops)
            #expect(Self.scan(input, start: start, pipeStops: pipeStops) == expected, "\(input) from \(start)")
        }
    }

    @Test func aSlashPairAcrossTheStepIsAStopAndALastSlashIsNot() {
        for split in 28...36 {
            let input =
                Array(String(repeating: "a", count: split).utf8) + [0x2F, 0x2F]
                + Array("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb".utf8)
            #expect(Self.scan(input, start: 0, pipeStops: false).end == split)
        }
        let last = Array(String(repeating: "a", count: 31).utf8) + [0x2F]
        #expect(Self.scan(last, start: 0, pipeStops: false) == Self.reference(last, start: 0, pipeStops: false))
        #expect(Self.scan(last, start: 0, pipeStops: false).end == 32)
    }
}
