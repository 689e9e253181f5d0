/// What the files of one version may share while they are parsed one after another on one thread.
///
/// The parser builds flat content straight from the bytes, so nothing read in one file is kept for
/// the next: a session changes no result, and costs nothing to keep. It stays so that callers
/// parsing a version's files keep one place to hand the parser what they share.
///
/// Not `Sendable`: give each thread its own session.
public final class USFMParseSession {
    /// Creates an empty session.
    public init() {}
}
