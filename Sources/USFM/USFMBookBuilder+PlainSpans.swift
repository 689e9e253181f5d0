import ScriptureModel
import TextNormalization

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
            let last = frames.indices.last, nested || frames[last].kind != .character,
            frames.count <= Inline.maximumNestingDepth, tooDeep.isEmpty
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
        let hash = USFMInternKey.hash(key)
        if let span = shared.spans.find(key, hash: hash) {
            appendSpan(span, end: end + 1)
            return true
        }
        // Text up to `|` or the closing marker (not `//`), then attributes up to the closing marker.
        let run = scanText(from: textStart, attributesEndText: true)
        let textEnd = run.end
        guard run.isFinal, textEnd > textStart, textEnd == closeStart || input[textEnd] == pipe else { return false }
        var attributes: [Attribute] = []
        if textEnd < closeStart {
            let raw = UnsafeBufferPointer(rebasing: input[(textEnd + 1)..<closeStart])
            guard let list = attributeList(raw, marker: marker.name) else { return false }
            attributes = list
        }
        let content = spanContent(UnsafeBufferPointer(rebasing: input[textStart..<textEnd]), mayNeedNFC: run.mayNeedNFC)
        let span = Inline.character(
            CharacterSpan(marker: marker.name, attributes: attributes, content: content, isClosed: true))
        shared.spans.insert(key, hash: hash, value: span)
        appendSpan(span, end: end + 1)
        return true
    }

    /// The attributes of a plain span, or `nil` when they do not parse cleanly. A `name="value"`
    /// list that NFC leaves alone means the same after any marker, so it is read once per file (or session).
    private mutating func attributeList(_ raw: UnsafeBufferPointer<UInt8>, marker: String) -> [Attribute]? {
        let shareable = !NFC.mayNeedNormalization(raw) && raw.contains(UInt8(ascii: "="))
        var hash: UInt64 = 0
        if shareable {
            hash = USFMInternKey.hash(raw)
            if let list = shared.attributeLists.find(raw, hash: hash) { return list }
        }
        // Lists broken over lines or with an empty value go the long way, which reports them.
        if raw.contains(0x0A) || raw.contains(0x0D) { return nil }
        guard case .success(let list) = USFMAttributes.parse(raw, marker: marker),
            !list.contains(where: { $0.value.isEmpty })
        else { return nil }
        if shareable { shared.attributeLists.insert(raw, hash: hash, value: list) }
        return list
    }

    /// The content of a plain span, one text made from final bytes; the same words share it.
    private mutating func spanContent(_ text: UnsafeBufferPointer<UInt8>, mayNeedNFC: Bool) -> [Inline] {
        let hash = USFMInternKey.hash(text)
        if let content = shared.spanContents.find(text, hash: hash) { return content }
        let content = [Self.text(text, mayNeedNFC: mayNeedNFC)]
        shared.spanContents.insert(text, hash: hash, value: content)
        return content
    }

    /// Appends a span that ends before `end`, and the single space that often follows it before the
    /// next marker: after content, a run of one space is always kept, as `readText` would.
    private mutating func appendSpan(_ span: consuming Inline, end: Int) {
        inlines.append(span)
        position = end
        if end + 1 < input.count, input[end] == space, input[end + 1] == backslash {
            inlines.append(Self.spaceText)
            position = end + 1
        }
    }
}
