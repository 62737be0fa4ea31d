// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Screens",
    platforms: [.iOS(.v13)],
    products: [.library(name: "Screens", targets: ["Screens"])],
    dependencies: [
        .package(url: "https://github.com/DenTelezhkin/DTTableViewManager.git", from: "11.0.0"),
        .package(url: "https://github.com/DenTelezhkin/DTCollectionViewManager.git", from: "11.0.0"),
    ],
    targets: [
        .target(name: "Screens", dependencies: ["DTTableViewManager", "DTCollectionViewManager"])
    ]
)
