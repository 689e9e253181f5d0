import Lectern

/// `lectern read REF`: prints a chapter, an introduction or verses of a stored Bible.
package enum ReadCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "read", summary: "print a chapter, verses or an introduction", arguments: "[REF...]",
        discussion: """
            REF is a chapter (JHN.3, "John 3"), verses (JHN.3.16, "John 3:16-18", "John 3 16", "Jn 3.16") or an \
            introduction (JHN.INTRO), with English or the Bible's own book names. Prints readable text with \
            verse numbers, headings and paragraph breaks, and remembers the passage as the library's last one. \
            Without REF, reopens the last passage (in the Bible it was read in), or the first chapter of the \
            Bible's first book when nothing was read yet. With several Bibles (--bible WEB,WLC), prints a \
            chapter of each row by row, aligned by mapped verse through each Bible's versification (Psalm \
            titles, Malachi 4 and Joel 3 line up even where the numbers differ). A reference down to the word \
            ("MAT 2:1!3-5", "MAT 2:1!3+2", U23003) prints the verses with those words or characters marked.
            """,
        options: [BibleSelection.option],
        examples: [
            ("read \"John 3:16-18\"", "three verses of the default Bible"),
            ("read PSA.23 --bible WEB", "a chapter of the Bible abbreviated WEB"),
            ("read", "reopen the last passage"),
            ("read \"PSA 51\" --bible WEB,WLC", "two Bibles side by side, aligned by mapped verse"),
            ("read \"MAT 2:1!3-5\"", "a verse with its words 3 to 5 marked"),
        ])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let library = invocation.library
        let bibleName = invocation.arguments.value("bible")
        if let names = bibleName?.split(separator: ",").map(String.init), names.count > 1 {
            return try readParallel(names, invocation: invocation)
        }
        let session: ReaderSession
        if invocation.positionals.isEmpty {
            // No reference: reopen the last passage, in the Bible it was read in unless told otherwise.
            let last = bibleName == nil ? library.readingState().lastVersion.flatMap { try? library.open($0) } : nil
            let store = try last ?? BibleSelection.resolve(bibleName, in: library).store
            session = try ReaderSession.restoringLastPassage(library: library, store: store)
        } else {
            let store = try BibleSelection.resolve(bibleName, in: library).store
            let text = invocation.positionals.joined(separator: " ")
            if ReferenceParser.isWordReference(text) { return try readWords(text, store: store, invocation: invocation) }
            do {
                let selection = try store.selection(text)
                guard let reference = selection.reference else {
                    return try readSelection(selection, store: store, library: library, invocation: invocation)
                }
                session = try ReaderSession(library: library, store: store, at: reference)
            } catch let error as ReferenceError {
                throw CommandFailure("\(text): \(error.description) (\(Terminal.sanitized(store.metadata.abbreviation)))")
            } catch PassageError.reference(let error) {
                throw CommandFailure("\(text): \(error.description) (\(Terminal.sanitized(store.metadata.abbreviation)))")
            } catch let error as PassageError {
                throw CommandFailure("\(text): \(Terminal.sanitized(error.description))")
            }
        }
        let store = session.store
        let reference = session.current
        guard let book = store.book(reference.book) else {
            throw CommandFailure("\(store.metadata.abbreviation) has no book \(reference.book.code)")
        }
        let bookName = book.names.display ?? reference.book.englishName
        let passage = try ReadPassage(reference: reference, store: store, bookName: bookName)
        if invocation.json {
            invocation.output(json: passage.json(reference: reference, store: store, bookName: bookName))
        } else {
            let title = Terminal.sanitized(bookName + passage.heading + " (\(store.metadata.abbreviation))")
            let heading = invocation.colorsOutput ? Terminal.boldStart + title + Terminal.reset : title
            // Verse text is shown as titles are: control characters from the file escaped.
            invocation.output(heading + "\n\n" + Terminal.sanitized(PassageText.render(passage.blocks)))
        }
        do {
            try session.save()
        } catch {
            // A library that cannot be written (shared, read-only) is still read: only the bookmark is lost.
            invocation.warn("the passage is not remembered: \(ErrorText.sentence(for: error))")
        }
        return ExitStatus.success
    }

    /// A list (`John 3:16,18; 4:1`) or a range across chapters (`John 3:16-4:2`): each chapter's part in turn,
    /// formatted as a single passage is; the first part is remembered as the last passage.
    private static func readSelection(
        _ selection: PassageSelection, store: VersionStore, library: Library, invocation: Invocation
    ) throws -> Int32 {
        let passage: Lectern.Passage
        do {
            passage = try store.passage(selection)
        } catch {
            throw CommandFailure("\(error.description)")
        }
        let name = { (book: BookID) in store.book(book)?.names.display ?? book.englishName }
        // Consecutive verses of one chapter make one part.
        var parts: [BibleReference] = []
        var previous: (book: BookID, chapter: Int, number: Int)?
        for verse in passage.verses {
            let chapter = verse.reference.chapter ?? 0
            let number = VerseKey.leadingNumber(verse.label)
            if let last = previous, last.book == verse.reference.book, last.chapter == chapter, number <= last.number + 1,
                case .verses(_, let first, _) = parts[parts.count - 1].target
            {
                parts[parts.count - 1].target = .verses(chapter: chapter, first: first, last: verse.label)
            } else {
                parts.append(BibleReference(book: verse.reference.book, target: .verses(chapter: chapter, first: verse.label, last: nil)))
            }
            previous = (verse.reference.book, chapter, max(number, VerseKey.leadingNumber(String(verse.label.split(separator: "-").last ?? ""))))
        }
        let display = selection.displayName(bookName: { name($0) })
        if invocation.json {
            let verses = passage.verses.map { verse in
                JSONValue.object([
                    ("reference", JSONSchema.reference(VerseKey(book: verse.reference.book, chapter: verse.reference.chapter ?? 0, verse: verse.label), bookName: name(verse.reference.book))),
                    ("verse", .string(verse.label)), ("text", .string(verse.text)),
                ])
            }
            invocation.output(
                json: JSONSchema.document(
                    "read",
                    [
                        ("bible", JSONSchema.bible(store.metadata)),
                        ("reference", .object([("id", .string(selection.id)), ("display", .string(display))])),
                        ("chapter", .null), ("verses", .array(verses)), ("introduction", .null),
                    ]))
        } else {
            let title = Terminal.sanitized(display + " (\(store.metadata.abbreviation))")
            var text = (invocation.colorsOutput ? Terminal.boldStart + title + Terminal.reset : title) + "\n"
            for part in parts {
                let piece = try ReadPassage(reference: part, store: store, bookName: name(part.book))
                text += "\n" + Terminal.sanitized(name(part.book) + piece.heading) + "\n\n"
                    + Terminal.sanitized(PassageText.render(piece.blocks))
            }
            invocation.output(text)
        }
        if let first = parts.first {
            do {
                try ReaderSession(library: library, store: store, at: first).save()
            } catch {
                invocation.warn("the passage is not remembered: \(ErrorText.sentence(for: error))")
            }
        }
        return ExitStatus.success
    }
}

