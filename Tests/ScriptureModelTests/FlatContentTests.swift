import ScriptureModel
import Testing

/// The flat model holds the same tree the `Block`/`Inline` values describe, node for node.
struct FlatContentTests {
    static let here = SourceLocation(file: "GEN.usfm", line: 3, column: 1, offset: 40)
    static let there = SourceLocation(file: "GEN.usfm", line: 4, column: 5, offset: 61)

    /// Every kind of block and inline, nested, with attributes, open spans, verse extras and sidebars.
    static let everything: [Block] = [
        .paragraph(Paragraph(marker: "s1", content: [.text("The Creation")], location: here)),
        .paragraph(
            Paragraph(
                marker: "p",
                content: [
                    .verse(VerseStart(number: "1", location: there)),
                    .text("In the "),
                    .character(
                        CharacterSpan(
                            marker: "w", attributes: [Attribute("lemma", "beginning"), Attribute("strong", "H7225")],
                            content: [.text("beginning")])),
                    .note(
                        Note(
                            marker: "f", caller: "+",
                            content: [
                                .character(CharacterSpan(marker: "fr", content: [.text("1:1 ")], isClosed: false)),
                                .character(CharacterSpan(marker: "ft", content: [.text("Or "), .character(CharacterSpan(marker: "+wj", content: [.text("first")]))])),
                            ])),
                    .verse(VerseStart(number: "2a", alternateNumber: "3", publishedNumber: "B", location: here)),
                    .milestone(Milestone(marker: "qt-s", attributes: [Attribute("who", "God")])),
                    .text("God~said"),
                    .optionalBreak,
                    .figure(Figure(caption: "Light", attributes: [Attribute("src", "light.jpg")])),
                    .verse(VerseStart(number: "4", publishedNumber: "only", location: there)),
                ],
                location: there)),
        .table(
            Table(
                rows: [
                    TableRow(
                        cells: [
                            TableCell(marker: "th1", content: [.text("Tribe")]),
                            TableCell(marker: "tc2", columnSpan: 2, content: [.text("Count")]),
                        ],
                        leading: [.verse(VerseStart(number: "5", location: here))], location: here),
                    TableRow(cells: [TableCell(marker: "tc1")], location: there),
                ],
                location: here)),
        .sidebar(
            Sidebar(
                category: "History",
                blocks: [
                    .paragraph(Paragraph(marker: "p", content: [.text("Inside")], location: there)),
                    .sidebar(Sidebar(category: "", blocks: [], location: here)),
                ],
                location: here)),
        .sidebar(Sidebar(category: nil, blocks: [], location: there)),
        .paragraph(Paragraph(marker: "b", location: here)),
    ]

    @Test func flatteningAndMakingTheTreeAgainGiveTheSameBlocks() {
        let content = FlatContent(blocks: Self.everything)
        #expect(content.blocks == Self.everything)
        #expect(FlatContent(blocks: content.blocks) == content)
    }

