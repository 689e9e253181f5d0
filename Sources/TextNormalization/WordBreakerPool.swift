import CUnicodeShim
import Synchronization

/// An ICU word breaker (`lectern_word_breaker_open`) with reusable output buffers.
///
/// Not thread-safe; `@unchecked Sendable` because ``WordBreakerPool`` lends each one
/// to a single caller at a time.
final class PooledWordBreaker: @unchecked Sendable {
    /// The C handle; nil when memory ran out, and then the shim opens a temporary one per call.
    private let handle: OpaquePointer?
    private var tokenBuffer: [LecternToken] = []
    private var termBuffer: [UInt8] = []

    init() {
        handle = lectern_word_breaker_open()
    }

    deinit {
        lectern_word_breaker_close(handle)
    }

    /// Tokenizes at most `SearchFolding.pieceLimit` bytes (`lectern_word_breaker_tokens`).
    func tokens(_ bytes: UnsafeBufferPointer<UInt8>, options: Int32) -> [SearchToken] {
        fill(bytes, options: options).map { makeTokens(count: $0) } ?? []
    }

    /// Calls `body` with the term bytes (valid during the call only) and UTF-8 range of each token of
    /// `tokens(_:options:)`, in order, without making the tokens.
    func forEachTerm(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Int32, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void
    ) {
        guard let count = fill(bytes, options: options) else { return }
        termBuffer.withUnsafeBufferPointer { terms in
            tokenBuffer.withUnsafeBufferPointer { tokens in
                for token in tokens.prefix(count) {
                    let start = Int(token.term_start)
                    let end = start + Int(token.term_length)
                    guard start >= 0, start <= end, end <= terms.count, token.start8 <= token.end8 else { continue }
                    body(UnsafeBufferPointer(rebasing: terms[start..<end]), Int(token.start8)..<Int(token.end8))
                }
            }
        }
    }

    /// Runs the shim over `bytes` into the buffers, growing them as it asks: the token count, or nil when
    /// there are none or ICU failed or memory ran out.
    private func fill(_ bytes: UnsafeBufferPointer<UInt8>, options: Int32) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let length = Int32(clamping: bytes.count)
        var tokenCapacity = max(tokenBuffer.count, bytes.count / 2 + 8)
        var termCapacity = max(termBuffer.count, bytes.count + 64)
        for _ in 0..<4 {
            if tokenBuffer.count < tokenCapacity {
                tokenBuffer = [LecternToken](repeating: LecternToken(), count: tokenCapacity)
            }
            if termBuffer.count < termCapacity { termBuffer = [UInt8](repeating: 0, count: termCapacity) }
            var termsNeeded: Int32 = 0
            let count = tokenBuffer.withUnsafeMutableBufferPointer { tokens in
                termBuffer.withUnsafeMutableBufferPointer { terms in
                    lectern_word_breaker_tokens(
                        handle, options, base, length, tokens.baseAddress, Int32(clamping: tokens.count),
                        terms.baseAddress, Int32(clamping: terms.count), &termsNeeded)
                }
            }
            if count < 0 { break }
            if Int(count) <= tokenBuffer.count, Int(termsNeeded) <= termBuffer.count { return Int(count) }
            tokenCapacity = Int(count) + 1
            termCapacity = Int(termsNeeded) + 1
        }
        return nil  // ICU failed or memory ran out
    }

    private func makeTokens(count: Int) -> [SearchToken] {
        termBuffer.withUnsafeBufferPointer { terms in
            tokenBuffer.prefix(count).compactMap { token -> SearchToken? in
                let start = Int(token.term_start)
                let end = start + Int(token.term_length)
                guard start >= 0, start <= end, end <= terms.count else { return nil }
                return SearchToken(
                    term: String(decoding: UnsafeBufferPointer(rebasing: terms[start..<end]), as: UTF8.self),
                    utf8Range: Int(token.start8)..<Int(token.end8),
                    utf16Range: Int(token.start16)..<Int(token.end16),
                    kind: token.flags & LECTERN_TOKEN_IDEOGRAPH != 0 ? .ideograph : .word,
                    isJoinedToPrevious: token.flags & LECTERN_TOKEN_JOINED != 0)
            }
        }
    }
}

/// Lends ``PooledWordBreaker``s to callers on any thread, opening one when none is idle.
enum WordBreakerPool {
    /// At most this many idle breakers are kept; more are closed when returned. Each holds
    /// an ICU break iterator and a memo of folded terms of at most about 3.5 MB.
    static let idleLimit = 8
    private static let idle = Mutex<[PooledWordBreaker]>([])

    /// Runs `body` with a breaker that no other thread uses meanwhile.
    static func withBreaker<Result>(_ body: (PooledWordBreaker) -> Result) -> Result {
        let breaker = idle.withLock { $0.popLast() } ?? PooledWordBreaker()
        defer {
            idle.withLock { breakers in
                if breakers.count < idleLimit { breakers.append(breaker) }
            }
        }
        return body(breaker)
    }
}
