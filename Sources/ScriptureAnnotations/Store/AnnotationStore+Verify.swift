import Foundation

extension AnnotationStore {
    /// The store's problems, empty when it is sound: SQLite's `PRAGMA integrity_check`, then Lectern's own
    /// rules (every row reads back as a mark; every live mark's label rows (with its position and creation
    /// time) and Original-verse rows are its labels and runs; no index row without its mark). For `lectern verify`.
    ///
    /// - Throws: only when the file cannot be read at all.
    public func verify() throws(AnnotationError) -> [String] {
        try withConnection { (connection) throws(AnnotationError) -> [String] in
            var problems = try connection.texts("PRAGMA integrity_check").filter { $0 != "ok" }
            guard problems.isEmpty else { return problems }
            try connection.readTransaction { () throws(AnnotationError) in
                var expectedLabels: [Int64: [String]] = [:]
                var expectedRuns: [Int64: [String]] = [:]
                try connection.query("SELECT \(AnnotationRecord.columns), rowid FROM annotation") { row in
                    do {
                        let annotation = try AnnotationRecord.decode(row, path: connection.path)
                        guard !annotation.isDeleted else { return }
                        let rowID = row.int(17)
                        let position = AnnotationRecord.position(annotation)
                        expectedLabels[rowID] = annotation.labels.map {
                            "\($0) \(position) \(annotation.created.milliseconds)"
                        }
                        expectedRuns[rowID] = annotation.place.original.map {
                            "\(VerseOrdinal.of(.init($0.book, $0.chapter, $0.first)))-"
                                + "\(VerseOrdinal.of(.init($0.book, $0.chapter, $0.last)))"
                        }.sorted()
                    } catch {
                        problems.append("\(error)")
                    }
                }
                var labels: [Int64: [String]] = [:]
                try connection.query(
                    "SELECT annotation, label, position, created FROM annotation_label ORDER BY annotation, label"
                ) { labels[$0.int(0), default: []].append("\($0.text(1) ?? "") \($0.int(2)) \($0.int(3))") }
                var runs: [Int64: [String]] = [:]
                try connection.query("SELECT annotation, first, last FROM annotation_verse") {
                    runs[$0.int(0), default: []].append("\($0.int(1))-\($0.int(2))")
                }
                for rowID in Set(expectedLabels.keys).union(labels.keys).sorted()
                where (expectedLabels[rowID] ?? []) != (labels[rowID] ?? []) {
                    problems.append("annotation row \(rowID): its label index rows differ from its labels")
                }
                for rowID in Set(expectedRuns.keys).union(runs.keys).sorted()
                where (expectedRuns[rowID] ?? []) != (runs[rowID] ?? []).sorted() {
                    problems.append("annotation row \(rowID): its verse index rows differ from its Original verses")
                }
            }
            return problems
        }
    }
}