    @Test func aChapterKeepsItsBlocksFlat() {
        var chapter = Chapter(number: 1, blocks: Self.everything, location: Self.here)
        #expect(chapter.blocks == Self.everything)
        #expect(chapter.content.topLevel.map { chapter.content.nodes[$0].kind } == [
            .paragraph, .paragraph, .table, .sidebar, .sidebar, .paragraph,
        ])
        chapter.content.append(.paragraph(Paragraph(marker: "q1", content: [.text("added")], location: Self.there)))
        #expect(chapter.blocks == Self.everything + [.paragraph(Paragraph(marker: "q1", content: [.text("added")], location: Self.there))])
    }

    @Test func nodesAnswerWithoutMakingTheTree() throws {
        let content = FlatContent(blocks: Self.everything)
        let paragraph = try #require(Array(content.topLevel).dropFirst().first)
        let children = Array(content.children(of: paragraph))
        #expect(children.map { content.nodes[$0].kind } == [
            .verse, .text, .character, .note, .verse, .milestone, .text, .optionalBreak, .figure, .verse,
        ])
        #expect(content.marker(of: paragraph) == "p")
        #expect(content.paragraphKind(of: paragraph) == .prose)
        #expect(content.location(of: paragraph) == Self.there)
        #expect(content.text(of: children[0]) == "1")
        #expect(content.attribute("strong", of: children[2]) == "H7225")
        #expect(content.attributes(of: children[2]).map(\.name) == ["lemma", "strong"])
        #expect(content.text(of: children[3]) == "+")
        #expect(content.alternateNumber(of: children[4]) == "3")
        #expect(content.publishedNumber(of: children[4]) == "B")
        #expect(content.alternateNumber(of: children[9]) == nil)
        #expect(content.publishedNumber(of: children[9]) == "only")
        #expect(content.attributes(of: children[4]).isEmpty, "a verse's numbers are not attributes")
        #expect(content.text(of: children[8]) == "Light")
        // The note's subtree: fr (open), its text, ft, its two children and the nested span's text.
        #expect(content.subtreeCount(of: children[3]) == 7)
        let fr = try #require(content.children(of: children[3]).first { _ in true })
        #expect(!content.nodes[fr].isClosed)
        #expect(String(decoding: content.subtreeText(of: children[3]), as: UTF8.self) == "1:1 Or first")
    }

    @Test func equalityIgnoresHowTheTablesAreLaidOut() {
        // The same tree built in another order of interning: the markers land at other string indices.
        var builder = FlatContentBuilder()
        _ = builder.intern("zzz")
        _ = builder.intern("ft")
        builder.append(contentsOf: Self.everything)
        let reordered = builder.finish()
        #expect(reordered.strings != FlatContent(blocks: Self.everything).strings)
        #expect(reordered == FlatContent(blocks: Self.everything))
        #expect(reordered.hashValue == FlatContent(blocks: Self.everything).hashValue)
    }

    @Test(arguments: [
        Block.paragraph(Paragraph(marker: "p", content: [.text("In the")], location: here)),
        Block.paragraph(Paragraph(marker: "q1", content: [.text("In the ")], location: here)),
        Block.paragraph(Paragraph(marker: "p", content: [.text("In the ")], location: there)),
        Block.paragraph(Paragraph(marker: "p", content: [.character(CharacterSpan(marker: "w", content: [.text("In the ")]))], location: here)),
        Block.paragraph(Paragraph(marker: "p", content: [.character(CharacterSpan(marker: "w", attributes: [Attribute("strong", "H1")], content: [.text("In the ")]))], location: here)),
        Block.paragraph(Paragraph(marker: "p", content: [.character(CharacterSpan(marker: "w", content: [.text("In the ")], isClosed: false))], location: here)),
        Block.sidebar(Sidebar(category: "", location: here)),
    ])
    func contentsThatDifferAreNotEqual(_ other: Block) {
        let base = FlatContent(blocks: [.paragraph(Paragraph(marker: "p", content: [.character(CharacterSpan(marker: "w", attributes: [Attribute("strong", "H2")], content: [.text("In the ")]))], location: Self.here))])
        #expect(FlatContent(blocks: [other]) != base)
        #expect(FlatContent(blocks: [other]) == FlatContent(blocks: [other]))
    }

    @Test func aSidebarWithAnEmptyCategoryIsNotOneWithNone() {
        let empty = FlatContent(blocks: [.sidebar(Sidebar(category: "", location: Self.here))])
        let none = FlatContent(blocks: [.sidebar(Sidebar(category: nil, location: Self.here))])
        #expect(empty != none)
        #expect(empty.blocks == [.sidebar(Sidebar(category: "", location: Self.here))])
        #expect(none.blocks == [.sidebar(Sidebar(category: nil, location: Self.here))])
    }

    @Test func buildingStepByStepClosesWhatIsLeftOpen() {
        var builder = FlatContentBuilder()
        builder.openParagraph(marker: "p", location: Self.here)
        builder.openCharacter(marker: "wj")
        builder.text("Follow")
        builder.openNote(marker: "f", caller: "+")
        builder.text("note")
        #expect(builder.openNodes == [0, 1, 3])
        let mark = builder.nodeCount
        builder.text(" dropped")
        builder.openCharacter(marker: "ft")
        builder.removeNodes(from: mark)
        #expect(builder.openNodes == [0, 1, 3])
        builder.close()
        builder.text(utf8: Array(" me".utf8))
        let content = builder.finish()
        #expect(content.blocks == [
            .paragraph(
                Paragraph(
                    marker: "p",
                    content: [.character(CharacterSpan(marker: "wj", content: [.text("Follow"), .note(Note(marker: "f", caller: "+", content: [.text("note")])), .text(" me")]))],
                    location: Self.here)),
        ])
    }

    @Test func locationsPastUInt32AreKeptAtTheLimit() {
        let far = SourceLocation(file: "big.usfm", line: Int(UInt32.max) + 5, column: 2, offset: -1)
        let content = FlatContent(blocks: [.paragraph(Paragraph(marker: "p", location: far))])
        #expect(content.location(of: 0) == SourceLocation(file: "big.usfm", line: Int(UInt32.max), column: 2, offset: 0))
    }

    @Test func anIntroductionIsStoredFlat() {
        let book = Book(
            id: .genesis,
            introduction: [
                .paragraph(Paragraph(marker: "mt1", content: [.text("Genesis")], location: Self.here)),
                .paragraph(Paragraph(marker: "ip", content: [.text("About")], location: Self.there)),
            ],
            location: Self.here)
        #expect(book.introductionContent.nodes.count == 4)
        #expect(book.hasIntroduction)
        let titleOnly = Book(
            id: .genesis, introduction: [.paragraph(Paragraph(marker: "mt1", content: [.text("Genesis")], location: Self.here))],
            location: Self.here)
        #expect(!titleOnly.hasIntroduction)
    }
}
