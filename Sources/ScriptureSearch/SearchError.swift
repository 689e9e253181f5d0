import ScriptureStore

/// Why a search could not be answered.
public enum SearchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The query cannot be read (with its position).
    case query(QueryError)
    /// The store file has no search index (written without one); importing it again adds one.
    case noIndex(path: String)
    /// The search index is damaged or of a format this version does not read.
    case damaged(path: String, reason: String)
    /// An option is out of range.
    case invalidOption(String)
    /// The store could not be read.
    case store(StoreError)
    /// The query searches a word attribute (`strong:`, `lemma:`, `morph:`) that no word of the version
    /// carries, named by its abbreviation.
    case noAttribute(version: String, field: AttributeTerms.Field)

    public var description: String {
        switch self {
        case .query(let error): "cannot read the query: \(error)"
        case .noIndex(let path): "\(path) has no search index; import the version again to add one"
        case .damaged(let path, let reason): "\(path): damaged search index section: \(reason)"
        case .invalidOption(let message): message
        case .store(let error): error.description
        case .noAttribute(let version, let field):
            "\(version) has no \(field.plural): none of its words carries a \(field.attributeName) attribute, so "
                + "\(field.rawValue): cannot search it"
        }
    }
}

extension SearchError {
    /// Damage found in `store`'s index: a checksum mismatch as `StoreError.damagedPart` (naming the Bible,
    /// the piece and the fix), anything else as `.damaged`.
    init(_ damage: IndexDamage, in store: VersionStore) {
        if let part = damage.part {
            self = .store(
                .damagedPart(path: store.path, version: store.metadata.abbreviation, part: part, section: .searchIndex))
        } else {
            self = .damaged(path: store.path, reason: damage.reason)
        }
    }
}

extension AttributeTerms.Field {
    /// What the field's values are called, in the plural: `Strong's numbers`.
    var plural: String {
        switch self {
        case .strong: "Strong's numbers"
        case .lemma: "lemmas"
        case .morph: "morphology codes"
        }
    }

    /// The attribute files write it in.
    var attributeName: String {
        switch self {
        case .strong: "strong"
        case .lemma: "lemma"
        case .morph: "x-morph"
        }
    }
}
