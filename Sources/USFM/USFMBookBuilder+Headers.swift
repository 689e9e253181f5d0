import ScriptureModel
import TextNormalization

/// Books, chapters and verses, and text that comes where no paragraph is open.
extension USFMBookBuilder {
    /// Text or an inline marker with no paragraph open: reports it and opens an implicit `\p` when there is a book.
    mutating func openStrayParagraph(at offset: Int) -> Bool {
        guard hasBook else {
            reportMissingID(at: offset)
            return false
        }
        if book?.chapters.isEmpty ?? true {
            report(
                .error, .textBeforeChapter, at: offset,
                "text outside any paragraph before the first \\c; start introductions with \\ip or move the text after \\c 1"
            )
            openParagraph("ip", markerID: flat.intern("ip"), at: offset)
            return true
        }
        report(
            .warning, .misplacedMarker, at: offset,
            "text outside a paragraph; add a paragraph marker such as \\p before it")
        openParagraph("p", markerID: flat.intern("p"), at: offset)
        return true
    }

    mutating func reportMissingID(at offset: Int) {
        guard !reportedMissingID, !skippingUnknownBook else { return }
        reportedMissingID = true
        report(
            .error, .missingID, at: offset,
            "content before \\id; a USFM file must start with \\id and a book code (\\id GEN)")
    }

    mutating func readBookID(at offset: Int) {
        if hasBook || skippingUnknownBook {
            let current = hasBook ? (book?.id.code ?? "") : "being skipped"
            report(
                .warning, .idInsideBook, at: offset,
                "\\id in the middle of the book \(current); a USFM file holds one book, so split the file here")
        }
        finishBook()
        cursor.skipSpacesAndTabs()
        let codeOffset = cursor.position
        cursor.advance(while: { !isSpace($0) && $0 != backslash })
        let code = cursor.string(codeOffset..<cursor.position)
        let restStart = cursor.position
        cursor.advance(while: { $0 != 0x0A && $0 != 0x0D })
        let rest = cursor.string(restStart..<cursor.position)
        guard let id = BookID(code: code) else {
            skippingUnknownBook = true
            report(
                .error, .unknownBook, at: codeOffset,
                "unknown book code '\(code)' after \\id; use a USFM 3 code such as GEN, MAT or 1CO (this book is skipped)"
            )
            return
        }
        skippingUnknownBook = false
        book = Book(id: id, identification: NFC.normalize(rest.trimmingASCIISpaces()), location: location(offset))
        hasBook = true
        chapterNumbers = []
        verseLabels.removeAll()
    }

    mutating func readChapter(at offset: Int) {
        endBlock()
        reportUnclosedSidebar(before: "the next \\c")
        let (label, labelOffset) = readToken()
        checkLeadingZero(labelOffset..<(labelOffset + label.utf8.count), what: "chapter")
        guard let number = Int(label), number > 0, number < 100_000 else {
            report(
                .error, .invalidChapterNumber, at: labelOffset,
                label.isEmpty
                    ? "\\c needs a chapter number" : "chapter number '\(label)' is not a positive whole number")
            return
        }
        if !chapterNumbers.insert(number).inserted {
            report(
                .error, .duplicateChapter, at: offset,
                "chapter \(number) appears twice in \(book?.id.code ?? "this book"); its content is added to the first")
        }
        verseLabels.removeAll()
        let chapterLocation = location(offset)
        storeContent()
        Self.change(&book) { $0.chapters.append(Chapter(number: number, location: chapterLocation)) }
    }

