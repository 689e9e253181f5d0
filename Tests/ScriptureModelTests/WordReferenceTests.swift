import ScriptureModel
import Testing

/// References down to the word and character (U23003): the forms `ReferenceParser.parseWords` reads, each with
/// the range it gives (written back in the proposal's form), and the forms it refuses, each with its message.
@Suite struct WordReferenceTests {
    struct Form: Sendable, CustomTestStringConvertible {
        var text: String
        var range: String
        var testDescription: String { text }
    }

    static let forms: [Form] = [
        Form(text: "MAT 2:1!3", range: "MAT 2:1!3"),
        Form(text: "MAT 2:1!3-4", range: "MAT 2:1!3-4"),
        Form(text: "MAT 2:1!3-2!4", range: "MAT 2:1!3-2!4"),
        Form(text: "MAT 2:1!3-2:4", range: "MAT 2:1!3-2:4"),
        Form(text: "MAT 2:1!3-3:1!2", range: "MAT 2:1!3-3:1!2"),
        Form(text: "MAT 2:1!3-3:1", range: "MAT 2:1!3-3:1"),
        Form(text: "MAT 2:1!end", range: "MAT 2:1!end"),
        Form(text: "MAT 2:1!1-end", range: "MAT 2:1!1-end"),
        Form(text: "MAT 2:1!3+2", range: "MAT 2:1!3+2"),
        Form(text: "MAT 2:1!3+0", range: "MAT 2:1!3+0"),
        Form(text: "MAT 2:1!3+end", range: "MAT 2:1!3+end"),
        Form(text: "MAT 2:1!end+end", range: "MAT 2:1!end+end"),
        Form(text: "MAT 2:1!3+2-3+4", range: "MAT 2:1!3+2-3+4"),
        Form(text: "MAT 2:1!3+2-5+1", range: "MAT 2:1!3+2-5+1"),
        Form(text: "MAT 2:1!3-2!4+1", range: "MAT 2:1!3-2!4+1"),
        Form(text: "MAT 2:1!3-MAT 2:4", range: "MAT 2:1!3-2:4"),
        Form(text: "MAT 2:1!3-MAT 2:4!1", range: "MAT 2:1!3-4!1"),
        Form(text: "Matthew 2:1!3", range: "MAT 2:1!3"),
        Form(text: "Mt 2.1!3", range: "MAT 2:1!3"),
        Form(text: "mat 2:1!3", range: "MAT 2:1!3"),
        Form(text: "  MAT 2:1 !3 ", range: "MAT 2:1!3"),
        Form(text: "MAT 2:1!3 - 5", range: "MAT 2:1!3-5"),
        Form(text: "MAT 2:1!3\u{2013}5", range: "MAT 2:1!3-5"),
        Form(text: "MAT 2:1!3-end", range: "MAT 2:1!3-end"),
        Form(text: "LUK 11:2b!3", range: "LUK 11:2b!3"),
        Form(text: "1CO 13:4!1-7", range: "1CO 13:4!1-7"),
        Form(text: "1 Cor 13:4!2", range: "1CO 13:4!2"),
        Form(text: "GEN 7:8!2-6", range: "GEN 7:8!2-6"),
        Form(text: "GEN 7:8!2-12!3", range: "GEN 7:8!2-12!3"),
        Form(text: "GEN 2:3!4+0", range: "GEN 2:3!4+0"),
        Form(text: "JHN 3:16!1-JHN 3:17!2", range: "JHN 3:16!1-17!2"),
        Form(text: "John 3:16!2-John 3:16!4", range: "JHN 3:16!2-4"),
        Form(text: "PSA 119:176!end", range: "PSA 119:176!end"),
        Form(text: "JUD 1:4!10", range: "JUD 1:4!10"),
        Form(text: "S3Y 1:1!1", range: "S3Y 1:1!1"),
    ]

    @Test(arguments: forms)
    func readsTheForm(_ form: Form) throws {
        let range = try ReferenceParser.parseWords(form.text)
        #expect(range.description == form.range)
        // The form written back reads to the same range.
        #expect(try ReferenceParser.parseWords(range.description) == range)
    }

    @Test func thePartsOfARange() throws {
        let range = try ReferenceParser.parseWords("MAT 2:1!3+2-2!4")
        #expect(range.start == WordPlace(book: .matthew, chapter: 2, verse: "1", word: .number(3), character: .number(2)))
        #expect(range.end == WordPlace(book: .matthew, chapter: 2, verse: "2", word: .number(4)))
        #expect(range.verses.id == "MAT.2.1-2")
        let toVerse = try ReferenceParser.parseWords("MAT 2:1!end-3:1")
        #expect(toVerse.start.word == .end)
        #expect(toVerse.end == WordPlace(book: .matthew, chapter: 3, verse: "1", word: nil))
        #expect(ReferenceParser.isWordReference("MAT 2:1!3") && !ReferenceParser.isWordReference("MAT 2:1"))
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var testDescription: String { text }
    }

