// swift-tools-version:6.0
import PackageDescription

// A small package that uses maplint's plugins, as an app's package would: `Feed` is linted on
// every build, and `swift package maplint` runs maplint on it. `make plugin-check` builds it.
let package = Package(
    name: "PluginSample",
    platforms: [.iOS(.v13), .macOS(.v13)],
    dependencies: [
        .package(name: "maplint", path: "../..")
    ],
    targets: [
        .target(
            name: "Feed",
            dependencies: ["DTStandIns"],
            plugins: [.plugin(name: "MaplintBuildToolPlugin", package: "maplint")]
        ),
        // No DT code: linted on every build, nothing to check, never a failure.
        .target(
            name: "Formatting",
            plugins: [.plugin(name: "MaplintBuildToolPlugin", package: "maplint")]
        ),
        // Just enough of UIKit and DTTableViewManager for `Feed` to compile on any platform.
        .target(name: "DTStandIns"),
    ]
)
