import ScriptureModel
import TestSupport
import Testing

/// `ReferenceParser.parseSelection`: the forms people write, lists and ranges across chapters, and what is refused.
@Suite struct PassageSelectionTests {
    /// A written form and the id it reads as.
    struct Form: Sendable, CustomTestStringConvertible {
        var text: String
        var id: String
        init(_ text: String, _ id: String) {
            self.text = text
            self.id = id
        }
        var testDescription: String { "\(text.debugDescription) → \(id)" }
    }

    static let english: [Form] = [
        Form("John 3 16", "JHN.3.16"), Form("John 3 16-18", "JHN.3.16-18"), Form("Jn 3.16", "JHN.3.16"),
        Form("John 3:16,18", "JHN.3.16;JHN.3.18"), Form("John 3:16-4:2", "JHN.3.16-JHN.4.2"),
        Form("John 3; 4:1-5", "JHN.3;JHN.4.1-5"), Form("John 3:16, 18; 4:1", "JHN.3.16;JHN.3.18;JHN.4.1"),
        Form("Gen 1-3", "GEN.1-GEN.3"), Form("John 3:16\u{2013}18", "JHN.3.16-18"), Form("Jn. 3:16", "JHN.3.16"),
        Form("1 Cor. 13", "1CO.13"), Form("1st John 1", "1JN.1"), Form("First John 1", "1JN.1"),
        Form("I John 1", "1JN.1"), Form("john 3:16", "JHN.3.16"), Form("  John   3:16  ", "JHN.3.16"),
        Form("JOHN 3:16", "JHN.3.16"), Form("John 3", "JHN.3"), Form("John", "JHN.1"),
        Form("JHN.3.16-JHN.4.2", "JHN.3.16-JHN.4.2"), Form("GEN.1-GEN.3", "GEN.1-GEN.3"),
        Form("JHN.3;JHN.4.1-5", "JHN.3;JHN.4.1-5"), Form("John 3:16 - 18", "JHN.3.16-18"),
        Form("John 3:16 \u{2013} 4:2", "JHN.3.16-JHN.4.2"), Form("John 3:16\u{2014}18", "JHN.3.16-18"),
        Form("Gen 1\u{2013}3", "GEN.1-GEN.3"), Form("Gen 1 - 3", "GEN.1-GEN.3"), Form("John 3-4:2", "JHN.3-JHN.4.2"),
        Form("John 3:16-John 4:2", "JHN.3.16-JHN.4.2"), Form("John 3:16-Jn 4:2", "JHN.3.16-JHN.4.2"),
        Form("1 Cor 13:4-7, 13", "1CO.13.4-7;1CO.13.13"), Form("1 Cor 13; 2 Cor 1", "1CO.13;2CO.1"),
        Form("John 3:16; Acts 2:1", "JHN.3.16;ACT.2.1"), Form("Rom 8:28, 38-39", "ROM.8.28;ROM.8.38-39"),
        Form("Ps 23, 91", "PSA.23;PSA.91"), Form("Ps 23; 91:1", "PSA.23;PSA.91.1"), Form("Matt 5-7", "MAT.5-MAT.7"),
        Form("Matt 5:1-7:29", "MAT.5.1-MAT.7.29"), Form("John 3:16,18,20", "JHN.3.16;JHN.3.18;JHN.3.20"),
        Form("John 3:16, 4:1", "JHN.3.16;JHN.4.1"), Form("John 3:16; 18", "JHN.3.16;JHN.18"),
        Form("John 1:1-3, 14", "JHN.1.1-3;JHN.1.14"), Form("John 3:16-4:2, 5", "JHN.3.16-JHN.4.2;JHN.4.5"),
        Form("Gen 1:1-2a", "GEN.1.1-2a"), Form("Gen 1:1, 2a", "GEN.1.1;GEN.1.2a"),
        Form("John intro; 1", "JHN.INTRO;JHN.1"),
        Form("JHN.INTRO", "JHN.INTRO"), Form("John 3:16,18;4:1", "JHN.3.16;JHN.3.18;JHN.4.1"),
        Form("John 3:16 ; 4:1", "JHN.3.16;JHN.4.1"), Form("II Cor 5:17", "2CO.5.17"),
        Form("2nd Timothy 3:16", "2TI.3.16"), Form("Second Timothy 3:16", "2TI.3.16"), Form("3rd John 1:4", "3JN.1.4"),
        Form("Third John 1", "3JN.1"), Form("Song of Songs 2:1-3", "SNG.2.1-3"), Form("Rev. 22:21", "REV.22.21"),
        Form("rev 21-22", "REV.21-REV.22"), Form("Jn 3 16, 18", "JHN.3.16;JHN.3.18"), Form("Jn 3.16-18", "JHN.3.16-18"),
        Form("Jn 3.16-4.2", "JHN.3.16-JHN.4.2"), Form("1co13:4-7", "1CO.13.4-7"), Form("1co 13 4", "1CO.13.4"),
        Form("Phil 4:13", "PHP.4.13"), Form("Heb 11", "HEB.11"), Form("John 3:16-16", "JHN.3.16"),
        Form("Gen 1-1", "GEN.1"), Form("JHN 3:16-JHN 3:18", "JHN.3.16-18"), Form("John\u{A0}3\u{A0}16", "JHN.3.16"),
        Form("Isa 53:3-6; 55:1", "ISA.53.3-6;ISA.55.1"), Form("Mk 1:1; Lk 1:1", "MRK.1.1;LUK.1.1"),
        Form("Gen 1:1; Exod 20:1-17; Deut 6:4-9", "GEN.1.1;EXO.20.1-17;DEU.6.4-9"),
        Form("Psalm 119:105", "PSA.119.105"),
        Form("Psalms 1-2", "PSA.1-PSA.2"), Form("Ps 23:1\u{2013}3, 6", "PSA.23.1-3;PSA.23.6"),
        Form("1 John 1:9", "1JN.1.9"),
        Form("1jn 1:9", "1JN.1.9"), Form("Acts 2:38; 3:19, 26", "ACT.2.38;ACT.3.19;ACT.3.26"),
        Form("Rom 3:23; 6:23; 5:8", "ROM.3.23;ROM.6.23;ROM.5.8"), Form("John 3:16-18, 4:1-2", "JHN.3.16-18;JHN.4.1-2"),
        Form("John 3 16 - 4 2", "JHN.3.16-JHN.4.2"), Form("Gen 1, 3-4", "GEN.1;GEN.3-GEN.4"),
        Form("John 3\u{FF0C}4", "JHN.3;JHN.4"), Form("Jn 3 : 16 , 18", "JHN.3.16;JHN.3.18"),
        Form("John 3:16-JHN.4.2", "JHN.3.16-JHN.4.2"), Form("1 Cor 13:4-1 Cor 14:1", "1CO.13.4-1CO.14.1"),
        Form("PS2.1-3", "PS2.1-PS2.3"), Form("Sir 11:15-16; 12:1", "SIR.11.15-16;SIR.12.1"),
    ]