    static let bad: [Bad] = [
        Bad(text: "MAT 2:1!", message: "'MAT 2:1!' has no word after '!'; give its number or 'end', as in MAT 2:1!3"),
        Bad(text: "MAT 2:1!0", message: "words count from 1; 'MAT 2:1!0' has word 0"),
        Bad(text: "MAT 2:1!3x", message: "cannot read '3x' as a word in 'MAT 2:1!3x'; give a number or 'end'"),
        Bad(
            text: "MAT 2!3",
            message: "'MAT 2!3' names chapter 2 but no verse; a word reference needs one: MAT 2:1!…"),
        Bad(
            text: "MAT 2:1-3!4",
            message: "'MAT 2:1-3!4' starts in a range of verses; a word reference starts in one verse (MAT 2:1!3-2!4)"),
        Bad(text: "MAT 2:1!5-3", message: "'MAT 2:1!5-3' ends before it starts"),
        Bad(text: "MAT 3:1!3-2:4", message: "'MAT 3:1!3-2:4' ends before it starts"),
        Bad(text: "MAT 2:1!3+4-3+2", message: "'MAT 2:1!3+4-3+2' ends before it starts"),
        Bad(
            text: "MAT 2:1!3-MRK 1:1!2",
            message: "ranges across books such as 'MAT 2:1!3-MRK 1:1!2' are not supported; give a range per book"),
        Bad(
            text: "MAT 2:1!3!4",
            message: "'MAT 2:1!3!4' has more than one '!'; a word reference has one, before its word"),
        Bad(
            text: "MAT 2:1!f",
            message: "marker references such as '!f' in 'MAT 2:1!f' are not supported; Lectern reads words and "
                + "characters of a verse's text (MAT 2:1!3+2)"),
        Bad(
            text: "MAT 2:1!3!f",
            message: "marker references such as '!f' in 'MAT 2:1!3!f' are not supported; Lectern reads words and "
                + "characters of a verse's text (MAT 2:1!3+2)"),
        Bad(
            text: "GEN 1:1!8@strong",
            message: "attribute references such as '@strong' in 'GEN 1:1!8@strong' are not supported; Lectern reads "
                + "references down to the word and character (MAT 2:1!3+2)"),
        Bad(
            text: "en+niv.MAT 2:1!3",
            message: "translation ids such as 'en…' are not supported in 'en+niv.MAT 2:1!3'; choose the Bible with "
                + "--bible and give the reference from its book (MAT 2:1!3)"),
        Bad(
            text: "MAT 2:1!3+x", message: "cannot read 'x' as a character in 'MAT 2:1!3+x'; give a number or 'end'"),
        Bad(
            text: "MAT 2:1!3+",
            message: "'MAT 2:1!3+' has no character after '+'; give its number, 0 (before the word) or 'end'"),
        Bad(text: "MAT 2:1!99999999", message: "word 99999999 in 'MAT 2:1!99999999' is past any verse's length"),
        Bad(text: "MAT 2:1!3; 4", message: "'MAT 2:1!3; 4' is a list; a word reference is one word or one range of words"),
        Bad(text: "!3", message: "'!3' has no book and verse before '!'"),
        Bad(text: "MAT 2:1!3-", message: "'MAT 2:1!3-' has nothing after the dash"),
        Bad(text: "MAT 2:1", message: "'MAT 2:1' has no word reference; write the word after '!', as in MAT 2:1!3"),
    ]

    @Test(arguments: bad)
    func refusesWithAMessage(_ bad: Bad) {
        #expect(throws: ReferenceError(bad.message)) { try ReferenceParser.parseWords(bad.text) }
    }

    @Test func anUnknownBookNamesTheNearest() throws {
        let error = #expect(throws: ReferenceError.self) { try ReferenceParser.parseWords("Mathew 2:1!3") }
        #expect(error?.message == "unknown book 'Mathew'")
        #expect(error?.suggestions.first == "Matthew (MAT)")
    }

    @Test(arguments: [
        ("In the beginning", ["In", "the", "beginning"]),
        ("  a\u{00A0}b\u{200B}c\u{3000}d ", ["a", "b", "c", "d"]),
        ("Va-t-en de ton.", ["Va-t-en", "de", "ton."]),
        ("“Teacher!” — he said", ["“Teacher!”", "—", "he", "said"]),
        ("", []),
    ])
    func wordsAreRunsThatAreNotSpace(text: String, words: [String]) {
        #expect(WordPlace.words(of: text).map { String(text[$0]) } == words)
    }
}
