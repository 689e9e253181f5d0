import ScriptureModel
import Testing
import USFM

/// The document model the USFM parser builds, on small hand-written inputs.
@Suite struct USFMModelTests {
    private func parse(_ text: String) -> ParseResult { USFMParser.parse(text, path: "t.usfm") }

    private func onlyBook(_ text: String) throws -> Book {
        let result = parse(text)
        #expect(!result.hasErrors, "unexpected errors: \(result.diagnostics)")
        return try #require(result.books.first)
    }

    private func verses(_ text: String) throws -> [String: String] {
        let book = try onlyBook(text)
        return Dictionary(uniqueKeysWithValues: book.verseTexts().map { ("\($0.key.chapter):\($0.key.verse)", $0.text) })
    }

    @Test func headersFillTheBookNotTheBlocks() throws {
        let book = try onlyBook(
            "\\id GEN Sample 2024\n\\usfm 3.1\n\\h Genesis\n\\toc1 The First Book\n\\toc2 Gen.\n\\toc3 Gn\n\\mt1 Genesis\n\\c 1\n\\p\n\\v 1 In.\n")
        #expect(book.id == .genesis)
        #expect(book.identification == "Sample 2024")
        #expect(book.formatVersion == "3.1")
        #expect(book.names == BookNames(header: "Genesis", long: "The First Book", short: "Gen.", abbreviation: "Gn"))
        #expect(book.introduction.map(\.paragraphKind) == [.title])
        #expect(!book.hasIntroduction)
    }

    @Test func bookCodeComesFromIDNotFileName() throws {
        let result = USFMParser.parse("\\id MAT\n\\c 1\n\\p\n\\v 1 x\n", path: "02-GENeng.usfm")
        #expect(result.books.map(\.id) == [.matthew])
    }

    @Test func introductionMaterialMakesAnIntroPage() throws {
        let book = try onlyBook("\\id JHN\n\\mt1 John\n\\is1 Introduction\n\\ip About \\bk John\\bk*.\n\\c 1\n\\p\n\\v 1 x\n")
        #expect(book.hasIntroduction)
        #expect(book.introduction.map(\.paragraphKind) == [.title, .introduction, .introduction])
    }

    @Test func chapterAlternatePublishedAndLabels() throws {
        let book = try onlyBook("\\id PSA\n\\cl Psalm\n\\c 1\n\\ca 2\\ca*\n\\cp A\n\\p\n\\v 1 x\n\\c 2\n\\cl Second Psalm\n\\p\n\\v 1 y\n")
        #expect(book.chapterLabel == "Psalm")
        #expect(book.chapters.map(\.number) == [1, 2])
        #expect(book.chapters[0].alternateNumber == "2")
        #expect(book.chapters[0].publishedNumber == "A")
        #expect(book.chapters[1].label == "Second Psalm")
    }

    @Test func verseBridgesSegmentsAlternatesAndPublishedNumbers() throws {
        let book = try onlyBook("\\id JHN\n\\c 1\n\\p\n\\v 1-2 a\n\\v 3a b\n\\v 3b c\n\\v 4 \\va 5\\va* \\vp 4b\\vp* d\n")
        let texts = book.verseTexts()
        #expect(texts.map(\.key.verse) == ["1-2", "3a", "3b", "4"])
        #expect(texts.map(\.text) == ["a", "b", "c", "d"])
        guard case .paragraph(let paragraph) = book.chapters[0].blocks[0] else {
            Issue.record("expected a paragraph")
            return
        }
        let starts = paragraph.content.compactMap { if case .verse(let v) = $0 { v } else { nil } }
        #expect(starts.last?.alternateNumber == "5")
        #expect(starts.last?.publishedNumber == "4b")
    }

