import ScriptureModel

/// An optional section that a module above the store owns, such as the search index: it is built
/// from the verses at import and checked by `verify`.
///
/// The store knows nothing of the section's layout; it stores the bytes with a checksum, and
/// hands them back through `VersionStore.sectionBytes(_:)`.
public protocol StoreSection: Sendable {
    /// The section's kind in the section table.
    var kind: SectionKind { get }

    /// Builds the section's bytes from every verse of the version, in verse-table order
    /// (books in canon order, then chapters and verses in file order). The verses are taken, so that a builder
    /// given the only reference can let them go (a book's text at a time) once it no longer needs them.
    /// The bytes come in pieces, written one after another, so that a large section need not be joined.
    func build(verses: consuming VerseTextTable) throws(StoreError) -> [[UInt8]]

    /// What is wrong with the section in an opened store, beyond its checksum (empty when sound).
    func problems(in store: VersionStore) -> [StoreProblem]
}
