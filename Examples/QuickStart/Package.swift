// swift-tools-version:6.0
import PackageDescription

// The README's "Use it as a library" example, as a package that depends on Lectern by path. CI builds and runs
// it and compares its output with expected-output.txt.
let package = Package(
    name: "QuickStart",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Lectern", path: "../..")],
    targets: [
        .executableTarget(name: "QuickStart", dependencies: [.product(name: "Lectern", package: "Lectern")])
    ]
)
