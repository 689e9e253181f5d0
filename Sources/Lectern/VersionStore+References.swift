import ScriptureModel
import ScriptureStore

extension VersionStore {
    /// Reads `text` as `ReferenceParser.parseSelection` does, with this version's book names (English names, codes
    /// and its own `\h`/`\toc` names, for the books it has).
    ///
    /// - Throws: `PassageError.bookNotInVersion` for a book the version does not have but that the text names in
    ///   English or by its code (`John 3:16` in a Hebrew Bible: "WLC has no book John (JHN)", not "unknown book");
    ///   `PassageError.reference` for text that cannot be read.
    public func selection(_ text: String) throws(PassageError) -> PassageSelection {
        do {
            return try ReferenceParser.parseSelection(text, names: BookNameIndex(store: self), version: metadata.id)
        } catch {
            throw missingBook(in: text) ?? .reference(error)
        }
    }

    /// Reads `text` as `ReferenceParser.parse` does (one reference), with this version's book names; a book it
    /// does not have is `PassageError.bookNotInVersion` (see `selection(_:)`).
    public func reference(_ text: String) throws(PassageError) -> BibleReference {
        do {
            return try ReferenceParser.parse(text, names: BookNameIndex(store: self), version: metadata.id)
        } catch {
            throw missingBook(in: text) ?? .reference(error)
        }
    }

    /// The `bookNotInVersion` error for the first book `text` names (in English or by code) that this version
    /// lacks, when every book of it is such a name.
    private func missingBook(in text: String) -> PassageError? {
        guard let other = try? ReferenceParser.parseSelection(text, names: .english, version: metadata.id),
            let missing = other.ranges.map(\.book).first(where: { book($0) == nil })
        else { return nil }
        return .bookNotInVersion(missing, version: metadata.abbreviation)
    }
}
