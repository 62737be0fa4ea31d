// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ChatKit",
    platforms: [.iOS(.v13)],
    products: [.library(name: "ChatKit", targets: ["ChatKit"])],
    dependencies: [.package(url: "https://github.com/DenTelezhkin/DTCollectionViewManager.git", exact: "10.0.0")],
    targets: [
        .target(name: "ChatKit", dependencies: ["DTCollectionViewManager"], path: "Library/ChatKit"),
        .testTarget(name: "ChatKitTests", dependencies: ["ChatKit"], path: "Sources/ChatKitTests"),
    ]
)
