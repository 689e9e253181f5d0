/// A sidebar: study material set apart from the running text, `\esb \cat Category\cat* … \esbe`
/// in USFM, `<sidebar style="esb" category="…">` in USX.
///
/// USFM and USX class it as extended study content: its paragraphs, tables and notes are drawn
/// in a box, and none of its text is verse text, even though it stands between two verses.
public struct Sidebar: Sendable, Hashable {
    /// The sidebar's category (`\cat` right after `\esb`, USX `category`), if it has one.
    public var category: String?
    /// The sidebar's paragraphs and tables, in order.
    public var blocks: [Block]
    /// Where the sidebar starts (its `\esb` or `<sidebar>`).
    public var location: SourceLocation

    /// Creates a sidebar.
    public init(category: String? = nil, blocks: [Block] = [], location: SourceLocation) {
        self.category = category
        self.blocks = blocks
        self.location = location
    }
}
