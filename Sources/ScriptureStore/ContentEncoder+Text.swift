import ScriptureModel

/// How the encoder stores text runs: runs of the verse text as a length (`TEXT_REF`, `WORD`), the rest
/// as literals, ASCII white space collapsed (see `ContentOp`).
extension ContentEncoder {
    mutating func text(_ text: UnsafeBufferPointer<UInt8>, flow: Bool) {
        if Self.isSpaceOnly(text) {
            op(.space)
            return
        }
        if flow, let run = match(text) {
            op(.textRef, run.flags)
            out.varint(run.length)
            return
        }
        let (leading, trailing) = collapse(text)
        op(.textLiteral)
        out.varint(scratch.count + (leading ? 1 : 0) + (trailing ? 1 : 0))
        if leading { out.u8(0x20) }
        out.append(scratch)
        if trailing { out.u8(0x20) }
    }

    /// Finds `text` (white space collapsed) at the verse text cursor, or one space after it, and moves past it.
    mutating func match(_ text: UnsafeBufferPointer<UInt8>) -> (flags: UInt8, length: Int)? {
        let (leading, trailing) = collapse(text)
        guard !scratch.isEmpty else { return nil }
        var skip = 0
        if !verseTextHasScratch(at: cursor) {
            guard cursor < verseText.count, verseText[verseText.startIndex + cursor] == 0x20,
                verseTextHasScratch(at: cursor + 1)
            else {
                return nil
            }
            skip = 1
        }
        cursor += skip + scratch.count
        var flags: UInt8 = skip == 1 ? TextFlags.skip : 0
        if leading { flags |= TextFlags.leading }
        if trailing { flags |= TextFlags.trailing }
        return (flags, scratch.count)
    }

    func verseTextHasScratch(at start: Int) -> Bool {
        guard start + scratch.count <= verseText.count else { return false }
        var index = 0
        while index < scratch.count {
            if verseText[verseText.startIndex + start + index] != scratch[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `text` is ASCII white space and nothing else (and not empty).
    static func isSpaceOnly(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Puts `text` with ASCII white space runs collapsed and trimmed into `scratch`; says whether it had
    /// white space at either end (white space alone counts as leading).
    mutating func collapse(_ text: UnsafeBufferPointer<UInt8>) -> (leading: Bool, trailing: Bool) {
        scratch.removeAll(keepingCapacity: true)
        // At most the text's size: growing by doubling would hold up to three times a long text at once.
        scratch.reserveCapacity(text.count)
        var leading = false
        var pending = false
        for byte in text {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if scratch.isEmpty { leading = true } else { pending = true }
                continue
            }
            if pending {
                scratch.append(0x20)
                pending = false
            }
            scratch.append(byte)
        }
        return (leading, pending)
    }
}