    static let versionNames = BookNameIndex(versionNames: [
        .john: ["Juan", "S. Juan", "요한복음"], .genesis: ["Génesis", "創世記"], .secondJohn: ["요한2서"],
        .psalms: ["Salmos"], .firstCorinthians: ["1 Corintios"],
    ])

    static let version: [Form] = [
        Form("Juan 3:16", "JHN.3.16"), Form("juan 3 16", "JHN.3.16"), Form("S. Juan 3:16-18", "JHN.3.16-18"),
        Form("Juan 3:16-4:2", "JHN.3.16-JHN.4.2"), Form("Juan 3:16, 18; 4:1", "JHN.3.16;JHN.3.18;JHN.4.1"),
        Form("創世記 1:1", "GEN.1.1"), Form("創世記 1-3", "GEN.1-GEN.3"), Form("創世記 1\u{FF1A}1", "GEN.1.1"),
        Form("創世記 1:1\u{FF1B}2:1", "GEN.1.1;GEN.2.1"), Form("요한2서 1:1", "2JN.1.1"),
        Form("요한2서 1:3-요한2서 1:5", "2JN.1.3-5"), Form("요한복음 3:16; 요한2서 1:1", "JHN.3.16;2JN.1.1"),
        Form("Salmos 23; 91", "PSA.23;PSA.91"), Form("1 Corintios 13:4-7", "1CO.13.4-7"),
        Form("Juan 3; Salmos 23:1", "JHN.3;PSA.23.1"), Form("génesis 1 1-3", "GEN.1.1-3"),
        Form("John 3:16", "JHN.3.16"),
    ]

