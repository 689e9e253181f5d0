import ScriptureModel
import Versification

extension FuzzProperties {
    /// What a `.vrs` file's reading must hold whatever its bytes: diagnostics inside the input; the scheme
    /// within what a Bible holds (at most 200 chapters a book, 200 verses a chapter); and every verse of its
    /// first three books, and every verse a mapping line names, maps to Original and back without a crash onto
    /// verses the scheme and Original number.
    public static func versification(_ bytes: [UInt8]) -> [String] {
        let result = VersificationParser.parse(bytes, file: "fuzz.vrs")
        var problems = bytes.withUnsafeBytes { diagnostics(result.diagnostics, input: $0) }
        let scheme = result.scheme
        let original = VersificationScheme.standard(named: "original") ?? scheme
        var checked = 0
        for book in BookID.allCases where scheme.chapterCount(book) > 0 {
            let chapters = scheme.chapterCount(book)
            if chapters > 200 { problems.append("\(book.code) has \(chapters) chapters") }
            for chapter in 1...min(chapters, 200) {
                let last = scheme.lastVerse(book, chapter) ?? 0
                if last > 200 { problems.append("\(book.code) \(chapter) ends at verse \(last)") }
                guard checked < 3 else { continue }
                for key in scheme.verses(book, chapter) {
                    for mapped in scheme.map(key, to: original).verses where !original.contains(mapped) {
                        problems.append("\(key) maps to \(mapped), which Original does not number")
                    }
                    for back in original.map(key, to: scheme).verses where !scheme.contains(back) {
                        problems.append("Original \(key) maps to \(back), which the scheme does not number")
                    }
                }
            }
            checked += 1
        }
        return problems
    }

    /// What a bundle's metadata file must give whatever its bytes (`BundleMetadata.read` in Lectern, which
    /// hands its results here): diagnostics inside the input, and each name it found one line of text (no
    /// white space but single spaces, not empty, none at either end).
    public static func bundleMetadata(names: [String?], diagnostics found: [Diagnostic], input: [UInt8]) -> [String] {
        var problems = input.withUnsafeBytes { diagnostics(found, input: $0) }
        for case let name? in names {
            if name.isEmpty { problems.append("an empty name") }
            if name.unicodeScalars.contains(where: { $0.properties.isWhitespace && $0 != " " }) {
                problems.append("a name that is not one line: \(name.debugDescription)")
            }
            if name.first == " " || name.last == " " { problems.append("a name not trimmed: \(name.debugDescription)") }
        }
        return problems
    }
}
