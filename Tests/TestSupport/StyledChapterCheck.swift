import ScriptureModel
import ScriptureStore

/// Compares every chapter's styled form (`VersionStore.styledChapter`) with its full model.
public enum StyledChapterCheck {
    /// One line per chapter whose styled form says something other than its model; empty when all agree.
    public static func mismatches(in store: VersionStore) throws -> [String] {
        var problems: [String] = []
        for book in store.books {
            for number in book.chapters {
                let model = try store.chapter(book.id, number)
                let styled = try store.styledChapter(book.id, number)
                let expected = model.flattenedParagraphs
                let actual = flattened(styled)
                if actual.map(\.marker) != expected.map(\.marker) || actual.map(\.content) != expected.map(\.content) {
                    problems.append("\(book.id.code) \(number): paragraphs differ")
                }
                let notes = model.blocks.flatMap(notes(in:))
                if styled.notes.map(\.caller) != notes.map(\.caller)
                    || styled.notes.map({ Array($0.text.utf8) }) != notes.map({ FlattenedParagraph($0.content).text })
                {
                    problems.append("\(book.id.code) \(number): notes differ")
                }
                if styled.notes.map(spans(of:)) != notes.map({ FlattenedParagraph($0.content).spans }) {
                    problems.append("\(book.id.code) \(number): note styles differ")
                }
            }
        }
        return problems
    }

    /// The styled paragraphs in the form `FlattenedParagraph` has.
    static func flattened(_ chapter: StyledChapter) -> [(marker: String, content: FlattenedParagraph)] {
        chapter.paragraphs.map { paragraph in
            var flat = FlattenedParagraph([])
            flat.text = Array(paragraph.text.utf8)
            flat.spans = paragraph.spans.map(describe)
            flat.verses = paragraph.verses.map { "\($0.number)@\($0.offset)" }
            flat.notes = paragraph.notes.map(\.offset)
            return (paragraph.marker, flat)
        }
    }

    /// A styled note's spans in the form `FlattenedParagraph` has.
    static func spans(of note: StyledNote) -> [String] {
        note.spans.map(describe)
    }

    /// A span as `FlattenedParagraph` writes it: `marker@start..<end`.
    static func describe(_ span: StyledSpan) -> String {
        "\(span.marker)@\(span.range.lowerBound)..<\(span.range.upperBound)"
    }

    static func notes(in block: Block) -> [Note] {
        func collect(_ content: [Inline]) -> [Note] {
            content.flatMap { inline -> [Note] in
                switch inline {
                case .note(let note): return [note]
                case .character(let span): return collect(span.content)
                default: return []
                }
            }
        }
        switch block {
        case .paragraph(let paragraph): return collect(paragraph.content)
        case .table(let table):
            return table.rows.flatMap { row in collect(row.leading) + row.cells.flatMap { collect($0.content) } }
        case .sidebar(let sidebar):
            return sidebar.blocks.flatMap(notes(in:))
        }
    }
}
