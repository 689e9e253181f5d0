import Foundation
import ScriptureModel
import Versification

/// A mark's fields as an interchange file gives them (text, each with where it was), made into an
/// `Annotation` by the same rules for both formats.
struct InterchangeFields {
    /// One field's text and `file:line:col`.
    struct Field {
        var text: String
        var location: String
    }

    /// Where the mark itself starts, for errors about the whole mark.
    var location: String
    var id: Field?
    var kind: Field?
    var created: Field?
    var modified: Field?
    var deleted = false
    var bible: Field?
    var versification: Field?
    var verses: Field?
    var original: Field?
    var style: Field?
    var labels: [Field] = []
    var text: Field?
    var wordStart: Field?
    var wordEnd: Field?
    var quoteExact: Field?
    var quotePrefix: Field?
    var quoteSuffix: Field?

    init(location: String) { self.location = location }

    /// The mark the fields describe.
    ///
    /// - Throws: `AnnotationError.badInput` at the first field that is missing or wrong.
    func annotation() throws(AnnotationError) -> Annotation {
        let id = try required(self.id, "id")
        guard let uuid = UUID(uuidString: Self.strippingURN(id.text)) else {
            throw .badInput(location: id.location, message: "'\(id.text)' is not a UUID (or urn:uuid:…)")
        }
        let kindField = try required(kind, "kind")
        guard let kind = AnnotationKind(rawValue: kindField.text) else {
            throw .badInput(
                location: kindField.location, message: "'\(kindField.text)' is not bookmark, highlight or note")
        }
        let created = try time(try required(self.created, "created"))
        let modified = try self.modified.map { (field) throws(AnnotationError) in try time(field) } ?? created
        let content: AnnotationContent
        switch kind {
        case .bookmark: content = .bookmark
        case .note: content = .note(text?.text ?? "")
        case .highlight:
            let field = try required(style, "style")
            do { content = .highlight(try HighlightStyle(field.text)) } catch {
                throw .badInput(location: field.location, message: error.description)
            }
        }
        do {
            return try Annotation(
                id: uuid, content: content, place: try place(), labels: labels.map(\.text), created: created,
                modified: modified, isDeleted: deleted)
        } catch let error {
            if case .badInput = error { throw error }
            throw .badInput(location: labels.first?.location ?? location, message: error.description)
        }
    }

    private func place() throws(AnnotationError) -> AnnotationPlace {
        let bible = try required(self.bible, "bible")
        guard !bible.text.isEmpty else { throw .badInput(location: bible.location, message: "the Bible is empty") }
        let versification = try required(self.versification, "versification")
        let versesField = try required(self.verses, "verses")
        let verses: ClosedRange<SchemeVerse>
        do { verses = try VerseReferenceText.verses(versesField.text) } catch {
            throw .badInput(location: versesField.location, message: error.description)
        }
        var original: [VerseRange]
        if let field = self.original, !field.text.isEmpty {
            do { original = try VerseReferenceText.runs(field.text) } catch {
                throw .badInput(location: field.location, message: error.description)
            }
        } else if let scheme = VersificationScheme.standard(named: versification.text) {
            original = AnnotationPlace.original(of: verses, in: scheme)
        } else {
            throw .badInput(
                location: versification.location,
                message: "'\(versification.text)' is not a shipped scheme and the mark gives no Original verses")
        }
        var words: MarkedWords?
        if let startField = wordStart, !startField.text.isEmpty {
            guard let start = TextPoint(startField.text) else {
                throw .badInput(location: startField.location, message: "'\(startField.text)' is not VERSE:OFFSET")
            }
            let endField = try required(wordEnd, "word end")
            guard let end = TextPoint(endField.text) else {
                throw .badInput(location: endField.location, message: "'\(endField.text)' is not VERSE:OFFSET")
            }
            let exact = try required(quoteExact, "exact quote")
            words = MarkedWords(
                start: start, end: end,
                quote: TextQuote(exact: exact.text, prefix: quotePrefix?.text ?? "", suffix: quoteSuffix?.text ?? ""))
        }
        original.sort { ($0.book, $0.chapter, $0.first) < ($1.book, $1.chapter, $1.first) }
        return AnnotationPlace(
            bible: bible.text, versification: versification.text, verses: verses, original: original, words: words)
    }

    private func required(_ field: Field?, _ name: String) throws(AnnotationError) -> Field {
        guard let field else { throw .badInput(location: location, message: "the mark has no \(name)") }
        return field
    }

    private func time(_ field: Field) throws(AnnotationError) -> AnnotationTime {
        guard let time = AnnotationTime(iso8601: field.text) else {
            throw .badInput(location: field.location, message: "'\(field.text)' is not an ISO 8601 time")
        }
        return time
    }

    /// `urn:uuid:X` → `X`.
    static func strippingURN(_ text: String) -> String {
        text.lowercased().hasPrefix("urn:uuid:") ? String(text.dropFirst(9)) : text
    }
}
