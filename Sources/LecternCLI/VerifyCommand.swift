import Lectern

/// `lectern verify`: checks store files' checksums and structure.
package enum VerifyCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "verify", summary: "check a stored Bible's checksums and structure",
        discussion: """
            Checks every section checksum of the Bible's store file, then decodes every book, chapter and \
            verse, and checks the search index against the text. Prints what is damaged and exits 1 when \
            anything is; import the Bible again (lectern import --replace) to repair it.
            """,
        options: [BibleSelection.option, .flag("all", "check every Bible in the library")],
        examples: [("verify --all", "check the whole library")])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        try invocation.expectNoArguments("name the Bible with --bible")
        let library = invocation.library
        let name = invocation.arguments.value("bible")
        let all = invocation.arguments.flag("all")
        if all, name != nil { throw UsageError("--all and --bible cannot be combined") }
        let paths: [String]
        if all {
            paths = try library.ids().map { library.path(for: $0) }
        } else if let name, let id = Int(name) {
            // A damaged store cannot be opened to find it by name, so an id goes to its file directly.
            guard try library.ids().contains(id) else { throw BibleSelection.unknown(name, in: library) }
            paths = [library.path(for: id)]
        } else {
            paths = [try BibleSelection.open(invocation).path]
        }
        var results: [(path: String, problems: [String])] = []
        for path in paths {
            let problems = VersionStore.verify(path: path, sections: [SearchIndexSection()])
            results.append((path, problems.map(\.message)))
        }
        if invocation.json {
            let files = results.map { result in
                JSONValue.object([
                    ("path", .string(result.path)), ("ok", .bool(result.problems.isEmpty)),
                    ("problems", .array(result.problems.map(JSONValue.string))),
                ])
            }
            invocation.output(json: JSONSchema.document("verify", [("files", .array(files))]))
        } else {
            for result in results {
                if result.problems.isEmpty {
                    invocation.output("\(result.path): OK\n")
                } else {
                    for problem in result.problems { invocation.context.standardError(Terminal.sanitized(problem) + "\n") }
                }
            }
        }
        return results.allSatisfy(\.problems.isEmpty) ? ExitStatus.success : ExitStatus.failure
    }
}
