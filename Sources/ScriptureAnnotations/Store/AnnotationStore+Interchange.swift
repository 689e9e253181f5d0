/// The interchange formats of marks.
public enum AnnotationFormat: String, Sendable, CaseIterable {
    /// W3C Web Annotation JSON-LD (`WebAnnotationJSON`).
    case w3c
    /// CSV (`AnnotationCSV`).
    case csv

    /// The marks as text in this format.
    public func export(_ annotations: [Annotation]) -> String {
        switch self {
        case .w3c: WebAnnotationJSON.export(annotations)
        case .csv: AnnotationCSV.export(annotations)
        }
    }

    /// The marks of a file in this format; `file` names it in errors.
    public func read(_ bytes: [UInt8], file: String) throws(AnnotationError) -> [Annotation] {
        switch self {
        case .w3c: try WebAnnotationJSON.read(bytes, file: file)
        case .csv: try AnnotationCSV.read(bytes, file: file)
        }
    }
}

extension AnnotationStore {
    /// Every mark, tombstones included (so a deletion reaches the other copy), as text in `format`.
    public func export(_ format: AnnotationFormat) throws(AnnotationError) -> String {
        format.export(try allAnnotations(includingDeleted: true))
    }

    /// Merges the marks of an exported file (`merge`): all or, on any error, none.
    ///
    /// - Throws: `AnnotationError.badInput` at `file:line:col` for a wrong file; the store is then unchanged.
    @discardableResult
    public func importMarks(_ bytes: [UInt8], file: String, format: AnnotationFormat) throws(AnnotationError)
        -> MergeReport
    {
        try merge(try format.read(bytes, file: file))
    }
}