    @Test func characterStylesNestAndKeepAttributes() throws {
        let book = try onlyBook(
            "\\id JHN\n\\c 1\n\\p\n\\v 1 \\wj Come \\+w see|lemma=\"see\" strong=\"G1492\"\\+w*\\wj* and \\w go|go\\w*.\n")
        guard case .paragraph(let paragraph) = book.chapters[0].blocks[0] else {
            Issue.record("expected a paragraph")
            return
        }
        guard case .character(let wj) = paragraph.content[1], case .character(let w) = wj.content[1] else {
            Issue.record("expected nested spans, got \(paragraph.content)")
            return
        }
        #expect(wj.marker == "wj")
        #expect(w.marker == "w")
        #expect(w.attributes == [Attribute("lemma", "see"), Attribute("strong", "G1492")])
        guard case .character(let bare) = paragraph.content[3] else {
            Issue.record("expected a span")
            return
        }
        #expect(bare.attributes == [Attribute("lemma", "go")], "a bare value is \\w's default attribute, lemma")
        #expect(book.verseTexts().first?.text == "Come see and go.")
    }

    @Test func notesKeepCallersAndStayOutOfVerseText() throws {
        let book = try onlyBook(
            "\\id GEN\n\\c 1\n\\p\n\\v 1 God\\f + \\fr 1:1 \\ft Hebrew \\+wh אֱלֹהִים\\+wh*.\\f* made\\x - \\xo 1:1 \\xt Jn 1:1\\x* it.\n")
        guard case .paragraph(let paragraph) = book.chapters[0].blocks[0] else {
            Issue.record("expected a paragraph")
            return
        }
        let notes = paragraph.content.compactMap { if case .note(let n) = $0 { n } else { nil } }
        #expect(notes.map(\.marker) == ["f", "x"])
        #expect(notes.map(\.caller) == ["+", "-"])
        #expect(notes[0].content.compactMap { if case .character(let c) = $0 { c.marker } else { nil } } == ["fr", "ft"])
        #expect(book.verseTexts().first?.text == "God made it.")
    }

