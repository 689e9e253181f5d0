import ScriptureModel

/// Books built by hand that use every part of the document model, for store tests that need no parser.
enum SampleBooks {
    static let here = SourceLocation(file: "sample.usfm", line: 1, column: 1)

    static func paragraph(_ marker: String, _ content: [Inline]) -> Block {
        .paragraph(Paragraph(marker: marker, content: content, location: here))
    }

    static func verse(_ number: String, alternate: String? = nil, published: String? = nil) -> Inline {
        .verse(VerseStart(number: number, alternateNumber: alternate, publishedNumber: published, location: here))
    }

    static func word(_ text: String, strong: String) -> Inline {
        .character(CharacterSpan(marker: "w", attributes: [Attribute("strong", strong)], content: [.text(text)]))
    }

    static func footnote(_ reference: String, _ text: String) -> Inline {
        .note(
            Note(
                marker: "f", caller: "+",
                content: [
                    .character(CharacterSpan(marker: "fr", content: [.text(reference)], isClosed: false)),
                    .character(CharacterSpan(marker: "ft", content: [.text(text)], isClosed: false)),
                ]))
    }

    /// A book with an introduction, sparse chapters (1 and 3), headings, poetry, notes, a table,
    /// milestones, a figure, bridges, segments and alternate numbers, and untidy white space.
    static let genesis: Book = {
        let introduction: [Block] = [
            paragraph("mt1", [.text("The First Book of Moses")]),
            paragraph("is1", [.text("Introduction")]),
            paragraph(
                "ip",
                [
                    .text("Genesis tells of "), .character(CharacterSpan(marker: "bk", content: [.text("beginnings")])),
                    .text("."),
                ]),
        ]
        let chapter1 = Chapter(
            number: 1, label: "Chapter One",
            blocks: [
                paragraph("s1", [.text("The Creation")]),
                paragraph(
                    "p",
                    [
                        verse("1"), word("In", strong: "H7225"), .text(" "), word("the beginning", strong: "H7225"),
                        .text(",  God\n created "), word("the", strong: "H853"), .text(" heavens and the earth."),
                        verse("2"), .text("The earth was formless and empty.  "),
                        footnote("1:2 ", "Or, “void”"),
                        .text("Darkness was on the surface"),
                    ]),
                paragraph(
                    "q1", [.text("of the deep, "), verse("3", alternate: "3a", published: "3"), .text("and God said,")]),
                paragraph(
                    "q2",
                    [
                        .character(
                            CharacterSpan(
                                marker: "wj",
                                content: [
                                    .text("“Let there be "),
                                    .character(
                                        CharacterSpan(
                                            marker: "w",
                                            attributes: [Attribute("strong", "H216"), Attribute("lemma", "אוֹר")],
                                            content: [.text("light")])), .text("”"),
                                ])), .optionalBreak, .text(" and there was light."),
                    ]),
                paragraph("b", []),
                paragraph(
                    "p",
                    [
                        verse("4-5"), .text("hell"), footnote("1:4 ", "Hades"), .text("will be "),
                        .milestone(Milestone(marker: "qt-s", attributes: [Attribute("who", "God")])), .text("good"),
                        .milestone(Milestone(marker: "qt-e")),
                        .figure(
                            Figure(
                                caption: "The light",
                                attributes: [Attribute("src", "light.jpg"), Attribute("size", "col")])),
                        .text(" "), verse("6a"), .text("Part a of six, "), .text(""), verse("6b"), .text("part b."),
                    ]),
                .table(
                    Table(
                        rows: [
                            TableRow(
                                cells: [
                                    TableCell(marker: "th1", content: [.text("Day")]),
                                    TableCell(marker: "th2", content: [.text("Work")]),
                                ], location: here),
                            TableRow(
                                cells: [
                                    TableCell(marker: "tc1", content: [.text("First")]),
                                    TableCell(marker: "tc2", columnSpan: 2, content: [.text("Light")]),
                                ], leading: [verse("7")], location: here),
                        ], location: here)),
                paragraph("rem", [.text("A remark for translators")]),
            ], location: here)
        let chapter3 = Chapter(
            number: 3, alternateNumber: "4", publishedNumber: "III",
            blocks: [
                paragraph(
                    "p",
                    [
                        verse("1"), .text("Now the serpent was more subtle "),
                        .character(CharacterSpan(marker: "add", content: [.text("than")], isClosed: false)),
                        .text(" any animal."),
                    ]),
                paragraph("p", [verse("2"), .text("\u{00C5}ngstr\u{00F6}m—the woman said, 起初，　神创造天地。")]),
                paragraph("p", [verse("3")]),
            ], location: here)
        return Book(
            id: .genesis, identification: "Sample Bible (SMP) 2026", formatVersion: "3.1",
            names: BookNames(header: "Genesis", long: "The First Book of Moses", short: "Genesis", abbreviation: "Gen"),
            introduction: introduction, chapterLabel: nil, chapters: [chapter1, chapter3], location: here)
    }()

    /// A short deuterocanonical book with a chapter label and no introduction.
    static let tobit: Book = {
        Book(
            id: .tobit, identification: "Sample Bible (SMP) 2026", names: BookNames(header: "Tobit"),
            chapterLabel: "Part",
            chapters: [
                Chapter(
                    number: 1, blocks: [paragraph("p", [verse("1"), .text("The book of the words of Tobit.")])],
                    location: here)
            ], location: here)
    }()
}
