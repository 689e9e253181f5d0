import LecternKernels
import ScriptureStore

extension SearchIndexBuilder {
    /// What one task of the counting step gives: a chunk's counts, or one of the regions made from the terms
    /// alone.
    enum Counted: Sendable {
        case none
        case chunk(ChunkTally, AttributeIndexBuilder.ChunkVerses)
        case foldedDictionary(region: [UInt8], checksums: [UInt32])
        case exactDictionary(region: [UInt8], checksums: [UInt32])
        case attributeDictionary(region: [UInt8], checksums: [UInt32])
        case exactToFolded([UInt8])
        case exactStrings(pieces: [[UInt8]], checksum: UInt32)

        /// How many tasks make regions from the terms alone (`job(_:_:)`); the chunks' tasks come after them.
        static let jobCount = 5

        /// Task `job`'s region, made from `terms`; nil past `jobCount`.
        static func job(_ job: Int, _ terms: IndexTerms) -> Counted? {
            switch job {
            case 0:
                let (region, checksums) = TermDictionary.encode(
                    terms.terms, order: terms.byBytes, values: terms.exactID)
                return .exactDictionary(region: region, checksums: checksums)
            case 1:
                let (region, checksums) = TermDictionary.encode(terms.folded)
                return .foldedDictionary(region: region, checksums: checksums)
            case 2:
                return exactStrings(terms)
            case 3:
                let (region, checksums) = TermDictionary.encode(terms.attributes)
                return .attributeDictionary(region: region, checksums: checksums)
            case 4:
                var bytes: [UInt8] = []
                bytes.reserveCapacity(terms.byFrequency.count * 4)
                for term in terms.byFrequency { bytes.appendU32(UInt32(bitPattern: terms.foldedRank[Int(term)])) }
                return .exactToFolded(bytes)
            default:
                return nil
            }
        }

        /// The exact strings region: each exact term's offset (u32, by exact id, then the end), then their
        /// bytes; and its CRC-32C.
        private static func exactStrings(_ terms: IndexTerms) -> Counted {
            var offsets: [UInt8] = []
            offsets.reserveCapacity(terms.byFrequency.count * 4 + 4)
            var strings: [UInt8] = []
            strings.reserveCapacity(terms.terms.bytes.count)
            terms.terms.withStrings { reader in
                for term in terms.byFrequency {
                    offsets.appendU32(UInt32(truncatingIfNeeded: strings.count))
                    strings.append(contentsOf: reader[Int(term)])
                }
            }
            offsets.appendU32(UInt32(truncatingIfNeeded: strings.count))
            return .exactStrings(
                pieces: [offsets, strings], checksum: CRC32C.checksum(strings, continuing: CRC32C.checksum(offsets)))
        }

        /// The counting step's outputs, gathered in task order (the chunks' in verse order).
        struct Parts {
            var foldedDictionary: (region: [UInt8], checksums: [UInt32]) = ([], [])
            var exactDictionary: (region: [UInt8], checksums: [UInt32]) = ([], [])
            var attributeDictionary: (region: [UInt8], checksums: [UInt32]) = ([], [])
            var exactToFolded: [UInt8] = []
            var exactStrings: (pieces: [[UInt8]], checksum: UInt32) = ([], 0)
            /// Each chunk's verse streams, its folded and its attribute postings.
            var verses: [(bytes: [UInt8], ends: [Int])] = []
            var attributeVerses: [(bytes: [UInt8], ends: [Int])] = []
            var postings: [ChunkPostings] = []
            var attributePostings: [ChunkPostings] = []
            /// Each verse's length, and their sum.
            var lengths: [Int32] = []
            var totalTokens = 0

            mutating func add(_ output: Counted) {
                switch output {
                case .none: break
                case .chunk(let tally, let attributes):
                    verses.append((tally.verseBytes, tally.verseEnds))
                    attributeVerses.append((attributes.bytes, attributes.ends))
                    postings.append(tally.postings)
                    attributePostings.append(attributes.postings)
                    lengths.append(contentsOf: tally.lengths)
                    for length in tally.lengths { totalTokens += Int(length) }
                case .foldedDictionary(let region, let checksums): foldedDictionary = (region, checksums)
                case .exactDictionary(let region, let checksums): exactDictionary = (region, checksums)
                case .attributeDictionary(let region, let checksums): attributeDictionary = (region, checksums)
                case .exactToFolded(let bytes): exactToFolded = bytes
                case .exactStrings(let pieces, let checksum): exactStrings = (pieces, checksum)
                }
            }
        }
    }
}
