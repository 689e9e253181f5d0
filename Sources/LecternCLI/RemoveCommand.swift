import Lectern

/// `lectern remove ID|ABBR`: deletes a Bible from the library.
package enum RemoveCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "remove", summary: "delete a Bible from the library", arguments: "ID|ABBR", argumentCompletion: .bible,
        discussion: "Deletes the Bible's store file. Readers that have it open keep working.",
        examples: [("remove WEB", "delete the Bible abbreviated WEB")])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        guard invocation.positionals.count == 1, let name = invocation.positionals.first else {
            throw UsageError("give the id or abbreviation of one Bible")
        }
        let library = invocation.library
        let id: Int
        var metadata: VersionMetadata?
        if let number = Int(name) {
            id = number
            metadata = try? library.open(number).metadata
            if metadata == nil, !(try library.ids().contains(number)) { throw BibleSelection.unknown(name, in: library) }
        } else {
            let store = try BibleSelection.open(name, in: library)
            id = store.metadata.id
            metadata = store.metadata
        }
        try library.remove(id)
        // Under the reading-state lock, keeping what other commands saved (the last passage read).
        _ = try? library.updateReadingState { state in
            if state.defaultVersion == id { state.defaultVersion = nil }
        }
        if invocation.json {
            invocation.output(
                json: JSONSchema.document(
                    "remove", [("id", .int(id)), ("bible", metadata.map(JSONSchema.bible) ?? .null)]))
        } else {
            let label = metadata.map { "\(Terminal.sanitized($0.abbreviation)) (id \(id))" } ?? "id \(id)"
            invocation.output("Removed \(label).\n")
        }
        return ExitStatus.success
    }
}
