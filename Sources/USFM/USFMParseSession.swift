import ScriptureModel

/// The values a parse shares between identical source bytes (see `USFMInternTable`).
struct USFMSharedValues {
    /// Character spans, by their source bytes from the marker name to the closing marker.
    var spans: USFMInternTable<Inline>
    /// Short text runs, by their final bytes.
    var texts: USFMInternTable<Inline>
    /// The content of spans, by the bytes of their text.
    var spanContents: USFMInternTable<[Inline]>
    /// Attribute lists, by their bytes (`name="value"` lists without NFC only).
    var attributeLists: USFMInternTable<[Attribute]>

    /// Tables sized for a file of `inputSize` bytes: about one distinct span per 200 bytes of a
    /// heavily marked-up book, fewer distinct short runs, words and attribute lists.
    init(inputSize: Int) {
        spans = USFMInternTable(capacity: inputSize / 200)
        texts = USFMInternTable(capacity: inputSize / 1000)
        spanContents = USFMInternTable(capacity: inputSize / 1000)
        attributeLists = USFMInternTable(capacity: inputSize / 1000)
    }
}

/// What the files of one version share while they are parsed one after another on one thread:
/// a span, word or attribute list met in an earlier file is reused instead of built again.
///
/// Not `Sendable`: give each thread its own session. A session keeps every distinct span it has
/// seen until it is released (the WEB's 83 books hold about 49,000).
public final class USFMParseSession {
    var shared = USFMSharedValues(inputSize: 1 << 20)

    /// Creates an empty session.
    public init() {}
}
