// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lectern",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Lectern", targets: ["Lectern"]),
        .executable(name: "lectern", targets: ["lectern"]),
        // Until the facade hands the annotation types on, the benchmarks reach them through this product.
        .library(name: "ScriptureAnnotations", targets: ["ScriptureAnnotations"]),
    ],
    targets: [
        // System libraries, reached only through the C shims below.
        .target(name: "CCompression", linkerSettings: [.linkedLibrary("z")]),
        // Zip bundles (Digital Bible Library, Scripture Burrito) through libzip, loaded on first use (dlopen).
        .target(name: "CZip", linkerSettings: [.linkedLibrary("dl")]),
        // CRC-32C for the checks on every read (SSE4.2 when the processor has it); no library.
        // CRC-32C (SSE4.2 when the processor has it) and CRC-32 (zlib's crc32_z).
        .target(name: "CChecksum", linkerSettings: [.linkedLibrary("z")]),
        // The parsers' byte scans: UTF-8 validation and line starts, the USFM reader's loop over runs of `\w`
        // words (AVX2, checked at run time; no library).
        .target(name: "CByteScan"),
        // The C library's allocator settings, for the `lectern` command (no library).
        .target(name: "CMemory"),
        .target(
            name: "CUnicodeShim",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CXMLShim", dependencies: ["CLibXML2", "CByteScan"]),
        // SQLite for the annotation store (one database file per library, beside the immutable Bible stores).
        .target(name: "CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),

        // Swift modules, one concern each.
        .target(name: "ScriptureModel", dependencies: ["CByteScan"], exclude: ["Resources"]),
        .target(name: "TextNormalization", dependencies: ["CUnicodeShim"]),
        .target(name: "USFM", dependencies: ["ScriptureModel", "TextNormalization", "CByteScan"]),
        .target(name: "USX", dependencies: ["ScriptureModel", "TextNormalization", "CXMLShim", "CByteScan"]),
        .target(name: "ScriptureStore", dependencies: ["ScriptureModel", "TextNormalization", "CChecksum"]),
        .target(
            name: "ScriptureSearch", dependencies: ["ScriptureModel", "TextNormalization", "ScriptureStore", "CUnicodeShim"]),
        .target(name: "Versification", dependencies: ["ScriptureModel"], exclude: ["Resources"]),
        .target(name: "ReaderCore", dependencies: ["ScriptureModel", "ScriptureStore", "Versification"]),
        .target(name: "ReaderLayout", dependencies: ["ScriptureModel"]),
        // Bookmarks, highlights and notes kept on Original-scheme verses, in SQLite; W3C and CSV interchange.
        .target(name: "ScriptureAnnotations", dependencies: ["ScriptureModel", "Versification", "CSQLite"]),
        .target(
            name: "Lectern",
            dependencies: [
                "ScriptureModel", "TextNormalization", "USFM", "USX", "ScriptureStore", "ScriptureSearch", "ReaderCore",
                "ReaderLayout", "Versification", "CCompression", "CZip",
            ]
        ),
        .target(name: "LecternCLI", dependencies: ["Lectern"]),
        // The README's Install line links this at a fixed address (`-Xlinker -no-pie`) together with
        // --static-swift-stdlib: the Swift runtime and Foundation then need no relocations at start-up. Not here:
        // a build that loads them as shared libraries must stay position-independent, or the loader warns of
        // "direct reference to protected function" on stderr as commands run.
        .executableTarget(name: "lectern", dependencies: ["LecternCLI", "CMemory"]),

        .target(
            name: "TestSupport",
            dependencies: ["ScriptureModel", "ScriptureStore", "ScriptureSearch", "TextNormalization", "Versification"],
            path: "Tests/TestSupport"),
        // The corpus parsed once per test process, shared by the suites that check whole folders.
        .target(name: "LecternTestSupport", dependencies: ["Lectern", "TestSupport"], path: "Tests/LecternTestSupport"),
        .testTarget(name: "ScriptureModelTests", dependencies: ["ScriptureModel", "TestSupport"]),
        .testTarget(name: "TextNormalizationTests", dependencies: ["TextNormalization", "TestSupport"]),
        .testTarget(name: "USFMTests", dependencies: ["USFM", "CByteScan", "TestSupport"]),
        .testTarget(name: "USXTests", dependencies: ["USX", "TestSupport"]),
        .testTarget(name: "ScriptureStoreTests", dependencies: ["ScriptureStore", "ScriptureSearch", "TestSupport"]),
        .testTarget(
            name: "ScriptureSearchTests", dependencies: ["ScriptureSearch", "USFM", "TextNormalization", "TestSupport"]),
        .testTarget(name: "VersificationTests", dependencies: ["Versification", "TestSupport"]),
        // A child process for the annotation tests: concurrent writers and writers killed mid-write.
        .executableTarget(
            name: "annotations-test-helper", dependencies: ["ScriptureAnnotations", "ScriptureModel", "Versification"],
            path: "Tests/AnnotationsTestHelper"),
        .testTarget(
            name: "ScriptureAnnotationsTests",
            dependencies: ["ScriptureAnnotations", "Versification", "USFM", "TestSupport"]),
        .testTarget(name: "ReaderCoreTests", dependencies: ["ReaderCore", "TestSupport"]),
        .testTarget(name: "ReaderLayoutTests", dependencies: ["ReaderLayout", "TestSupport"]),
        .testTarget(name: "LecternTests", dependencies: ["Lectern", "TestSupport", "LecternTestSupport"]),
        .testTarget(
            name: "LecternCLITests",
            dependencies: ["LecternCLI", "Lectern", "TestSupport", "LecternTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
