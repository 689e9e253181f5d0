import Foundation
import Lectern
import TestSupport
import Testing

/// The shipped schemes against real Bibles: the scheme each corpus folder is detected as, and WEB (English)
/// aligned with the Hebrew WLC (Original) verse by verse.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct VersificationCorpusTests {
    /// A corpus folder and the scheme its chapter and verse counts fit best.
    struct Detection: Sendable, CustomTestStringConvertible {
        var folder: String
        var scheme: String
        var fits: [String] = []
        var testDescription: String { "\(folder) → \(scheme)" }
    }

    // The Hebrew folders are numbered like English Bibles (Malachi has 4 chapters, Psalm titles share verse 1),
    // so they fit English; Russian Synodal follows the Septuagint's Psalms, which neither shipped scheme has.
    static let detections = [
        Detection(folder: "eng-web-usfm", scheme: "english", fits: ["english 1385/1402", "original 1219/1402"]),
        Detection(folder: "eng-web-usx", scheme: "english", fits: ["english 1385/1402", "original 1219/1402"]),
        Detection(folder: "eng-web-usx-usfmtc", scheme: "english", fits: ["english 1385/1402", "original 1219/1402"]),
        Detection(folder: "eng-bsb-usfm", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "eng-bsb-usx", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "spa-rv1909-usfm", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "cmn-cu89s-usfm", scheme: "english", fits: ["english 1188/1189", "original 1048/1189"]),
        Detection(folder: "kor-1910-usfm", scheme: "english", fits: ["english 1144/1188", "original 1015/1188"]),
        Detection(folder: "rus-synodal-usfm", scheme: "english", fits: ["english 1017/1189", "original 979/1189"]),
        Detection(folder: "vie-1934-usfm", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "grc-ugnt-usx", scheme: "original", fits: ["original 259/260", "english 259/260"]),
        Detection(folder: "grc-nestle1904-usfm", scheme: "english", fits: ["english 258/260", "original 256/260"]),
        Detection(folder: "hbo-uhb-usx", scheme: "english", fits: ["english 929/929", "original 791/929"]),
        Detection(folder: "hbo-wlc-usfm", scheme: "english", fits: ["english 921/923", "original 787/923"]),
    ]

    @Test(arguments: detections)
    func detectsTheSchemeOfEachCorpusFolder(_ test: Detection) throws {
        let books = VersionSource.parse(paths: [TestCorpus.folder(test.folder).path]).books
        try #require(!books.isEmpty, "no books in \(test.folder)")
        let fits = VersificationScheme.fits(lastVerses: VersificationScheme.lastVerses(of: books))
        let summary = fits.map { "\($0.scheme.name) \($0.matchingChapters)/\($0.comparedChapters)" }
        #expect(fits.first?.scheme.name == test.scheme, "\(summary)")
        #expect(summary == test.fits)
    }
}
