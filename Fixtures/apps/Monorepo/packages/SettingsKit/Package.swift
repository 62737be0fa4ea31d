// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SettingsKit",
    platforms: [.iOS(.v14)],
    products: [.library(name: "SettingsKit", targets: ["SettingsKit"])],
    dependencies: [.package(url: "https://github.com/DenTelezhkin/DTTableViewManager.git", from: "10.0.0")],
    targets: [
        .target(name: "SettingsKit", dependencies: ["DTTableViewManager"]),
        .testTarget(name: "SettingsKitTests", dependencies: ["SettingsKit"]),
    ]
)
