import Foundation

/// An input a fuzz target once failed on, saved in `Tests/Fuzz/Regressions/TARGET/`.
public struct FuzzRegression: Sendable, CustomStringConvertible {
    /// The file's name (what the finding was, or libFuzzer's `crash-…` name).
    public var name: String
    /// The input's bytes.
    public var bytes: [UInt8]

    public var description: String { name }

    /// The fuzz targets (`Tests/Fuzz/Package.swift`), each with a folder of saved inputs.
    public static let targets = ["usfm", "usx", "usj", "store", "reference", "query", "metadata", "vrs"]

    /// The folder of a target's saved inputs.
    public static func folder(_ target: String) -> URL {
        TestCorpus.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions/\(target)")
    }

    /// The saved inputs of one fuzz target (see `targets`), sorted by name; none when the folder is missing
    /// (`FuzzRegressionTests.everyTargetHasSavedInputs` fails then).
    public static func inputs(_ target: String) -> [FuzzRegression] {
        let folder = folder(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                return nil
            }
            return FuzzRegression(name: name, bytes: [UInt8](data))
        }
    }
}
