import Foundation

/// The rules that merge copies of marks: a pure function of the two versions of one id.
///
/// Every version of a mark is ordered by `modified`; on equal times a tombstone comes after an edit, and two
/// different versions with the same time and state are ordered by their CSV row (any fixed order would do:
/// it only has to be the same on every device). The later version wins. So the newer edit is kept, a deletion
/// wins over every edit older than it (or as old), importing the same file again changes nothing, and two
/// libraries that exchange exports both ways end with the same marks whatever the order.
public enum AnnotationMerge {
    /// Whether `incoming` replaces `existing` (two versions of one id).
    public static func replaces(_ incoming: Annotation, _ existing: Annotation) -> Bool {
        if incoming.modified != existing.modified { return incoming.modified > existing.modified }
        if incoming.isDeleted != existing.isDeleted { return incoming.isDeleted }
        if incoming == existing { return false }
        return AnnotationCSV.row(incoming).utf8.lexicographicallyPrecedes(AnnotationCSV.row(existing).utf8) == false
    }

    /// The version that wins.
    public static func winner(_ first: Annotation, _ second: Annotation) -> Annotation {
        replaces(second, first) ? second : first
    }

    /// Two sets of marks merged by id: the winner of each id present in both, the rest as they are; in id order.
    public static func merge(_ first: [Annotation], _ second: [Annotation]) -> [Annotation] {
        var byID: [UUID: Annotation] = [:]
        for annotation in first + second {
            if let existing = byID[annotation.id] {
                byID[annotation.id] = winner(existing, annotation)
            } else {
                byID[annotation.id] = annotation
            }
        }
        return byID.values.sorted { $0.id.uuidString < $1.id.uuidString }
    }
}

/// What a merge into a store did.
public struct MergeReport: Sendable, Hashable {
    /// Marks new to the store (tombstones included).
    public var added = 0
    /// Marks the store had in an older version, replaced.
    public var updated = 0
    /// Of those, marks that became tombstones.
    public var deleted = 0
    /// Marks the store already had in this or a newer version.
    public var unchanged = 0

    /// A report with these counts.
    public init(added: Int = 0, updated: Int = 0, deleted: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.deleted = deleted
        self.unchanged = unchanged
    }

    /// Whether the merge changed nothing.
    public var changedNothing: Bool { added == 0 && updated == 0 }
}
