import Foundation
import ScriptureStore

/// The searches a library remembers: at most three, newest first (`<library>/recent-searches.json`).
///
/// The rules are a pure function (`adding(_:to:)`); the file is a JSON array of strings, written atomically.
public struct RecentSearches: Sendable {
    /// The file's name in the library's folder.
    public static let fileName = "recent-searches.json"
    /// How many searches are kept.
    public static let limit = 3

    /// The library whose searches these are.
    public let library: Library

    /// The recent searches of `library`.
    public init(library: Library) {
        self.library = library
    }

    /// The list after searching for `query`: trimmed, put first, an earlier equal one (ignoring case) removed,
    /// at most `limit` kept. A blank query leaves the list as it was.
    public static func adding(_ query: String, to list: [String]) -> [String] {
        let trimmed = query.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return list }
        let rest = list.filter { $0.caseInsensitiveCompare(trimmed) != .orderedSame }
        return Array(([trimmed] + rest).prefix(limit))
    }

    /// The saved searches, newest first; empty when none were saved or the file cannot be read.
    public func load() -> [String] {
        guard let bytes = library.readFile(Self.fileName),
            let list = try? JSONDecoder().decode([String].self, from: Data(bytes))
        else { return [] }
        return Array(list.prefix(Self.limit))
    }

    /// Records a search and returns the new list; a blank query changes nothing and writes nothing.
    @discardableResult
    public func record(_ query: String) throws(StoreError) -> [String] {
        let old = load()
        let new = Self.adding(query, to: old)
        guard new != old else { return old }
        let data = (try? JSONEncoder().encode(new)) ?? Data("[]".utf8)
        try library.writeFile(Self.fileName, bytes: [UInt8](data))
        return new
    }

    /// Forgets every saved search.
    public func clear() throws(StoreError) {
        try library.writeFile(Self.fileName, bytes: Array("[]".utf8))
    }
}
