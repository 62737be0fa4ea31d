import Testing

@testable import MaplintSwift

/// Types as Swift sees them: nested types are distinct and written qualified, names are looked
/// up from the inside out, and a type declared in two files is not merged.
@Suite struct TypeIdentityTests {
    @Test func nestedModelTypesAreDistinctAndQualified() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self)
                    manager.register(LoadingCell.self, for: LoadingCell.Model.self) { _, _, _ in }
                    manager.sizeForCell(withItem: PostCell.ModelType.self) { _, _ in .zero }
                }
            }
            class PostCell: UICollectionViewCell, ModelTransfer {
                struct Model { var likes: Int }
                func update(with model: Model) {}
            }
            class LoadingCell: UICollectionViewCell {
                struct Model { var isLoading: Bool }
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            plainYAML(manifest) == """
                version: 1
                host: collectionView
                models:
                  PostCell.Model:
                    kind: struct
                    properties:
                      likes: Int
                  LoadingCell.Model:
                    kind: struct
                    properties:
                      isLoading: Bool
                registrations:
                  - cell: PostCell
                    model: PostCell.Model
                  - cell: LoadingCell
                    modelTransfer: false
                    model: LoadingCell.Model
                  - event: sizeForCell
                    model: PostCell.Model
                """)
        #expect(manifest.notes.isEmpty)
        #expect(result.notes.isEmpty)
    }

    /// `date: Date` is Foundation's `Date`, not an enum some other type nests under that name.
    @Test func namesAreLookedUpFromTheInsideOut() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(EventCell.self)
                """) + """

                    enum Formats { enum Date: String { case iso, short } }
                    struct Event {
                        enum Kind { case talk, party }
                        var date: Date
                        var kind: Kind
                        var isRemote: Bool
                    }
                    class EventCell: UITableViewCell, ModelTransfer { func update(with model: Event) {} }
                    """)
        let manifest = try onlyManifest(result)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Event:
                    kind: struct
                    properties:
                      kind: Event.Kind
                      isRemote: Bool
                  Event.Kind:
                    kind: enum
                    cases: [talk, party]
                """)
    }

    /// A nested view class keeps DT's default reuse identifier, its own name only.
    @Test func aNestedViewUsesItsOwnNameAsTheIdentifier() throws {
        let result = extract(
            """
            final class ProfileViewController: UIViewController, DTTableViewManageable {
                class AvatarCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
                override func viewDidLoad() {
                    manager.register(AvatarCell.self)
                }
            }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: ProfileViewController.AvatarCell
                    model: Int
                    reuseIdentifier: "AvatarCell"
                """)
    }

    /// Without a project, two declarations of `Token` (two targets, or file-private types) are
    /// kept apart with a note naming both files, and nothing comes from merging them.
    @Test func aTypeDeclaredInTwoFilesIsNotMerged() throws {
        let result = extract([
            "Sources/A/Banner.swift": """
            final class BannerViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() { manager.register(TokenCell.self) }
            }
            class TokenCell: UICollectionViewCell, ModelTransfer { func update(with model: Token) {} }
            struct Token { var id: Int }
            """,
            "Sources/B/Token.swift": """
            private final class Token { var name = "" }
            """,
        ])
        let manifest = try onlyManifest(result)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Token:
                    kind: struct
                    properties:
                      id: Int
                """)
        #expect(
            describe(result.notes) == [
                "1:21 `Token` is declared here and at Sources/A/Banner.swift:5: without the Xcode project, maplint cannot tell which target each file belongs to, so it does not merge them and model types named `Token` are the one at Sources/A/Banner.swift:5; pass the .xcodeproj (or fewer paths) to decide"
            ])
    }

    @Test func twoScreensOfOneNameInTwoFilesGetTwoManifests() throws {
        let screen = """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(FeedCell.self) }
            }
            """
        let result = extract([
            "App/Feed.swift": screen,
            "Widget/Feed.swift": screen,
            "Shared/FeedCell.swift":
                "class FeedCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }",
        ])
        #expect(result.manifests.map(\.name) == ["FeedViewController", "FeedViewController-2"])
        #expect(result.manifests.map { $0.location.file } == ["App/Feed.swift", "Widget/Feed.swift"])
    }
}

extension TypeIdentityTests {
    /// File-private helpers of one name in many files are not the manifests' business: no note.
    @Test func duplicatesNoManifestUsesAreNotNoted() throws {
        let result = extract([
            "Sources/A.swift": "private struct Layout { var margin: Int }\n"
                + tableScreen("        manager.register(PostCell.self)"),
            "Sources/B.swift": "private struct Layout { var width: Int }",
        ])
        #expect(result.manifests.count == 1)
        #expect(result.notes.isEmpty)
    }

    @Test func aModelTypeOfACellThatCannotBeDeterminedIsNamedInTheEventNote() throws {
        let result = extract(
            tableScreen(
                """
                        manager.heightForCell(withItem: OpaqueCell.ModelType.self, { _, _ in 44 })
                """) + "\nclass OpaqueCell: UITableViewCell, ModelTransfer {}")
        let manifest = try onlyManifest(result)
        #expect(
            describe(manifest.notes) == [
                "3:9 `manager.heightForCell(withItem: OpaqueCell.ModelType.self, { _, _ in 44 })` is not extracted: the model type of `OpaqueCell` (its `ModelType`) could not be determined"
            ])
    }
}

/// A protocol model with no conforming type in the files read is open-world: pair analysis
/// still applies to its registrations.
@Suite struct OpenWorldProtocolTests {
    @Test func aProtocolWithoutConformersGetsAStandIn() throws {
        let result = extract(
            """
            protocol ChatData { var isPinned: Bool { get } }
            final class ChatViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(ChatCell.self)
                    manager.register(PinnedChatCell.self) { $0.condition = .section(0) }
                }
            }
            class ChatCell: UITableViewCell, ModelTransfer { func update(with model: ChatData) {} }
            class PinnedChatCell: UITableViewCell, ModelTransfer { func update(with model: ChatData) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            modelsYAML(manifest) == """
                models:
                  ChatData:
                    kind: protocol
                    properties:
                      isPinned: Bool
                  ChatData.Conformer:
                    kind: struct
                    conforms: [ChatData]
                """)
        let linted = SwiftExtractor.lint(result)
        #expect(
            linted.diagnostics.filter { $0.severity == .error }.map { "\($0.rule) \($0.location.line)" } == [
                "unreachable-registration 5"
            ])
    }

    @Test func aProtocolWithAConformerGetsNone() throws {
        let result = extract(
            """
            protocol ChatData {}
            struct Message: ChatData { var text: String }
            final class ChatViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(ChatCell.self) }
            }
            class ChatCell: UITableViewCell, ModelTransfer { func update(with model: ChatData) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(!modelsYAML(manifest).contains("Conformer"))
    }
}
