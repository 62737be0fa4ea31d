// swift-tools-version:5.5
import PackageDescription

let package = Package(
    name: "FeedApp",
    platforms: [.iOS(.v13)],
    products: [
        .library(name: "FeedApp", targets: ["FeedApp"])
    ],
    dependencies: [
        .package(url: "https://github.com/DenTelezhkin/DTTableViewManager.git", from: "11.0.0"),
        .package(url: "https://github.com/DenTelezhkin/DTCollectionViewManager.git", from: "11.0.0")
    ],
    targets: [
        .target(
            name: "FeedApp",
            dependencies: ["DTTableViewManager", "DTCollectionViewManager"]
        )
    ]
)
