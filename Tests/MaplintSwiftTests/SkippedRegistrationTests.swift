import Foundation
import Testing

@testable import MaplintSwift

/// Nothing is reported because extraction left a registration out: events that may attach to
/// such a registration are notes, and notes give the true reason.
@Suite struct SkippedRegistrationTests {
    @Test func anEventAfterARegistrationInsideIfIsNotChecked() throws {
        let result = extract(
            tableScreen(
                """
                        if showsPosts {
                            manager.register(PostCell.self)
                        }
                        manager.didSelect(PostCell.self) { _, _, _ in }
                        manager.heightForCell(withItem: Post.self) { _, _ in 44 }
                """))
        let manifest = try onlyManifest(result)
        #expect(registrationsYAML(manifest) == "registrations: []")
        #expect(
            describe(manifest.notes) == [
                "4:13 `manager.register(PostCell.self)` inside `if` is not extracted: it may or may not run, so it is not checked",
                "6:9 `didSelect(PostCell.self)` is not checked: it may attach to the registration at Feed.swift:4, which was not extracted",
                "7:9 `heightForCell(withItem: Post.self)` is not checked: it may attach to the registration at Feed.swift:4, which was not extracted",
            ])
    }

    @Test func anEventAfterAMethodCalledInsideIfIsNotChecked() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    if isEnabled { registerCells() }
                    manager.didSelect(PostCell.self) { _, _, _ in }
                }
                func registerCells() {
                    manager.register(PostCell.self)
                }
            }
            \(postDeclarations)
            """)
        let manifest = try onlyManifest(result)
        #expect(
            describe(manifest.notes) == [
                "3:24 `registerCells()` is called inside `if`: the registrations it makes are not extracted, as they may or may not run",
                "4:9 `didSelect(PostCell.self)` is not checked: it may attach to the registration at Feed.swift:7, which was not extracted",
            ])
    }

    /// The model type comes from a constrained protocol extension maplint does not follow: the
    /// note says the model type could not be determined, and the event is not reported.
    @Test func aModelTypeThatCannotBeDeterminedSaysSo() throws {
        let result = extract(
            """
            protocol Bindable: AnyObject { associatedtype Input; func bind(_ input: Input) }
            extension ModelTransfer where Self: Bindable { func update(with model: Input) { bind(model) } }
            final class ScoreCell: UICollectionViewCell, ModelTransfer, Bindable { func bind(_ input: Score) {} }
            struct Score { var points: Int }
            final class ScoresScreen: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.register(ScoreCell.self)
                    manager.didSelect(ScoreCell.self) { _, _, _ in }
                    manager.sizeForCell(withItem: Score.self) { _, _ in .zero }
                }
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(registrationsYAML(manifest) == "registrations: []")
        #expect(
            describe(manifest.notes) == [
                "7:9 `manager.register(ScoreCell.self)` is not extracted: the model type of `ScoreCell` could not be determined (its `update(with:)` is not declared in the class, its extensions or superclasses) and the call names none with `for:`",
                "8:9 `didSelect(ScoreCell.self)` is not checked: it may attach to the registration at Feed.swift:7, which was not extracted",
                "9:9 `sizeForCell(withItem: Score.self)` is not checked: it may attach to the registration at Feed.swift:7, which was not extracted",
            ])
    }

    /// An event for a view nothing registered, with nothing skipped, is still checked.
    @Test func otherEventsAreStillChecked() throws {
        let result = extract(
            tableScreen(
                """
                        if showsPosts {
                            manager.register(PostCell.self)
                        }
                        manager.didSelect(OtherCell.self) { _, _, _ in }
                """) + "\nclass OtherCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }")
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - event: didSelect
                    view: OtherCell
                """)
    }

    @Test func aTupleModelTypeIsNamedAsSuch() throws {
        let result = extract(
            """
            final class PromoViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.registerHeader(PromoHeader.self)
                }
            }
            class PromoHeader: UITableViewHeaderFooterView, ModelTransfer { func update(with model: (String, Int)) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            describe(manifest.notes) == [
                "3:9 `manager.registerHeader(PromoHeader.self)` is not extracted: the model type of `PromoHeader`, `(String, Int)`, has no name to check items against"
            ])
    }

    /// DTCollectionViewManager 6's `DTCollectionViewNonOptionalManageable`, and a screen that is
    /// manageable through its superclass.
    @Test func manageableThroughOtherNamesAndSuperclasses() throws {
        let result = extract(
            """
            final class StickersScreen: UIViewController, DTCollectionViewNonOptionalManageable {
                override func viewDidLoad() { manager.register(StickerCell.self) }
            }
            class BaseListViewController: UIViewController, DTTableViewManageable {}
            final class PlansViewController: BaseListViewController {
                override func viewDidLoad() { manager.register(PlanCell.self) }
            }
            class StickerCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            class PlanCell: UITableViewCell, ModelTransfer { func update(with model: String) {} }
            """)
        #expect(result.manifests.map(\.name) == ["StickersScreen", "PlansViewController"])
        #expect(result.manifests.map(\.host) == [.collectionView, .tableView])
        #expect(result.notes.isEmpty)
    }

    /// A Package.swift describes its own code: an example app beside it in the repository does
    /// not take its platforms.
    @Test func packagePlatformsApplyToThePackagesOwnCode() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-pkg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Package.swift": "let package = Package(name: \"Lib\", platforms: [.iOS(.v11)])",
            "Sources/Lib/Screen.swift":
                "final class LibScreen: DTCollectionViewManageable { func viewDidLoad() { manager.register(Tile.self) } }\nclass Tile: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }",
            "Example/App/Screen.swift":
                "final class AppScreen: DTCollectionViewManageable { func viewDidLoad() { manager.register(Tile.self) } }\nclass Tile: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        #expect(PackagePlatforms.deploymentTarget(near: [root.appendingPathComponent("Example").path]) == nil)
        #expect(
            PackagePlatforms.deploymentTarget(near: [root.appendingPathComponent("Sources/Lib").path]) == "iOS 11.0")
        #expect(PackagePlatforms.deploymentTarget(near: [root.path]) == "iOS 11.0")
        // Several paths: the example app's walk stops at the package, which still describes the
        // package's own code named after it (each folder is looked at once, but a folder with a
        // Package.swift is asked again for each path).
        #expect(
            PackagePlatforms.deploymentTarget(near: [
                root.appendingPathComponent("Example/App/Screen.swift").path,
                root.appendingPathComponent("Example").path,
                root.appendingPathComponent("Sources/Lib/Screen.swift").path,
            ]) == "iOS 11.0")
    }
}