    @Test func aFootnoteVerseNumberNestsInTheTextAroundIt() throws {
        let book = try onlyBook(
            "\\id MRK\n\\c 7\n\\p\n\\v 15 x\\f + \\fr 7:15 \\ft Some add \\fqa \\fv 16\\fv* If any.\\ft ; see 4:23.\\f*\n")
        guard case .paragraph(let paragraph) = book.chapters[0].blocks[0],
            case .note(let note) = paragraph.content.last
        else {
            Issue.record("expected a paragraph ending in a note")
            return
        }
        let spans = note.content.compactMap { if case .character(let c) = $0 { c } else { nil } }
        #expect(spans.map(\.marker) == ["fr", "ft", "fqa", "ft"])
        #expect(
            spans[2].content == [.character(CharacterSpan(marker: "fv", content: [.text("16")])), .text(" If any.")])
    }

    @Test(arguments: [
        ("hell\\f + \\ft Gehenna\\f*will be", "hell will be"),
        ("end \\f + \\ft note\\f*[of days", "end [of days"),
        ("word\\f + \\ft note\\f*, and", "word, and"),
        ("word\\f + \\ft note\\f* next", "word next"),
    ])
    func aRemovedNoteNeverJoinsTwoWords(source: String, expected: String) throws {
        #expect(try verses("\\id 2ES\n\\c 7\n\\p\n\\v 36 \(source)\n")["7:36"] == expected)
    }

    @Test func headingsTitlesAndRemarksAreNotVerseText() throws {
        let texts = try verses(
            "\\id PSA\n\\c 3\n\\s1 A heading\n\\d \\v 1 A Psalm of David.\n\\q1 \\v 2 Yahweh,\n\\rem not text\n\\q2 how many!\n\\s1 Next\n\\p\n\\v 3 End.\n")
        #expect(texts == ["3:1": "A Psalm of David.", "3:2": "Yahweh, how many!", "3:3": "End."])
    }

    @Test func milestonesTablesFiguresAndBreaks() throws {
        let book = try onlyBook(
            """
            \\id JHN
            \\c 2
            \\qt-s |who="Mary"\\*
            \\p
            \\v 1 Said \\qt-e\\* she.
            \\tr \\th1 Jar \\thr2 Measure
            \\tr \\tc1 \\v 2 Six \\tc2-3 two~three
            \\ts\\*
            \\p
            \\v 3 Fill // up.
            \\fig Pots|src="pots.jpg" size="col"\\fig*
            \\v 4 \\zlabel x\\zlabel* Go.

            """)
        let blocks = book.chapters[0].blocks
        guard case .paragraph(let first) = blocks[0], case .table(let table) = blocks[1],
            case .paragraph(let last) = blocks[2]
        else {
            Issue.record("expected paragraph, table, paragraph: \(blocks)")
            return
        }
        #expect(first.content.first == .milestone(Milestone(marker: "qt-s", attributes: [Attribute("who", "Mary")])))
        #expect(table.rows.count == 2)
        #expect(table.rows[0].cells.map(\.marker) == ["th1", "thr2"])
        #expect(table.rows[1].cells.map(\.columnSpan) == [1, 2])
        #expect(table.rows[1].cells.allSatisfy { !$0.isHeader })
        #expect(table.rows[1].cells.last?.content.last == .milestone(Milestone(marker: "ts")), "a milestone after a row belongs to its last cell")
        #expect(last.content.contains(.optionalBreak))
        #expect(last.content.contains(.figure(Figure(caption: "Pots", attributes: [Attribute("src", "pots.jpg"), Attribute("size", "col")]))))
        let texts = Dictionary(uniqueKeysWithValues: book.verseTexts().map { ($0.key.verse, $0.text) })
        #expect(texts["1"] == "Said she. Jar Measure")
        #expect(texts["2"] == "Six two\u{A0}three")
        #expect(texts["3"] == "Fill up.")
        #expect(texts["4"] == "x Go.")
    }

    @Test func legacyUSFM2FigureFields() throws {
        let book = try onlyBook("\\id GEN\n\\c 1\n\\p\n\\v 1 a \\fig A map|map.png|span|GEN 1:1|© Someone|The world|1:1\\fig*\n")
        guard case .paragraph(let paragraph) = book.chapters[0].blocks[0] else { return }
        let figure = paragraph.content.compactMap { if case .figure(let f) = $0 { f } else { nil } }.first
        #expect(figure?.caption == "The world")
        #expect(figure?.attributes.first == Attribute("alt", "A map"))
        #expect(figure?.attributes.contains(Attribute("src", "map.png")) == true)
    }

    /// Attribute values beyond Latin: already NFC, kept byte for byte; not NFC, stored as NFC. Each in
    /// a plain `\\w` span (read in one step) and in a span the parser reads marker by marker (its text
    /// has a doubled space), and with a value NFC would change first and last.
    @Test(arguments: [
        ("x-translit=\"bə·rê·šîṯ\" strong=\"H7225\"", [Attribute("x-translit", "bə·rê·šîṯ"), Attribute("strong", "H7225")]),
        ("x-translit=\"cafe\u{301}\" strong=\"H1\"", [Attribute("x-translit", "caf\u{E9}"), Attribute("strong", "H1")]),
        ("strong=\"H1\" x-translit=\"\u{1F71}\"", [Attribute("strong", "H1"), Attribute("x-translit", "\u{3AC}")]),
        ("lemma=\"’ĕ·lō·hîm\"", [Attribute("lemma", "’ĕ·lō·hîm")]),
    ])
    func attributeValuesAreStoredAsNFC(_ list: String, _ expected: [Attribute]) throws {
        for text in ["word", "two  words"] {
            let book = try onlyBook("\\id GEN\n\\c 1\n\\p\n\\v 1 \\w \(text)|\(list)\\w* end\n")
            guard case .paragraph(let paragraph) = book.chapters[0].blocks[0],
                let span = paragraph.content.compactMap({ if case .character(let c) = $0 { c } else { nil } }).first
            else {
                Issue.record("expected a span in \(book.chapters[0].blocks)")
                continue
            }
            #expect(span.attributes.count == expected.count, "\(text)")
            for (got, want) in zip(span.attributes, expected) {
                #expect(got.name == want.name, "\(text)")
                #expect(got.value.utf8.elementsEqual(want.value.utf8), "\(text): \(got.value) is \(want.value), byte for byte")
            }
        }
    }

    @Test func textIsStoredAsNFC() throws {
        // Greek oxia (U+1F71) becomes tonos (U+03AC); e + combining acute composes.
        let texts = try verses("\\id MAT\n\\c 1\n\\p\n\\v 1 \u{1F71}γιος cafe\u{301}\n")
        #expect(texts["1:1"]?.unicodeScalars.elementsEqual("\u{3AC}γιος caf\u{E9}".unicodeScalars) == true)
    }
}
