import ScriptureStore

/// A Bible of a library as a person names it: its abbreviation and id, `WEB (1)`.
public struct BibleName: Sendable, Hashable, CustomStringConvertible {
    /// The Bible's id.
    public var id: Int
    /// Its abbreviation, or `?` when its store cannot be opened.
    public var abbreviation: String

    /// `WEB (1)`.
    public var description: String { "\(abbreviation) (\(id))" }
}

/// The Bible `Library.bible(_:)` chose, and why that one.
public struct BibleChoice: Sendable {
    /// How the Bible was chosen, in the order they are tried.
    public enum Reason: Sendable, Hashable {
        /// Named by id or abbreviation.
        case named
        /// The library's default (`ReadingState.defaultVersion`, `lectern use`).
        case defaultBible
        /// The one read last (`ReadingState.lastVersion`).
        case lastRead
        /// The library's only Bible.
        case onlyOne
    }

    /// The Bible, open.
    public var store: VersionStore
    /// How it was chosen.
    public var reason: Reason
}

/// Why `Library.bible(_:)` could not choose a Bible.
public enum BibleSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The library has no Bibles.
    case emptyLibrary(directory: String)
    /// No Bible has this id or abbreviation; `suggestion` is an abbreviation near it, `available` the library's.
    case unknown(String, suggestion: String?, available: [BibleName])
    /// None was named, no default or last-read Bible is set, and the library has several.
    case noneChosen(available: [BibleName])
    /// The library or the chosen store could not be read (an abbreviation that names several Bibles too).
    case store(StoreError)

    /// One sentence saying what is wrong and what would work.
    public var description: String {
        switch self {
        case .emptyLibrary(let directory): return "the library at \(directory) has no Bibles; import one first"
        case .unknown(let name, let suggestion, let available):
            guard !available.isEmpty else { return "no Bible '\(name)' in the library (it has none)" }
            let list = available.map(\.description).joined(separator: ", ")
            return "no Bible '\(name)' in the library; "
                + (suggestion.map { "did you mean '\($0)'? It has \(list)" } ?? "it has \(list)")
        case .noneChosen(let available):
            return "\(available.count) Bibles in the library and none chosen: "
                + available.map(\.description).joined(separator: ", ") + "; name one, or set a default"
        case .store(let error): return error.description
        }
    }
}

extension Library {
    /// The Bible a reader means: the one `name` names (an id, or an abbreviation in any case), else the
    /// library's default, else the one read last, else its only one: the rule every `lectern` command follows
    /// for `--bible`.
    ///
    /// - Throws: `BibleSelectionError`: an unknown name (with the nearest abbreviation and the library's Bibles),
    ///   an empty library, several Bibles and none chosen, or a store that cannot be read.
    public func bible(_ name: String? = nil) throws(BibleSelectionError) -> BibleChoice {
        let ids: [Int]
        do throws(StoreError) { ids = try self.ids() } catch { throw .store(error) }
        if let name {
            if let id = Int(name), !ids.contains(id) { throw unknownBible(name) }
            do throws(StoreError) {
                return BibleChoice(store: try open(named: name), reason: .named)
            } catch .unknownVersion {
                throw unknownBible(name)
            } catch {
                throw .store(error)
            }
        }
        guard !ids.isEmpty else { throw .emptyLibrary(directory: directory) }
        let state = readingState()
        if let chosen = state.defaultVersion, ids.contains(chosen), let store = try? open(chosen) {
            return BibleChoice(store: store, reason: .defaultBible)
        }
        if let last = state.lastVersion, ids.contains(last), let store = try? open(last) {
            return BibleChoice(store: store, reason: .lastRead)
        }
        guard ids.count == 1 else { throw .noneChosen(available: bibleNames()) }
        do throws(StoreError) {
            return BibleChoice(store: try open(ids[0]), reason: .onlyOne)
        } catch {
            throw .store(error)
        }
    }

    /// The library's Bibles as `WEB (1)`, in id order, each store opened in turn (a large library is never
    /// mapped all at once); `?` for one that cannot be opened.
    public func bibleNames() -> [BibleName] {
        ((try? ids()) ?? []).map { id in
            BibleName(id: id, abbreviation: (try? open(id).metadata.abbreviation) ?? "?")
        }
    }

    /// The error for `name`, which names no Bible: with the abbreviation nearest to it, if one is near.
    package func unknownBible(_ name: String) -> BibleSelectionError {
        let available = bibleNames()
        let near = Suggestion.nearest(to: name, in: available.map(\.abbreviation).filter { $0 != "?" })
        return .unknown(name, suggestion: near, available: available)
    }
}
