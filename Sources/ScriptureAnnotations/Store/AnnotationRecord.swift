import Foundation
import ScriptureModel
import Versification

/// How an annotation is kept in the store's `annotation` table, column by column.
enum AnnotationRecord {
    /// The columns every query selects, in the order `decode` reads them.
    static let columns =
        "id, kind, created, modified, deleted, bible, versification, verses, original, style, note, labels,"
        + " word_start, word_end, quote_exact, quote_prefix, quote_suffix"

    /// The same columns qualified by the table alias `a`.
    static let qualifiedColumns = columns.split(separator: ",").map {
        "a." + $0.trimmingCharacters(in: .whitespaces)
    }.joined(separator: ", ")

    /// The values for `INSERT … (columns, position) VALUES (…)`: the columns, then the index position (the
    /// first Original verse's ordinal).
    static func values(_ annotation: Annotation) -> [SQLiteValue] {
        let words = annotation.place.words
        return [
            .blob(bytes(annotation.id)), .int(annotation.kind.code), .int(annotation.created.milliseconds),
            .int(annotation.modified.milliseconds), .int(annotation.isDeleted ? 1 : 0), .text(annotation.place.bible),
            .text(annotation.place.versification), .text(annotation.place.reference),
            .text(VerseReferenceText.text(annotation.place.original)), .optional(annotation.style?.description),
            .optional(annotation.text), .text(annotation.labels.joined(separator: "\n")),
            .optional(words?.start.description), .optional(words?.end.description), .optional(words?.quote.exact),
            .optional(words?.quote.prefix), .optional(words?.quote.suffix), .int(position(annotation)),
        ]
    }

    /// Where the annotation sorts: its first Original verse's ordinal.
    static func position(_ annotation: Annotation) -> Int64 {
        annotation.place.original.first.map { VerseOrdinal.of(SchemeVerse($0.book, $0.chapter, $0.first)) } ?? 0
    }

    /// Reads a row selected with `columns` (from column `base`).
    static func decode(_ row: SQLiteRow, path: String) throws(AnnotationError) -> Annotation {
        guard let idBytes = row.blob(0), let id = uuid(idBytes) else {
            throw .damaged(path: path, reason: "an annotation has no valid id")
        }
        func damaged(_ what: String) -> AnnotationError {
            .damaged(path: path, reason: "annotation \(id.uuidString.lowercased()): \(what)")
        }
        guard let kind = AnnotationKind(code: row.int(1)) else { throw damaged("unknown kind \(row.int(1))") }
        let content: AnnotationContent
        switch kind {
        case .bookmark: content = .bookmark
        case .highlight:
            guard let text = row.text(9), let style = try? HighlightStyle(text) else { throw damaged("bad style") }
            content = .highlight(style)
        case .note: content = .note(row.text(10) ?? "")
        }
        guard let bible = row.text(5), let versification = row.text(6), let versesText = row.text(7),
            let verses = try? VerseReferenceText.verses(versesText), let originalText = row.text(8),
            let original = try? VerseReferenceText.runs(originalText)
        else { throw damaged("bad place") }
        var words: MarkedWords?
        if let startText = row.text(12) {
            guard let start = TextPoint(startText), let endText = row.text(13), let end = TextPoint(endText),
                let exact = row.text(14)
            else { throw damaged("bad word range") }
            words = MarkedWords(
                start: start, end: end,
                quote: TextQuote(exact: exact, prefix: row.text(15) ?? "", suffix: row.text(16) ?? ""))
        }
        let labelText = row.text(11) ?? ""
        return Annotation(
            stored: id, content: content,
            place: AnnotationPlace(
                bible: bible, versification: versification, verses: verses, original: original, words: words),
            labels: labelText.isEmpty
                ? [] : labelText.utf8.contains(0x0A) ? labelText.split(separator: "\n").map(String.init) : [labelText],
            created: AnnotationTime(milliseconds: row.int(2)), modified: AnnotationTime(milliseconds: row.int(3)),
            isDeleted: row.int(4) != 0)
    }

    /// A UUID's 16 bytes.
    static func bytes(_ id: UUID) -> [UInt8] { withUnsafeBytes(of: id.uuid) { Array($0) } }

    /// The UUID of 16 bytes.
    static func uuid(_ bytes: [UInt8]) -> UUID? {
        guard bytes.count == 16 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
        return UUID(uuid: value)
    }
}
