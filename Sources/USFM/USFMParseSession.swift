/// What the files of one version may share while they are parsed one after another on one thread.
///
/// A session changes no result. It keeps the NFC forms of the words its files spell the same way
/// (`NFCWordCache`), so that a version in pointed Hebrew or polytonic Greek sends each distinct
/// spelling through ICU once, not once per book.
///
/// Not `Sendable`: give each thread its own session.
public final class USFMParseSession {
    /// The NFC forms of the words read so far.
    let nfcWords = NFCWordCache()
    /// Whether runs of plain ASCII `\w` words are read by `lectern_usfm_read_words` (the default); tests
    /// turn it off to read every word one at a time, the reference the runs must equal.
    var readsWordRuns = true

    /// Creates an empty session.
    public init() {}
}