/// What a reference selects from a version: the blocks to show and, for chapters and verses, the verses.
private struct ReadPassage {
    var blocks: [Block]
    var chapter: Chapter?
    var verses: [VerseText] = []
    /// What follows the book's name in the heading: ` 3`, ` 3:16-18`, ` (introduction)`; for a book of one
    /// chapter whose name ends in its number (`Psalm 151`), only `:16-18` or nothing.
    var heading = ""

    init(reference: BibleReference, store: VersionStore, bookName: String) throws {
        let numberedByName =
            bookName.last?.isNumber == true && store.book(reference.book)?.chapters == [1]
        let chapterText = { (number: Int) in numberedByName ? "" : " \(number)" }
        switch reference.target {
        case .introduction:
            let blocks = try store.introduction(reference.book)
            guard !blocks.isEmpty else {
                throw CommandFailure("\(reference.book.code) has no introduction in this version")
            }
            self.blocks = blocks
            heading = " (introduction)"
        case .chapter(let number):
            let chapter = try store.chapter(reference.book, number)
            self.chapter = chapter
            blocks = chapter.blocks
            verses = try store.verses(reference.book, number)
            heading = chapterText(number)
        case .verses(let number, let first, let last):
            var chapter = try store.chapter(reference.book, number)
            let range =
                VerseKey.leadingNumber(
                    first)...max(VerseKey.leadingNumber(first), VerseKey.leadingNumber(last ?? first))
            verses = try store.verses(reference.book, number, range)
            guard !verses.isEmpty else {
                throw CommandFailure(
                    "\(reference.book.code) \(number) has no verse \(first)\(last.map { "-\($0)" } ?? "")")
            }
            chapter.blocks = PassageText.select(chapter.blocks, verses: range)
            self.chapter = chapter
            blocks = chapter.blocks
            heading = chapterText(number) + ":\(first)" + (last.map { "-\($0)" } ?? "")
        }
    }

    func json(reference: BibleReference, store: VersionStore, bookName: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("bible", JSONSchema.bible(store.metadata)),
            ("reference", JSONSchema.reference(reference, bookName: bookName)),
        ]
        if let chapter {
            members.append(("chapter", .fragment(ModelJSON.chapter(chapter, book: reference.book))))
            members.append(
                ("verses", .array(verses.map { verse in
                    .object([
                        ("reference", JSONSchema.reference(verse.key, bookName: bookName)),
                        ("verse", .string(verse.key.verse)), ("text", .string(verse.text)),
                    ])
                })))
            members.append(("introduction", .null))
        } else {
            members.append(("chapter", .null))
            members.append(("verses", .array([])))
            members.append(("introduction", .fragment(ModelJSON.blocks(blocks))))
        }
        return JSONSchema.document("read", members)
    }
}
