import ScriptureModel

/// The fast path of the most common start tag, a `<char>` of a known style with plain attributes.
extension USXBuilder {
    /// The common `<char style="w" strong="H1">` in content, the same as the general path in fewer steps: a
    /// known style, attributes with known names and values that need no NFC, no `closed` or `x-style`, not
    /// in a row. Returns false, having changed nothing, for any other tag.
    mutating func startKnownCharacter(_ attributes: XMLAttributes, endOffset: Int) -> Bool {
        let styleName = Int32(USXAttribute.style.nameIndex)
        let closedName = Int32(USXAttribute.closed.nameIndex)
        let xStyleName = Int32(USXAttribute.xStyle.nameIndex)
        let count = attributes.count
        var styleIndex = -1
        for index in 0..<count {
            let entry = attributes.entry(unchecked: index)
            let name = entry.name_id
            guard name >= 0, name != closedName, name != xStyleName, entry.value_flags == 0 else { return false }
            if name == styleName && styleIndex < 0 { styleIndex = index }
        }
        guard styleIndex >= 0 else { return false }
        let styleBytes = attributes.valueBytes(at: styleIndex)
        // (The row check comes first: the marker is interned into the content's strings.)
        guard let context = contextIndex else { return false }
        if case .row = stack[context].kind { return false }
        guard let marker = knownCharacterMarker(styleBytes) else { return false }
        var frame = USXFrame(.character, tagEnd: endOffset)
        // The attributes' values are staged, then the span opened with them (`openCharacter` and
        // `addAttribute` for each, in fewer steps).
        let attributeStart = content.attributeCount
        for index in 0..<count where index != styleIndex {
            let name = styles.contentIndex(
                ofAttribute: Int(attributes.entry(unchecked: index).name_id), attributes.nameBytes(at: index),
                in: &content)
            content.stageAttribute(nameID: name, value: attributes.valueBytes(at: index), in: &staged.stage.pointee)
        }
        frame.node = Int32(clamping: content.open(.character, markerID: marker, attributesFrom: attributeStart))
        nestingDepth += 1
        stack.append(frame)
        return true
    }

    /// The content's string index of a `<char>` style that USFM 3 defines, or nil (empty, unknown, or
    /// the name table full). The last style asked for is remembered by its bytes.
    private mutating func knownCharacterMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let key = LastCharacterStyle.key(bytes)
        if let key, key == lastCharacterStyle.key { return lastCharacterStyle.marker }
        guard !bytes.isEmpty, let style = styles.id(bytes), styles.isCharacterStyle(style) else { return nil }
        let marker = styles.index(style, in: &content, inPlain: false)
        if let key { lastCharacterStyle = LastCharacterStyle(key: key, marker: marker) }
        return marker
    }
}
