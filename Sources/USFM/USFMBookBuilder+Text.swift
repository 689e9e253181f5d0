import ScriptureModel
import TextNormalization

/// How the text scanner treats each byte value.
enum USFMTextByte {
    /// Copied as it is.
    static let plain: UInt8 = 0
    /// A space: kept unless it follows another.
    static let space: UInt8 = 1
    /// Tab, CR, LF (read as a space) and `~` (a no-break space): the run must be rewritten.
    static let rewritten: UInt8 = 2
    /// `\`, `/` and `|`, which may end the run.
    static let stop: UInt8 = 3
    /// A UTF-8 lead or continuation byte of U+0300 and above: the run may need NFC.
    static let high: UInt8 = 4

    /// The class of every byte value.
    static let classes: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x20: space
        case 0x09, 0x0A, 0x0D, 0x7E: rewritten
        case 0x5C, 0x2F, 0x7C: stop
        case 0xCC...: high
        default: plain
        }
    }
}

/// Text between markers.
extension USFMBookBuilder {
    /// The one-space text run, shared instead of boxed anew each time.
    static let spaceText = Inline.text(" ")

    /// Reads a run of text up to a marker, `//`, or `|` where attributes may follow.
    ///
    /// Runs that are already in their final form (single spaces, no tabs, line ends or `~`)
    /// become a `String` straight from the input; others are rewritten into `scratch` first.
    /// Only runs with bytes of U+0300 and above go through NFC.
    mutating func readText() {
        let start = position
        let count = input.count
        let attributesEndText = topTakesAttributes
        var index = position
        var final = true
        var high = false
        var lastWasSpace = false
        USFMTextByte.classes.withUnsafeBufferPointer { classes in
            scan: while index < count {
                let byte = input[index]
                switch classes[Int(byte)] {
                case USFMTextByte.plain:
                    lastWasSpace = false
                case USFMTextByte.space:
                    if lastWasSpace { final = false }
                    lastWasSpace = true
                case USFMTextByte.stop:
                    if byte == backslash { break scan }
                    if byte == slash, index + 1 < count, input[index + 1] == slash { break scan }
                    if byte == pipe, attributesEndText { break scan }
                    lastWasSpace = false
                case USFMTextByte.high:
                    high = true
                    lastWasSpace = false
                default:
                    final = false
                    lastWasSpace = false
                }
                index += 1
            }
        }
        position = index
        if final {
            let run = UnsafeBufferPointer(rebasing: input[start..<index])
            guard
                let drop = prepareText(
                    onlySpace: run.count == 1 && run[0] == space, firstIsSpace: run.first == space, at: start)
            else { return }
            inlines.append(Self.text(UnsafeBufferPointer(rebasing: run[(drop ? 1 : 0)...]), mayNeedNFC: high))
        } else {
            rewrite(start..<index)
            guard
                let drop = prepareText(
                    onlySpace: scratch.count == 1 && scratch[0] == space, firstIsSpace: scratch.first == space,
                    at: start)
            else { return }
            let text = scratch.withUnsafeBufferPointer {
                Self.text(UnsafeBufferPointer(rebasing: $0[(drop ? 1 : 0)...]), mayNeedNFC: high)
            }
            inlines.append(text)
        }
    }

    /// Copies a run into `scratch` with white space collapsed to single spaces and `~` turned into U+00A0.
    private mutating func rewrite(_ range: Range<Int>) {
        scratch.removeAll(keepingCapacity: true)
        var lastWasSpace = false
        for index in range {
            let byte = input[index]
            if isSpace(byte) {
                if !lastWasSpace { scratch.append(space) }
                lastWasSpace = true
            } else if byte == tilde {
                scratch.append(0xC2)
                scratch.append(0xA0)
                lastWasSpace = false
            } else {
                scratch.append(byte)
                lastWasSpace = false
            }
        }
    }

    /// Makes sure a frame is open for text (a stray paragraph if needed) and says whether to drop
    /// the run's leading space (at the start of a block); `nil` when the run is dropped entirely.
    private mutating func prepareText(onlySpace: Bool, firstIsSpace: Bool, at offset: Int) -> Bool? {
        if frames.isEmpty {
            if onlySpace { return nil }
            var textStart = offset
            while textStart < input.count, isSpace(input[textStart]) { textStart += 1 }
            guard openStrayParagraph(at: textStart) else { return nil }
        }
        guard let last = frames.indices.last else { return nil }
        let startsBlock = frames[last].isBlockLevel && frames[last].contentStart == inlines.count
        if onlySpace, startsBlock { return nil }
        return startsBlock && firstIsSpace
    }

    /// A text inline from final bytes.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, mayNeedNFC: Bool) -> Inline {
        if bytes.count == 1 && bytes[0] == space { return spaceText }
        return .text(mayNeedNFC ? NFC.string(bytes) : String(decoding: bytes, as: UTF8.self))
    }
}
