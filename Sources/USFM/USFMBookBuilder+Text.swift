import CByteScan
import ScriptureModel
import TextNormalization

/// What the text scanner needs to know of each byte value, as bit flags.
enum USFMTextByte {
    /// A space, kept unless it follows another.
    static let space: UInt8 = 1
    /// Space, tab, CR or LF: white space that collapses to one space.
    static let whiteSpace: UInt8 = 2
    /// Tab, CR, LF (read as a space) and `~` (a no-break space): a run holding one must be rewritten.
    static let rewritten: UInt8 = 4
    /// `\`, `/` and `|`, which may end the run.
    static let stop: UInt8 = 8
    /// A UTF-8 lead or continuation byte of U+0300 and above: the run may need NFC.
    static let high: UInt8 = 16

    /// `flags` where no array is at hand, never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 { table[byte] = flags[byte] }
        return UnsafePointer(table)
    }()

    /// The flags of every byte value.
    static let flags: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x20: space | whiteSpace
        case 0x09, 0x0A, 0x0D: whiteSpace | rewritten
        case 0x7E: rewritten
        case 0x5C, 0x2F, 0x7C: stop
        case 0xCC...: high
        default: 0
        }
    }
}

/// A text run found by `USFMBookBuilder.scanText`.
struct USFMTextRun {
    /// Where the run ends (a backslash, `//`, `|` where attributes may follow, or the end of input).
    var end: Int
    /// Whether the run is its own text: single spaces, no tab, line end or `~`.
    var isFinal: Bool
    /// Where the white space that ends the run starts (`end` when it ends with something else).
    var coreEnd: Int
    /// Whether the run up to `coreEnd` is final.
    var isCoreFinal: Bool
    /// Whether the run has bytes of U+0300 and above, so it may need NFC.
    var mayNeedNFC: Bool
}

