import Lectern

extension SearchCommand {
    /// `search QUERY --bible WEB,BSB` or `--bible all`: the same query in each Bible, grouped per Bible with its
    /// count, or with `--group-by verse` per verse in the Original numbering (Psalm titles, Malachi 4 and
    /// Joel 3 land on one row across differently numbered Bibles).
    static func searchMany(
        _ text: String, bibles: String, options: SearchOptions, invocation: Invocation
    ) throws -> Int32 {
        let library = invocation.library
        let names: [String]? = bibles.lowercased() == "all" ? nil : bibles.split(separator: ",").map(String.init)
        if let names {
            for name in names { _ = try BibleSelection.open(name, in: library) }
        }
        let (results, removed) = try library.searchSkippingRemoved(text, bibles: names, options: options)
        for id in removed {
            invocation.context.standardError("Note: Bible \(id) was removed from the library during the search; skipped\n")
        }
        guard !results.isEmpty else {
            throw CommandFailure("the library \(library.directory) has no Bibles; add one with 'lectern import PATH'")
        }
        if case .failure(.query(let error)) = results[0].page {
            // The query is the same for every Bible: one message, as for one Bible.
            throw CommandFailure("cannot read the query: \(error)\n  \(text)\n  \(marker(error.range))")
        }
        let byVerse = try invocation.arguments.value(
            "group-by", as: { ["bible": false, "verse": true][$0.lowercased()] }, expected: "bible or verse") ?? false
        let groups = byVerse ? try library.groupByVerse(results) : []
        let pages = results.compactMap { try? $0.page.get() }
        let found = pages.contains { $0.totalCount > 0 }
        if found, !pages.contains(where: { !$0.hits.isEmpty }) {
            // As for one Bible: a page past every Bible's last is an error, not an empty success.
            let last = pages.map(\.pageCount).max() ?? 1
            throw CommandFailure(
                "page \(options.page) is past the end: the Bibles' hits make at most \(last) "
                    + "\(last == 1 ? "page" : "pages") of \(options.pageSize); the last page is \(last)")
        }
        if invocation.json {
            invocation.output(json: json(text, results: results, groups: byVerse ? groups : nil))
        } else {
            invocation.output(
                byVerse
                    ? verseText(text, results: results, groups: groups, color: invocation.colorsOutput)
                    : bibleText(text, results: results, color: invocation.colorsOutput))
        }
        return found ? ExitStatus.success : ExitStatus.failure
    }

    private static func summary(_ text: String, _ results: [BibleSearchResult]) -> String {
        let counts = results.map { result -> String in
            let name = Terminal.sanitized(result.metadata.abbreviation)
            switch result.page {
            case .success(let page): return "\(name) \(page.totalCount)"
            case .failure: return "\(name) failed"
            }
        }
        return "\(Terminal.sanitized(text)) in \(results.count) Bibles: " + counts.joined(separator: ", ") + "\n"
    }

    private static func bibleText(_ text: String, results: [BibleSearchResult], color: Bool) -> String {
        var out = summary(text, results)
        for result in results {
            switch result.page {
            case .success(let page) where page.totalCount > 0:
                out += "\n" + SearchText.render(page, bible: result.metadata.abbreviation, style: color ? .color : .plain)
            case .success: continue
            case .failure(let error):
                out += "\n\(Terminal.sanitized(result.metadata.abbreviation)): \(Terminal.sanitized(error.description))\n"
            }
        }
        return out
    }

    private static func verseText(
        _ text: String, results: [BibleSearchResult], groups: [VerseHitGroup], color: Bool
    ) -> String {
        var out = summary(text, results) + "Grouped by verse in the Original numbering (each Bible's page of hits).\n"
        for result in results {
            if case .failure(let error) = result.page {
                out += "\(Terminal.sanitized(result.metadata.abbreviation)): \(Terminal.sanitized(error.description))\n"
            }
        }
        let width = results.map { TextColumns.width(Terminal.sanitized($0.metadata.abbreviation)) }.max() ?? 0
        for group in groups {
            out += "\n\(group.original.book.code) \(group.original.chapter):\(group.original.verse)\n"
            for (bible, hit) in group.hits {
                let name = TextColumns.padded(Terminal.sanitized(results[bible].metadata.abbreviation), to: width)
                out += "  \(name)  \(hit.key)  \(SearchText.marked(hit, style: color ? .color : .plain))\n"
            }
        }
        return out
    }

    private static func json(_ text: String, results: [BibleSearchResult], groups: [VerseHitGroup]?) -> JSONValue {
        let list = results.map { result -> JSONValue in
            switch result.page {
            case .success(let page):
                guard case .object(let members) = SearchJSON.page(page, bible: result.metadata, bookNames: [:]) else {
                    return .null
                }
                let kept = members.filter { !["schemaVersion", "command", "query"].contains($0.0) }
                return .object(kept + [("error", .null)])
            case .failure(let error):
                return .object([("bible", JSONSchema.bible(result.metadata)), ("error", .string(error.description))])
            }
        }
        let verses: JSONValue =
            groups.map { groups in
                .array(groups.map { group in
                    .object([
                        ("original", .string("\(group.original.book.code).\(group.original.chapter).\(group.original.verse)")),
                        (
                            "hits",
                            .array(group.hits.map { bible, hit in
                                .object([
                                    ("bible", .string(results[bible].metadata.abbreviation)),
                                    ("reference", JSONSchema.reference(hit.key)), ("text", .string(hit.text)),
                                ])
                            })
                        ),
                    ])
                })
            } ?? .null
        return JSONSchema.document(
            "search",
            [("query", .string(text)), ("groupBy", .string(groups == nil ? "bible" : "verse")), ("results", .array(list)),
             ("verses", verses)])
    }
}
