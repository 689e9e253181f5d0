import ScriptureModel
import TextNormalization

/// Character spans read in one step.
extension USFMBookBuilder {
    /// Reads `\w ` or `\+w ` straight as a plain span, which is what `readMarker` would end up
    /// doing for them; `false`, having changed nothing, for anything else.
    @inline(__always)
    mutating func readWordSpan() -> Bool {
        guard hasBook else { return false }
        var nameStart = cursor.position + 1
        var nested = false
        if cursor.byte(at: nameStart) == plus {
            nested = true
            nameStart += 1
        }
        guard cursor.byte(at: nameStart) == UInt8(ascii: "w"), cursor.byte(at: nameStart + 1) == space else {
            return false
        }
        return readPlainSpan(wordMarker, nested: nested, name: nameStart..<(nameStart + 1))
    }

    /// Reads `\name text|attributes\name*` (or `\+name …\+name*`) at once when it is plain: one
    /// space after the name, text that needs no rewriting, attributes that read cleanly, and the
    /// matching closing marker next. It then means exactly what opening the style, reading its
    /// text and attributes and closing it would, with nothing to report, and is built without
    /// opening a frame. Returns `false`, having changed nothing, otherwise.
    mutating func readPlainSpan(_ marker: USFMMarkerInfo, nested: Bool, name: Range<Int>) -> Bool {
        // (`\cat` can name a sidebar only where no frame is open, so it is a plain span here too.)
        guard marker.makesPlainSpan, cursor.byte(at: name.upperBound) == space,
            let last = frames.indices.last, nested || frames[last].kind != .character,
            frames.count <= Inline.maximumNestingDepth, tooDeep.isEmpty
        else { return false }
        let input = cursor.input
        let count = input.count
        let textStart = name.upperBound + 1
        let closeStart = ByteSearch.firstIndex(of: backslash, in: input, from: textStart)
        guard closeStart < count else { return false }
        var nameIndex = closeStart + 1
        if cursor.byte(at: nameIndex) == plus { nameIndex += 1 }
        let end = nameIndex + name.count
        guard cursor.byte(at: end) == asterisk else { return false }
        for offset in 0..<name.count where input[nameIndex + offset] != input[name.lowerBound + offset] {
            return false
        }
        // Text up to `|` or the closing marker (not `//`), then attributes up to the closing marker.
        let run = scanText(from: textStart, attributesEndText: true)
        let textEnd = run.end
        guard run.isFinal, textEnd > textStart, textEnd == closeStart || input[textEnd] == pipe else { return false }
        let attributeStart = flat.attributeCount
        if textEnd < closeStart {
            let stagedCount = stage.count
            guard stagePlainPairs(cursor.bytes((textEnd + 1)..<closeStart)) else {
                flat.discardStaged(attributesFrom: attributeStart, bytesFrom: stagedCount, in: &stage)
                return false
            }
        }
        let span = flat.open(.character, markerID: markerID(marker), attributesFrom: attributeStart)
        let text = cursor.bytes(textStart..<textEnd)
        if run.mayNeedNFC, !NFC.isInert(text) {
            var normalized = NFC.string(text)
            normalized.withUTF8 { _ = flat.text(staging: $0, in: &stage) }
        } else {
            flat.text(staging: text, in: &stage)
        }
        flat.close()
        noteChild(span)
        cursor.position = end + 1
        // The single space that often follows before the next marker: after content, a run of one
        // space is always kept, as `readText` would.
        if cursor.peek() == space, cursor.peek(1) == backslash {
            noteChild(flat.text(staging: cursor.bytes(cursor.position..<(cursor.position + 1)), in: &stage))
            cursor.advance()
        }
        return true
    }
}
