import Lectern

/// `lectern map REFERENCE --to ID|ABBR`: the same verses in another Bible's numbering.
package enum MapCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "map", summary: "give a reference's verses in another Bible's verse numbering", arguments: "REFERENCE",
        discussion: """
            Maps a chapter or verses of one Bible onto another through their versification schemes (English, \
            Original or a custom .vrs, detected or given at import; see 'lectern versions'), by way of the \
            Original scheme: Psalm titles counted as verse 0 or as verses 1–2, Malachi 4 that is Hebrew \
            Malachi 3:19–24, Joel 2:28–32 that is Hebrew Joel 3. A range may come out as several pieces, one \
            per line. A verse the other Bible's scheme has no verse for is an error (exit status 1).
            """,
        options: [
            .value(
                "from", "ID|ABBR",
                "the Bible the reference is in (default: the one set by 'lectern use', else the one read last, else the only one)",
                completion: .bible),
            .value("to", "ID|ABBR", "the Bible to map onto (required)", completion: .bible),
        ],
        // The samples in Corpus/sample/numbering, imported as ENG and HEB (see the README); a test runs these.
        examples: [
            ("map \"PSA 51:1\" --from ENG --to HEB", "PSA 51:3: the Hebrew text counts Psalm 51's title as verses 1–2"),
            ("map \"MAL 4\" --from ENG --to HEB --json", "MAL 3:19-24, as JSON"),
        ])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        guard invocation.positionals.count == 1, let text = invocation.positionals.first else {
            throw UsageError("give one reference, such as \"PSA 51:1\"")
        }
        guard let targetName = invocation.arguments.value("to") else {
            throw UsageError("option '--to' is required: the Bible to map onto")
        }
        let source = try BibleSelection.resolve(invocation.arguments.value("from"), in: invocation.library).store
        let target = try BibleSelection.open(targetName, in: invocation.library)
        let reference: BibleReference
        do {
            reference = try ReferenceParser.parse(
                text, names: BookNameIndex(store: source), version: source.metadata.id)
        } catch {
            throw CommandFailure(Terminal.sanitized(error.description))
        }
        let mapped = try source.map(reference, to: target)
        if invocation.json {
            invocation.output(json: json(mapped, source: source, target: target))
        } else if !mapped.pieces.isEmpty {
            invocation.output(
                mapped.pieces.map { piece in
                    Self.plain(piece)
                        + (piece.target == .verses(chapter: piece.chapter ?? 0, first: "0", last: nil)
                            ? " (title)" : "") + "\n"
                }.joined())
        }
        guard !mapped.pieces.isEmpty else {
            throw CommandFailure(
                "\(plain(reference)) (\(Terminal.sanitized(source.metadata.abbreviation)), \(mapped.fromVersification)) "
                    + "has no verse in \(Terminal.sanitized(target.metadata.abbreviation)) (\(mapped.toVersification))")
        }
        return ExitStatus.success
    }

    /// `PSA 51:3`, `MAL 3:19-24`, `PSA 51` — the form the reference was given in.
    static func plain(_ reference: BibleReference) -> String {
        switch reference.target {
        case .introduction: "\(reference.book.code) introduction"
        case .chapter(let chapter): "\(reference.book.code) \(chapter)"
        case .verses(let chapter, let first, let last):
            "\(reference.book.code) \(chapter):\(first)" + (last.map { $0 == first ? "" : "-\($0)" } ?? "")
        }
    }

    static func json(_ mapped: MappedReference, source: VersionStore, target: VersionStore) -> JSONValue {
        JSONSchema.document(
            "map",
            [
                ("from", JSONSchema.bible(source.metadata)), ("to", JSONSchema.bible(target.metadata)),
                ("fromVersification", .string(mapped.fromVersification)),
                ("toVersification", .string(mapped.toVersification)),
                ("reference", JSONSchema.reference(mapped.source)),
                ("mapped", .array(mapped.pieces.map { JSONSchema.reference($0) })),
            ])
    }
}
