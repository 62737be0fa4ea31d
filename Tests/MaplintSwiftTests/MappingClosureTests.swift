import Foundation
import MaplintFindings
import MaplintLibrary
import MaplintLint
import MaplintManifest
import Testing

@testable import MaplintSwift

/// What a mapping closure sets: the condition (section, none, model conditions), the reuse
/// identifier, the xib, the storyboard flags and event closures.
@Suite struct MappingClosureTests {
    /// The registrations of a table screen whose `viewDidLoad` is `body`, with `postDeclarations`.
    private func extracted(_ body: String) throws -> ManifestDraft {
        try onlyManifest(extract(tableScreen(body)))
    }

    @Test func sectionAndNoneAndTheLastAssignmentWins() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .section(0)
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .none
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .section(2)
                        mapping.condition = .none
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .none
                        mapping.condition = .section(5)
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .section(1)
                        mapping.condition = mapping.modelCondition { _, post in post.likes > 1 }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 0
                  - cell: PostCell
                    model: Post
                  - cell: PostCell
                    model: Post
                  - cell: PostCell
                    model: Post
                    section: 5
                  - cell: PostCell
                    model: Post
                    condition: "model.likes > 1"
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func aNegativeSectionNeverMatches() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { $0.condition = .section(-1) }
            """)
        // `section:` must not be negative; the condition says the same exactly.
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.section == -1"
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func modelConditionAndCustomAreTranslated() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { indexPath, model in model.likes > 3 }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .custom { indexPath, model in indexPath.row == 0 }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition({ indexPath, model in model.likes % 2 == 0 })
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { indexPath, model in
                            model.likes > 2 &&
                                !model.title.isEmpty
                        }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "model.likes > 3"
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.row == 0"
                  - cell: PostCell
                    model: Post
                    condition: "model.likes % 2 == 0"
                  - cell: PostCell
                    model: Post
                    condition: "model.likes > 2 && !model.title.isEmpty"
                """)
        // The condition's place is the closure; its Swift text is kept.
        guard case .expression(let text, let swift, let location)? = registrations(manifest)[0].condition else {
            Issue.record("not an expression: \(String(describing: registrations(manifest)[0].condition))")
            return
        }
        #expect(text == "model.likes > 3")
        #expect(swift == "{ indexPath, model in model.likes > 3 }")
        #expect(location == at(4, 56))
        #expect(manifest.notes.isEmpty)
    }

    /// `PostCell.modelCondition { … }`: the static function DTModelStorage's `ModelTransfer` extension gives every
    /// cell class, whose closure takes the class's `ModelType` (ModelTransfer.swift, `modelCondition(_:)`, 7.4.1 and
    /// 11.0.0), the only model condition before DT 8. Another class's is of another model type: kept opaque.
    @Test func theRegisteredClassStaticModelConditionIsTheModelCondition() throws {
        let source = tableScreen(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = PostCell.modelCondition { _, post in post.likes > 1 }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = AdCell.modelCondition { _, post in post.likes > 2 }
                    }
            """)
        let manifest = try onlyManifest(extract(source, version: "7.2.0"))
        let conditions = registrations(manifest).map { registration -> String in
            switch registration.condition {
            case .expression(let text, _, _)?: text
            case .opaque(let swift, _)?: "opaque " + swift
            default: "\(String(describing: registration.condition))"
            }
        }
        #expect(conditions == ["model.likes > 1", "opaque AdCell.modelCondition { _, post in post.likes > 2 }"])
        #expect(manifest.notes.count == 1)
    }

    @Test func theClosuresParametersAreRenamedByPosition() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { model, indexPath in model.section > 0 && indexPath.likes > 1 }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { ip, post in ip.item > 2 || post.title == "A" }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { _, post in !post.containsVideo }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .custom { path, _ in path.section == 1 }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { (indexPath: IndexPath, post: Post) -> Bool in post.likes > 1 }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.section > 0 && model.likes > 1"
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.item > 2 || model.title == \\"A\\""
                  - cell: PostCell
                    model: Post
                    condition: "!model.containsVideo"
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.section == 1"
                  - cell: PostCell
                    model: Post
                    condition: "model.likes > 1"
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func shorthandParametersAndReturn() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { $0.section == 1 && $1.containsVideo }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .custom { $0.item.isMultiple(of: 2) }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { indexPath, post in
                            return post.likes >= 10
                        }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.section == 1 && model.containsVideo"
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.item.isMultiple(of: 2)"
                  - cell: PostCell
                    model: Post
                    condition: "model.likes >= 10"
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func conditionsOnEnumsOptionalsAndBuiltinModels() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self) { $0.condition = $0.modelCondition { _, post in post.state == .draft } }
                    manager.register(PostCell.self) { $0.condition = $0.modelCondition { _, post in post.author?.name == "x" } }
                    manager.register(PostCell.self) { $0.condition = $0.modelCondition { _, post in post.author != nil } }
                    manager.register(CountCell.self) { $0.condition = $0.modelCondition { _, count in count > 5 } }
                }
            }
            class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            class CountCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
            class Post {
                var state: State = .draft
                var author: Author?
            }
            struct Author { let name: String }
            enum State { case draft, published }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "model.state == .draft"
                  - cell: PostCell
                    model: Post
                    condition: "model.author?.name == \\"x\\""
                  - cell: PostCell
                    model: Post
                    condition: "model.author != nil"
                  - cell: CountCell
                    model: Int
                    condition: "model > 5"
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func closuresThatCannotBeTranslatedStayOpaque() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .custom { indexPath, model in
                            guard let post = model as? Post else { return false }
                            return post.likes > 3
                        }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { _, post in post.likes > self.threshold }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { _, post in post.likes > threshold }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { post in post.likes > 1 }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "{ indexPath, model in\\n                guard let post = model as? Post else { return false }\\n                return post.likes > 3\\n            }"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "{ _, post in post.likes > self.threshold }"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "{ _, post in post.likes > threshold }"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "{ post in post.likes > 1 }"
                """)
        // The opaque condition's place is the closure; the note's is the value assigned.
        #expect(registrations(manifest).map(\.condition?.location) == [at(4, 41), at(10, 56), at(13, 56), at(16, 56)])
        #expect(
            describe(manifest.notes) == [
                "4:33 the condition closure has 2 statements; only a single expression (or `return` of one) is translated: kept as an opaque condition, analysed as unknown",
                "10:33 the condition closure refers to `self`: kept as an opaque condition, analysed as unknown",
                "13:33 the condition closure refers to `threshold`, which is not one of its parameters: kept as an opaque condition, analysed as unknown",
                "16:33 the condition closure takes 1 parameters instead of (indexPath, model): kept as an opaque condition, analysed as unknown",
            ])
    }

    @Test func anExpressionOutsideTheConditionLanguageStaysOpaqueWithTheCompilersReason() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { indexPath, model in model.title.uppercased() == "A" }
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition { indexPath, model in model.likes > 2.5 }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "{ indexPath, model in model.title.uppercased() == \\"A\\" }"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "{ indexPath, model in model.likes > 2.5 }"
                """)
        // Written by `maplint extract` (ConditionValidator) and built by `lint` (ManifestBuilder), alike.
        let built = try #require(ManifestBuilder.build(manifest).manifest)
        #expect(describe(built.extractionNotes) == describe(ConditionValidator.checked(manifest).notes))
        #expect(
            describe(ConditionValidator.checked(manifest).notes) == [
                "4:56 the condition `model.title.uppercased() == \"A\"` is outside the condition language ('String' has no member 'uppercased' (did you mean 'lowercased'?); available: contains, count, hasPrefix, hasSuffix, isEmpty, lowercased): kept as an opaque condition, analysed as unknown",
                "7:56 the condition `model.likes > 2.5` is outside the condition language (cannot compare 'Int' with 'Double' literal 2.5; write 2 or 3, or declare likes as Double): kept as an opaque condition, analysed as unknown",
            ])
    }

    @Test func conditionsThatAreNotClosuresOrLiteralsStayOpaque() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = someCondition
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .section(sectionIndex)
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = mapping.modelCondition(predicate)
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "someCondition"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: ".section(sectionIndex)"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "mapping.modelCondition(predicate)"
                """)
        #expect(
            describe(manifest.notes) == [
                "4:33 the condition `someCondition` is not `.none`, `.section(n)`, `.custom { … }` or `modelCondition { … }`: kept as an opaque condition, analysed as unknown",
                "7:33 the section in `.section(sectionIndex)` is not an integer literal: kept as an opaque condition, analysed as unknown",
                "10:33 the condition `mapping.modelCondition(predicate)` does not pass a closure written here: kept as an opaque condition, analysed as unknown",
            ])
    }

    @Test func reuseIdentifierXibAndStoryboard() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self) { mapping in
                        mapping.reuseIdentifier = "post"
                        mapping.xibName = "PostCellWide"
                        mapping.cellRegisteredByStoryboard = true
                    }
                    manager.register(PostCell.self) { mapping in
                        mapping.xibName = nil
                        mapping.cellRegisteredByStoryboard = false
                    }
                    manager.registerHeader(TitleView.self) { mapping in
                        mapping.supplementaryRegisteredByStoryboard = true
                        mapping.reuseIdentifier = "say \\"hi\\"\\u{21}"
                    }
                    manager.register(PostCell.self) { $0.condition = .section(1); $0.reuseIdentifier = "a" }
                }
            }
            class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
            class TitleView: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Int
                    xib: "PostCellWide"
                    reuseIdentifier: "post"
                    storyboard: true
                  - cell: PostCell
                    model: Int
                    xib: null
                    storyboard: false
                  - header: TitleView
                    model: String
                    reuseIdentifier: "say \\"hi\\"!"
                    storyboard: true
                  - cell: PostCell
                    model: Int
                    section: 1
                    reuseIdentifier: "a"
                """)
        let first = registrations(manifest)[0]
        #expect(first.reuseIdentifier == Located("post", at: at(4, 13)))
        #expect(first.xib?.name == "PostCellWide")
        #expect(first.xib?.location == at(5, 13))
        #expect(first.storyboard == Located(true, at: at(6, 13)))
        #expect(registrations(manifest)[2].reuseIdentifier?.value == "say \"hi\"!")
        #expect(manifest.notes.isEmpty)
    }

    @Test func eventClosuresOnTheMapping() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.didSelect { cell, model, indexPath in }
                        mapping.willDisplay { _, _, _ in }
                        mapping.didSelect { _, _, _ in print("again") }
                    }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    events:
                      - didSelect
                      - willDisplay
                      - didSelect
                """)
        #expect(
            registrations(manifest)[0].events == [
                Located("didSelect", at: at(4, 21)), Located("willDisplay", at: at(5, 21)),
                Located("didSelect", at: at(6, 21)),
            ])
        #expect(manifest.notes.isEmpty)
    }

    @Test func settingsThatCannotBeReadGiveNotes() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.reuseIdentifier = identifier
                        mapping.reuseIdentifier = "cell-\\(kind)"
                        mapping.xibName = Self.xibName
                        mapping.cellRegisteredByStoryboard = usesStoryboard
                        mapping.estimatedHeight = 40
                        print("configuring")
                        let x = 3
                    }
            """)
        // Each setting that cannot be read keeps the default.
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                """)
        #expect(
            describe(manifest.notes) == [
                "4:39 the reuse identifier `identifier` is not a string literal: the default (the class name) is assumed",
                "5:39 the reuse identifier `\"cell-\\(kind)\"` is not a string literal: the default (the class name) is assumed",
                "6:31 the xib name `Self.xibName` is not a string literal: the default xib is assumed",
                "7:50 `cellRegisteredByStoryboard` is not set to `true` or `false`: it is not extracted",
                "8:39 setting `estimatedHeight` on a mapping is not modelled: it is not extracted",
                "9:13 `print(\"configuring\")` in the mapping closure is not understood: it is not extracted",
                "10:13 `let x = 3` in the mapping closure is not understood: it is not extracted",
            ])
    }

    @Test func aMappingThatIsNotAClosureWrittenHere() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self, mapping: configure)
                    manager.register(PostCell.self, mapping: nil)
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - cell: PostCell
                    model: Post
                """)
        #expect(
            describe(manifest.notes) == [
                "3:50 the mapping `configure` is not a closure written here: its settings are not extracted"
            ])
    }
}

/// The storyboard flag of the other kind of view is not the mapping's own. Before 11 both flags live on
/// the one `ViewModelMapping` and the dequeue reads only its own kind's (MS ViewModelMapping.swift, the
/// `_cellDequeueClosure` / `_supplementaryDequeueClosure` of 9.0.0 and 9.1.2); MS 9.1 to 10 make a
/// supplementary mapping's `SupplementaryRegistration` only when `cellRegisteredByStoryboard` is false
/// (ViewModelMapping.swift, `init(kind:supplementaryConfiguration:mapping:)`, 9.1.2, 10.0.0); from 11
/// each mapping class has only its own flag (CollectionSupplementaryViewModelMapping.swift, 11.0.0).
@Suite struct OtherKindStoryboardFlagTests {
    static let source = """
        final class GalleryViewController: UIViewController, DTCollectionViewManageable {
            override func viewDidLoad() {
                manager.registerHeader(TitleView.self) { mapping in
                    mapping.cellRegisteredByStoryboard = true
                }
                manager.register(PhotoCell.self) { mapping in
                    mapping.supplementaryRegisteredByStoryboard = true
                }
            }
        }
        class PhotoCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
        class TitleView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
        """

    @Test func isNotTheStoryboardFlagAndIn8_1To10LeavesTheHeaderUnregistered() throws {
        let manifest = try onlyManifest(extract(Self.source, version: "10.0.0"))
        #expect(registrations(manifest).map(\.storyboard) == [nil, nil])
        #expect(
            describe(manifest.notes) == [
                "4:50 `cellRegisteredByStoryboard` on a supplementary mapping is not its storyboard flag (that is "
                    + Self.missingRegistration,
                "7:59 `supplementaryRegisteredByStoryboard` on a cell mapping is not its storyboard flag (that is "
                    + "`cellRegisteredByStoryboard`): it is not extracted",
            ])
    }

    static let missingRegistration =
        "`supplementaryRegisteredByStoryboard`): it is not extracted; DTModelStorage 9.1 to 10 (DTCollectionViewManager "
        + "8.1 to 10 use them) then make no SupplementaryRegistration for it, so from iOS 14 the view is dequeued by "
        + "its reuse identifier, where nothing registers it: UIKit raises unless a storyboard has that prototype"

    /// DTCollectionViewManager 8.0.x's podspec requires DTModelStorage `~> 9.0.0`, whose supplementary mapping
    /// makes its registration at dequeue, gated on `supplementaryRegisteredByStoryboard` (ViewModelMapping.swift,
    /// `init(kind:supplementaryConfiguration:mapping:)`, 9.0.0, 9.0.1).
    @Test func in8_0TheRegistrationIsStillMade() throws {
        let manifest = try onlyManifest(extract(Self.source, version: "8.0.1"))
        #expect(
            describe(manifest.notes).first?.hasSuffix(
                "(that is `supplementaryRegisteredByStoryboard`): it is not extracted") == true)
    }

    /// DTCollectionViewManager 8.0.x's Package.swift requires DTModelStorage `.upToNextMajor(from: "9.0.0")`
    /// (Package.swift, 8.0.0, 8.0.1), so Swift Package Manager may resolve 9.1, whose supplementary mapping is
    /// registered only when `cellRegisteredByStoryboard` is false (ViewModelMapping.swift,
    /// `init(kind:supplementaryConfiguration:mapping:)`, 9.1.0, 9.1.2): the DTModelStorage version a lock
    /// file names decides.
    @Test func cellStoryboardFlagOnASupplementaryFollowsTheModelStorageVersion() throws {
        func notes(_ manager: String, _ storage: String) throws -> [String] {
            let versions = LibraryVersions(
                collectionView: DetectedLibraryVersion(
                    version: try #require(LibraryVersion(parsing: manager)), origin: .commandLine),
                modelStorage: DetectedLibraryVersion(
                    version: try #require(LibraryVersion(parsing: storage)),
                    origin: .lockFile(at(1, 1, file: "Package.resolved"))))
            let result = SwiftExtractor.extract(
                sources: [(path: "Sources/Feed.swift", bytes: Array(Self.source.utf8))], deploymentTarget: nil,
                libraryVersions: versions)
            return describe(try onlyManifest(result).notes)
        }
        #expect(try notes("8.0.1", "9.1.2").first?.hasSuffix(Self.missingRegistration) == true)
        #expect(try notes("8.0.1", "9.0.1").first?.hasSuffix("): it is not extracted") == true)
        #expect(try notes("10.0.0", "10.0.0").first?.hasSuffix(Self.missingRegistration) == true)
        // A bare "9" leaves the minor open: the manager's version decides.
        #expect(try notes("8.2.0", "9").first?.hasSuffix(Self.missingRegistration) == true)
        #expect(try notes("8.0.1", "9").first?.hasSuffix("): it is not extracted") == true)
    }

    @Test func in11TheCodeDoesNotCompile() throws {
        let manifest = try onlyManifest(extract(Self.source, version: "11.0.0"))
        #expect(
            describe(manifest.notes).first
                == "4:50 `cellRegisteredByStoryboard` is not a property of a supplementary mapping in "
                + "DTCollectionViewManager 11 (the code does not compile): it is not extracted")
    }
}

/// A spelling the detected version does not have: `registerHostingCell` exists only from 11.0.0
/// (DTTableViewManager+SwiftUIRegistration.swift, 11.0.1; absent at 10.0.0), so code using it does not
/// compile against 10 and the version read is likely wrong.
@Suite struct SpellingAbsentFromVersionTests {
    static let source = """
        final class FeedViewController: UIViewController, DTTableViewManageable {
            override func viewDidLoad() {
                manager.registerHostingCell(for: Post.self) { post, _ in PostView(post: post) }
            }
        }
        struct PostView: View { let post: Post; var body: some View { Text("") } }
        struct Post {}
        """

    @Test func before11HostingCellsAreNoted() throws {
        let manifest = try onlyManifest(extract(Self.source, version: "10.0.0"))
        #expect(registrations(manifest).map(\.view) == ["HostingTableViewCell"])
        #expect(
            describe(manifest.notes) == [
                "3:9 `registerHostingCell` is not in DTTableViewManager 10, only in 11: the code does not compile "
                    + "against libraryVersion 10.0.0; check the version (the call is extracted as written)"
            ])
    }

    @Test func in11AndLaterNothingIsNoted() throws {
        #expect(try onlyManifest(extract(Self.source, version: "11.0.1")).notes.isEmpty)
        #expect(try onlyManifest(extract(Self.source, version: "12.0.0")).notes.isEmpty)
        #expect(try onlyManifest(extract(Self.source)).notes.isEmpty)
    }
}

/// DTTableViewManager 6 and 7 register the class and then the xib named after it, whatever
/// `mapping.xibName` says (TableViewFactory.swift, registerCellClass, 7.2.0); DTCollectionViewManager 6 the
/// class-name xib (CollectionViewFactory.swift, registerCellClass, 6.6.0); 7.2.0 and 8.0 read `xibName`.
@Suite struct IgnoredXibNameTests {
    static let table = """
        final class FeedViewController: UIViewController, DTTableViewManageable {
            override func viewDidLoad() {
                manager.register(PostCell.self) { mapping in
                    mapping.xibName = "CompactPostCell"
                }
            }
        }
        class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        """

    /// The `ignored-xib-name` findings of `lint --swift` on the extracted manifest, at their Swift places.
    static func ignoredXibNames(_ manifest: ManifestDraft) -> [String] {
        let (built, diagnostics) = ManifestBuilder.build(manifest)
        return Linter.lint(manifest: built, diagnostics: diagnostics).filter { "\($0.rule)" == "ignored-xib-name" }
            .map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.message)" }
    }

    /// Extracted as the manifest's `xib: Name` (which is `mapping.xibName` in `register`'s closure), so the xib that
    /// is never loaded is the error `ignored-xib-name` reports for the manifest, at the assignment.
    @Test func before8ATableIgnoresIt() throws {
        let manifest = try onlyManifest(extract(Self.table, version: "7.2.0"))
        #expect(registrations(manifest).first?.xib?.name == "CompactPostCell")
        #expect(manifest.notes.isEmpty)
        #expect(
            Self.ignoredXibNames(manifest) == [
                "4:13 error PostCell (entry 0) never loads CompactPostCell.xib: DTTableViewManager 7 ignores "
                    + "the xib name \"CompactPostCell\""
            ])
        let eight = try onlyManifest(extract(Self.table, version: "8.0.1"))
        #expect(registrations(eight).first?.xib?.name == "CompactPostCell")
        #expect(Self.ignoredXibNames(eight).isEmpty)
    }

    @Test func aCollectionViewReadsItFrom7() throws {
        let source = Self.table.replacingOccurrences(of: "DTTableViewManageable", with: "DTCollectionViewManageable")
            .replacingOccurrences(of: "UITableViewCell", with: "UICollectionViewCell")
        let six = try onlyManifest(extract(source, version: "6.6.0"))
        #expect(six.notes.isEmpty)
        #expect(Self.ignoredXibNames(six).count == 1)
        let seven = try onlyManifest(extract(source, version: "7.2.0"))
        #expect(registrations(seven).first?.xib?.name == "CompactPostCell")
        #expect(Self.ignoredXibNames(seven).isEmpty)
    }

    /// `registerNibNamed` registers its own nib and `registerNibless` the class, whatever the closure's `xibName`
    /// says: still a note, the registration's xib unchanged. So is a header's (its `xib: Name` is
    /// `registerNibNamed(_:forHeader:)`).
    @Test func aNibNamedNiblessOrHeaderRegistrationKeepsItsXib() throws {
        let source = """
            final class FeedViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.registerNibNamed("Wide", for: PostCell.self) { mapping in
                        mapping.xibName = "CompactPostCell"
                    }
                    manager.registerNibless(PostCell.self) { mapping in
                        mapping.xibName = "CompactPostCell"
                    }
                    manager.registerHeader(TitleView.self) { mapping in
                        mapping.xibName = "CompactTitle"
                    }
                }
            }
            class PostCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            class TitleView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
            """
        let manifest = try onlyManifest(extract(source, version: "6.6.0"))
        #expect(registrations(manifest).map { $0.xib?.name } == ["Wide", nil, nil])
        #expect(manifest.notes.count == 3)
    }
}
