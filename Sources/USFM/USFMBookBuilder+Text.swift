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
        let (index, final, high) = scanText(from: start, attributesEndText: topTakesAttributes)
        position = index
        if final {
            let run = UnsafeBufferPointer(rebasing: input[start..<index])
            guard
                let drop = prepareText(
                    onlySpace: run.count == 1 && run[0] == space, firstIsSpace: run.first == space, at: start)
            else { return }
            appendText(UnsafeBufferPointer(rebasing: run[(drop ? 1 : 0)...]), mayNeedNFC: high)
        } else {
            rewrite(start..<index)
            guard
                let drop = prepareText(
                    onlySpace: scratch.count == 1 && scratch[0] == space, firstIsSpace: scratch.first == space,
                    at: start)
            else { return }
            let final = scratch
            scratch = []
            final.withUnsafeBufferPointer {
                appendText(UnsafeBufferPointer(rebasing: $0[(drop ? 1 : 0)...]), mayNeedNFC: high)
            }
            scratch = final
        }
    }

    /// Finds the end of a text run from `start`: a backslash, `//`, or `|` when `attributesEndText`.
    /// `final` says the run needs no rewriting (single spaces, no tab, line end or `~`); `high`
    /// that it has bytes of U+0300 and above.
    func scanText(from start: Int, attributesEndText: Bool) -> (end: Int, final: Bool, high: Bool) {
        let count = input.count
        var index = start
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
        return (index, final, high)
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

    /// Appends a text inline made from final bytes; short runs (`, `, `. `, a word) are made once per file.
    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, mayNeedNFC: Bool) {
        guard bytes.count > 1, bytes.count <= Self.internedTextLength else {
            inlines.append(Self.text(bytes, mayNeedNFC: mayNeedNFC))
            return
        }
        let hash = USFMInternTable.hash(bytes)
        if let text = texts.find(bytes, hash: hash) {
            inlines.append(text)
            return
        }
        let text = Self.text(bytes, mayNeedNFC: mayNeedNFC)
        texts.insert(bytes, hash: hash, value: text)
        inlines.append(text)
    }

    /// Text runs up to this many bytes are shared within a file.
    static let internedTextLength = 24

    /// A text inline from final bytes.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, mayNeedNFC: Bool) -> Inline {
        if bytes.count == 1 && bytes[0] == space { return spaceText }
        return .text(mayNeedNFC ? NFC.string(bytes) : String(decoding: bytes, as: UTF8.self))
    }
}

/// Character spans read in one step.
extension USFMBookBuilder {
    /// Reads `\name text|attributes\name*` (or `\+name …\+name*`) at once when it is plain: one
    /// space after the name, text that needs no rewriting, attributes that parse cleanly, and the
    /// matching closing marker next. It then means exactly what opening the style, reading its
    /// text and attributes and closing it would, with nothing to report, so an identical span
    /// met earlier in the file is reused. Returns `false`, having changed nothing, otherwise.
    ///
    /// The closing marker is found first; when the bytes up to it are those of a span already
    /// read, they are plain too, and the span is reused without looking at them one by one.
    mutating func readPlainSpan(_ marker: USFMMarkerInfo, nested: Bool, name: Range<Int>) -> Bool {
        let count = input.count
        guard marker.makesPlainSpan, name.upperBound < count, input[name.upperBound] == space,
            let last = frames.indices.last, nested || frames[last].kind != .character
        else { return false }
        let textStart = name.upperBound + 1
        let closeStart = ByteSearch.firstIndex(of: backslash, in: input, from: textStart)
        guard closeStart < count else { return false }
        var nameIndex = closeStart + 1
        if nameIndex < count, input[nameIndex] == plus { nameIndex += 1 }
        let end = nameIndex + name.count
        guard end < count, input[end] == asterisk else { return false }
        for offset in 0..<name.count where input[nameIndex + offset] != input[name.lowerBound + offset] {
            return false
        }
        let key = UnsafeBufferPointer(rebasing: input[name.lowerBound..<closeStart])
        let hash = USFMInternTable.hash(key)
        if let span = spans.find(key, hash: hash) {
            inlines.append(span)
            position = end + 1
            return true
        }
        // Text up to `|` or the closing marker (not `//`), then attributes up to the closing marker.
        let (textEnd, final, high) = scanText(from: textStart, attributesEndText: true)
        guard final, textEnd > textStart, textEnd == closeStart || input[textEnd] == pipe else { return false }
        var attributes: [Attribute] = []
        if textEnd < closeStart {
            let raw = UnsafeBufferPointer(rebasing: input[(textEnd + 1)..<closeStart])
            guard case .success(let parsed) = USFMAttributes.parse(raw, marker: marker.name) else { return false }
            attributes = parsed
        }
        let text = Self.text(UnsafeBufferPointer(rebasing: input[textStart..<textEnd]), mayNeedNFC: high)
        let span = Inline.character(
            CharacterSpan(marker: marker.name, attributes: attributes, content: [text], isClosed: true))
        spans.insert(key, hash: hash, value: span)
        inlines.append(span)
        position = end + 1
        return true
    }
}
