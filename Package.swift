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
        // The C scanners, in one target (no library): UTF-8 validation and line starts, the USFM reader's loop
        // over runs of `\w` words (AVX2, checked at run time), the USX builder's loop over `<char>` spans, byte
        // counts, the search index's phrase scan and posting merge, and the one varint reader (CVarint.h).
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
        // The byte kernels every module shares, each written once (all `package`): varints, UTF-8 and UTF-16
        // counts, the line and column locator, the encoding sniffer, CRC-32C, the counted lazy table, JSON strings.
        .target(name: "LecternKernels", dependencies: ["CByteScan", "CChecksum"]),
        .target(name: "ScriptureModel", dependencies: ["LecternKernels", "CByteScan"], exclude: ["Resources"]),
        .target(name: "TextNormalization", dependencies: ["LecternKernels", "CUnicodeShim"]),
        .target(name: "USFM", dependencies: ["ScriptureModel", "TextNormalization", "LecternKernels", "CByteScan"]),
        .target(
            name: "USX", dependencies: ["ScriptureModel", "TextNormalization", "LecternKernels", "CXMLShim", "CByteScan"]),
        .target(
            name: "ScriptureStore", dependencies: ["ScriptureModel", "TextNormalization", "LecternKernels", "CChecksum"]),
        .target(
            name: "ScriptureSearch",
            dependencies: ["ScriptureModel", "TextNormalization", "ScriptureStore", "LecternKernels", "CByteScan"]),
        .target(name: "Versification", dependencies: ["ScriptureModel"], exclude: ["Resources"]),
        .target(name: "ReaderCore", dependencies: ["ScriptureModel", "ScriptureStore", "Versification"]),
        .target(name: "ReaderLayout", dependencies: ["ScriptureModel"]),
        // Bookmarks, highlights and notes kept on Original-scheme verses, in SQLite; W3C and CSV interchange.
        .target(name: "ScriptureAnnotations", dependencies: ["ScriptureModel", "Versification", "CSQLite"]),
        .target(
            name: "Lectern",
            dependencies: [
                "ScriptureModel", "TextNormalization", "USFM", "USX", "ScriptureStore", "ScriptureSearch", "ReaderCore",
                "ReaderLayout", "Versification", "LecternKernels", "CCompression", "CZip",
            ]
        ),
        .target(name: "LecternCLI", dependencies: ["Lectern"]),
        // The installed binary is linked at a fixed address (`-Xlinker -no-pie` on the README's build line, with
        // --static-swift-stdlib): the Swift runtime and Foundation linked in then need no relocations at start-up.
        // Not set here: a non-PIE executable linked against the shared runtime (a plain `swift build`) makes the
        // dynamic loader warn on every run about protected symbols of libswiftCore.
        .executableTarget(name: "lectern", dependencies: ["LecternCLI", "CMemory"]),

        .target(
            name: "TestSupport",
            dependencies: [
                "ScriptureModel", "ScriptureStore", "ScriptureSearch", "TextNormalization", "Versification",
                "LecternKernels", "CUnicodeShim",
            ],
            path: "Tests/TestSupport"),
        // The corpus parsed once per test process, shared by the suites that check whole folders.
        .target(name: "LecternTestSupport", dependencies: ["Lectern", "TestSupport"], path: "Tests/LecternTestSupport"),
        .testTarget(name: "LecternKernelsTests", dependencies: ["LecternKernels", "CChecksum", "TestSupport"]),
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
            dependencies: ["LecternCLI", "Lectern", "LecternKernels", "TestSupport", "LecternTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
