import Foundation
import XapianShim

/// A Xapian database of one Bible, one document per verse, the C++ peer of Lectern's search index.
///
/// Built in a temporary directory (glass backend, removed when the index is released) through `XapianShim`:
/// docid = the verse's position in the `vref` from 1, so docid order is canon order. Terms come from
/// `Xapian::TermGenerator` without stemming (Unicode word characters, lower-cased; accents kept); queries from
/// `Xapian::QueryParser` with phrases, booleans and wildcards.
final class XapianIndex {
    private let handle: OpaquePointer
    private let directory: String
    private var buffer = [UInt32](repeating: 0, count: 64)
    /// How many verses the database holds.
    let rowCount: Int

    /// Xapian's version.
    static var version: String { String(cString: bench_xapian_version()) }

    /// Indexes `verses` and commits.
    init(verses: VerseList) throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-xapian-\(getpid())")
            .path
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = bench_xapian_create(directory, &error, error.count) else {
            throw XapianError(message: XapianError.text(error))
        }
        self.handle = handle
        for verse in verses.verses {
            var text = verse.text
            let added = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    bench_xapian_add(handle, $0.baseAddress, $0.count, &error, error.count)
                }
            }
            guard added == 0 else { throw XapianError(message: XapianError.text(error)) }
        }
        guard bench_xapian_commit(handle, &error, error.count) == 0 else {
            throw XapianError(message: XapianError.text(error))
        }
        rowCount = verses.verses.count
        if buffer.count < rowCount { buffer = [UInt32](repeating: 0, count: rowCount) }
    }

    deinit {
        bench_xapian_close(handle)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `query` in `shape` (at most `limit` docids for a page) and calls `body` with the docids written and
    /// the match count.
    func search<Result>(
        _ query: String, _ shape: bench_xapian_shape, limit: Int = 20,
        _ body: (UnsafeBufferPointer<UInt32>, Int) -> Result
    ) throws -> Result {
        var error = [CChar](repeating: 0, count: 512)
        let handle = self.handle
        return try buffer.withUnsafeMutableBufferPointer { out in
            let total = bench_xapian_search(
                handle, query, shape, limit, out.baseAddress, out.count, &error, error.count)
            guard total >= 0 else { throw XapianError(message: XapianError.text(error)) }
            let written = shape == bench_xapian_all ? Int(total) : min(Int(total), limit)
            return body(UnsafeBufferPointer(rebasing: out[..<min(written, out.count)]), Int(total))
        }
    }
}

/// An error Xapian reported, with its description.
struct XapianError: Error, CustomStringConvertible {
    /// Xapian's message.
    var message: String
    var description: String { "Xapian: \(message)" }

    /// The NUL-terminated message the shim wrote into `buffer`.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
