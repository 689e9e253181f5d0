import ScriptureModel

extension Book {
    /// The names of the attributes given an empty value (`lemma=""`) anywhere in the book: reading Lectern's own
    /// export of such a book warns of them (`empty-attribute-value`), as reading such a source does.
    public var emptyAttributeNames: Set<String> {
        var names: Set<String> = []
        for content in [introductionContent] + chapters.map(\.content) {
            for index in content.nodes.indices {
                for attribute in content.attributes(of: index) where attribute.value.isEmpty {
                    names.insert(attribute.name)
                }
            }
        }
        return names
    }
}
