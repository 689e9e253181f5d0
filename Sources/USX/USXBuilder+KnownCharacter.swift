import ScriptureModel
import TextNormalization

/// The fast path of the most common start tag, a `<char>` of a known style with plain attributes.
extension USXBuilder {
    /// The common `<char style="w" strong="H1">` in content, the same as the general path in fewer steps: a
    /// known style, attributes with known names and values that are NFC, no `closed` or `x-style`, not
    /// in a row. Returns false, having changed nothing, for any other tag.
    mutating func startKnownCharacter(_ attributes: XMLAttributes, endOffset: Int) -> Bool {
        // (The row check comes first: the marker is interned into the content's strings.)
        guard let context = contextIndex else { return false }
        if case .row = stack[context].kind { return false }
        guard let (styleIndex, marker) = knownCharacterStyle(attributes) else { return false }
        var frame = USXFrame(.character, tagEnd: endOffset)
        // The attributes' values are staged, then the span opened with them (`openCharacter` and
        // `addAttribute` for each, in fewer steps).
        let attributeStart = stageAttributes(attributes, skipping: styleIndex)
        frame.node = Int32(clamping: content.open(.character, markerID: marker, attributesFrom: attributeStart))
        nestingDepth += 1
        stack.append(frame)
        return true
    }

    /// A whole `<char>` of a known style with plain attributes holding one run of text that is NFC
    /// and has no `|` (`<char style="w" strong="H1">word</char>`), and when `spaceAfter` the single space
    /// after it: the same as `startElement`, `text`, `endElement` (and `text` of the space) in one step
    /// (`FlatContentBuilder.plainSpan`). Returns false, having changed nothing, when it cannot be taken so
    /// (the events are then handed over one by one). `sameContext` says that the last event it was given
    /// went in so and only text came since: the open elements are as they were, and are not checked again.
    mutating func plainCharacter(
        _ attributes: XMLAttributes, endOffset: Int, text: UnsafeBufferPointer<UInt8>, spaceAfter: Bool,
        sameContext: Bool
    ) -> Bool {
        if !sameContext {
            guard sawRoot, !parts.isRejected, plainDepth == 0, nestingDepth < Inline.maximumNestingDepth,
                !stack.isEmpty, stack[stack.count - 1].kind != .ignored, let context = contextIndex,
                stack[context].kind.holdsInlines
            else { return false }
            if stack[context].isAtStart { stack[context].isAtStart = false }
        }
        guard let (styleIndex, marker) = knownCharacterStyle(attributes) else { return false }
        let attributeStart = stageAttributes(attributes, skipping: styleIndex)
        _ = content.plainSpan(
            markerID: marker, attributesFrom: attributeStart, text: text, spaceAfter: spaceAfter,
            in: &staged.stage.pointee)
        return true
    }

    /// The style attribute's index and the content's string index of its style, when the tag is one the
    /// fast paths take: a known style, attributes with known names and values that are NFC and not
    /// empty, no `closed` or `x-style`. Not for a tag in a row (the marker is interned into the content's strings).
    @inline(__always)
    private mutating func knownCharacterStyle(_ attributes: XMLAttributes) -> (Int, UInt32)? {
        let styleName = Int32(USXAttribute.style.nameIndex)
        let closedName = Int32(USXAttribute.closed.nameIndex)
        let xStyleName = Int32(USXAttribute.xStyle.nameIndex)
        var styleIndex = -1
        for index in 0..<attributes.count {
            let entry = attributes.entry(unchecked: index)
            let name = entry.name_id
            // (An empty value is warned of by the general path.)
            guard name >= 0, name != closedName, name != xStyleName, entry.value_length > 0 else { return nil }
            // A value NFC may change is taken when it is NFC already (pointed Hebrew in canonical order):
            // the general path then keeps it as it is too.
            guard entry.value_flags == 0 || NFC.isKnownNormalized(attributes.valueBytes(at: index)) else {
                return nil
            }
            if name == styleName && styleIndex < 0 { styleIndex = index }
        }
        guard styleIndex >= 0, let marker = knownCharacterMarker(attributes.valueBytes(at: styleIndex)) else {
            return nil
        }
        return (styleIndex, marker)
    }

    /// Stages the values of the attributes but the style for the span opened next; returns the index
    /// of the first in the content's attribute table.
    @inline(__always)
    private mutating func stageAttributes(_ attributes: XMLAttributes, skipping styleIndex: Int) -> Int {
        let attributeStart = content.attributeCount
        for index in 0..<attributes.count where index != styleIndex {
            let name = styles.contentIndex(
                ofAttribute: Int(attributes.entry(unchecked: index).name_id), attributes.nameBytes(at: index),
                in: &content)
            content.stageAttribute(nameID: name, value: attributes.valueBytes(at: index), in: &staged.stage.pointee)
        }
        return attributeStart
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
