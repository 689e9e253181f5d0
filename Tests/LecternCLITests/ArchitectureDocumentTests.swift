import Foundation
import TestSupport
import Testing

/// ARCHITECTURE.md is the map of the code: every target `Package.swift` declares is named in it (in code voice,
/// `` `Name` ``), so a target added without a line there fails here.
@Suite struct ArchitectureDocumentTests {
    static let root = TestCorpus.packageRoot

    static let architecture =
        (try? String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)) ?? ""

    /// The names of the targets a manifest declares: `.target`, `.executableTarget`, `.testTarget`,
    /// `.systemLibrary`, `.binaryTarget`, `.plugin` and `.macro`, each `(name: "…"` (the manifest's own style).
    static func targetNames(inManifest manifest: String) -> [String] {
        let pattern =
            #/\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)"/#
        return manifest.matches(of: pattern).map { String($0.output.1) }
    }

    static let manifestTargets: [String] = {
        guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        else { return [] }
        return targetNames(inManifest: manifest)
    }()

    struct ManifestCase: Sendable, CustomTestStringConvertible {
        var manifest: String
        var names: [String]
        var testDescription: String { names.joined(separator: ", ") }
    }

    /// The reader of the manifest finds each kind of declaration, on one line or across several, and nothing
    /// else (a product's or a dependency's name is not a target).
    @Test(arguments: [
        ManifestCase(manifest: #".target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])"#,
            names: ["A", "ATests"]),
        ManifestCase(manifest: ".executableTarget(\n    name: \"tool\", dependencies: [\"A\"])", names: ["tool"]),
        ManifestCase(manifest: #".systemLibrary(name: "CLib", pkgConfig: "lib")"#, names: ["CLib"]),
        ManifestCase(manifest: #".library(name: "Lib", targets: ["A"]), .product(name: "P", package: "p")"#,
            names: []),
    ])
    func readsTargetNames(_ test: ManifestCase) {
        #expect(Self.targetNames(inManifest: test.manifest) == test.names)
    }

    /// The real manifest was read: it declares the library, the command line and their tests.
    @Test func manifestIsRead() {
        #expect(Self.manifestTargets.count >= 20, "Package.swift read: \(Self.manifestTargets)")
        for name in ["Lectern", "LecternCLI", "lectern", "LecternTests", "LecternCLITests"] {
            #expect(Self.manifestTargets.contains(name), "\(name) is a target of Package.swift")
        }
        #expect(!Self.architecture.isEmpty, "ARCHITECTURE.md is at the package's root")
    }

    /// Each target of Package.swift is named in ARCHITECTURE.md as `` `Name` ``.
    @Test(arguments: manifestTargets)
    func targetIsNamed(_ name: String) {
        #expect(
            Self.architecture.contains("`\(name)`"),
            "ARCHITECTURE.md does not name the target \(name): add it to the code map")
    }
}
