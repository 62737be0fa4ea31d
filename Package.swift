// swift-tools-version:6.0
import PackageDescription

// `MAPLINT_WERROR=1` (set by .ci/run) turns compiler warnings into errors in maplint's own targets
// only: `-Xswiftc -warnings-as-errors` would apply to the dependencies too.
let ownSettings: [SwiftSetting] =
    Context.environment["MAPLINT_WERROR"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

// The core: one target per stage, in order, each depending on exactly the stages it may use, so that
// the compiler refuses a use that goes the wrong way. docs/architecture.md ("Targets of the core")
// describes each stage; ArchitectureTests checks that its table and this list are the same.
let stages: [(name: String, uses: [String])] = [
    ("MaplintText", []),
    ("MaplintFindings", ["MaplintText"]),
    ("MaplintConcurrency", ["MaplintText", "MaplintFindings"]),
    ("MaplintFiles", ["MaplintText", "MaplintFindings", "MaplintConcurrency"]),
    ("MaplintLibrary", ["MaplintText", "MaplintFindings"]),
    ("MaplintYAML", ["MaplintText", "MaplintFindings", "MaplintFiles"]),
    ("MaplintManifest", ["MaplintText", "MaplintFindings", "MaplintFiles", "MaplintLibrary", "MaplintYAML"]),
    (
        "MaplintInterfaceBuilder",
        ["MaplintText", "MaplintFindings", "MaplintFiles", "MaplintLibrary", "MaplintYAML", "MaplintManifest"]
    ),
    ("MaplintSolver", ["MaplintText", "MaplintFindings", "MaplintLibrary", "MaplintManifest"]),
    ("MaplintResolver", ["MaplintText", "MaplintFindings", "MaplintLibrary", "MaplintManifest", "MaplintSolver"]),
    (
        "MaplintAnalysis",
        [
            "MaplintText", "MaplintFindings", "MaplintConcurrency", "MaplintLibrary", "MaplintManifest",
            "MaplintInterfaceBuilder", "MaplintSolver", "MaplintResolver",
        ]
    ),
    (
        "MaplintRules",
        [
            "MaplintText", "MaplintFindings", "MaplintConcurrency", "MaplintLibrary", "MaplintManifest",
            "MaplintInterfaceBuilder", "MaplintSolver", "MaplintResolver", "MaplintAnalysis",
        ]
    ),
    (
        "MaplintReport",
        [
            "MaplintText", "MaplintFindings", "MaplintLibrary", "MaplintManifest", "MaplintInterfaceBuilder",
            "MaplintSolver", "MaplintResolver", "MaplintAnalysis",
        ]
    ),
    ("MaplintSuppression", ["MaplintText", "MaplintFindings", "MaplintLibrary", "MaplintYAML", "MaplintRules"]),
    (
        "MaplintConfiguration",
        [
            "MaplintText", "MaplintFindings", "MaplintFiles", "MaplintLibrary", "MaplintYAML", "MaplintManifest",
            "MaplintRules",
        ]
    ),
    (
        "MaplintLint",
        [
            "MaplintText", "MaplintFindings", "MaplintConcurrency", "MaplintFiles", "MaplintLibrary", "MaplintYAML",
            "MaplintManifest", "MaplintInterfaceBuilder", "MaplintRules", "MaplintSuppression", "MaplintConfiguration",
        ]
    ),
    (
        "MaplintOutput",
        [
            "MaplintText", "MaplintFindings", "MaplintConcurrency", "MaplintFiles", "MaplintLibrary", "MaplintYAML",
            "MaplintManifest", "MaplintSolver", "MaplintResolver", "MaplintAnalysis", "MaplintRules", "MaplintReport",
            "MaplintLint",
        ]
    ),
]

// Dependencies of a stage outside maplint.
let stageLibraries: [String: [Target.Dependency]] = ["MaplintYAML": [.product(name: "Yams", package: "Yams")]]

let stageTargets: [Target] = stages.map { stage in
    .target(
        name: stage.name,
        dependencies: stage.uses.map { .target(name: $0) } + (stageLibraries[stage.name] ?? []),
        swiftSettings: ownSettings
    )
}
let allStages: [Target.Dependency] = stages.map { .target(name: $0.name) }

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
    targets: stageTargets + [
        // Reading registrations from Swift sources (`maplint extract`, `lint --swift`): the only
        // target that needs swift-syntax, so the core builds without it.
        .target(
            name: "MaplintSwift",
            dependencies: [
                "MaplintConcurrency", "MaplintConfiguration", "MaplintFiles", "MaplintFindings",
                "MaplintInterfaceBuilder", "MaplintLibrary", "MaplintLint", "MaplintManifest", "MaplintOutput",
                "MaplintReport", "MaplintRules", "MaplintSolver", "MaplintSuppression", "MaplintText", "MaplintYAML",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: ownSettings
        ),
        // The command line: the commands, their options and the terminal.
        .target(
            name: "MaplintCLI",
            dependencies: [
                "MaplintAnalysis", "MaplintConcurrency", "MaplintConfiguration", "MaplintFiles", "MaplintFindings",
                "MaplintInterfaceBuilder", "MaplintLibrary", "MaplintLint", "MaplintManifest", "MaplintOutput",
                "MaplintReport", "MaplintResolver", "MaplintRules", "MaplintText",
                "MaplintSwift", .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
        .executableTarget(
            name: "FuzzManifest",
            dependencies: [
                "MaplintAnalysis", "MaplintLint", "MaplintManifest", "MaplintOutput", "MaplintReport", "MaplintRules",
            ], swiftSettings: ownSettings),
        .executableTarget(
            name: "FuzzCondition", dependencies: ["MaplintFindings", "MaplintManifest", "MaplintSolver"],
            swiftSettings: ownSettings),
        .executableTarget(
            name: "FuzzFiles",
            dependencies: ["MaplintFiles", "MaplintFindings", "MaplintLint", "MaplintManifest", "MaplintRules"],
            swiftSettings: ownSettings),
        .executableTarget(
            name: "FuzzFix",
            dependencies: [
                "MaplintFindings", "MaplintLibrary", "MaplintLint", "MaplintManifest", "MaplintRules", "MaplintSwift",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: ownSettings
        ),
        .executableTarget(
            name: "FuzzExtract",
            dependencies: ["MaplintConcurrency", "MaplintFindings", "MaplintRules", "MaplintSwift"],
            swiftSettings: ownSettings),
        .executableTarget(
            name: "FuzzProject",
            dependencies: ["MaplintConcurrency", "MaplintFiles", "MaplintFindings", "MaplintLibrary", "MaplintSwift"],
            swiftSettings: ownSettings),
        .executableTarget(
            name: "FuzzResolve",
            dependencies: ["MaplintFindings", "MaplintManifest", "MaplintOutput", "MaplintReport"],
            swiftSettings: ownSettings),
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
            dependencies: [
                "MaplintConcurrency", "MaplintManifest", .product(name: "SwiftParser", package: "swift-syntax"),
            ],
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
            path: "Scripts/SourceCheck", exclude: ["long-functions.txt", "package-access.txt"],
            swiftSettings: ownSettings
        ),
        .testTarget(
            name: "MaplintCoreTests",
            // The round trip (Tests/MaplintCoreTests/Reference) lints generated Swift apps as `maplint` does.
            dependencies: allStages + ["MaplintSwift", "MaplintCLI"],
            swiftSettings: ownSettings
        ),
        .testTarget(
            name: "MaplintSwiftTests",
            dependencies: [
                "MaplintConfiguration", "MaplintFiles", "MaplintFindings", "MaplintLibrary", "MaplintLint",
                "MaplintManifest", "MaplintRules", "MaplintSwift",
            ],
            swiftSettings: ownSettings
        ),
        .testTarget(
            name: "MaplintCLITests",
            dependencies: ["MaplintConfiguration", "MaplintOutput", "MaplintRules", "MaplintCLI", "maplint"],
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