    mutating func readVerse(at offset: Int) {
        // The label is read as bytes: it is made a string only for a message.
        let labelRange = readTokenRange()
        let bytes = cursor.bytes(labelRange)
        var label: String { cursor.string(labelRange) }
        guard hasBook else { return }
        let hasChapters = self.hasChapters
        if !hasChapters {
            report(
                .error, .verseBeforeChapter, at: offset,
                "verse \(label) comes before the first \\c; add \\c 1 before it")
        }
        if Self.hasLeadingZero(bytes) { checkLeadingZero(labelRange, what: "verse") }
        if bytes.isEmpty || !Self.isValidVerseLabel(bytes) {
            report(
                .error, .invalidVerseNumber, at: labelRange.lowerBound,
                bytes.isEmpty
                    ? "\\v needs a verse number"
                    : "verse number '\(label)' is not a number, a bridge (1-2) or a segment (3a)")
        } else if hasChapters, !verseLabels.insert(bytes) {
            let chapter = book?.chapters.last?.number ?? 0
            let code = book?.id.code ?? ""
            report(
                .error, .duplicateVerse, at: offset,
                "verse \(code) \(chapter):\(label) appears twice")
        }
        if let last = frames.indices.last, frames[last].kind == .sidebarCategory {
            // An unclosed `\esb \cat …` would swallow the verse into the category.
            reportUnclosed(frames[last], atParagraphEnd: true)
            popFrame(explicit: false)
        }
        if frames.isEmpty {
            if hasChapters {
                report(
                    .warning, .misplacedMarker, at: offset,
                    "verse \(label) is outside a paragraph; add \\p before it")
            }
            openParagraph("p", markerID: flat.intern("p"), at: offset)
        }
        closeOpenNotes(before: "\\v", at: offset)
        reportMisplacedVerse(labelRange, at: offset)
        let verse = flat.leaf(.verse, staging: bytes, in: &stage)
        setLocation(of: verse, offset: offset)
        if let last = frames.indices.last {
            frames[last].lastChild = verse
            frames[last].lastVerse = verse
            frames[last].endsWithVerse = true
        }
    }

    /// Warns for a verse inside a character style (it should close before the verse) and for one in a header
    /// line or a title, heading (but `\\d`), introduction or remark paragraph.
    mutating func reportMisplacedVerse(_ labelRange: Range<Int>, at offset: Int) {
        var label: String { cursor.string(labelRange) }
        // (Index by index: `lastIndex(where:)` would copy each frame it looks at, at every verse.)
        var open = frames.count - 1
        while open >= 0, frames[open].kind != .character { open -= 1 }
        if open >= 0 {
            let marker = frames[open].marker
            report(
                .warning, .charCrossesVerse, at: offset,
                "\\\(marker) is still open at verse \(label); close it with \\\(marker)* before \\v and open it again after"
            )
        }
        if sidebarNode >= 0 {
            report(
                .warning, .misplacedVerse, at: offset,
                "verse \(label) inside a sidebar, which is study content, not verse text; end the sidebar with \\esbe before the verse"
            )
            return
        }
        guard !frames.isEmpty else { return }
        let kind: ParagraphKind? =
            switch frames[0].kind {
            case .field: .header
            case .paragraph: paragraphKind(frames[0].marker)
            default: nil
            }
        switch kind {
        case .header, .title, .introduction, .remark:
            break
        case .heading where frames[0].marker != "d":
            break
        default:
            return
        }
        report(
            .warning, .misplacedVerse, at: offset,
            "verse \(label) in \\\(frames[0].marker), where a verse cannot stand; start a paragraph such as \\p before it"
        )
    }

    /// `1`, `1-2`, `3a`, `3a-4b`, `12b`: one or two parts joined by `-`, each digits and an optional lowercase letter.
    static func isValidVerseLabel(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        var parts = 0
        var digits = 0
        var afterLetter = false
        for byte in label {
            switch byte {
            case 0x30...0x39 where !afterLetter:
                digits += 1
            case 0x61...0x7A where digits > 0 && !afterLetter:
                afterLetter = true
            case UInt8(ascii: "-") where digits > 0:
                parts += 1
                digits = 0
                afterLetter = false
            default:
                return false
            }
        }
        return digits > 0 && parts < 2
    }
}
