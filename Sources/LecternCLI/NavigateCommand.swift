import Lectern

/// `lectern next REF` and `lectern previous REF`: the neighbouring page's id, or nothing (exit 2) at the ends.
enum NavigateCommand {
    static func spec(_ name: String, forward: Bool) -> CommandSpec {
        CommandSpec(
            name: name,
            summary:
                "print the page \(forward ? "after" : "before") a reference (exit 2 at the \(forward ? "end" : "start"))",
            arguments: "REF...",
            discussion: """
                Prints the id of the page \(forward ? "after" : "before") REF in the Bible's reading order (ACT.1, \
                JHN.INTRO): introductions come before chapter 1, books follow the canon, and only the chapters \
                the Bible has are visited. Prints nothing and exits 2 at the \(forward ? "end" : "start") of \
                the Bible (on a terminal, a note on stderr says so).
                """,
            options: [BibleSelection.option],
            examples: [("\(name) \(forward ? "MAL.4" : "MAT.1")", "the page across the testaments")])
    }

    static func run(_ invocation: Invocation, forward: Bool) throws -> Int32 {
        guard !invocation.positionals.isEmpty else { throw UsageError("give a reference such as JHN.3") }
        let store = try BibleSelection.open(invocation)
        let text = invocation.positionals.joined(separator: " ")
        let sequence = ChapterSequence(try VersionOutline(store: store))
        let reference: BibleReference
        do {
            reference = try ReferenceParser.parse(text, names: BookNameIndex(store: store))
            try sequence.validate(reference.chapterReference)
        } catch {
            throw CommandFailure(
                "\(text): \(ErrorText.sentence(for: error)) (\(Terminal.sanitized(store.metadata.abbreviation)))")
        }
        let neighbour = forward ? sequence.next(after: reference) : sequence.previous(before: reference)
        if invocation.json {
            let name = { (book: BookID) in store.book(book)?.names.display }
            invocation.output(
                json: JSONSchema.document(
                    invocation.spec.name,
                    [
                        ("bible", JSONSchema.bible(store.metadata)),
                        ("from", JSONSchema.reference(reference, bookName: name(reference.book))),
                        ("to", neighbour.map { JSONSchema.reference($0, bookName: name($0.book)) } ?? .null),
                    ]))
        } else if let neighbour {
            invocation.output(neighbour.id + "\n")
        } else if invocation.context.isTerminal {
            // A person sees why nothing was printed; a script, reading the exit status, gets no extra line.
            invocation.context.standardError(
                "\(reference.chapterReference.id) is the \(forward ? "last" : "first") page of "
                    + "\(Terminal.sanitized(store.metadata.abbreviation))\n")
        }
        return neighbour == nil ? ExitStatus.nothing : ExitStatus.success
    }
}

/// `lectern next REF`.
package enum NextCommand: LecternCommand {
    package static let spec = NavigateCommand.spec("next", forward: true)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        try NavigateCommand.run(invocation, forward: true)
    }
}

/// `lectern previous REF`.
package enum PreviousCommand: LecternCommand {
    package static let spec = NavigateCommand.spec("previous", forward: false)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        try NavigateCommand.run(invocation, forward: false)
    }
}
