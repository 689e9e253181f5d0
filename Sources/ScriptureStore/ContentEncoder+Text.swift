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
        if text.count > Self.longRun {
            longLiteral(text)
            return
        }
        let (leading, trailing) = collapse(text)
        op(.textLiteral)
        out.varint(scratchCount + (leading ? 1 : 0) + (trailing ? 1 : 0))
        if leading { out.u8(0x20) }
        out.append(scratch[..<scratchCount])
        if trailing { out.u8(0x20) }
    }

    /// Finds `text` (white space collapsed) at the verse text cursor, or one space after it, and moves past it.
    ///
    /// The collapsed bytes are compared with the verse text as they are made, not copied first. A collapsed
    /// run never starts with a space, so it is one space after the cursor exactly when the verse text has a
    /// space there, and at the cursor otherwise: one try.
    mutating func match(_ text: UnsafeBufferPointer<UInt8>) -> (flags: UInt8, length: Int)? {
        let cursor = self.cursor
        let found = verseText.withUnsafeBufferPointer { verse -> (skip: Int, run: CollapsedRun)? in
            let skip = cursor < verse.count && verse[cursor] == 0x20 ? 1 : 0
            return Self.collapsedMatch(text, in: verse, at: cursor + skip).map { (skip, $0) }
        }
        guard let (skip, run) = found else { return nil }
        self.cursor += skip + run.count
        var flags: UInt8 = skip == 1 ? TextFlags.skip : 0
        if run.leading { flags |= TextFlags.leading }
        if run.trailing { flags |= TextFlags.trailing }
        return (flags, run.count)
    }

    /// The length from which a literal is written without `scratch` (`longLiteral`), so that a verse of any
    /// length is not copied once more.
    static let longRun = 1 << 16

    /// A run with ASCII white space collapsed and trimmed, as `collapse(_:)` makes it: its length, and whether
    /// white space was at either end.
    struct CollapsedRun {
        var count = 0
        var leading = false
        var trailing = false
    }

    /// The collapsed `text` when `verse` holds it from `start` on (and it is not empty), else nil.
    static func collapsedMatch(
        _ text: UnsafeBufferPointer<UInt8>, in verse: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> CollapsedRun? {
        var run = CollapsedRun()
        var position = start
        for byte in text {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if run.count == 0 { run.leading = true } else { run.trailing = true }
                continue
            }
            if run.trailing {
                guard position < verse.count, verse[position] == 0x20 else { return nil }
                position += 1
                run.count += 1
                run.trailing = false
            }
            guard position < verse.count, verse[position] == byte else { return nil }
            position += 1
            run.count += 1
        }
        return run.count > 0 ? run : nil
    }

    /// The literal of `text(_:flow:)` for a long run, written from the run (collapsed as it goes) after a pass
    /// that counts its length.
    mutating func longLiteral(_ text: UnsafeBufferPointer<UInt8>) {
        var run = CollapsedRun()
        for byte in text {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if run.count == 0 { run.leading = true } else { run.trailing = true }
                continue
            }
            if run.trailing {
                run.count += 1
                run.trailing = false
            }
            run.count += 1
        }
        op(.textLiteral)
        out.varint(run.count + (run.leading ? 1 : 0) + (run.trailing ? 1 : 0))
        if run.leading { out.u8(0x20) }
        var (count, pending) = (0, false)
        for byte in text {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if count > 0 { pending = true }
                continue
            }
            if pending {
                out.u8(0x20)
                pending = false
            }
            out.u8(byte)
            count += 1
        }
        if run.trailing { out.u8(0x20) }
    }

    /// Whether `text` is ASCII white space and nothing else (and not empty).
    static func isSpaceOnly(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Puts `text` with ASCII white space runs collapsed and trimmed into `scratch` (its first `scratchCount`
    /// bytes); says whether it had white space at either end (white space alone counts as leading).
    mutating func collapse(_ text: UnsafeBufferPointer<UInt8>) -> (leading: Bool, trailing: Bool) {
        // At least the text's size, grown to it: growing by doubling would hold up to three times a long text.
        if scratch.count < text.count {
            scratch.reserveCapacity(text.count)
            scratch.append(contentsOf: repeatElement(0, count: text.count - scratch.count))
        }
        var leading = false
        var pending = false
        var count = 0
        scratch.withUnsafeMutableBufferPointer { scratch in
            for byte in text {
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                    if count == 0 { leading = true } else { pending = true }
                    continue
                }
                if pending {
                    scratch[count] = 0x20
                    count += 1
                    pending = false
                }
                scratch[count] = byte
                count += 1
            }
        }
        scratchCount = count
        return (leading, pending)
    }
}
