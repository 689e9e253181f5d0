import ScriptureModel
import Testing

@Suite struct ReferenceParserTests {
    static let forms: [(String, String)] = [
        ("JHN.3.16", "JHN.3.16"),
        ("JHN.3.16-18", "JHN.3.16-18"),
        ("JHN.3.16-JHN.3.18", "JHN.3.16-18"),
        ("JHN 3:16", "JHN.3.16"),
        ("John 3:16", "JHN.3.16"),
        ("jn 3", "JHN.3"),
        ("1 Cor 13:4-7", "1CO.13.4-7"),
        ("1co13", "1CO.13"),
        ("I Corinthians 13", "1CO.13"),
        ("First Corinthians 13:1", "1CO.13.1"),
        ("Song of Songs 2", "SNG.2"),
        ("Song of Solomon 2:1", "SNG.2.1"),
        ("Ps 23", "PSA.23"),
        ("psalm 23:1–3", "PSA.23.1-3"),
        ("JHN.INTRO", "JHN.INTRO"),
        ("John intro", "JHN.INTRO"),
        ("GEN.1", "GEN.1"),
        ("Rev 22:21", "REV.22.21"),
        ("III John 1:4", "3JN.1.4"),
        ("Sir 11:15-16", "SIR.11.15-16"),
        ("ACT 8:37", "ACT.8.37"),
        ("JHN 1:6a", "JHN.1.6a"),
        ("Gene 1", "GEN.1"),
        ("Génesis 1", "GEN.1"),
        ("  john   3 : 16 ", "JHN.3.16"),
        ("Jude", "JUD.1"),
        ("GEN 1:1-2a", "GEN.1.1-2a"),
        ("John 3:16-John 3:18", "JHN.3.16-18"),
        ("1 Cor 13:4-1 Cor 13:7", "1CO.13.4-7"),
        ("JHN 3:16-16", "JHN.3.16"),
        ("PS2.1", "PS2.1"), ("PS2", "PS2.1"), ("Ps 2", "PSA.2"), ("S3Y 1:2-S3Y 1:4", "S3Y.1.2-4"), ("PSS 3", "PSS.3"),
        ("Pss 3", "PSA.3"), ("pss 3", "PSA.3"), ("ps2.1", "PS2.1"),
        // Psalm 151 is the book PS2 however it is written.
        ("Psalm 151", "PS2.1"), ("Ps 151", "PS2.1"), ("Ps 151:3", "PS2.1.3"), ("PSA.151.2-4", "PS2.1.2-4"),
        ("Psalm 150", "PSA.150"),
    ]

    @Test("A Bible without PS2 keeps Psalm 151 a chapter of Psalms, so that it is reported missing there")
    func psalm151WithoutPS2() throws {
        let names = BookNameIndex(books: [.psalms])
        #expect(try ReferenceParser.parse("Ps 151", names: names).id == "PSA.151")
        #expect(try ReferenceParser.parse("Psalm 151:2", names: names).id == "PSA.151.2")
    }

    @Test(arguments: forms)
    func readsEveryListedForm(text: String, id: String) throws {
        #expect(try ReferenceParser.parse(text).id == id)
    }

    @Test(arguments: [
        ("Juan 3:16", "JHN.3.16"), ("juan 3", "JHN.3"), ("Génesis 1", "GEN.1"), ("genesis 1", "GEN.1"),
        ("創世記 1", "GEN.1"), ("创世记 1:1", "GEN.1.1"), ("Jn 3:16", "JHN.3.16"), ("요한2서 1:3", "2JN.1.3"),
        ("요한2서 1:3-요한2서 1:5", "2JN.1.3-5"), ("요한복음 3", "JHN.3"),
    ])
    func readsTheVersionsOwnBookNames(text: String, id: String) throws {
        let names = BookNameIndex(versionNames: [
            .john: ["Juan", "S. Juan", "요한복음"], .genesis: ["Génesis", "創世記", "创世记"], .secondJohn: ["요한2서"],
        ])
        #expect(try ReferenceParser.parse(text, names: names).id == id)
    }