/// Text between markers.
extension USFMBookBuilder {
    /// Reads a run of text up to a marker, `//`, or `|` where attributes may follow.
    ///
    /// Runs that are already in their final form (single spaces, no tabs, line ends or `~`)
    /// are copied straight from the input; others are rewritten into `scratch` first.
    /// Only runs with bytes of U+0300 and above may go through NFC.
    mutating func readText() {
        let start = cursor.position
        let run = scanText(from: start, attributesEndText: topTakesAttributes)
        cursor.position = run.end
        // A final run, or a final core and white space that starts with a space, is its own text
        // up to that space: the rest of the white space collapses into it.
        var end = -1
        if run.isFinal {
            end = run.end
        } else if run.isCoreFinal, cursor.byte(at: run.coreEnd) == space {
            end = run.coreEnd + 1
        }
        if end >= 0 {
            let text = cursor.bytes(start..<end)
            guard
                let drop = prepareText(
                    onlySpace: text.count == 1 && text[0] == space, firstIsSpace: text.first == space, at: start)
            else { return }
            appendText(UnsafeBufferPointer(rebasing: text[(drop ? 1 : 0)...]), mayNeedNFC: run.mayNeedNFC)
        } else if run.end - start > FlatContentBuilder.longRun, run.coreEnd > start {
            readLongText(start..<run.end, mayNeedNFC: run.mayNeedNFC)
        } else {
            if run.isCoreFinal {
                // The white space after the core holds no space first: the text is the core and one space.
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: cursor.bytes(start..<run.coreEnd))
                scratch.append(space)
            } else {
                rewrite(start..<run.end)
            }
            guard
                let drop = prepareText(
                    onlySpace: scratch.count == 1 && scratch[0] == space, firstIsSpace: scratch.first == space,
                    at: start)
            else { return }
            let final = scratch
            scratch = []
            final.withUnsafeBufferPointer {
                appendText(UnsafeBufferPointer(rebasing: $0[(drop ? 1 : 0)...]), mayNeedNFC: run.mayNeedNFC)
            }
            scratch = final
        }
    }

    /// `readText` of a long run that is not final (and not only white space): rewritten straight into the
    /// content, not into `scratch` and then the stage, so that a long verse is not held three times.
    private mutating func readLongText(_ range: Range<Int>, mayNeedNFC: Bool) {
        guard
            let drop = prepareText(
                onlySpace: false, firstIsSpace: isSpace(cursor.byte(at: range.lowerBound)), at: range.lowerBound)
        else { return }
        let input = cursor.input
        let index = flat.text(writing: range.count, in: &stage) { bytes in
            let start = bytes.count
            // A dropped leading space is a space already written: the white space that starts the run adds none.
            Self.rewrite(input, range, into: &bytes, lastWasSpace: drop)
            guard mayNeedNFC else { return }
            let normalized = bytes.withUnsafeBufferPointer { bytes -> String? in
                let run = UnsafeBufferPointer(rebasing: bytes[start...])
                return NFC.isKnownNormalized(run) ? nil : NFC.string(run)
            }
            guard let normalized else { return }
            bytes.removeSubrange(start...)
            bytes.append(contentsOf: normalized.utf8)
        }
        flat.content.utf8(of: index).withUnsafeBufferPointer { noteText(index, $0) }
    }

    /// Appends a run to `output` with white space collapsed to single spaces and `~` turned into U+00A0, as
    /// `rewrite(_:)` does (`lastWasSpace`: as if a space came just before the run).
    static func rewrite(
        _ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8], lastWasSpace: Bool
    ) {
        var lastWasSpace = lastWasSpace
        var copied = range.lowerBound
        for index in range {
            let byte = input[index]
            guard isSpace(byte) || byte == tilde else {
                lastWasSpace = false
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<index]))
            copied = index + 1
            if byte == tilde {
                output.append(0xC2)
                output.append(0xA0)
                lastWasSpace = false
            } else {
                if !lastWasSpace { output.append(space) }
                lastWasSpace = true
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<range.upperBound]))
    }

    /// Finds the end of a text run from `start`: a backslash, `//`, or `|` when `attributesEndText`,
    /// and what it holds (`lectern_usfm_scan_text`, 32 bytes a step).
    mutating func scanText(from start: Int, attributesEndText: Bool) -> USFMTextRun {
        let input = cursor.input
        guard let base = input.baseAddress, start < input.count else {
            return USFMTextRun(end: start, isFinal: true, coreEnd: start, isCoreFinal: true, mayNeedNFC: false)
        }
        var scan = lectern_usfm_text_scan()
        lectern_usfm_scan_text(base, input.count, start, attributesEndText ? 1 : 0, &scan)
        return USFMTextRun(
            end: scan.end, isFinal: scan.is_final != 0, coreEnd: scan.core_end, isCoreFinal: scan.is_core_final != 0,
            mayNeedNFC: scan.may_need_nfc != 0)
    }

    /// Copies a run into `scratch` with white space collapsed to single spaces and `~` turned into U+00A0,
    /// copying the bytes between those a stretch at a time.
    private mutating func rewrite(_ range: Range<Int>) {
        scratch.removeAll(keepingCapacity: true)
        Self.rewrite(cursor.input, range, into: &scratch, lastWasSpace: false)
    }

    /// Makes sure a frame is open for text (a stray paragraph if needed) and says whether to drop
    /// the run's leading space (at the start of a block); `nil` when the run is dropped entirely.
    private mutating func prepareText(onlySpace: Bool, firstIsSpace: Bool, at offset: Int) -> Bool? {
        if frames.isEmpty {
            if onlySpace { return nil }
            var textStart = offset
            while isSpace(cursor.byte(at: textStart)) { textStart += 1 }
            guard openStrayParagraph(at: textStart) else { return nil }
        }
        guard let last = frames.indices.last else { return nil }
        let startsBlock = frames[last].isBlockLevel && frames[last].lastChild < 0
        if onlySpace, startsBlock { return nil }
        return startsBlock && firstIsSpace
    }

    /// Adds a text node made from final bytes to the top frame, made NFC when it is not already.
    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, mayNeedNFC: Bool) {
        if mayNeedNFC, !NFC.isKnownNormalized(bytes) {
            appendText(string: NFC.string(bytes))
            return
        }
        let index = flat.text(staging: bytes, in: &stage)
        noteText(index, bytes)
    }

    /// Adds a text node from a string that is NFC.
    mutating func appendText(string: String) {
        var text = string
        text.withUTF8 { bytes in
            let index = flat.text(staging: bytes, in: &stage)
            noteText(index, bytes)
        }
    }

    /// Records that the text node `index` was added to the top frame: a verse start stays last when
    /// the text is only spaces.
    @inline(__always)
    private mutating func noteText(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let last = frames.indices.last else { return }
        frames[last].lastChild = index
        if frames[last].endsWithVerse, !bytes.allSatisfy({ $0 == space }) { frames[last].endsWithVerse = false }
    }
}
