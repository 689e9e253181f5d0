// swift-tools-version:6.0
import PackageDescription

// Lectern's benchmarks, a package of their own so that the product never depends on
// what only the benchmarks need (SQLite for the FTS5 comparison, Xapian, Python and Java peers).
// Run: swift run -c release --package-path Benchmarks lectern-bench --help
let package = Package(
    name: "LecternBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Lectern", path: "..")
    ],
    targets: [
        // SQLite, a benchmark-only dependency (apt: libsqlite3-dev), reached only through SQLiteShim. Named apart
        // from Lectern's own CSQLite shim (the annotation store), since target names are unique across packages.
        .systemLibrary(
            name: "CSQLiteBench",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SQLiteShim", dependencies: ["CSQLiteBench"]),
        // libxml2 alone, under Lectern's USX parser: its SAX2 parse with handlers that do nothing.
        .systemLibrary(name: "CLibXML2Bench", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "XMLSAXShim", dependencies: ["CLibXML2Bench"]),
        // Xapian, a benchmark-only C++ search library (apt: libxapian-dev), behind a C interface.
        .target(name: "XapianShim", linkerSettings: [.linkedLibrary("xapian")]),
        .executableTarget(
            name: "lectern-bench",
            dependencies: [
                .product(name: "Lectern", package: "Lectern"),
                .product(name: "ScriptureAnnotations", package: "Lectern"),
                "SQLiteShim",
                "XapianShim",
                "XMLSAXShim",
            ]
        ),
        // A callgrind harness: one search repeated on a stored version.
        .executableTarget(name: "search-profile", dependencies: [.product(name: "Lectern", package: "Lectern")]),
        // A callgrind harness and model digest for the USX and USJ parsers.
        .executableTarget(
            name: "usx-profile", dependencies: [.product(name: "Lectern", package: "Lectern"), "XMLSAXShim"]),
        // A callgrind harness: one chapter read repeated on a stored version.
        .executableTarget(name: "store-profile", dependencies: [.product(name: "Lectern", package: "Lectern")]),
        .testTarget(name: "LecternBenchTests", dependencies: ["lectern-bench"]),
    ]
)
