import ScriptureModel
import ScriptureStore

/// Decides whether a search text names a passage (`John 3:16`, `Ps 23`, `1co13`), so a reader can jump there.
enum SearchReference {
    /// The reference `text` names in `store`, or nil.
    ///
    /// A text is a reference only when it ends with a digit (a chapter or verse number) and reads as a
    /// reference to a book the version has, by English or the version's own names: `Job` and `Acts` are
    /// words to search for, `Job 3` is a reference. A text with a field term (`strong:G26`) is none.
    static func detect(_ text: String, in store: VersionStore) -> BibleReference? {
        guard let last = text.last(where: { !$0.isWhitespace }), last.isASCII, last.isNumber,
            text.contains(where: \.isLetter),
            !hasFieldTerm(text)
        else { return nil }
        let names = BookNameIndex(
            versionNames: Dictionary(
                store.books.map { ($0.id, [$0.names.short, $0.names.long, $0.names.abbreviation].compactMap { $0 }) }
            ) { first, _ in first },
            books: Set(store.books.map(\.id)))
        guard let reference = try? ReferenceParser.parse(text, names: names, version: store.metadata.id),
            let book = store.book(reference.book)
        else { return nil }
        if let chapter = reference.chapter, !book.chapters.contains(chapter) { return nil }
        return reference
    }

    /// Whether `text` holds `strong:`, `lemma:` or `morph:`, looked for in its UTF-8 bytes (no Foundation
    /// search, no string made per field).
    private static func hasFieldTerm(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for colon in bytes.indices where bytes[colon] == UInt8(ascii: ":") {
            for field in AttributeTerms.Field.allCases {
                let name = field.rawValue.utf8
                if colon >= name.count, bytes[(colon - name.count)..<colon].elementsEqual(name) { return true }
            }
        }
        return false
    }
}
