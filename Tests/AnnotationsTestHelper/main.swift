// A child process for the annotation store's tests (not shipped): writers racing another process, and
// writers killed mid-write. Each mark's id is printed on its own line once `add` has returned (committed).
//
//   annotations-test-helper add STORE COUNT WORKER   adds COUNT bookmarks labelled WORKER, then exits 0
//   annotations-test-helper add STORE 0 WORKER       adds until killed
import Foundation
import ScriptureAnnotations
import ScriptureModel
import Versification

let arguments = CommandLine.arguments
guard arguments.count == 5, arguments[1] == "add", let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: annotations-test-helper add STORE COUNT WORKER\n".utf8))
    exit(64)
}
let worker = arguments[4]
let bible = AnnotationBible(abbreviation: "WEB", versification: .english)
let books: [BookID] = [.genesis, .psalms, .malachi, .joel, .john]
do {
    let store = try AnnotationStore(path: arguments[2])
    var index = 0
    while count == 0 || index < count {
        let book = books[index % books.count]
        let chapter = 1 + index / books.count % max(1, bible.versification.chapterCount(book))
        let verse = SchemeVerse(book, chapter, 1)
        let place = try AnnotationPlace(bible: bible, verses: verse...verse)
        let mark = try store.add(.bookmark, at: place, labels: [worker])
        FileHandle.standardOutput.write(Data((mark.id.uuidString + "\n").utf8))  // unbuffered: one write(2)
        index += 1
    }
} catch {
    FileHandle.standardError.write(Data("annotations-test-helper: \(error)\n".utf8))
    exit(1)
}
