import Foundation
import ScriptureModel

/// Which copy of each book an import keeps, decided while the files are parsed on several threads: the
/// first in source order (file, then place in the file), as if they had been read one by one.
///
/// A copy is kept (`keep` called, the book encoded) only while it is the first seen so far; a later copy is
/// dropped as soon as it is parsed, and one kept before an earlier copy turned up is let go then. So a
/// source of thousands of copies of one book (a zip of 99,999 entries of Genesis) holds one kept copy a
/// book, plus at most one a thread being made, instead of all of them until the end.
final class BookClaims<Kept: Sendable>: @unchecked Sendable {
    /// A copy's place: the source's index and the book's place among the source's books.
    typealias Order = (source: Int, position: Int)

    private struct Claim {
        var order: Order
        var location: SourceLocation
        var kept: Kept?
    }

    private var claims: [BookID: Claim] = [:]
    private let lock = NSLock()

    /// Claims `id` for the copy at `order`: true when no earlier copy was seen, and the copy is to be kept.
    func claim(_ id: BookID, at order: Order, location: SourceLocation) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let claim = claims[id], Self.isBefore(claim.order, order) { return false }
        claims[id] = Claim(order: order, location: location, kept: nil)
        return true
    }

    /// Stores what was made of the copy at `order`, unless an earlier copy claimed the book meanwhile.
    func store(_ kept: Kept, for id: BookID, at order: Order) {
        lock.lock()
        defer { lock.unlock() }
        guard let claim = claims[id], claim.order == order else { return }
        claims[id]?.kept = kept
    }

    /// After parsing: whether the copy at `order` is the one kept, else where the kept one is.
    func winner(of id: BookID) -> (order: Order, location: SourceLocation)? {
        lock.lock()
        defer { lock.unlock() }
        return claims[id].map { ($0.order, $0.location) }
    }

    /// Takes what was kept of the copy of `id` (nil when the caller's `keep` gave nothing).
    func take(_ id: BookID) -> Kept? {
        lock.lock()
        defer { lock.unlock() }
        let kept = claims[id]?.kept
        claims[id]?.kept = nil
        return kept
    }

    private static func isBefore(_ a: Order, _ b: Order) -> Bool {
        a.source < b.source || (a.source == b.source && a.position < b.position)
    }
}
