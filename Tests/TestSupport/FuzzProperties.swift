import Foundation
import ScriptureModel
import ScriptureSearch
import ScriptureStore
import TextNormalization

/// The promises the fuzz targets (`Tests/Fuzz`) check on every input. The normal test suite checks the same
/// promises on the inputs that once broke them (`Tests/Fuzz/Regressions`). Each returns what is broken;
/// empty means the promise holds.
public enum FuzzProperties {
    /// Every diagnostic points into the input: line and column from 1, the line at most one past the
    /// input's last, the byte offset inside it, and a message to print.
    public static func diagnostics(_ diagnostics: [Diagnostic], input: UnsafeRawBufferPointer) -> [String] {
        let lines = input.reduce(1) { count, byte in byte == 0x0A ? count + 1 : count }
        var problems: [String] = []
        for diagnostic in diagnostics {
            let location = diagnostic.location
            if location.line < 1 || location.line > lines + 1 || location.column < 1 {
                problems.append("diagnostic outside the input's \(lines) lines: \(diagnostic)")
            }
            if location.offset < 0 || location.offset > input.count {
                problems.append("diagnostic offset \(location.offset) outside the \(input.count) bytes: \(diagnostic)")
            }
            if diagnostic.message.isEmpty { problems.append("diagnostic without a message at \(location)") }
        }
        return problems
    }

    /// What parses must store and read back: the store (with its search index) verifies clean, gives back
    /// every verse's key and text in canon order, reads every chapter both ways, and finds each of the first
    /// verses by every word of it. Like an import, only the first copy of a book is kept.
    public static func storeRoundTrip(_ parsed: [Book]) -> [String] {
        var seen: Set<BookID> = []
        let books = parsed.filter { seen.insert($0.id).inserted }
        guard !books.isEmpty else { return [] }
        let metadata = VersionMetadata(id: 1, abbreviation: "FUZZ", title: "Fuzz", language: "und")
        let bytes: [UInt8]
        do {
            bytes = try StoreWriter.encode(books: books, metadata: metadata, sections: [SearchIndexSection()])
        } catch {
            return ["parsed books could not be stored: \(error)"]
        }
        return withScratchFile(bytes) { path in
            let store: VersionStore
            do {
                store = try VersionStore(path: path)
            } catch {
                return ["a freshly written store does not open: \(error)"]
            }
            var problems = store.verify(sections: [SearchIndexSection()]).map {
                "a freshly written store does not verify: \($0)"
            }
            let parsed = books.sorted { $0.id < $1.id }.flatMap { $0.verseTexts() }.map { "\($0.key)\t\($0.text)" }
            let stored = (try? store.allVerseTexts())?.map { "\($0.key)\t\($0.text)" }
            if stored != parsed {
                let difference = stored.map { zip(parsed, $0).first { $0 != $1 } }
                problems.append(
                    "the store's verse text differs from the parsed books': \(String(describing: difference))")
            }
            problems += StoreReadThrough.errors(store).map { "a freshly written store fails to read: \($0)" }
            return problems + wordsFindTheirVerses(store)
        }
    }

    /// Each word (letters only) of the first five verses with text finds its verse.
    static func wordsFindTheirVerses(_ store: VersionStore) -> [String] {
        guard let index = try? SearchIndex(store: store), let verses = try? store.allVerseTexts() else {
            return ["the search index does not open"]
        }
        var problems: [String] = []
        for (position, verse) in verses.enumerated().filter({ !$0.element.text.isEmpty }).prefix(5) {
            for word in Set(verse.text.split(separator: " ").filter({ $0.allSatisfy(\.isLetter) })) {
                do {
                    let found = try index.matches(try QueryParser.parse(String(word))).verses
                    if !found.contains(position) { problems.append("'\(word)' does not find \(verse.key)") }
                } catch {
                    problems.append("'\(word)' of \(verse.key): \(error)")
                }
            }
        }
        return problems
    }

    /// Any bytes as a store file give errors, never a crash. Tried as given (where a file that does not
    /// open must not verify), and resealed (`StoreSeal`) to reach the decoders, where a file that
    /// `verify` calls sound must read everything back without an error.
    public static func storeReading(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        for (form, candidate) in [("as given", bytes), ("resealed", StoreSeal.resealed(bytes))] {
            problems += withScratchFile(candidate) { path in
                let verified = VersionStore.verify(path: path, sections: [SearchIndexSection()])
                for problem in verified where problem.message.isEmpty { return ["\(form): an empty problem"] }
                guard let store = try? VersionStore(path: path) else {
                    return verified.isEmpty ? ["\(form): verify passed a file that does not open"] : []
                }
                let failures = StoreReadThrough.errors(store)
                guard verified.isEmpty, let first = failures.first else { return [] }
                return ["\(form): verify found nothing wrong, yet \(failures.count) reads failed, first: \(first)"]
            }
        }
        return problems
    }

