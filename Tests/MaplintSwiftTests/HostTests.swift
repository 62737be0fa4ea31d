import Foundation
import Testing

@testable import MaplintSwift

/// Which types and functions own a manager, the host each gets, the manifests' names and the
/// deployment target.
@Suite struct HostTests {
    private let cell = "\nclass PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }\n"

    @Test func manageableProtocolsGiveTheHost() throws {
        let result = extract(
            """
            final class TableScreen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(PostCell.self) }
            }
            final class CollectionScreen: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() { manager.register(PostCell.self) }
            }
            final class OptionalTableScreen: UIViewController, DTTableViewOptionalManageable {
                override func viewDidLoad() { manager.register(PostCell.self) }
            }
            final class OptionalCollectionScreen: UIViewController, DTCollectionViewNonOptionalManageable {
                override func viewDidLoad() { manager.register(PostCell.self) }
            }
            final class LaterScreen: UIViewController {
                override func viewDidLoad() { manager.register(PostCell.self) }
            }
            extension LaterScreen: DTCollectionViewManageable {}
            """ + cell)
        #expect(
            result.manifests.map(\.name) == [
                "TableScreen", "CollectionScreen", "OptionalTableScreen", "OptionalCollectionScreen", "LaterScreen",
            ])
        #expect(
            result.manifests.map(\.host) == [.tableView, .collectionView, .tableView, .collectionView, .collectionView])
        #expect(result.manifests.map(\.location) == [at(1, 13), at(4, 13), at(7, 13), at(10, 13), at(13, 13)])
        for manifest in result.manifests {
            expectLoadsCleanly(manifest)
            #expect(plainYAML(manifest).contains("host: \(manifest.host.rawValue)\n"))
        }
    }

    @Test func aStoredManagerProperty() throws {
        let result = extract(
            """
            final class FeedScreen: UIViewController {
                let manager = DTTableViewManager()
                override func viewDidLoad() { manager.register(PostCell.self) }
            }
            final class GalleryScreen: UIViewController {
                var galleryManager: DTCollectionViewManager!
                func setUp() {
                    galleryManager.register(PostCell.self)
                    self.galleryManager.register(PostCell.self)
                }
            }
            """ + cell)
        #expect(result.manifests.map(\.name) == ["FeedScreen", "GalleryScreen"])
        #expect(result.manifests.map(\.host) == [.tableView, .collectionView])
        _ = try manifest("FeedScreen", in: result)
        let gallery = try manifest("GalleryScreen", in: result)
        #expect(registrations(gallery).map(\.location) == [at(8, 9), at(9, 9)])
    }

    @Test func aFunctionTakingAManagerGetsItsOwnManifest() throws {
        let result = extract(
            """
            struct Configurator {
                func configure(_ manager: DTCollectionViewManager) {
                    manager.register(PostCell.self)
                }
                static func setUp(with tableManager: DTTableViewManager, animated: Bool) {
                    tableManager.register(PostCell.self)
                }
            }
            func setUpFeed(manager: DTTableViewManager) {
                manager.register(PostCell.self)
            }
            enum FeedConfigurator {
                static func configure(_ manager: DTTableViewManager) {
                    manager.register(PostCell.self) { $0.condition = .section(3) }
                }
            }
            final class DataSource {
                init(manager: DTTableViewManager) {
                    manager.register(PostCell.self)
                }
            }
            """ + cell)
        #expect(
            result.manifests.map(\.name) == [
                "Configurator.configure", "Configurator.setUp", "setUpFeed", "FeedConfigurator.configure",
                "DataSource.init",
            ])
        #expect(result.manifests.map(\.host) == [.collectionView, .tableView, .tableView, .tableView, .tableView])
        #expect(result.manifests.map(\.location) == [at(2, 10), at(5, 17), at(9, 6), at(13, 17), at(18, 5)])
        #expect(result.manifests.map(\.fileName)[0] == "Configurator.configure.maplint.yml")
        let configurator = try manifest("FeedConfigurator.configure", in: result)
        #expect(
            yaml(configurator) == """
                # Extracted from Swift sources by maplint; findings point at the lines named in `# swift:` comments.
                # Table view of `FeedConfigurator.configure`; regenerate with `maplint extract` rather than editing.
                version: 1  # swift: Sources/Feed.swift:13:17
                host: tableView
                models: {}
                registrations:
                  - cell: PostCell  # swift: Sources/Feed.swift:14:9
                    model: Int  # swift: Sources/Feed.swift:22:74
                    section: 3  # swift: Sources/Feed.swift:14:58

                """)
        for manifest in result.manifests { expectLoadsCleanly(manifest) }
    }

    @Test func aTypeWithTwoManagersGetsAManifestForEach() throws {
        let result = extract(
            """
            final class DashboardViewController: UIViewController {
                let tableManager = DTTableViewManager()
                var carouselManager: DTCollectionViewManager!
                override func viewDidLoad() {
                    tableManager.register(PostCell.self)
                    carouselManager.register(PostCell.self) { $0.condition = .section(1) }
                    self.tableManager.register(PostCell.self) { $0.condition = .section(2) }
                }
            }
            """ + cell)
        #expect(
            result.manifests.map(\.name) == [
                "DashboardViewController.carouselManager", "DashboardViewController.tableManager",
            ])
        let carousel = try manifest("DashboardViewController.carouselManager", in: result)
        #expect(carousel.host == .collectionView)
        #expect(registrations(carousel).map(\.location) == [at(6, 9)])
        let table = try manifest("DashboardViewController.tableManager", in: result)
        #expect(table.host == .tableView)
        #expect(registrations(table).map(\.location) == [at(5, 9), at(7, 9)])
    }

    @Test func aMethodTakingTheOtherKindOfManagerIsNotPartOfTheOwnersManifest() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self)
                    configure(manager)
                }
                func configure(_ manager: DTCollectionViewManager) {
                    manager.register(PostCell.self) { $0.condition = .section(1) }
                }
            }
            extension GalleryViewController {
                func configureList(_ manager: DTTableViewManager) {
                    manager.register(PostCell.self) { $0.condition = .section(2) }
                }
            }
            """ + cell)
        #expect(result.manifests.map(\.name) == ["GalleryViewController", "GalleryViewController.configureList"])
        let gallery = try manifest("GalleryViewController", in: result)
        #expect(gallery.host == .collectionView)
        // `configure(manager)` is followed where it is called, without a note.
        #expect(registrations(gallery).map(\.location) == [at(3, 9), at(7, 9)])
        #expect(gallery.notes.isEmpty)
        let list = try manifest("GalleryViewController.configureList", in: result)
        #expect(list.host == .tableView)
        #expect(registrations(list).map(\.location) == [at(12, 9)])
    }

    @Test func typesWithoutRegistrationsGiveNoManifest() {
        let result = extract(
            """
            final class EmptyScreen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.memoryStorage.setItems([1])
                }
            }
            final class Holder {
                weak var manager: DTTableViewManager?
            }
            """)
        #expect(result.manifests.isEmpty)
        #expect(result.notes.isEmpty)
    }

    @Test func overloadsGetDistinctFileNames() throws {
        let result = extract(
            """
            func setUp(_ manager: DTTableViewManager) {
                manager.register(PostCell.self)
            }
            func setUp(_ manager: DTCollectionViewManager) {
                manager.register(PostCell.self)
            }
            """ + cell)
        #expect(result.manifests.map(\.name) == ["setUp", "setUp-2"])
        #expect(result.manifests.map(\.fileName) == ["setUp.maplint.yml", "setUp-2.maplint.yml"])
        #expect(result.manifests.map(\.host) == [.tableView, .collectionView])
        for manifest in result.manifests { expectLoadsCleanly(manifest) }
    }

    @Test func theDeploymentTargetIsWritten() throws {
        let source =
            "final class Screen: DTCollectionViewManageable { func viewDidLoad() { manager.register(PostCell.self) } }"
            + cell
        let withTarget = try onlyManifest(extract(source, target: "iOS 13.0"))
        #expect(withTarget.deploymentTarget == "iOS 13.0")
        #expect(
            plainYAML(withTarget).hasPrefix(
                "version: 1\nhost: collectionView\ndeploymentTarget: iOS 13.0\nmodels: {}\n"))
        let tvOS = try onlyManifest(extract(source, target: "tvOS 15"))
        #expect(plainYAML(tvOS).contains("deploymentTarget: tvOS 15\n"))
        let without = try onlyManifest(extract(source))
        #expect(without.deploymentTarget == nil)
        #expect(!plainYAML(without).contains("deploymentTarget"))
    }

    @Test func packagePlatformsReadsTheDeploymentTarget() {
        func platform(_ text: String) -> String? {
            PackagePlatforms.platform(
                in: try! SwiftSourceFile.parse(path: "Package.swift", bytes: Array(text.utf8)).get().tree)
        }
        let package = """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "FeedApp",
                platforms: [.iOS(.v13)],
                products: [.library(name: "FeedApp", targets: ["FeedApp"])],
                targets: [.target(name: "FeedApp")]
            )
            """
        #expect(platform(package) == "iOS 13.0")
        #expect(platform("let p = Package(name: \"A\", platforms: [.iOS(.v13_4)])") == "iOS 13.4")
        #expect(platform("let p = Package(name: \"A\", platforms: [.iOS(\"14.2\")])") == "iOS 14.2")
        #expect(platform("let p = Package(name: \"A\", platforms: [.macOS(.v12), .tvOS(.v15)])") == "tvOS 15.0")
        #expect(platform("let p = Package(name: \"A\", platforms: [.macCatalyst(.v14)])") == "macCatalyst 14.0")
        // iOS wins over tvOS whatever the order.
        #expect(platform("let p = Package(name: \"A\", platforms: [.tvOS(.v15), .iOS(.v12)])") == "iOS 12.0")
        #expect(platform("let p = Package(name: \"A\", platforms: [.macOS(.v12)])") == nil)
        #expect(platform("let p = Package(name: \"A\")") == nil)
        #expect(platform("let p = Package(name: \"A\", platforms: [.iOS(version)])") == nil)
        #expect(platform("let p = Package(name: \"A\", platforms: [.iOS(\"thirteen\")])") == nil)
        #expect(platform("") == nil)
    }

    /// The FeedApp fixture, read from disk: the deployment target comes from its Package.swift.
    @Test func theFeedAppFixture() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Fixtures/swift/FeedApp/Sources").path
        let result = SwiftExtractor.extract(paths: [sources])
        #expect(result.problems.isEmpty)
        #expect(result.notes.isEmpty)
        #expect(result.files.count == 24)
        #expect(
            result.manifests.map(\.name) == [
                "FeedViewController", "GalleryViewController", "ProfileViewController", "SearchViewController",
                "SectionHeadersViewController", "SectionedFeedViewController", "SettingsViewController",
                "FeedConfigurator.configure",
            ])
        for manifest in result.manifests {
            expectLoadsCleanly(manifest)
            #expect(manifest.deploymentTarget == "iOS 13.0")
        }
        let feed = try manifest("FeedViewController", in: result)
        #expect(
            registrationsYAML(feed) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo && model.likes > 10"
                    events:
                      - didSelect
                      - didSelect
                  - cell: AdCell
                    model: Ad
                """)
        // An explicit target wins over Package.swift.
        let overridden = SwiftExtractor.extract(paths: [sources], deploymentTarget: "iOS 15.0")
        #expect(overridden.manifests.allSatisfy { $0.deploymentTarget == "iOS 15.0" })
    }
}
