import Lectern

/// `lectern read REF`: prints a chapter, an introduction or verses of a stored version.
public enum ReadCommand: LecternCommand {
    public static let name = "read"
    public static let summary = "print a chapter or verses of a stored version"
    public static let valuedOptions: Set<String> = ["version", "library"]
    public static let usage = """
        Usage: lectern read [REF] [--version ID|ABBR] [--json] [--library DIR]

        REF is a chapter (JHN.3, "JHN 3", "John 3"), verses (JHN.3.16, "JHN 3:16-18")
        or an introduction (JHN.INTRO), with English or the version's own book names.
        Prints readable text with verse numbers, headings and paragraph breaks, and
        remembers the passage as the library's last one. Without REF, reopens the
        last passage (in the version it was read in), or the first chapter of the
        version's first book when nothing was read yet.

        Options:
          --version ID|ABBR  the version (default: the library's only version)
          --json             print the structured content (paragraphs, verses, notes,
                             character styles) and the verses' plain text as JSON

        """ + LibraryOptions.usage

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let versionName = arguments.value("version")
        let json = arguments.flag("json")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        let session: ReaderSession
        if arguments.positionals.isEmpty {
            // No reference: reopen the last passage, in the version it was read in unless told otherwise.
            let remembered = library.readingState().lastVersion.map(String.init)
            let store = try LibraryOptions.version(versionName ?? remembered, in: library, fallBackToOnly: versionName == nil)
            session = try ReaderSession.restoringLastPassage(library: library, store: store)
        } else {
            let store = try LibraryOptions.version(versionName, in: library)
            let text = arguments.positionals.joined(separator: " ")
            do {
                let reference = try ReferenceParser.parse(text, names: BookNameIndex(store: store))
                session = try ReaderSession(library: library, store: store, at: reference)
            } catch let error as ReferenceError {
                throw CommandFailure("\(text): \(error.description) (\(store.metadata.abbreviation))")
            }
        }
        let store = session.store
        let reference = session.current
        guard let book = store.book(reference.book) else {
            throw CommandFailure("\(store.metadata.abbreviation) has no book \(reference.book.code)")
        }
        let passage = try ReadPassage(reference: reference, store: store)
        let title = (book.names.display ?? reference.book.englishName) + passage.heading
        if json {
            context.standardOutput(passage.json(reference: reference, store: store) + "\n")
        } else {
            context.standardOutput("\(title) (\(store.metadata.abbreviation))\n\n" + PassageText.render(passage.blocks))
        }
        do {
            try session.save()
        } catch {
            // A library that cannot be written (shared, read-only) is still read: only the bookmark is lost.
            context.standardError("Warning: the passage is not remembered: \(error)\n")
        }
        return ExitStatus.success
    }
}

/// What a reference selects from a version: the blocks to show and, for chapters and verses, the verses.
private struct ReadPassage {
    var blocks: [Block]
    var chapter: Chapter?
    var verses: [VerseText] = []
    var heading = ""

    init(reference: BibleReference, store: VersionStore) throws {
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
            heading = " \(number)"
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
            heading = " \(number):\(first)" + (last.map { "-\($0)" } ?? "")
        }
    }

    func json(reference: BibleReference, store: VersionStore) -> String {
        var text = "{\"reference\":\(ModelJSON.string(reference.id)),\"version\":{\"id\":\(store.metadata.id),"
        text += "\"abbreviation\":\(ModelJSON.string(store.metadata.abbreviation))},"
        if let chapter {
            text += "\"chapter\":" + ModelJSON.chapter(chapter, book: reference.book) + ",\"verses\":["
            text += verses.map { "{\"verse\":\(ModelJSON.string($0.key.verse)),\"text\":\(ModelJSON.string($0.text))}" }
                .joined(separator: ",")
            text += "]}"
        } else {
            text += "\"introduction\":" + ModelJSON.blocks(blocks) + "}"
        }
        return text
    }
}
