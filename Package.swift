// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "maplint",
    products: [
        .library(name: "MaplintCore", targets: ["MaplintCore"]),
        .executable(name: "maplint", targets: ["maplint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .target(
            name: "MaplintCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "maplint",
            dependencies: [
                "MaplintCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer targets: build with `make fuzz` (-sanitize=fuzzer); in a normal build they do nothing.
        .executableTarget(name: "FuzzManifest", dependencies: ["MaplintCore"]),
        .executableTarget(name: "FuzzCondition", dependencies: ["MaplintCore"]),
        // Benchmarks (`make bench`): the manifest generator and timing runner, and the floor,
        // which only pulls libyaml events, the least any YAML reader can do.
        .executableTarget(name: "maplint-bench", path: "Benchmarks/Runner"),
        .executableTarget(
            name: "maplint-bench-floor", dependencies: [.product(name: "Yams", package: "Yams")],
            path: "Benchmarks/Floor"
        ),
        .testTarget(
            name: "MaplintCoreTests",
            dependencies: ["MaplintCore"]
        ),
        .testTarget(
            name: "MaplintCLITests",
            dependencies: ["MaplintCore", "maplint"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
