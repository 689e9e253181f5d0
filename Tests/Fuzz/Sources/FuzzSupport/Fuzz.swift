import Foundation

/// Turns a broken promise into a finding: the fuzz targets check `FuzzProperties` (from the package's test
/// support) on every input, and stop here when one is broken, so libFuzzer saves the input like a crash.
public enum Fuzz {
    /// Aborts with the problems when there are any.
    public static func require(_ problems: [String]) {
        guard !problems.isEmpty else { return }
        FileHandle.standardError.write(Data(("Fuzz property failed:\n" + problems.joined(separator: "\n") + "\n").utf8))
        abort()
    }
}
