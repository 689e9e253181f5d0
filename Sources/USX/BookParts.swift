import ScriptureModel

/// What the USX and USJ builders make a book from: its header fields, and the introduction and chapters,
/// whose content each builder fills flat; with the checks of chapter and verse numbers both make.
struct BookParts {
    /// The file's path, for locations.
    let path: String
    var id: BookID?
    var location: SourceLocation?
    var identification = ""
    var formatVersion: String?
    var names = BookNames()
    /// A chapter label given before the first chapter.
    var chapterLabel: String?
    var introduction = FlatContent()
    /// The chapters so far; the builder's content is the last one's (or the introduction's, before any).
    var chapters: [Chapter] = []
    var sawBook = false
    var isRejected = false
    /// Set after a chapter that could not be read, until the next good one: its verses are dropped quietly.
    var isChapterBroken = false
    var chapterNumbers: Set<Int> = []
    var verseLabels = VerseLabelSet()

    init(path: String) { self.path = path }

    /// The start of the file, where problems without a better place are reported.
    var start: SourceLocation { SourceLocation(file: path, line: 1, column: 1, offset: 0) }

    /// Stores content as the introduction's, or the last chapter's once there is one.
    mutating func store(_ content: FlatContent) {
        if chapters.isEmpty {
            introduction = content
        } else {
            chapters[chapters.count - 1].content = content
        }
    }

    /// Sets the label (`cl`) of the last chapter, or of every chapter before the first.
    mutating func setChapterLabel(_ text: String) {
        let label = text.isEmpty ? nil : text
        if chapters.isEmpty {
            chapterLabel = label
        } else {
            chapters[chapters.count - 1].label = label
        }
    }

    /// The book, once its content is stored: nil when the file had no good book element or was rejected.
    func book() -> Book? {
        guard let id, !isRejected else { return nil }
        var book = Book(
            id: id, identification: identification, formatVersion: formatVersion, names: names,
            chapterLabel: chapterLabel, chapters: chapters, location: location ?? start)
        book.introductionContent = introduction
        return book.mergingRepeatedChapters()
    }
}

extension FlatContentBuilder {
    /// Starts the content of a new chapter: returns what is built so far, closed, and continues with
    /// the blocks still open (a paragraph or sidebar a chapter stands in, which belong to the new one).
    /// `shift` is how far the node indices of the open blocks moved down.
    mutating func startChapter() -> (done: FlatContent, shift: Int) {
        let first = openNodes.first
        let carried = first == nil ? FlatContentBuilder() : takeOpenContainers()
        let done = finish()
        self = carried
        // The next chapter is about the size of this one.
        reserveCapacity(
            nodes: done.nodes.count + done.nodes.count / 4, bytes: done.bytes.count + done.bytes.count / 4,
            attributes: done.attributes.count + done.attributes.count / 4)
        return (done, first ?? 0)
    }
}
