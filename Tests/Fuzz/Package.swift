// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Lectern's parsers and store reader: a package of its own, so the normal build never
// sees the sanitizer flags. `Tests/Fuzz/run.sh TARGET SECONDS` builds one with `-sanitize=fuzzer,address`
// and runs it (see README.md).
let fuzzTargets = [
    "fuzz-usfm", "fuzz-usx", "fuzz-usj", "fuzz-store", "fuzz-reference", "fuzz-query", "fuzz-metadata", "fuzz-vrs",
]

let package = Package(
    name: "LecternFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Lectern", path: "../..")
    ],
    targets: [
        // libFuzzer's driver, declared for Swift (the runtime itself comes with `-sanitize=fuzzer`).
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Lectern", package: "Lectern"),
                "FuzzTestSupport",
            ]),
        // The main package's test helpers (Tests/TestSupport, through a symbolic link): not a product of Lectern.
        // ICUOracles.swift calls TextNormalization's `package` API (the shim's option bits), which a package of its
        // own cannot reach; the fuzz targets do not use those oracles.
        .target(
            name: "FuzzTestSupport", dependencies: [.product(name: "Lectern", package: "Lectern")],
            exclude: ["ICUOracles.swift"]),
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "CFuzzerDriver", "FuzzSupport", "FuzzTestSupport", .product(name: "Lectern", package: "Lectern"),
                ])
        }
)
