import Testing

@testable import MaplintFindings
@testable import MaplintSwift

/// The registration calls on the manager: `register`, headers, footers, supplementary views,
/// `unregister…`, `registerNibNamed`, `registerNibless…`, and their closures.
@Suite struct RegistrationCallTests {
    @Test func registerTakesTheModelFromUpdateWith() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self)
                }
            }
            class PostCell: UITableViewCell, ModelTransfer {
                func update(with model: Post) {}
            }
            class Post {
                var likes = 0
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            yaml(manifest) == """
                # Extracted from Swift sources by maplint; findings point at the lines named in `# swift:` comments.
                # Table view of `FeedViewController`; regenerate with `maplint extract` rather than editing.
                version: 1  # swift: Sources/Feed.swift:1:13
                host: tableView
                models:
                  Post:  # swift: Sources/Feed.swift:9:7
                    kind: class
                    properties:
                      likes: Int  # swift: Sources/Feed.swift:10:9
                registrations:
                  - cell: PostCell  # swift: Sources/Feed.swift:3:9
                    model: Post  # swift: Sources/Feed.swift:7:29

                """)
        #expect(manifest.name == "FeedViewController")
        #expect(manifest.fileName == "FeedViewController.maplint.yml")
        #expect(manifest.notes.isEmpty)
        #expect(result.notes.isEmpty)
        #expect(result.problems.isEmpty)
        #expect(result.files == ["Sources/Feed.swift"])
        let registration = try #require(registrations(manifest).first)
        #expect(registration.element == .cell)
        #expect(registration.view == "PostCell")
        #expect(registration.model == "Post")
        #expect(registration.modelTransfer)
        #expect(registration.condition == nil)
        #expect(registration.xib == nil)
        #expect(registration.reuseIdentifier == nil)
        #expect(registration.storyboard == nil)
        #expect(registration.events.isEmpty)
        #expect(registration.location == at(3, 9))
        #expect(registration.modelLocation == at(7, 29))
    }

    @Test func theModelTypeComesFromATypealiasAnExtensionOrASuperclass() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(AliasCell.self)
                    manager.register(ExtensionCell.self)
                    manager.register(ExtensionAliasCell.self)
                    manager.register(SubCell.self)
                    manager.register(GrandSubCell.self)
                    manager.register(AliasAndUpdateCell.self)
                }
            }
            class AliasCell: UITableViewCell, ModelTransfer {
                typealias ModelType = Int
                func update(with model: ModelType) {}
            }
            class ExtensionCell: UITableViewCell {}
            extension ExtensionCell: ModelTransfer {
                func update(with model: String) {}
            }
            class ExtensionAliasCell: UITableViewCell {}
            extension ExtensionAliasCell: ModelTransfer {
                typealias ModelType = Double
            }
            class BaseCell: UITableViewCell, ModelTransfer {
                func update(with model: Bool) {}
            }
            class SubCell: BaseCell {}
            class GrandSubCell: SubCell {}
            class AliasAndUpdateCell: UITableViewCell, ModelTransfer {
                func update(with model: ModelType) {}
                typealias ModelType = String
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: AliasCell
                    model: Int
                  - cell: ExtensionCell
                    model: String
                  - cell: ExtensionAliasCell
                    model: Double
                  - cell: SubCell
                    model: Bool
                  - cell: GrandSubCell
                    model: Bool
                  - cell: AliasAndUpdateCell
                    model: String
                """)
        // The model's place is where the cell (or its superclass) declares it.
        #expect(
            registrations(manifest).map(\.modelLocation) == [
                at(12, 27), at(17, 29), at(21, 27), at(24, 29), at(24, 29), at(30, 27),
            ])
        #expect(manifest.notes.isEmpty)
    }

    @Test func registerForAModelWithMappingAndHandler() throws {
        let result = extract(
            """
            final class ProfileViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PlainCell.self, for: String.self) { mapping in
                        mapping.condition = .section(2)
                    } handler: { cell, model, indexPath in
                        cell.textLabel?.text = model
                    }
                    manager.register(PostCell.self, for: Post.self)
                    manager.register(PlainCell.self, for: Post.self, mapping: { $0.condition = .section(1) }, handler: { cell, model, _ in
                        cell.textLabel?.text = "post"
                    })
                }
            }
            final class PlainCell: UITableViewCell {}
            class PostCell: UITableViewCell, ModelTransfer {
                func update(with model: Post) {}
            }
            struct Post {}
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PlainCell
                    modelTransfer: false
                    model: String
                    section: 2
                  - cell: PostCell
                    model: Post
                  - cell: PlainCell
                    modelTransfer: false
                    model: Post
                    section: 1
                """)
        // The model's place is the `for:` argument.
        #expect(registrations(manifest).map(\.modelLocation) == [at(3, 47), at(8, 46), at(9, 47)])
        #expect(registrations(manifest).map(\.modelTransfer) == [false, true, false])
        #expect(manifest.notes.isEmpty)
    }

    @Test func aSingleTrailingClosureWithSeveralParametersIsTheHandler() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PlainCell.self, for: String.self) { cell, model, indexPath in
                            cell.textLabel?.text = model
                        }
                        manager.register(PlainCell.self, for: Int.self) { $0.textLabel?.text = "\\($1)" }
                        manager.register(PlainCell.self, for: Bool.self) { (cell: PlainCell, model: Bool, indexPath: IndexPath) in
                            cell.isSelected = model
                        }
                """) + "\nfinal class PlainCell: UITableViewCell {}\n")
        let manifest = try onlyManifest(result)
        // Read as mappings, the bodies would give notes ("not understood").
        #expect(manifest.notes.isEmpty)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PlainCell
                    modelTransfer: false
                    model: String
                  - cell: PlainCell
                    modelTransfer: false
                    model: Int
                  - cell: PlainCell
                    modelTransfer: false
                    model: Bool
                """)
    }

    @Test func shorthandParametersOfAnInnerClosureDoNotMakeTheMappingAHandler() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self) { $0.condition = $0.modelCondition { $0.section == 0 && $1.likes > 3 } }
                """))
        let manifest = try onlyManifest(result)
        #expect(manifest.notes.isEmpty)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.section == 0 && model.likes > 3"
                """)
    }

    @Test func mappingClosuresTrailingLabelledOrShorthand() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self) { mapping in
                            mapping.condition = .section(1)
                        }
                        manager.register(PostCell.self, mapping: { mapping in mapping.condition = .section(2) })
                        manager.register(PostCell.self) { $0.condition = .section(3) }
                        manager.register(PostCell.self, mapping: { $0.condition = .section(4) })
                        manager.register(PostCell.self) { m in m.condition = .section(5) }
                        manager.register(PostCell.self) { (mapping: CellViewModelMapping<PostCell, Post>) in
                            mapping.condition = .section(6)
                        }
                """))
        let manifest = try onlyManifest(result)
        #expect(manifest.notes.isEmpty)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 1
                  - cell: PostCell
                    model: Post
                    section: 2
                  - cell: PostCell
                    model: Post
                    section: 3
                  - cell: PostCell
                    model: Post
                    section: 4
                  - cell: PostCell
                    model: Post
                    section: 5
                  - cell: PostCell
                    model: Post
                    section: 6
                """)
        // The section's place is the value assigned.
        let places = registrations(manifest).map { registration -> MaplintFindings.SourceLocation? in
            if case .section(_, let location)? = registration.condition { location } else { nil }
        }
        #expect(places == [at(4, 33), at(6, 83), at(7, 58), at(8, 67), at(9, 62), at(11, 33)])
    }

    @Test func collectionViewHeadersFootersAndSupplementaryViews() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.registerHeader(HeaderView.self)
                    manager.registerFooter(HeaderView.self)
                    manager.registerSupplementary(BadgeView.self, ofKind: "badge")
                    manager.registerSupplementary(BadgeView.self, forKind: "ribbon")
                    manager.registerSupplementary(HeaderView.self, ofKind: UICollectionView.elementKindSectionHeader)
                    manager.registerSupplementary(HeaderView.self, forKind: UICollectionView.elementKindSectionFooter)
                    manager.registerSupplementary(HeaderView.self, ofKind: UICollectionElementKindSectionHeader)
                }
            }
            class HeaderView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
            class BadgeView: UICollectionReusableView, ModelTransfer { func update(with model: Int) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(manifest.host == .collectionView)
        #expect(manifest.notes.isEmpty)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - header: HeaderView
                    model: String
                  - footer: HeaderView
                    model: String
                  - supplementary: BadgeView
                    kind: badge
                    model: Int
                  - supplementary: BadgeView
                    kind: ribbon
                    model: Int
                  - header: HeaderView
                    model: String
                  - footer: HeaderView
                    model: String
                  - header: HeaderView
                    model: String
                """)
        #expect(
            registrations(manifest).map(\.element) == [
                .header, .footer, .supplementary("badge"), .supplementary("ribbon"), .header, .footer, .header,
            ])
        // Collection views have no `headerFooterView` flag.
        #expect(registrations(manifest).allSatisfy { $0.headerFooterView == nil })
    }

    @Test func tableViewHeadersKnowWhetherTheyAreHeaderFooterViews() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.registerHeader(TitleView.self)
                    manager.registerFooter(PlainView.self)
                    manager.registerHeader(FrameworkBasedView.self)
                    manager.registerFooter(SubTitleView.self)
                    manager.registerSupplementary(TitleView.self, forKind: "badge")
                }
            }
            class TitleView: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }
            class SubTitleView: TitleView {}
            class PlainView: UIView, ModelTransfer { func update(with model: String) {} }
            class FrameworkBasedView: SomeFrameworkView, ModelTransfer { func update(with model: String) {} }
            """)
        let manifest = try onlyManifest(result)
        // A plain UIView is written `headerFooterView: false`; unknown superclasses keep the default.
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - header: TitleView
                    model: String
                  - footer: PlainView
                    headerFooterView: false
                    model: String
                  - header: FrameworkBasedView
                    model: String
                  - footer: SubTitleView
                    model: String
                """)
        #expect(registrations(manifest).map(\.headerFooterView) == [true, false, nil, true])
        #expect(
            describe(manifest.notes) == [
                "7:9 `manager.registerSupplementary(TitleView.self, forKind: \"badge\")`: a table view has no supplementary kinds besides headers and footers; not extracted"
            ])
    }

    @Test func unregisterCalls() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.unregister(GalleryCell.self)
                    manager.unregisterHeader(HeaderView.self)
                    manager.unregisterFooter(HeaderView.self)
                    manager.unregisterSupplementary(BadgeView.self, forKind: "badge")
                    manager.unregisterSupplementary(HeaderView.self, forKind: UICollectionView.elementKindSectionHeader)
                    manager.unregisterSupplementary(BadgeView.self, forKind: kind)
                }
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - unregister: GalleryCell
                  - unregister: {header: HeaderView}
                  - unregister: {footer: HeaderView}
                  - unregister: {supplementary: BadgeView, kind: "badge"}
                  - unregister: {header: HeaderView}
                """)
        guard case .unregister(let element, let view, let location) = manifest.entries[3] else {
            Issue.record("not an unregister: \(manifest.entries[3])")
            return
        }
        #expect(element == .supplementary("badge"))
        #expect(view == "BadgeView")
        #expect(location == at(6, 9))
        // Unregistering needs no declaration of the view, nor a model type.
        #expect(manifest.models.isEmpty)
        #expect(
            describe(manifest.notes) == [
                "8:9 the kind in `manager.unregisterSupplementary(BadgeView.self, forKind: kind)` is not a string literal or a standard header/footer kind: it is not extracted"
            ])
    }

    @Test func tableUnregisterOfHeadersAndFooters() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.unregister(PostCell.self)
                        manager.unregisterHeader(TitleView.self)
                        manager.unregisterFooter(TitleView.self)
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - unregister: PostCell
                  - unregister: {header: TitleView}
                  - unregister: {footer: TitleView}
                """)
    }

    @Test func registerNibNamedGivesTheXib() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.registerNibNamed("BigCell", for: GalleryCell.self)
                    manager.registerNibNamed("BigHeader", forHeader: HeaderView.self)
                    manager.registerNibNamed("BigFooter", forFooter: HeaderView.self) { $0.reuseIdentifier = "footer" }
                    manager.registerNibNamed("Badge", forSupplementary: HeaderView.self, ofKind: "badge")
                    manager.registerNibNamed(name, for: GalleryCell.self)
                    manager.registerNibNamed("X", forView: GalleryCell.self)
                }
            }
            class GalleryCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            class HeaderView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: GalleryCell
                    model: Int
                    xib: "BigCell"
                  - header: HeaderView
                    model: String
                    xib: "BigHeader"
                  - footer: HeaderView
                    model: String
                    xib: "BigFooter"
                    reuseIdentifier: "footer"
                  - supplementary: HeaderView
                    kind: badge
                    model: String
                    xib: "Badge"
                """)
        // The xib's place is its name.
        #expect(registrations(manifest).compactMap(\.xib?.location) == [at(3, 34), at(4, 34), at(5, 34), at(6, 34)])
        #expect(
            describe(manifest.notes) == [
                "7:9 the xib name in `manager.registerNibNamed(name, for: GalleryCell.self)` is not a string literal: it is not extracted",
                "8:9 `manager.registerNibNamed(\"X\", forView: GalleryCell.self)` is not extracted: no DTCollectionViewManager version from 4 to 11 has `registerNibNamed(_:forView:)`",
            ])
    }

    @Test func niblessRegistrationsHaveNoXib() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.registerNiblessHeader(HeaderView.self)
                    manager.registerNiblessFooter(HeaderView.self)
                    manager.registerNiblessSupplementary(BadgeView.self, forKind: "badge")
                    manager.registerNibless(GalleryCell.self)
                }
            }
            class GalleryCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            class HeaderView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
            class BadgeView: UICollectionReusableView, ModelTransfer { func update(with model: Int) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - header: HeaderView
                    model: String
                    xib: null
                  - footer: HeaderView
                    model: String
                    xib: null
                  - supplementary: BadgeView
                    kind: badge
                    model: Int
                    xib: null
                  - cell: GalleryCell
                    model: Int
                    xib: null
                """)
        for registration in registrations(manifest) {
            let xib = try #require(registration.xib)
            #expect(xib.name == nil)
            #expect(xib.location == registration.location)
        }
    }

    @Test func calledOnSelfManagerOrAnOptionalManager() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController {
                var manager: DTTableViewManager?
                func setUp() {
                    manager?.register(PostCell.self)
                    manager!.register(PostCell.self)
                    self.manager?.register(PostCell.self)
                }
            }
            """ + "\n" + postDeclarations)
        let manifest = try onlyManifest(result)
        #expect(manifest.name == "FeedViewController")
        #expect(registrations(manifest).map(\.location) == [at(4, 9), at(5, 9), at(6, 9)])
    }

    @Test func otherCallsOnTheManagerAreIgnored() throws {
        let result = extract(
            tableScreen(
                """
                        manager.startManaging(withDelegate: self)
                        manager.memoryStorage.setItems([1, 2, 3])
                        manager.tableViewUpdater?.reloadData()
                        manager.register(PostCell.self)
                        otherObject.register(PostCell.self)
                """))
        let manifest = try onlyManifest(result)
        #expect(manifest.notes.isEmpty)
        #expect(manifest.entries.count == 1)
        #expect(registrations(manifest).map(\.location) == [at(6, 9)])
    }
}