    @Test(arguments: english)
    func readsEnglishForms(_ form: Form) throws {
        let selection = try ReferenceParser.parseSelection(form.text)
        #expect(selection.id == form.id)
        #expect(try ReferenceParser.parseSelection(selection.id) == selection, "the id reads back")
    }

    @Test(arguments: version)
    func readsTheVersionsOwnNames(_ form: Form) throws {
        let selection = try ReferenceParser.parseSelection(form.text, names: Self.versionNames, version: 7)
        #expect(selection.id == form.id)
        #expect(selection.ranges.allSatisfy { $0.start.versionID == 7 && $0.end.versionID == 7 })
    }

    @Test(arguments: [
        ("", "empty reference"), ("   ", "empty reference"), ("Xyz 3", "unknown book 'Xyz'"),
        ("John 3:", "'John 3:' has no verse number after the chapter"),
        ("John 3:18-16", "'John 3:18-16' ends before it starts"), ("John 4-3", "'John 4-3' ends before it starts"),
        ("John 4:1-3:5", "'John 4:1-3:5' ends before it starts"), ("John 3:16x!", "cannot read '!' in 'John 3:16x!'"),
        (
            "GEN.1.1-EXO.1.1",
            "ranges across books such as 'GEN.1.1-EXO.1.1' are not supported; give a range per book, separated by ';'"
        ),
        (
            "John 3:16-Acts 3:18",
            "ranges across books such as 'John 3:16-Acts 3:18' are not supported; give a range per book, separated by ';'"
        ),
        ("John 3:16,,18", "'John 3:16,,18' has an empty item; separate references with ',' or ';'"),
        ("John 3:16;", "'John 3:16;' has an empty item; separate references with ',' or ';'"),
        ("3:16", "'3:16' has no book; a reference starts with a book, as in 'John 3:16'"),
        ("John 0", "'John 0' has no chapter number after the book"),
        ("John 3:16-", "'John 3:16-' has no verse after the dash"),
        ("John 3a", "cannot read '3a' as a chapter in 'John 3a'"), ("John 3:16-Xyz 4", "unknown book 'Xyz'"),
        ("John 3:16 17 18", "cannot read '17 18' in 'John 3:16 17 18'"), ("John 3; 4; Xyz 1", "unknown book 'Xyz'"),
        ("John 3:16, 4:", "'4:' has no verse number after the chapter"),
    ])
    func badSelectionsSayWhatIsWrong(text: String, message: String) {
        #expect(throws: ReferenceError.self) { try ReferenceParser.parseSelection(text) }
        do {
            _ = try ReferenceParser.parseSelection(text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func anUnknownBookInAListSuggestsTheNearest() {
        do {
            _ = try ReferenceParser.parseSelection("John 3:16; Jhon 4")
            Issue.record("Jhon should not be a book")
        } catch {
            #expect(error.suggestions.contains { $0.contains("(JHN)") }, "\(error)")
        }
    }

    @Test(arguments: [
        ("John 3 16", "JHN.3.16"), ("Jn 3.16", "JHN.3.16"), ("John 3 16-18", "JHN.3.16-18"), ("Jn. 3:16", "JHN.3.16"),
        ("1st John 1", "1JN.1"), ("John 3:16\u{2013}18", "JHN.3.16-18"),
    ])
    func oneReferenceReadsTheNewForms(text: String, id: String) throws {
        #expect(try ReferenceParser.parse(text).id == id)
    }

    @Test(arguments: [
        (
            "John 3-4",
            "chapter ranges such as 'John 3-4' are not one reference; give one chapter (ReferenceParser.parseSelection reads ranges)"
        ),
        (
            "John 3:16-4:2",
            "ranges across chapters such as 'John 3:16-4:2' are not one reference; give verses of one chapter (ReferenceParser.parseSelection reads ranges)"
        ),
        (
            "John 3:16,18",
            "'John 3:16,18' is a list of 2 passages; one reference is a chapter or verses of one chapter (ReferenceParser.parseSelection reads lists)"
        ),
    ])
    func oneReferenceRefusesListsAndRangesPointingAtSelections(text: String, message: String) {
        do {
            let reference = try ReferenceParser.parse(text)
            Issue.record("\(text) read as \(reference.id)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test(arguments: [
        ("John 3:16, 18; 4:1", "John 3:16, 18; 4:1"), ("John 3:16-4:2", "John 3:16\u{2013}4:2"),
        ("Gen 1-3", "Genesis 1\u{2013}3"), ("John 3:16-18", "John 3:16\u{2013}18"),
        ("John 3; 4:1-5; Acts 2", "John 3; 4:1\u{2013}5; Acts 2"), ("Rom 8:28, 38-39", "Romans 8:28, 38\u{2013}39"),
        ("John 3-4:2", "John 3\u{2013}4:2"), ("John intro; 1", "John (Introduction); John 1"),
        ("John 3:16-4:2, 5", "John 3:16\u{2013}4:2, 5"), ("Ps 23, 91", "Psalms 23; 91"),
    ])
    func displaysForPeople(text: String, display: String) throws {
        #expect(try ReferenceParser.parseSelection(text).displayName() == display)
    }

    @Test func displaysWithTheVersionsNames() throws {
        let selection = try ReferenceParser.parseSelection("Juan 3:16-18; Salmos 23", names: Self.versionNames)
        let names: [BookID: String] = [.john: "Juan", .psalms: "Salmos"]
        #expect(selection.displayName { names[$0] } == "Juan 3:16\u{2013}18; Salmos 23")
    }

    @Test func rangesAreSinglePlacesAndOneChapterRangesAreReferences() throws {
        let range = PassageRange(try ReferenceParser.parse("JHN.3.16-18"))
        #expect(range.start.id == "JHN.3.16" && range.end.id == "JHN.3.18")
        #expect(range.reference?.id == "JHN.3.16-18")
        let across = try ReferenceParser.parseSelection("John 3:16-4:2")
        #expect(across.reference == nil)
        #expect(across.ranges.first?.start.id == "JHN.3.16" && across.ranges.first?.end.id == "JHN.4.2")
        #expect(try ReferenceParser.parseSelection("John 3").reference == .chapter(.john, 3))
    }
}

/// Random mixes of the pieces references are made of: the parsers never crash, and what reads reads back.
@Suite struct PassageSelectionMixTests {
    static let pieces = [
        "John", "Jn.", "1", "3", "16", "2a", " ", "  ", ":", ".", "-", "\u{2013}", ",", ";", "1 Cor", "I", "First",
        "Gen", "JHN", "PS2", "요한2서", "Juan", "intro", "x", "\u{A0}", "\u{FF1A}", "99999999", "0",
    ]

    @Test(arguments: 0..<4)
    func mixesNeverCrashAndReadBack(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        for _ in 0..<100 {
            let count = Int(random.next() % 9) + 1
            let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            for names in [BookNameIndex.english, FuzzProperties.versionNames] {
                #expect(FuzzProperties.referenceRoundTrip(text, names: names) == [])
            }
        }
    }
}
