// swift-tools-version:6.0
import PackageDescription

// `MAPLINT_WERROR=1` (set by .ci/run) turns compiler warnings into errors in maplint's own targets
// only: `-Xswiftc -warnings-as-errors` would apply to the dependencies too.
let ownSettings: [SwiftSetting] =
    Context.environment["MAPLINT_WERROR"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
    name: "maplint",
    products: [
        .executable(name: "maplint", targets: ["maplint"]),
        // `swift package maplint …`, and linting a target's Swift sources on every build. Both build
        // maplint from source; docs/installation.md shows the variant that uses the artifact bundle.
        .plugin(name: "MaplintCommandPlugin", targets: ["MaplintCommandPlugin"]),
        .plugin(name: "MaplintBuildToolPlugin", targets: ["MaplintBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"603.0.0"),
    ],
    targets: [
        .target(
            name: "MaplintCore",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: ownSettings
        ),
        // Reading registrations from Swift sources (`maplint extract`, `lint --swift`): the only
        // target that needs swift-syntax, so the core builds without it.
        .target(
            name: "MaplintSwift",
            dependencies: [
                "MaplintCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: ownSettings
        ),
        // The command line: the commands, their options and the terminal.
        .target(
            name: "MaplintCLI",
            dependencies: [
                "MaplintCore", "MaplintSwift", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: ownSettings
        ),
        // The one executable: manifests and Swift sources alike.
        .executableTarget(name: "maplint", dependencies: ["MaplintCLI"], swiftSettings: ownSettings),
        .plugin(
            name: "MaplintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "maplint", description: "Runs maplint (default: lint --swift on every target).")),
            dependencies: ["maplint"]
        ),
        .plugin(name: "MaplintBuildToolPlugin", capability: .buildTool(), dependencies: ["maplint"]),
        // libFuzzer targets: build with `make fuzz` (-sanitize=fuzzer); in a normal build they do nothing.
        .executableTarget(name: "FuzzManifest", dependencies: ["MaplintCore"], swiftSettings: ownSettings),
        .executableTarget(name: "FuzzCondition", dependencies: ["MaplintCore"], swiftSettings: ownSettings),
        .executableTarget(name: "FuzzFiles", dependencies: ["MaplintCore"], swiftSettings: ownSettings),
        .executableTarget(
            name: "FuzzFix",
            dependencies: ["MaplintCore", "MaplintSwift", .product(name: "SwiftParser", package: "swift-syntax")],
            swiftSettings: ownSettings
        ),
        .executableTarget(
            name: "FuzzExtract", dependencies: ["MaplintCore", "MaplintSwift"], swiftSettings: ownSettings),
        // Benchmarks (`make bench`): the manifest generator and timing runner, and the floor,
        // which only pulls libyaml events, the least any YAML reader can do.
        .executableTarget(name: "maplint-bench", path: "Benchmarks/Runner", swiftSettings: ownSettings),
        .executableTarget(
            name: "maplint-bench-floor", dependencies: [.product(name: "Yams", package: "Yams")],
            path: "Benchmarks/Floor", swiftSettings: ownSettings
        ),
        // The floor of extraction from Swift: read and parse the files with SwiftParser, keeping nothing.
        .executableTarget(
            name: "maplint-bench-parse",
            dependencies: ["MaplintCore", .product(name: "SwiftParser", package: "swift-syntax")],
            path: "Benchmarks/ParseFloor", swiftSettings: ownSettings
        ),
        // Checks of maplint's own sources that swift format does not make (`make lint`): function
        // lengths, with the accepted exceptions in long-functions.txt.
        .executableTarget(
            name: "maplint-source-check",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Scripts/SourceCheck", exclude: ["long-functions.txt"], swiftSettings: ownSettings
        ),
        .testTarget(
            name: "MaplintCoreTests",
            dependencies: ["MaplintCore"],
            swiftSettings: ownSettings
        ),
        .testTarget(
            name: "MaplintSwiftTests",
            dependencies: ["MaplintSwift", "MaplintCore"],
            swiftSettings: ownSettings
        ),
        .testTarget(
            name: "MaplintCLITests",
            dependencies: ["MaplintCore", "MaplintCLI", "maplint"],
            exclude: ["Golden"],
            swiftSettings: ownSettings
        ),
        .testTarget(
            name: "SourceCheckTests",
            dependencies: ["maplint-source-check"],
            swiftSettings: ownSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
