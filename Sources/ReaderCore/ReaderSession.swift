import ScriptureModel
import ScriptureStore

/// A reader's place in a version: the current page, whether previous and next exist, the page's
/// content, switching versions, and the last passage remembered per library.
///
/// A session is a value: moving returns or mutates a copy, and nothing is written until `save()`.
/// The store it reads is immutable and shared, so sessions may live on any thread.
public struct ReaderSession: Sendable {
    /// The library the session remembers its place in.
    public let library: Library
    /// The open version.
    public private(set) var store: VersionStore
    /// The version's pages in reading order.
    public private(set) var sequence: ChapterSequence
    /// Where the reader is: a page, or verses on a page.
    public private(set) var current: BibleReference

    /// Opens a version at a reference (which must be in the version).
    ///
    /// - Throws: `ReferenceError` naming the nearest valid places when the version lacks it.
    public init(library: Library, store: VersionStore, at reference: BibleReference) throws {
        self.library = library
        self.store = store
        self.sequence = ChapterSequence(try VersionOutline(store: store))
        self.current = reference
        try go(to: reference)
    }

    /// Reopens a version where the library's reader left off: the saved passage (placed in this version
    /// with the version-switch fallbacks when it was read in another one), or the first chapter of the
    /// version's first book when nothing is saved or the saved passage cannot be read.
    public static func restoringLastPassage(library: Library, store: VersionStore) throws -> ReaderSession {
        let sequence = ChapterSequence(try VersionOutline(store: store))
        let saved = library.readingState()
        if let id = saved.lastPassage, let reference = try? ReferenceParser.parse(id),
            let resolution = sequence.resolve(reference, version: store.metadata.id)
        {
            let target = resolution.fallback == .exact ? resolution.reference : resolution.reference.chapterReference
            if let session = try? ReaderSession(library: library, store: store, at: target) { return session }
        }
        guard let first = firstChapter(of: store) else {
            throw ReferenceError("\(store.metadata.abbreviation) has no chapters to open")
        }
        return try ReaderSession(library: library, store: store, at: first)
    }

    /// The first chapter of the version's first book that has chapters.
    public static func firstChapter(of store: VersionStore) -> BibleReference? {
        guard let book = store.books.first(where: { !$0.chapters.isEmpty }), let chapter = book.chapters.first else {
            return nil
        }
        return .chapter(book.id, chapter, version: store.metadata.id)
    }

    /// Whether there is a page before the current one.
    public var canGoPrevious: Bool { sequence.previous(before: current) != nil }

    /// Whether there is a page after the current one.
    public var canGoNext: Bool { sequence.next(after: current) != nil }

    /// Moves to the next page; false (and no move) at the end of the Bible.
    @discardableResult
    public mutating func goNext() -> Bool {
        guard let next = sequence.next(after: current) else { return false }
        current = next
        return true
    }

    /// Moves to the previous page; false (and no move) at the start of the Bible.
    @discardableResult
    public mutating func goPrevious() -> Bool {
        guard let previous = sequence.previous(before: current) else { return false }
        current = previous
        return true
    }

    /// Moves to a reference in this version.
    ///
    /// - Throws: `ReferenceError` naming the nearest valid places.
    public mutating func go(to reference: BibleReference) throws {
        var target = reference
        target.versionID = store.metadata.id
        if Self.hasVerses(target), let chapter = target.chapter {
            // Verse ranges need the chapter's verse labels; read just that chapter's.
            var outline = sequence.outline
            if let bookIndex = outline.books.firstIndex(where: { $0.book == target.book }),
                let chapterIndex = outline.books[bookIndex].chapters.firstIndex(where: { $0.number == chapter }),
                outline.books[bookIndex].chapters[chapterIndex].verses.isEmpty
            {
                outline.books[bookIndex].chapters[chapterIndex].verses = try store.verseLabels(target.book, chapter)
                try ChapterSequence(outline).validate(target)
            } else {
                try sequence.validate(target)
            }
        } else {
            try sequence.validate(target)
        }
        current = target
    }

    /// Switches to another version, keeping the place: the current verses (or chapter) mapped through both
    /// versions' versification (Psalm 51:1 in an English-numbered Bible is 51:3 in a Hebrew-numbered one),
    /// then book and chapter kept when the other has them (see `ChapterSequence.resolve` for the fallbacks).
    ///
    /// - Returns: which fallback applied.
    @discardableResult
    public mutating func switchVersion(to other: VersionStore) throws -> ReferenceResolution.Fallback {
        let otherSequence = ChapterSequence(try VersionOutline(store: other))
        guard let resolution = otherSequence.resolve(mapped(current, to: other), version: other.metadata.id) else {
            throw ReferenceError("\(other.metadata.abbreviation) has no chapters to open")
        }
        store = other
        sequence = otherSequence
        current = resolution.reference
        return resolution.fallback
    }

    /// Where `reference` of this session's version lands in `other`: a chapter goes to the chapter its first
    /// verse maps to, verses to the first piece they map to; unchanged when nothing maps (the fallbacks of
    /// `ChapterSequence.resolve` then apply) or a scheme cannot be read.
    private func mapped(_ reference: BibleReference, to other: VersionStore) -> BibleReference {
        guard let chapter = reference.chapter else { return reference }
        var source = reference
        if case .chapter = reference.target { source.target = .verses(chapter: chapter, first: "1", last: nil) }
        guard let first = (try? store.map(source, to: other))?.pieces.first, let landed = first.chapter else {
            return reference
        }
        if case .chapter = reference.target { return BibleReference(versionID: first.versionID, book: first.book, target: .chapter(landed)) }
        return first
    }

    /// The current page's content: the chapter's blocks, or the introduction's.
    public func content() throws -> [Block] {
        guard let chapter = current.chapter else { return try store.introduction(current.book) }
        return try store.chapter(current.book, chapter).blocks
    }

    /// Remembers the current passage as the library's last one (an atomic write under the reading-state
    /// lock); the rest of the reading state (the default version), as saved now, is kept.
    public func save() throws {
        let (passage, version) = (current.id, store.metadata.id)
        try library.updateReadingState { state in
            state.lastPassage = passage
            state.lastVersion = version
        }
    }

    private static func hasVerses(_ reference: BibleReference) -> Bool {
        if case .verses = reference.target { return true }
        return false
    }
}
