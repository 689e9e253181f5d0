import Foundation

/// An input a fuzz target once failed on, saved in `Tests/Fuzz/Regressions/TARGET/`.
public struct FuzzRegression: Sendable, CustomStringConvertible {
    /// The file's name (what the finding was, or libFuzzer's `crash-…` name).
    public var name: String
    /// The input's bytes.
    public var bytes: [UInt8]

    public var description: String { name }

    /// The saved inputs of one fuzz target (`usfm`, `usx`, `store`, `reference`, `query`), sorted by name.
    public static func inputs(_ target: String) -> [FuzzRegression] {
        let folder = TestCorpus.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                return nil
            }
            return FuzzRegression(name: name, bytes: [UInt8](data))
        }
    }
}
