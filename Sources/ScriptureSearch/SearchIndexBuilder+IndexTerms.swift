import ScriptureStore

extension SearchIndexBuilder {
    /// The index's terms and their ids, made from the merged vocabulary on every core: the exact terms'
    /// orders, their folds' ids, and the attribute terms'.
    struct IndexTerms: Sendable {
        /// The merged exact terms (a merged id is an index).
        let terms: ByteStrings
        /// Each merged term's exact id, and the merged term of each exact id.
        let exactID: [Int32]
        let byFrequency: [Int32]
        /// The merged terms in byte order.
        let byBytes: [Int32]
        /// The folded terms in byte order (a folded id is an index), and each merged term's folded id
        /// (`SearchIndexFormat.noFoldedTerm`, as an `Int32`, when it folds to nothing).
        let folded: ByteStrings
        let foldedRank: [Int32]
        /// The attribute terms in byte order, and each chunk's local attribute terms' ids.
        let attributes: ByteStrings
        let attributeIDs: [[Int32]]

        /// What one task of `make` gives.
        private enum Step: Sendable {
            case folds(ByteStrings)
            case attributes(ByteStrings, [[Int32]])
            case exact(byFrequency: [Int32], exactID: [Int32], byBytes: [Int32])
            case folded(ByteStrings, [Int32])
        }

        /// The ids of merged terms `terms` (each counted `counts` times) and of the attribute terms of `chunks`:
        /// first the folds, in pieces, beside the attribute terms' merge (and the freeing of the books of
        /// `freeing`, those tokenized last, a book each); then the exact terms' order beside the folded terms'.
        static func make(
            terms: ByteStrings, counts: [Int], chunks: [Chunk], freeing: consuming [VerseTextTable.Book]
        ) -> IndexTerms {
            let pieceCount = (terms.count + foldPieceSize - 1) / foldPieceSize
            let garbage = Handoff(consume freeing)
            // The attribute terms' merge first (the longest task), then the books, then the folds.
            let folding = Parallel.map(count: 1 + garbage.count + pieceCount) { job -> Step? in
                if job == 0 {
                    let (attributes, ids) = AttributeIndexBuilder.rank(chunks)
                    return .attributes(attributes, ids)
                }
                guard job > garbage.count else {
                    _ = garbage.take(job - 1)
                    return nil
                }
                let first = (job - 1 - garbage.count) * foldPieceSize
                return .folds(fold(terms, first..<min(terms.count, first + foldPieceSize)))
            }
            var allFolds = ByteStrings()
            var attributes = ByteStrings()
            var attributeIDs: [[Int32]] = []
            for case let step? in folding {
                switch step {
                case .folds(let piece): allFolds.append(contentsOf: piece)
                case .attributes(let terms, let ids): (attributes, attributeIDs) = (terms, ids)
                default: break
                }
            }
            let folds = allFolds
            allFolds = ByteStrings()
            let ordering = Parallel.map(count: 2) { job -> Step in
                if job == 0 {
                    let (byFrequency, exactID, byBytes) = exactOrder(terms, counts: counts)
                    return .exact(byFrequency: byFrequency, exactID: exactID, byBytes: byBytes)
                }
                let (folded, rank) = foldedOrder(folds)
                return .folded(folded, rank)
            }
            var exact: (byFrequency: [Int32], exactID: [Int32], byBytes: [Int32]) = ([], [], [])
            var folded = (terms: ByteStrings(), rank: [Int32]())
            for step in ordering {
                switch step {
                case .exact(let byFrequency, let exactID, let byBytes): exact = (byFrequency, exactID, byBytes)
                case .folded(let terms, let rank): folded = (terms, rank)
                default: break
                }
            }
            return IndexTerms(
                terms: terms, exactID: exact.exactID, byFrequency: exact.byFrequency, byBytes: exact.byBytes,
                folded: folded.terms, foldedRank: folded.rank, attributes: attributes, attributeIDs: attributeIDs)
        }
    }
}
