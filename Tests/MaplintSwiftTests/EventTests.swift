import MaplintManifest
import Testing

@testable import MaplintFindings
@testable import MaplintRules
@testable import MaplintSwift

/// Manager-level events: for a view type, keyed by a model type, for headers, footers and
/// supplementary views, and inside `configureEvents(for:)`.
@Suite struct EventTests {
    @Test func viewEventsBeforeAndAfterTheRegistrationKeepTheirOrder() throws {
        let result = extract(
            tableScreen(
                """
                        manager.didSelect(PostCell.self) { cell, model, indexPath in }
                        manager.register(PostCell.self)
                        manager.willDisplay(PostCell.self) { _, _, _ in }
                        manager.didSelect(PostCell.self) { _, _, _ in }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            yaml(manifest).hasSuffix(
                """
                registrations:
                  - event: didSelect  # swift: Sources/Feed.swift:3:9
                    view: PostCell
                  - cell: PostCell  # swift: Sources/Feed.swift:4:9
                    model: Post  # swift: Sources/Feed.swift:10:29
                  - event: willDisplay  # swift: Sources/Feed.swift:5:9
                    view: PostCell
                  - event: didSelect  # swift: Sources/Feed.swift:6:9
                    view: PostCell

                """))
        guard case .event(let name, let view, let model, let element, let location) = manifest.entries[0] else {
            Issue.record("not an event: \(manifest.entries[0])")
            return
        }
        #expect(name == "didSelect")
        #expect(view == "PostCell")
        #expect(model == nil)
        #expect(element == .cell)
        #expect(location == at(3, 9))
        #expect(manifest.notes.isEmpty)
    }

    @Test func modelKeyedEvents() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.heightForCell(withItem: Post.self) { post, indexPath in 80 }
                        manager.estimatedHeightForCell(withItem: Post.self) { _, _ in 80 }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: heightForCell
                    model: Post
                  - event: estimatedHeightForCell
                    model: Post
                """)
        #expect(manifest.notes.isEmpty)
    }

    /// `heightForCell(withItem: Post?.self)` (or `Optional<Post>.self`) keys the event by the metatype of
    /// `Optional<Post>` (what Swift prints for both, and they are equal), the event a manifest writes
    /// `model: "Post?"`; the entries after it keep their numbers.
    @Test func anOptionalModelKeyedEventIsTheEventOfTheOptional() throws {
        let manifest = try onlyManifest(
            extract(
                tableScreen(
                    """
                            manager.register(PostCell.self)
                            manager.heightForCell(withItem: Post?.self) { post, indexPath in 80 }
                            manager.didSelect(PostCell.self) { _, _, _ in }
                            manager.estimatedHeightForCell(withItem: Optional<Post>.self) { _, _ in 80 }
                            manager.willDisplay(PostCell.self) { _, _, _ in }
                    """)))
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: heightForCell
                    model: Post?
                  - event: didSelect
                    view: PostCell
                  - event: estimatedHeightForCell
                    model: Post?
                  - event: willDisplay
                    view: PostCell
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func aModelKeyedEventDeclaresItsModel() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.heightForCell(withItem: Ad.self) { _, _ in 80 }
                }
            }
            struct Ad {
                var sponsor: String
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            plainYAML(manifest) == """
                version: 1
                host: tableView
                models:
                  Ad:
                    kind: struct
                    properties:
                      sponsor: String
                registrations:
                  - event: heightForCell
                    model: Ad
                """)
    }

    /// `heightForCell(withItem: PostCell.self)`: the view class stays a view class, not a declared
    /// model, so the manifest reports modelEventCalledWithCellClass (DTTableViewManager.swift,
    /// verifyItemEvent, 11.0.1).
    @Test func aModelKeyedEventGivenTheCellClassKeepsTheClass() throws {
        let manifest = try onlyManifest(
            extract(
                tableScreen(
                    """
                            manager.register(PostCell.self)
                            manager.heightForCell(withItem: PostCell.self) { _, _ in 44 }
                    """)))
        #expect(modelsYAML(manifest) == postModelsYAML)
        #expect(registrationsYAML(manifest).hasSuffix("  - event: heightForCell\n    model: PostCell"))
        let loaded = try #require(
            ManifestLoader.load(bytes: Array(yaml(manifest).utf8), file: "Feed.maplint.yml").manifest)
        #expect(Analyzer.analyze(loaded).map(\.rule) == [ModelEventWithViewClassRule.id])
    }

    @Test func tableHeaderAndFooterEvents() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.registerHeader(TitleView.self)
                    manager.willDisplayHeaderView(TitleView.self) { _, _, _ in }
                    manager.heightForHeader(withItem: String.self) { _, _ in 30 }
                    manager.estimatedHeightForHeader(withItem: String.self) { _, _ in 30 }
                    manager.registerFooter(TitleView.self)
                    manager.didEndDisplayingFooterView(TitleView.self) { _, _, _ in }
                    manager.heightForFooter(withItem: String.self) { _, _ in 30 }
                }
            }
            class TitleView: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - header: TitleView
                    model: String
                  - event: willDisplayHeaderView
                    view: TitleView
                    element: header
                  - event: heightForHeader
                    model: String
                    element: header
                  - event: estimatedHeightForHeader
                    model: String
                    element: header
                  - footer: TitleView
                    model: String
                  - event: didEndDisplayingFooterView
                    view: TitleView
                    element: footer
                  - event: heightForFooter
                    model: String
                    element: footer
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func collectionSupplementaryEvents() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.register(GalleryCell.self)
                    manager.registerSupplementary(BadgeView.self, ofKind: "badge")
                    manager.willDisplaySupplementaryView(BadgeView.self, forElementKind: "badge") { _, _, _, _ in }
                    manager.willDisplaySupplementaryView(BadgeView.self, forElementKind: UICollectionView.elementKindSectionHeader) { _, _, _, _ in }
                    manager.referenceSizeForHeaderView(withItem: String.self) { _, _ in .zero }
                    manager.referenceSizeForFooterView(withItem: String.self) { _, _ in .zero }
                    manager.sizeForCell(withItem: Int.self) { _, _ in .zero }
                    manager.willDisplaySupplementaryView(BadgeView.self, forElementKind: kind) { _, _, _, _ in }
                }
            }
            class GalleryCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            class BadgeView: UICollectionReusableView, ModelTransfer { func update(with model: Double) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: GalleryCell
                    model: Int
                  - supplementary: BadgeView
                    kind: badge
                    model: Double
                  - event: willDisplaySupplementaryView
                    view: BadgeView
                    element: supplementary
                    kind: "badge"
                  - event: willDisplaySupplementaryView
                    view: BadgeView
                    element: header
                  - event: referenceSizeForHeaderView
                    model: String
                    element: header
                  - event: referenceSizeForFooterView
                    model: String
                    element: footer
                  - event: sizeForCell
                    model: Int
                """)
        #expect(
            describe(manifest.notes) == [
                "10:9 the kind in `manager.willDisplaySupplementaryView(BadgeView.self, forElementKind: kind) { ...` is not a string literal or a standard header/footer kind: the event is not extracted"
            ])
    }

    @Test func configureEventsBindsTheCellAndModelTypes() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.configureEvents(for: PostCell.self) { cellType, modelType in
                            manager.didSelect(cellType) { _, _, _ in }
                            manager.heightForCell(withItem: modelType) { _, _ in 44 }
                            manager.willDisplay(PostCell.self) { _, _, _ in }
                            print("configured")
                        }
                        manager.configureEvents(for: PostCell.self) { cell, _ in
                            manager.didDeselect(cell) { _, _, _ in }
                        }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: PostCell
                  - event: heightForCell
                    model: Post
                  - event: willDisplay
                    view: PostCell
                  - event: didDeselect
                    view: PostCell
                """)
        // Each event's place is its own call.
        let places = manifest.entries.compactMap { entry -> MaplintFindings.SourceLocation? in
            if case .event(_, _, _, _, let location) = entry { location } else { nil }
        }
        #expect(places == [at(5, 13), at(6, 13), at(7, 13), at(11, 13)])
        #expect(
            describe(manifest.notes) == [
                "8:13 `print(\"configured\")` in `configureEvents` is not an event call on the manager: not extracted"
            ])
    }

    @Test func eventsWhoseTypeIsNotALiteralGiveNotes() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.didSelect(cellClass) { _, _, _ in }
                        manager.heightForCell(withItem: modelClass) { _, _ in 44 }
                        manager.configureEvents(for: cellClass) { cellType, modelType in }
                """))
        let manifest = try onlyManifest(result)
        #expect(manifest.entries.count == 1)
        #expect(
            describe(manifest.notes) == [
                "4:9 the view or model type of `manager.didSelect(cellClass) { _, _, _ in }` is not a `Type.self` literal: the event is not extracted",
                "5:9 the view or model type of `manager.heightForCell(withItem: modelClass) { _, _ in 44 }` is not a `Type.self` literal: the event is not extracted",
                "6:9 `manager.configureEvents(for: cellClass) { cellType, modelType in }` names no `Type.self` literal or closure: its events are not extracted",
            ])
    }

    @Test func eventsInsideTheMappingClosureAndOnTheManagerTogether() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self) { mapping in
                            mapping.didSelect { _, _, _ in }
                        }
                        manager.didSelect(PostCell.self) { _, _, _ in }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    events:
                      - didSelect
                  - event: didSelect
                    view: PostCell
                """)
    }
}
