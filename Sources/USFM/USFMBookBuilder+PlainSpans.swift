import CByteScan
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
        return readPlainSpan(slot: wordSlot, nested: nested, name: nameStart..<(nameStart + 1), atMarker: true)
    }

    /// Reads `\name text|attributes\name*` (or `\+name …\+name*`) at once when it is plain: one
    /// space after the name, text that needs no rewriting, attributes that read cleanly, and the
    /// matching closing marker next. It then means exactly what opening the style, reading its
    /// text and attributes and closing it would, with nothing to report, and is built without
    /// opening a frame. Returns `false`, having changed nothing, otherwise.
    /// `slot` is the marker's slot in `USFMMarkerTable` (-1 for none); its role must make plain spans.
    /// `atMarker` says that the cursor is still at the marker's backslash (else it is past the name).
    ///
    /// Words mostly follow one another (`\w a|…\w* \w b|…\w*`): the ones that are plain too are read
    /// here, in the same frame, and the frame notes only the last. Runs of ASCII words go through
    /// `lectern_usfm_read_words` (`readWordRun`), the others one at a time (`readOnePlainSpan`).
    mutating func readPlainSpan(slot: Int, nested: Bool, name: Range<Int>, atMarker: Bool = false) -> Bool {
        // (`\cat` can name a sidebar only where no frame is open, so it is a plain span here too.)
        guard cursor.byte(at: name.upperBound) == space, let last = frames.indices.last,
            frames.count <= Inline.maximumNestingDepth, tooDeep.isEmpty
        else { return false }
        let topIsCharacter = frames[last].kind == .character
        guard nested || !topIsCharacter else { return false }
        // Where the checks of note content and of `\k` and `\w` nesting look, the general path reads the span.
        guard frames[last].kind != .note, !topIsCharacter || !Self.isWordOrKeyword(frames[last].marker),
            name.count != 1 || cursor.byte(at: name.lowerBound) != UInt8(ascii: "k") || !isInNote
        else { return false }
        var lastNode: Int
        if atMarker, slot == wordSlot, let node = readWordRun(nestedOnly: topIsCharacter) {
            lastNode = node
        } else {
            guard let node = readOnePlainSpan(slot: slot, name: name) else { return false }
            lastNode = node
        }
        while true {
            // (A run is tried only at a word: most runs end at a verse or line end, where a call would read nothing.)
            if nextWordName(topIsCharacter: topIsCharacter) != nil, let node = readWordRun(nestedOnly: topIsCharacter) {
                lastNode = node
            }
            guard let next = nextWordName(topIsCharacter: topIsCharacter),
                let node = readOnePlainSpan(slot: wordSlot, name: next)
            else { break }
            lastNode = node
        }
        noteChild(lastNode)
        return true
    }

    /// The name of the `\w ` or `\+w ` at the cursor that `readPlainSpan` may read next in the same
    /// frame (`\w ` only outside a character style), or `nil`.
    @inline(__always)
    func nextWordName(topIsCharacter: Bool) -> Range<Int>? {
        let position = cursor.position
        guard cursor.byte(at: position) == backslash else { return nil }
        var nameStart = position &+ 1
        if cursor.byte(at: nameStart) == plus {
            nameStart &+= 1
        } else if topIsCharacter {
            return nil
        }
        guard cursor.byte(at: nameStart) == UInt8(ascii: "w"), cursor.byte(at: nameStart &+ 1) == space else {
            return nil
        }
        return nameStart..<(nameStart &+ 1)
    }

    /// Reads one plain span whose name (followed by a space) is at `name`, adding its nodes and moving
    /// the cursor past it; `nil`, having changed nothing, when it is not plain.
    /// - Returns: the index of the last node added.
    @inline(__always)
    mutating func readOnePlainSpan(slot: Int, name: Range<Int>) -> Int? {
        let input = cursor.input
        let textStart = name.upperBound &+ 1
        // Text up to `|` or a backslash (not `//`), then attributes up to the first backslash, which
        // must start the matching closing marker.
        guard let run = Self.scanPlainText(input, from: textStart, flags: textFlags) else { return nil }
        let textEnd = run.end
        let attributeStart = flat.attributeCount
        let stagedCount = stage.count
        var closeStart = textEnd
        if input[textEnd] == pipe {
            closeStart = stagePlainAttributes(from: textEnd &+ 1)
        }
        var matches = closeStart >= 0
        let nameIndex = closeStart &+ (cursor.byte(at: closeStart &+ 1) == plus ? 2 : 1)
        let end = nameIndex &+ name.count
        if matches, cursor.byte(at: end) == asterisk {
            for offset in 0..<name.count where input[nameIndex &+ offset] != input[name.lowerBound &+ offset] {
                matches = false
                break
            }
        } else {
            matches = false
        }
        guard matches else {
            flat.discardStaged(attributesFrom: attributeStart, bytesFrom: stagedCount, in: &stage)
            return nil
        }
        // (The text has at least one byte, so a space before `|` is the word's, not the marker's.)
        if input[textEnd] == pipe, input[textEnd &- 1] == space { noteSpaceBeforeBar(at: textEnd &- 1, name: name) }
        // The single space that often follows before the next marker: after content, a run of one
        // space is always kept, as `readText` would.
        let spaceAfter = cursor.byte(at: end &+ 1) == space && cursor.byte(at: end &+ 2) == backslash
        let id = markerID(slot: slot, name: name)
        let text = UnsafeBufferPointer(rebasing: input[textStart..<textEnd])
        let lastNode: Int
        if run.mayNeedNFC, !NFC.isKnownNormalized(text) {
            lastNode = flat.plainSpan(
                markerID: id, attributesFrom: attributeStart, text: nfcWords.form(of: text), spaceAfter: spaceAfter,
                in: &stage)
        } else {
            lastNode = flat.plainSpan(
                markerID: id, attributesFrom: attributeStart, text: text, spaceAfter: spaceAfter, in: &stage)
        }
        cursor.position = spaceAfter ? end &+ 2 : end &+ 1
        return lastNode
    }

    /// Finds the end of a plain span's text from `start`: a backslash or `|`, with no tab, line end,
    /// `~`, doubled space or `//` before it and at least one byte; `nil` otherwise (or at the end of
    /// the input). What `scanText(from:attributesEndText: true)` finds for a final run.
    ///
    /// The same byte classes as `lectern_usfm_scan_text` (CByteScan's usfm_text.c), kept inline here: a
    /// span's text is mostly one short word, for which calling the C scan made grc-nestle1904's parse 10 %
    /// slower (534–568 against 606–616 MB/s).
    @inline(__always)
    static func scanPlainText(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, flags: UnsafePointer<UInt8>
    ) -> (end: Int, mayNeedNFC: Bool)? {
        let count = input.count
        var index = start
        var previous: UInt8 = 0
        var seen: UInt8 = 0
        while index < count {
            let byte = input[index]
            let flag = flags[Int(byte)]
            if flag != 0 {
                if flag & USFMTextByte.stop != 0 {
                    if byte == backslash || byte == pipe { break }
                    if byte == slash, index + 1 < count, input[index + 1] == slash { return nil }
                }
                if flag & previous & USFMTextByte.space != 0 || flag & USFMTextByte.rewritten != 0 { return nil }
                seen |= flag
            }
            previous = flag
            index &+= 1
        }
        guard index < count, index > start else { return nil }
        return (index, seen & USFMTextByte.high != 0)
    }

    /// Stages the attribute list from `start` up to the next backslash, for the node opened next, when
    /// it is one `plainPairCount` would accept or differs from one only in values that are not NFC
    /// (staged in NFC); returns the backslash's offset, or -1 for any other list (having staged part of
    /// it: the caller discards it).
    @inline(__always)
    mutating func stagePlainAttributes(from start: Int) -> Int {
        let classes = attributeFlags
        let input = cursor.input
        guard let base = input.baseAddress else { return -1 }
        let count = input.count
        var pairs = 0
        var index = start
        // A space right after `|` is reported (`space-in-attributes`) by the general path.
        if index < count, base[index] == space { return -1 }
        while true {
            while index < count, base[index] == space { index &+= 1 }
            guard index < count else { return -1 }
            if base[index] == backslash { return pairs > 0 ? index : -1 }
            let name: UInt32
            if let known = knownAttributeName(at: index) {
                name = known.id
                index &+= known.length
            } else {
                let nameStart = index
                let stops = USFMAttributeByte.endsName | USFMAttributeByte.fails | USFMAttributeByte.mayChangeInNFC
                while index < count, classes[Int(base[index])] & stops == 0 {
                    index &+= 1
                }
                guard index < count, base[index] == 0x3D, index > nameStart, index + 1 < count, base[index + 1] == 0x22
                else { return -1 }
                name = attributeNameID(at: nameStart, count: index - nameStart)
                rememberAttributeName(name, at: nameStart, length: index + 2 - nameStart)
                index &+= 2
            }
            let valueStart = index
            var seen: UInt8 = 0
            while index < count {
                let flag = classes[Int(base[index])]
                if flag & (USFMAttributeByte.endsValue | USFMAttributeByte.fails) != 0 { break }
                seen |= flag
                index &+= 1
            }
            guard index < count, base[index] == 0x22, index > valueStart else { return -1 }
            let value = UnsafeBufferPointer(start: base + valueStart, count: index - valueStart)
            // A value beyond Latin (a transliteration such as `bə·rê·šîṯ`) is staged in NFC, as
            // `USFMAttributes.parse` would store it; most are NFC already and are copied as they are. The
            // session's cache knows the others (`šə·p̄ōṭ` has a combining macron), each asked of ICU once.
            if seen & USFMAttributeByte.mayChangeInNFC != 0, !NFC.isKnownNormalized(value) {
                flat.stageAttribute(nameID: name, value: nfcWords.form(of: value), in: &stage)
            } else {
                flat.stageAttribute(nameID: name, value: value, in: &stage)
            }
            index &+= 1
            pairs &+= 1
        }
    }

    /// An attribute name read before in this chapter, when it is followed at `index` by `="`: its index in
    /// `flat`'s string table and the length of the name with `="`. Two loads; the name that followed the
    /// last one found is tried first (tagged Bibles repeat their names in one order: `strong`, `x-morph`, …).
    @inline(__always)
    mutating func knownAttributeName(at index: Int) -> (id: UInt32, length: Int)? {
        let known = knownAttributeNames.count
        guard known > 0, index + 16 <= cursor.count, let base = cursor.input.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base + index)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var slot = nextAttributeName < known ? nextAttributeName : 0
        for _ in 0..<known {
            let name = knownAttributeNames[slot]
            // A name of up to eight bytes with its `="` needs no second load.
            if low & name.low_mask == name.low,
                name.high_mask == 0
                    || UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & name.high_mask
                        == name.high
            {
                nextAttributeName = slot &+ 1
                return (name.id, Int(name.length))
            }
            slot = slot &+ 1 == known ? 0 : slot &+ 1
        }
        return nil
    }

    /// Remembers an attribute name read at `start` for `knownAttributeName`, when the name and its `="`
    /// (`length` bytes) fit in sixteen bytes and fewer than eight names are kept.
    @inline(__always)
    mutating func rememberAttributeName(_ id: UInt32, at start: Int, length: Int) {
        guard length <= 16, knownAttributeNames.count < 8, start + 16 <= cursor.count,
            let base = cursor.input.baseAddress
        else { return }
        let raw = UnsafeRawPointer(base + start)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let lowMask: UInt64 = length >= 8 ? ~0 : (1 << UInt64(length * 8)) - 1
        let highMask: UInt64 = length >= 16 ? ~0 : length <= 8 ? 0 : (1 << UInt64((length - 8) * 8)) - 1
        knownAttributeNames.append(
            lectern_usfm_name(
                low: low & lowMask, high: high & highMask, low_mask: lowMask, high_mask: highMask,
                length: Int64(length), id: id, reserved: 0))
        nextAttributeName = knownAttributeNames.count
    }
}

/// What the attribute scanner of a plain span needs to know of each byte value, as bit flags.
enum USFMAttributeByte {
    /// `=` and space, which end a name.
    static let endsName: UInt8 = 1
    /// `"`, which ends a value.
    static let endsValue: UInt8 = 2
    /// Line ends and a backslash: the list is not plain (or ends there).
    static let fails: UInt8 = 4
    /// Bytes of U+0300 and above: a name holding one is not plain, a value only when it is not NFC.
    static let mayChangeInNFC: UInt8 = 8

    /// The flags of every byte value, never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            switch byte {
            case 0x3D, 0x20: table[byte] = endsName
            case 0x22: table[byte] = endsValue
            case 0x0A, 0x0D, 0x5C: table[byte] = fails
            case 0xCC...: table[byte] = mayChangeInNFC
            default: table[byte] = 0
            }
        }
        return UnsafePointer(table)
    }()
}
