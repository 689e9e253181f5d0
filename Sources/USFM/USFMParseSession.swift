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

    /// Creates an empty session.
    public init() {}
}
