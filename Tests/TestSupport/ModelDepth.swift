import ScriptureModel

extension Book {
    /// The deepest nesting of character spans, notes and figures in the book: 1 for a span in a
    /// paragraph, 2 for a span inside it. Walked with a list, not recursion, so that a deep tree
    /// left by a parser fails a test instead of overflowing the stack.
    public var nestingDepth: Int {
        var pending: [(content: [Inline], depth: Int)] = []
        var blocks = introduction + chapters.flatMap(\.blocks)
        while let block = blocks.popLast() {
            switch block {
            case .sidebar(let sidebar): blocks += sidebar.blocks
            case .paragraph(let paragraph): pending.append((paragraph.content, 0))
            case .table(let table):
                for row in table.rows {
                    pending.append((row.leading, 0))
                    for cell in row.cells { pending.append((cell.content, 0)) }
                }
            }
        }
        var deepest = 0
        while let (content, depth) = pending.popLast() {
            for inline in content {
                switch inline {
                case .character(let span):
                    deepest = max(deepest, depth + 1)
                    pending.append((span.content, depth + 1))
                case .note(let note):
                    deepest = max(deepest, depth + 1)
                    pending.append((note.content, depth + 1))
                case .figure: deepest = max(deepest, depth + 1)
                default: break
                }
            }
        }
        return deepest
    }
}
