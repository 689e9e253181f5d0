import Foundation
import ScriptureModel
import TestSupport
import Testing
import USFM

/// The parser builds flat content directly; it must be well formed: the same content as flattening
/// the blocks it stands for, whatever the parser removed or changed on the way (a header line's
/// node, a verse's `\va`, a sidebar's `\cat`, a figure's caption, trimmed line ends, staged bytes).
struct USFMFlatContentTests {
    static let snippets: [String] = [
        "\\id GEN\n\\h Genesis\n\\toc1 The Book\n\\c 1\n\\cl Chapter\n\\p \\v 1 In the \\w beginning|strong=\"H7225\"\\w*.  \n",
        "\\id GEN\n\\c 1\n\\ca 2\\ca*\n\\p\n\\v 1 \\va 3\\va* \\vp 1a\\vp* Text \\f + \\fr 1.1 \\ft note\\f* end \n",
        "\\id GEN\n\\c 1\n\\esb \\cat People\\cat*\n\\p Inside \\w a|x=\"1\"\\w*\n\\esbe\n\\p After",
        "\\id GEN\n\\c 1\n\\p A \\fig caption|src=\"a.jpg\" size=\"col\"\\fig* B\n\\tr \\th1 Head \\tc1-2 Cell  \n\\tr \\tc1 x\n",
        "\\id GEN\n\\qt-s |who=\"x\"\\*\n\\c 1\n\\p \\v 1 \\w a|lemma\\w* \\w b|x=\"\"\\w* \\+w c\\+w* e\u{301}\n\\qt-e\\*",
        "\\id GEN\n\\ip Intro \\w x\\w*\n\\c 1\n\\s1 Head\n\\p \\v 1 one \\nd Lord \\+w a\\+w*\\nd*\n\\v 2 two//three~four\n",
    ]

    @Test(arguments: snippets)
    func snippetContentIsWellFormed(_ text: String) {
        let result = USFMParser.parse(text)
        #expect(!result.books.isEmpty)
        for book in result.books { Self.expectWellFormed(book, text) }
    }

    /// Files of each script and markup style in the corpus: Strong's-tagged English, Hebrew with
    /// points (NFC through ICU), Greek, Korean.
    @Test(
        .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)),
        arguments: [
            "eng-web-usfm/02-GENeng-web.usfm", "eng-web-usfm/70-MATeng-web.usfm", "eng-bsb-usfm/PSA.usfm",
            "hbo-wlc-usfm/heb_RUT.usfm.gz", "grc-nestle1904-usfm/grk_JUD.usfm.gz", "kor-1910-usfm/86-TITkor.usfm",
        ])
    func corpusContentIsWellFormed(_ path: String) throws {
        let bytes = try TestCorpus.bytes(of: TestCorpus.folder(path))
        let result = USFMParser.parse(bytes, path: path)
        #expect(!result.books.isEmpty, "\(path) has a book")
        for book in result.books { Self.expectWellFormed(book, path) }
    }

    static func expectWellFormed(_ book: Book, _ source: String) {
        #expect(book.introductionContent == FlatContent(blocks: book.introduction), "\(source): introduction")
        for chapter in book.chapters {
            let content = chapter.content
            #expect(content == FlatContent(blocks: content.blocks), "\(source): chapter \(chapter.number)")
            for index in content.nodes.indices {
                let end = Int(content.nodes[index].end)
                #expect(end > index && end <= content.nodes.count, "\(source) \(chapter.number): node \(index)")
            }
        }
    }
}