/// Notes people can trust: one per place, and a "nothing found" that names the right reason.
@Suite struct TrustworthyNoteTests {
    @Test func aNoteSharedByTwoManifestsIsReportedOnce() throws {
        let result = extract(
            """
            final class FirstScreen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(ColorCell.self) }
            }
            final class SecondScreen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(ColorCell.self) }
            }
            class ColorCell: UITableViewCell, ModelTransfer { func update(with model: Palette) {} }
            """)
        #expect(result.manifests.count == 2)
        #expect(result.manifests.allSatisfy { $0.notes.count == 1 })
        let linted = SwiftExtractor.lint(result)
        #expect(
            linted.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
                "7:75 the model type `Palette` is not declared in the Swift files read"
            ])
        #expect(
            linted.diagnostics.first?.related.map(\.message) == [
                "it is checked as a class with no properties, subclasses or protocols"
            ])
    }

    /// UIKit, Foundation, Core Data and SwiftUI types are known: no note says they are undeclared.
    @Test func platformTypesAreKnown() throws {
        let result = extract(
            """
            final class Screen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(ColorCell.self)
                    manager.register(LinkCell.self)
                    manager.register(DateCell.self)
                    manager.register(ObjectCell.self)
                    manager.register(UITableViewCell.self, for: UIImage.self)
                }
            }
            class ColorCell: UITableViewCell, ModelTransfer { func update(with model: UIColor) {} }
            class LinkCell: UITableViewCell, ModelTransfer { func update(with model: URL) {} }
            class DateCell: UITableViewCell, ModelTransfer { func update(with model: Date) {} }
            class ObjectCell: UITableViewCell, ModelTransfer { func update(with model: NSManagedObject) {} }
            """)
        let linted = SwiftExtractor.lint(result)
        #expect(
            !linted.diagnostics.contains { $0.message.contains("not declared") }, "\(linted.diagnostics.map(\.message))"
        )
        let entries = result.manifests.first?.entries ?? []
        #expect(entries.count { if case .registration = $0 { true } else { false } } == 5)
    }

    /// A class of the app that inherits a framework class is one: DT matches an item to a mapping
    /// with `is` (`modelTypeCheckingBlock`: `{ $0 is T.ModelType }` in ViewModelMapping.swift,
    /// DTModelStorage 8.1.0; `{ $0 is Model }` in `CellViewModelMapping`, ViewModelMapping.swift,
    /// 11.0.1), so a `Post: NSManagedObject` item goes to a cell for `NSManagedObject` registered
    /// before the one for `Post`, which never shows. `NSObject`, which nearly every model class
    /// inherits, is left out. A subclass of a framework class no registration names declares it
    /// as a stub, with no note.
    @Test func aSubclassOfAFrameworkClassIsOne() throws {
        let source = """
            final class Screen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(EntityCell.self)
                    manager.register(PostCell.self)
                }
            }
            final class Post: NSManagedObject { @NSManaged var title: String }
            final class EntityCell: UITableViewCell, ModelTransfer { func update(with model: NSManagedObject) {} }
            final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            """
        let linted = SwiftExtractor.lint(extract(source))
        #expect(
            linted.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue) \($0.message)" }
                == [
                    "4:9 unreachable-registration PostCell (entry 1) is never used: EntityCell (entry 0) takes every item it matches"
                ])
        // Registered alone, the cell for `Post` is checked as before; `NSManagedObject` is a stub.
        let alone = extract(source.replacingOccurrences(of: "manager.register(EntityCell.self)", with: ""))
        #expect(SwiftExtractor.lint(alone).diagnostics.isEmpty)
        let models = alone.manifests.first?.models ?? []
        #expect(models.map(\.name) == ["Post", "NSManagedObject"])
        #expect(models.first?.inherits.map(\.value) == ["NSManagedObject"])
        #expect(models.last?.isStub == true)
        // `NSObject` is not written as a superclass.
        let object = extract(source.replacingOccurrences(of: "Post: NSManagedObject", with: "Post: NSObject"))
        #expect(object.manifests.first?.models.first { $0.name == "Post" }?.inherits.isEmpty == true)
    }

    /// A cell that declares no `update(with:)` takes its model type from a protocol it conforms
    /// to: Swift infers `ModelType` from the `update(with:)` of `extension ModelTransfer where
    /// Self: Reusable` (or of an extension of the protocol itself), as a real app writes it; the
    /// registration was "not extracted" (its model type unknown).
    @Test func aModelTypeFromAConstrainedExtensionOfModelTransferIsRead() throws {
        let result = extract(
            """
            protocol ItemModel {}
            struct Event: ItemModel {}
            protocol Reusable: AnyObject {}
            extension ModelTransfer where Self: Reusable {
                func update(with model: ItemModel) {}
            }
            protocol Described {}
            extension Described { func update(with model: Event) {} }
            final class EventCell: UITableViewCell, Reusable, ModelTransfer {}
            final class DescribedCell: UITableViewCell, Described, ModelTransfer {}
            final class Screen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(EventCell.self)
                    manager.register(DescribedCell.self)
                }
            }
            """)
        let registrations = (result.manifests.first?.entries ?? []).compactMap { entry -> String? in
            guard case .registration(let registration) = entry else { return nil }
            return "\(registration.view): \(registration.model)"
        }
        #expect(registrations == ["EventCell: ItemModel", "DescribedCell: Event"])
        #expect(result.notes.isEmpty, "\(result.notes.map(\.message))")
        // `Event` is an `ItemModel`: the first cell takes its items.
        #expect(
            SwiftExtractor.lint(result).diagnostics.map { "\($0.location.line) \($0.rule.rawValue)" } == [
                "14 unreachable-registration"
            ])
        // A name declared nowhere in the files read may be an associated type of the protocol (one
        // type per cell, `aModelTypeThatCannotBeDeterminedSaysSo`): the model type stays unknown,
        // and the registration is noted.
        let associated = extract(
            """
            protocol Reusable: AnyObject {}
            extension ModelTransfer where Self: Reusable {
                func update(with model: ViewModel) {}
            }
            final class EventCell: UITableViewCell, Reusable, ModelTransfer {}
            final class Screen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(EventCell.self) }
            }
            """)
        #expect(associated.manifests.isEmpty || associated.manifests.first?.entries.isEmpty == true)
        #expect(associated.manifests.flatMap(\.notes).map(\.message).contains { $0.contains("is not extracted") })
    }

    /// The constrained extension's `update(with:)` takes an associated type of the protocol
    /// (`associatedtype Item`): Swift makes `ModelType` what each cell binds `Item` to, with a
    /// `typealias` in the cell, an extension of it or a superclass. A cell that binds it otherwise
    /// (inferred from a requirement, a generic parameter) stays "not extracted".
    @Test func aModelTypeFromAnAssociatedTypeOfTheConformedProtocolIsRead() throws {
        let source = """
            struct Event {}
            struct Player {}
            protocol Bindable: AnyObject { associatedtype Item }
            protocol ListCell: Bindable {}
            extension ModelTransfer where Self: ListCell {
                func update(with model: Item?) {}
            }
            final class EventCell: UITableViewCell, ListCell, ModelTransfer { typealias Item = Event }
            final class PlayerCell: UITableViewCell, ListCell, ModelTransfer {}
            extension PlayerCell { typealias Item = Player }
            class BaseCell: UITableViewCell, ListCell, ModelTransfer { typealias Item = Event }
            final class LatestEventCell: BaseCell {}
            final class OtherCell: UITableViewCell, ListCell, ModelTransfer { var item: Item? }
            class ValueCell<T>: UITableViewCell, ListCell, ModelTransfer { typealias Item = T }
            final class Screen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(EventCell.self)
                    manager.register(PlayerCell.self)
                    manager.register(LatestEventCell.self)
                    manager.register(OtherCell.self)
                    manager.register(ValueCell<Int>.self)
                }
            }
            """
        let result = extract(source)
        let registrations = (result.manifests.first?.entries ?? []).compactMap { entry -> String? in
            guard case .registration(let registration) = entry else { return nil }
            return "\(registration.view): \(registration.model)"
        }
        #expect(registrations == ["EventCell: Event?", "PlayerCell: Player?", "LatestEventCell: Event?"])
        #expect(
            result.manifests.flatMap(\.notes).map { "\($0.location.line) \($0.message)" }.filter {
                $0.contains("is not extracted")
            } == [
                "20 `manager.register(OtherCell.self)` is not extracted: the model type of `OtherCell` could not be determined (its `update(with:)` is not declared in the class, its extensions or superclasses) and the call names none with `for:`",
                "21 `manager.register(ValueCell<Int>.self)` is not extracted: `ValueCell<Int>` is not declared in the Swift files read, so its model type is unknown",
            ])
    }

    @Test func nothingFoundSaysWhy() throws {
        let none = extract("struct Post { var likes: Int }")
        #expect(
            SwiftExtractor.nothingFound(in: ["App"], result: none)
                == "no registration code found in App (1 Swift file read; no type conforming to DTTableViewManageable or DTCollectionViewManageable, no manager property or parameter)"
        )
        let idle = extract(
            """
            final class EmptyScreen: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.startManaging(withDelegate: self) }
            }
            """)
        #expect(idle.manifests.isEmpty)
        #expect(
            SwiftExtractor.nothingFound(in: ["App"], result: idle)
                == "no registration code found in App: `EmptyScreen` owns a manager, but no call on it registers a view"
        )
        #expect(
            SwiftExtractor.nothingFound(in: [], result: ExtractionResult())
                == "no registration code found in the current folder: no Swift file was read")
    }

    /// The manager is handed to a function that registers: an event no registration of this
    /// manifest matches may attach to one made there, so it is a note; an event that one here
    /// matches is still checked.
    @Test func anEventMayAttachToARegistrationMadeWhereTheManagerIsPassed() throws {
        let result = extract(
            """
            enum Cells {
                static func register(in manager: DTCollectionViewManager) {
                    manager.register(TileCell.self)
                }
            }
            final class GridScreen: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    Cells.register(in: manager)
                    manager.register(BadgeCell.self)
                    manager.sizeForCell(withItem: Tile.self) { _, _ in .zero }
                    manager.didSelect(TileCell.self) { _, _, _ in }
                    manager.didSelect(BadgeCell.self) { _, _, _ in }
                    manager.sizeForCell(withItem: Badge.self) { _, _ in .zero }
                }
            }
            final class TileCell: UICollectionViewCell, ModelTransfer { func update(with model: Tile) {} }
            final class BadgeCell: UICollectionViewCell, ModelTransfer { func update(with model: Badge) {} }
            struct Tile { var name: String }
            struct Badge { var count: Int }
            """)
        let screen = try manifest("GridScreen", in: result)
        #expect(
            registrationsYAML(screen) == """
                registrations:
                  - cell: BadgeCell
                    model: Badge
                  - event: didSelect
                    view: BadgeCell
                  - event: sizeForCell
                    model: Badge
                """)
        #expect(
            describe(screen.notes) == [
                "8:28 the manager is passed to `Cells.register`: registrations made there are not part of this screen (they are read as the screen Cells.register)",
                "10:9 `sizeForCell(withItem: Tile.self)` is not checked: no registration of this screen matches it, and it may attach to one made where the manager is passed to `Cells.register` (Feed.swift:8)",
                "11:9 `didSelect(TileCell.self)` is not checked: no registration of this screen matches it, and it may attach to one made where the manager is passed to `Cells.register` (Feed.swift:8)",
            ])
        let cells = try manifest("Cells.register", in: result)
        #expect(registrations(cells).map(\.view) == ["TileCell"])
    }

    /// An event whose closure is not written at the call (a constant, a method) is an event too.
    @Test func anEventWhoseClosureIsNotALiteralIsExtracted() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.heightForCell(withItem: Post.self, rowHeight)
                        manager.didSelect(PostCell.self, didSelectPost)
                        manager.willDisplay(PostCell.self, onDisplay)
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: heightForCell
                    model: Post
                  - event: didSelect
                    view: PostCell
                  - event: willDisplay
                    view: PostCell
                """)
        #expect(manifest.notes.isEmpty)
    }
}