    /// A misspelt book is read when a known alias or spelling catches it, else refused with the nearest names
    /// first: each case says which (the test accepted either before).
    @Test(arguments: [
        ("Jhon 3:16", nil, "JON (JON)"), ("Genisis 1", nil, "Genesis (GEN)"), ("Revelations 1", "REV", nil),
        ("Matthw 5", nil, "Matthew (MAT)"),
    ] as [(String, String?, String?)])
    func misspeltBooksMatchOrSuggestTheNearest(text: String, read: String?, firstSuggestion: String?) {
        do {
            let reference = try ReferenceParser.parse(text)
            #expect(reference.book.code == read, "read as \(reference.book.code)")
        } catch {
            #expect(read == nil, "refused: \(error)")
            #expect(error.suggestions.first == firstSuggestion, "\(error.suggestions)")
        }
    }

    @Test(arguments: [
        ("", "empty reference"), ("Xyz 3", "unknown book 'Xyz'"), ("John 3:", "has no verse"),
        ("John 3-4", "chapter ranges"), ("John 3:16-4:2", "across chapters"), ("John 3:18-16", "ends before it starts"),
        ("John 3:16x!", "cannot read"), ("GEN.1.1-EXO.1.1", "across books"), ("John 3:16-Acts 3:18", "across books"),
        ("GEN 9223372036854775808", "the number 9223372036854775808 is out of range; chapter and verse numbers go from 1 to 999999"),
        ("GEN.1.9223372036854775808", "the number 9223372036854775808 is out of range"),
        ("GEN 1:1-99999999999999999999", "the number 99999999999999999999 is out of range"),
        ("GEN.1.1-GEN.1000000.1", "the number 1000000 is out of range"), ("1 John 1000000", "out of range"),
    ])
    func badReferencesSayWhatIsWrong(text: String, fragment: String) {
        #expect(throws: ReferenceError.self) { try ReferenceParser.parse(text) }
        do {
            _ = try ReferenceParser.parse(text)
        } catch {
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test(arguments: ["GEN 999999", "GEN 1:999999", "GEN 1:1-999999", "GEN 999999:999999a"])
    func theLargestNumberIsRead(text: String) throws {
        #expect(try ReferenceParser.parseSelection(text).ranges.count == 1)
    }

    @Test(arguments: [BookNameIndex.longestSuggestible, BookNameIndex.longestSuggestible + 1, 100_000])
    func aLongUnknownNameIsRefusedWithSuggestionsOnlyWhileItCouldBeAName(length: Int) {
        let name = String(repeating: "Jhon", count: length / 4 + 1).prefix(length)
        do {
            _ = try ReferenceParser.parse(name + " 3:16")
            Issue.record("\(length) letters should not be a book")
        } catch {
            #expect(error.message == "unknown book '\(name)'")
            #expect(error.suggestions.isEmpty == (length > BookNameIndex.longestSuggestible), "\(error.suggestions)")
        }
    }

    @Test(arguments: BookID.allCases)
    func everyBooksIdReadsBack(_ book: BookID) throws {
        for reference in [BibleReference.chapter(book, 2), .introduction(book)] {
            #expect(try ReferenceParser.parse(reference.id) == reference)
        }
        let verses = BibleReference(book: book, target: .verses(chapter: 3, first: "4", last: "5"))
        #expect(try ReferenceParser.parse(verses.id) == verses)
    }

    @Test func unknownBookNamesTheNearestValidOnes() {
        do {
            _ = try ReferenceParser.parse("Jhon 3:16")
            Issue.record("Jhon should not be a book")
        } catch {
            // Two codes are one edit away: Jonah's and John's, in that order.
            #expect(Array(error.suggestions.prefix(2)) == ["JON (JON)", "JHN (JHN)"], "\(error.suggestions)")
        }
    }

    @Test func referencesSortInCanonOrderNotAlphabetically() throws {
        let texts = ["Acts 1", "Genesis 2", "John 3:16", "John.INTRO", "Genesis 10", "John 3", "1 Cor 1", "Psalm 23", "John 3:2"]
        let sorted = try texts.map { try ReferenceParser.parse($0) }.sorted().map(\.id)
        #expect(sorted == ["GEN.2", "GEN.10", "PSA.23", "JHN.INTRO", "JHN.3", "JHN.3.2", "JHN.3.16", "ACT.1", "1CO.1"])
    }

    @Test func formatsForPeopleWithTheVersionsBookName() throws {
        let reference = try ReferenceParser.parse("JHN.3.16-18")
        #expect(reference.displayName() == "John 3:16\u{2013}18")
        #expect(reference.displayName(bookName: "Juan") == "Juan 3:16\u{2013}18")
        #expect(BibleReference.introduction(.john).displayName() == "John (Introduction)")
    }
}
