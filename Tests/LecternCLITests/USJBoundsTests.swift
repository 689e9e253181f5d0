import Foundation
import TestSupport
import Testing

/// USJ past the bounds, through the built binary under memory limits (`ulimit -v`): a large book is read
/// element by element, so each limit either fits or is refused in a sentence before the parse starts; a
/// file of millions of one mistake keeps 199 diagnostics and counts the rest; an element of more than
/// 500,000 JSON values is refused. Never a signal.
@Suite(.serialized) struct USJBoundsTests {
    /// One book of `verses` verses, 20 a paragraph, 100 paragraphs a chapter.
    static func book(verses: Int) -> [UInt8] {
        var text = #"{"type":"USJ","version":"3.1","content":[{"type":"book","marker":"id","code":"GEN","content":["Generated"]}"#
        for verse in 0..<verses {
            if verse % 2000 == 0 { text += #",{"type":"chapter","marker":"c","number":"\#(verse / 2000 + 1)"}"# }
            if verse % 20 == 0 { text += #",{"type":"para","marker":"p","content":["#  } else { text += "," }
            text += #"{"type":"verse","marker":"v","number":"\#(verse % 2000 + 1)"},"In the beginning God created the heavens and the earth, ","#
            text += #"{"type":"char","marker":"w","content":["and"],"strong":"H\#(verse % 9000)"}," the earth was without form.""#
            if verse % 20 == 19 { text += "]}" }
        }
        return Array((text + "]}").utf8)
    }

    /// A generated book of 16 MB (80,000 verses), written once per test process.
    static let large: Result<String, any Error> = Result {
        let folder = TemporaryDirectory()
        ExitCleanup.remove(atExit: folder.path)
        return try folder.write(book(verses: 80_000), to: "large.usj")
    }

    /// From a limit too low to a comfortable one: every run ends with status 0, or 1 and the sentence.
    @Test(arguments: [300, 350, 400, 450, 500, 800])
    func aLargeBookFitsOrIsRefusedInASentence(megabytes: Int) throws {
        let path = try Self.large.get()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        #expect(size > 14 << 20 && size < 18 << 20, "\(size)")
        let library = TemporaryDirectory()
        defer { library.remove() }
        let result = try FaultInjection.lectern(
            ["import", path, "--library", library.path + "/library"], .memoryLimit(kilobytes: megabytes << 10))
        switch result.status {
        case 0: #expect(result.standardOutput.contains("1 book, 40 chapters, 80000 verses"), "\(result)")
        case 1:
            #expect(
                // (About the whole file, so no line and column.)
                result.standardError.contains(path + ": error: there is not enough memory to read these sources: "),
                "\(result)")
            #expect(megabytes < 800, "800 MB is room enough: \(result)")
        default: Issue.record("status \(result.status): \(result)")
        }
    }

    @Test func millionsOfOneMistakeAreCountedNotKept() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let zeros = #"{"type":"USJ","version":"3.1","content":[{"type":"book","marker":"id","code":"GEN"}"#
            + String(repeating: ",0", count: 4 << 20) + "]}"
        let path = try folder.write(Array(zeros.utf8), to: "zeros.usj")
        let result = try FaultInjection.lectern(["check", path], .memoryLimit(kilobytes: 1_000_000))
        #expect(result.status == 1, "\(result)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 200, "\(lines.count)")
        #expect(
            lines.last.map(String.init)
                == "\(path):1:483: error: 4194105 more problems in this file (4194105 errors) are not listed: a file "
                + "keeps its first 199; fix those first [not-usj]")
        #expect(result.standardOutput.hasPrefix("1 book, 0 chapters, 0 verses, 200 errors, 0 warnings"), "\(result)")
    }

    @Test func anElementOfMoreThanHalfAMillionValuesIsRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let text = #"{"type":"USJ","version":"3.1","content":[{"type":"book","marker":"id","code":"GEN"},"#
            + #"{"type":"para","marker":"p","content":["# + String(repeating: "\"a\",", count: 600_000) + "\"a\"]}]}"
        let path = try folder.write(Array(text.utf8), to: "wide.usj")
        let result = try FaultInjection.lectern(["check", path], .memoryLimit(kilobytes: 1_000_000))
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError.hasPrefix(
                path + ":1:2000108: error: an element of the document holds more than 500000 JSON values; Lectern "
                    + "reads USJ elements of at most that many (a book's largest holds some thousands) [file-too-large]"),
            "\(result)")
    }
}