    /// A search index of `books`, in a store file that is deleted once mapped (the mapping keeps it readable).
    public static func searchIndex(of books: [Book]) throws -> SearchIndex {
        let metadata = VersionMetadata(id: 1, abbreviation: "Q", title: "Query fuzzing", language: "und")
        let bytes = try StoreWriter.encode(books: books, metadata: metadata, sections: [SearchIndexSection()])
        let store = try withScratchFile(bytes) { path in
            Result { () throws(StoreError) in try VersionStore(path: path) }
        }
        .get()
        return try SearchIndex(store: store)
    }

    /// The books a query is fuzzed against: the repository's sample version, and with the corpus (always in CI,
    /// where a missing corpus then fails), 3 John in Chinese and Korean (scripts without spaces between words,
    /// and Hangul).
    public static let queryBookPaths: [String] = {
        let extra = ["cmn-cu89s-usfm/94-3JNcmn-cu89s.usfm", "kor-1910-usfm/94-3JNkor.usfm"]
        return [TestCorpus.sample("sample/usfm").path]
            + (Required.runs(TestCorpus.isAvailable) ? extra.map { TestCorpus.root.appendingPathComponent($0).path } : [])
    }()

    /// Any text as a search query: it parses or gives an error placed inside the query, and searching `index`
    /// with it (both folding modes, both orders) gives hits, a query error, or (for `strong:` and the like on
    /// words without attributes) the error saying the version has none, never another error.
    public static func query(_ text: String, index: SearchIndex) -> [String] {
        var problems: [String] = []
        let length = text.count
        for mode in FoldingMode.allCases {
            do {
                _ = try QueryParser.parse(text, mode: mode)
            } catch {
                if error.range.lowerBound < 0 || error.range.upperBound > length || error.message.isEmpty {
                    problems.append("error \(error) at \(error.range), outside the query's \(length) characters")
                }
            }
            for order in SearchOptions.Order.allCases {
                do {
                    _ = try index.search(text, options: SearchOptions(pageSize: 5, order: order, mode: mode))
                } catch {
                    if case .query = error { continue }
                    if case .noAttribute = error { continue }
                    problems.append("searching \(text.debugDescription): \(error)")
                }
            }
        }
        return problems
    }

    /// Book names of real versions in the corpus (`\h`, `\toc1`–`\toc3` of RV1909, the Korean 1910, the
    /// Chinese Union, the Synodal and the Vietnamese 1934), for references in other scripts.
    public static let versionNames = BookNameIndex(versionNames: [
        .john: ["Juan", "요한복음", "约翰福音", "约", "Евангелие от Иоанна", "Иоанна", "Giăng", "GIĂNG", "Gi"],
        .genesis: ["Génesis", "창세기", "创世记", "Бытие", "Sáng thế", "SÁNG THẾ", "Sáng"],
        .psalms: ["Salmos", "시편", "诗篇", "Псалтырь", "Thi thiên", "THI THIÊN", "Thi"],
        .firstCorinthians: ["1 Corintios", "고린도전서", "哥林多前书", "Первое послание к Коринфянам", "I Cô-rinh", "I Cô"],
        .secondJohn: ["2 Juan", "요한2서", "约翰二书", "Второе послание Иоанна", "II Giăng", "II Gi"],
    ])

    /// A reference that parses reads back the same from its id (with English names), and so does a
    /// selection (`ReferenceParser.parseSelection`: lists and ranges across chapters).
    public static func referenceRoundTrip(_ text: String, names: BookNameIndex) -> [String] {
        selectionRoundTrip(text, names: names) + singleReferenceRoundTrip(text, names: names)
    }

    /// A selection that parses reads back the same from its id (with English names), and has a display form.
    static func selectionRoundTrip(_ text: String, names: BookNameIndex) -> [String] {
        let selection: PassageSelection
        do {
            selection = try ReferenceParser.parseSelection(text, names: names)
        } catch {
            return error.description.isEmpty ? ["a selection error without a message for \(text.debugDescription)"] : []
        }
        let again = try? ReferenceParser.parseSelection(selection.id, names: .english)
        guard again == selection else {
            return [
                "\(text.debugDescription) selected \(selection.id), which reads back as \(String(describing: again))"
            ]
        }
        _ = selection.displayName()
        return []
    }

    private static func singleReferenceRoundTrip(_ text: String, names: BookNameIndex) -> [String] {
        let reference: BibleReference
        do {
            reference = try ReferenceParser.parse(text, names: names)
        } catch {
            return error.description.isEmpty ? ["an error without a message for \(text.debugDescription)"] : []
        }
        let again = try? ReferenceParser.parse(reference.id, names: .english)
        guard again == reference else {
            return [
                "\(text.debugDescription) parsed as \(reference.id), which reads back as \(String(describing: again))"
            ]
        }
        _ = reference.displayName()
        return []
    }

    /// Writes `bytes` to a fresh file in the temporary folder, runs `body` on its path, and deletes it.
    static func withScratchFile<T>(_ bytes: [UInt8], _ body: (String) -> T) -> T {
        let path = NSTemporaryDirectory() + "/lectern-fuzz-\(getpid())-\(UUID().uuidString).lectern"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { unlink(path) }
        return body(path)
    }
}
