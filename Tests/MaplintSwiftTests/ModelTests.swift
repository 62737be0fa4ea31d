import MaplintFindings
import MaplintManifest
import Testing

@testable import MaplintSwift

/// The model types a manifest declares: kinds, inheritance, conformances, cases and the stored
/// properties the manifest can type.
@Suite struct ModelTests {
    /// The manifest of a table screen registering `Cell` for each model in `models`, with the
    /// declarations `declarations`.
    private func extracted(models: [String], declarations: String) throws -> ManifestDraft {
        var source = """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {

            """
        for model in models { source += "        manager.register(\(model)Cell.self)\n" }
        source += "    }\n}\n"
        for model in models {
            source += "class \(model)Cell: UITableViewCell, ModelTransfer { func update(with model: \(model)) {} }\n"
        }
        return try onlyManifest(extract(source + declarations))
    }

    @Test func classesStructsProtocolsAndEnums() throws {
        let manifest = try extracted(
            models: ["Post", "Author", "FeedItem", "State", "Kind"],
            declarations: """
                class Post {
                    var title = ""
                }
                struct Author {
                    var name: String
                    let isVerified: Bool
                }
                protocol FeedItem {
                    var id: Int { get }
                }
                enum State {
                    case draft, published
                    case archived
                }
                enum Kind: String {
                    case photo = "PHOTO"
                    case video
                }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Post:
                    kind: class
                    properties:
                      title: String
                  Author:
                    kind: struct
                    properties:
                      name: String
                      isVerified: Bool
                  FeedItem:
                    kind: protocol
                    properties:
                      id: Int
                  State:
                    kind: enum
                    cases: [draft, published, archived]
                  Kind:
                    kind: enum
                    cases: [photo, video]
                    rawType: String
                    rawValues: {photo: "PHOTO"}
                  FeedItem.Conformer:
                    kind: struct
                    conforms: [FeedItem]
                """)
        #expect(manifest.notes.isEmpty)
        let state = try #require(manifest.models.first { $0.name == "State" })
        #expect(state.kind == .enum)
        #expect(state.cases.map(\.location) == [at(26, 10), at(26, 17), at(27, 10)])
    }

    @Test func enumRawTypesAndLiteralRawValues() throws {
        let manifest = try extracted(
            models: ["Code", "Format", "Level"],
            declarations: """
                enum Code: Int {
                    case a, b = 5, c
                    case d = -3
                }
                enum Format: String {
                    case plain, escaped = "a\\nb"
                }
                enum Level: Double { case low = 0.5, high = 1.5 }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Code:
                    kind: enum
                    cases: [a, b, c, d]
                    rawType: Int
                    rawValues: {b: 5, d: -3}
                  Format:
                    kind: enum
                    cases: [plain, escaped]
                  Level:
                    kind: enum
                    cases: [low, high]
                """)
        let code = try #require(manifest.models.first { $0.name == "Code" })
        #expect(code.rawType?.value == "Int")
        #expect(code.rawValues.map(\.location) == [at(12, 17), at(13, 14)])
    }

    @Test func inheritanceAndConformancesAlsoFromExtensions() throws {
        let manifest = try extracted(
            models: ["VideoPost"],
            declarations: """
                protocol Identified { var id: Int { get } }
                protocol FeedItem: Identified { var title: String { get } }
                protocol Shareable {}
                class Post: FeedItem {
                    let id: Int = 0
                    var title: String = ""
                }
                class VideoPost: Post {
                    var duration = 1.5
                }
                extension VideoPost: Shareable {}
                extension VideoPost: Hashable {}
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Identified:
                    kind: protocol
                    properties:
                      id: Int
                  FeedItem:
                    kind: protocol
                    inherits: [Identified]
                    properties:
                      title: String
                  Shareable:
                    kind: protocol
                  Post:
                    kind: class
                    conforms: [FeedItem]
                    properties:
                      id: Int
                      title: String
                  VideoPost:
                    kind: class
                    inherits: Post
                    conforms: [Shareable]
                    properties:
                      duration: Double
                """)
        let video = try #require(manifest.models.first { $0.name == "VideoPost" })
        #expect(video.inherits == [Located("Post", at: at(14, 18))])
        #expect(video.conforms == [Located("Shareable", at: at(17, 22))])
    }

    @Test func subtypesOfARegisteredModelAreDeclared() throws {
        let manifest = try extracted(
            models: ["FeedItem"],
            declarations: """
                protocol FeedItem {}
                struct Ad: FeedItem { var sponsor: String }
                class Post {}
                extension Post: FeedItem {}
                class VideoPost: Post {}
                struct Unrelated { var x: Int }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  FeedItem:
                    kind: protocol
                  Ad:
                    kind: struct
                    conforms: [FeedItem]
                    properties:
                      sponsor: String
                  Post:
                    kind: class
                    conforms: [FeedItem]
                  VideoPost:
                    kind: class
                    inherits: Post
                """)
    }

    @Test func storedPropertiesOfSupportedTypes() throws {
        let manifest = try extracted(
            models: ["Post"],
            declarations: """
                class Post {
                    var likes = 0
                    var rating = 1.5
                    var pinned = true
                    var name = "x"
                    var count: Int
                    var score: Swift.Double
                    var author: Author?
                    var editor: Optional<Author>
                    var reviewer: Author!
                    var nickname: String?
                    var state: State
                    var x = 1, y = 2
                    private(set) var locked: Bool = false
                    lazy var cached: Int = 3
                    var observed: Int = 0 { didSet { print(observed) } }
                    @Published var published: Bool = false
                }
                struct Author { var name: String }
                enum State { case draft }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Post:
                    kind: class
                    properties:
                      likes: Int
                      rating: Double
                      pinned: Bool
                      name: String
                      count: Int
                      score: Double
                      author: Author?
                      editor: Author?
                      reviewer: Author?
                      nickname: String?
                      state: State
                      x: Int
                      "y": Int
                      locked: Bool
                      cached: Int
                      observed: Int
                      published: Bool
                  Author:
                    kind: struct
                    properties:
                      name: String
                  State:
                    kind: enum
                    cases: [draft]
                """)
        let post = try #require(manifest.models.first)
        #expect(
            post.properties.first.map { "\($0.name) \($0.type) \($0.location)" } == "likes Int Sources/Feed.swift:8:9")
    }

    @Test func computedStaticAndUnsupportedPropertiesAreLeftOut() throws {
        let manifest = try extracted(
            models: ["Post"],
            declarations: """
                class Post {
                    static let maximum = 140
                    static var shared = Post()
                    class var kind: String { "post" }
                    var isPopular: Bool { likes > 100 }
                    var summary: String {
                        get { "" }
                        set { }
                    }
                    var date: Date
                    var tags: [String]
                    var counts: [String: Int]
                    var pair: (Int, Int)
                    var action: () -> Void
                    var anything: Any
                    var items: Set<Int>
                    let (a, b) = (1, 2)
                    var likes = 0
                }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Post:
                    kind: class
                    properties:
                      likes: Int
                """)
        #expect(manifest.notes.isEmpty)
    }

    /// A manifest property cannot have a protocol type, so a stored property typed with a protocol
    /// declared in the files read is left out, and the protocol is not declared for it alone
    /// (otherwise the manifest written would not load).
    @Test func propertiesOfAProtocolTypeAreLeftOut() throws {
        let manifest = try extracted(
            models: ["Message"],
            declarations: """
                protocol Sender: AnyObject {
                    var nickname: String { get }
                }
                protocol Theme {}
                final class Message {
                    var text = ""
                    let sender: Sender
                    weak var replyTo: Sender?
                    var theme: Theme?
                    var isRead: Bool
                }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Message:
                    kind: class
                    properties:
                      text: String
                      isRead: Bool
                """)
    }

    /// A protocol that is itself a model keeps its place (with the stand-in conformer of a protocol
    /// nothing read conforms to), and a property typed with it is still left out.
    @Test func aProtocolModelIsDeclaredButNotAsAPropertyType() throws {
        let manifest = try extracted(
            models: ["Sender", "Message"],
            declarations: """
                protocol Sender {
                    var nickname: String { get }
                }
                struct Message {
                    var sender: Sender
                    var text: String
                }
                """)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Sender:
                    kind: protocol
                    properties:
                      nickname: String
                  Message:
                    kind: struct
                    properties:
                      text: String
                  Sender.Conformer:
                    kind: struct
                    conforms: [Sender]
                """)
    }

    @Test func aModelNotDeclaredInTheFilesIsAStubClass() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(BannerCell.self)
                    manager.register(PlainCell.self, for: RemoteBanner.self)
                }
            }
            class BannerCell: UITableViewCell, ModelTransfer { func update(with model: Banner) {} }
            class PlainCell: UITableViewCell {}
            """)
        let manifest = try onlyManifest(result)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Banner:
                    kind: class
                  RemoteBanner:
                    kind: class
                """)
        #expect(manifest.models.map(\.isStub) == [true, true])
        #expect(
            describe(manifest.notes) == [
                // Notes are in file order.
                "4:47 the model type `RemoteBanner` is not declared in the Swift files read: it is checked as a class with no properties, subclasses or protocols",
                "7:76 the model type `Banner` is not declared in the Swift files read: it is checked as a class with no properties, subclasses or protocols",
            ])
    }

    @Test func builtinModelsNeedNoDeclaration() throws {
        let manifest = try extracted(models: ["Int", "String", "Double", "Bool"], declarations: "")
        #expect(plainYAML(manifest).contains("models: {}"))
        #expect(registrations(manifest).map(\.model) == ["Int", "String", "Double", "Bool"])
        #expect(manifest.notes.isEmpty)
    }

    @Test func modelsAreReadAcrossFiles() throws {
        let result = extract([
            "Sources/Screens/FeedViewController.swift": """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self)
                }
            }
            """,
            "Sources/Cells/PostCell.swift": """
            class PostCell: UITableViewCell, ModelTransfer {
                func update(with model: Post) {}
            }
            """,
            "Sources/Models/Post.swift": """
            class Post: FeedItem {
                var likes = 0
            }
            """,
            "Sources/Models/FeedItem.swift": """
            protocol FeedItem {}
            """,
        ])
        let manifest = try onlyManifest(result)
        #expect(
            result.files == [
                "Sources/Cells/PostCell.swift", "Sources/Models/FeedItem.swift", "Sources/Models/Post.swift",
                "Sources/Screens/FeedViewController.swift",
            ])
        #expect(
            yaml(manifest) == """
                # Extracted from Swift sources by maplint; findings point at the lines named in `# swift:` comments.
                # Table view of `FeedViewController`; regenerate with `maplint extract` rather than editing.
                version: 1  # swift: Sources/Screens/FeedViewController.swift:1:13
                host: tableView
                models:
                  FeedItem:  # swift: Sources/Models/FeedItem.swift:1:10
                    kind: protocol
                  Post:  # swift: Sources/Models/Post.swift:1:7
                    kind: class
                    conforms: [FeedItem]  # swift: Sources/Models/Post.swift:1:13
                    properties:
                      likes: Int  # swift: Sources/Models/Post.swift:2:9
                registrations:
                  - cell: PostCell  # swift: Sources/Screens/FeedViewController.swift:3:9
                    model: Post  # swift: Sources/Cells/PostCell.swift:2:29

                """)
    }

    @Test func anExtensionReadBeforeItsTypeKeepsTheDeclarationsKindAndPlace() throws {
        let result = extract([
            "Sources/A.swift": """
            extension Post: FeedItem {}
            """,
            "Sources/B.swift": """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self)
                }
            }
            class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            struct Post: Equatable { var likes: Int }
            protocol FeedItem {}
            """,
        ])
        let manifest = try onlyManifest(result)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Post:
                    kind: struct
                    conforms: [FeedItem]
                    properties:
                      likes: Int
                  FeedItem:
                    kind: protocol
                """)
        #expect(manifest.models.first?.location == at(7, 8, file: "Sources/B.swift"))
    }

    /// Subtypes of a registered model are declared (items it may take); types that only share a
    /// protocol with it are not.
    @Test func subtypesAreDeclaredSiblingsAreNot() throws {
        let source = """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self)
                }
            }
            final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            final class ItemCell: UITableViewCell, ModelTransfer { func update(with model: FeedItem) {} }
            protocol FeedItem { var id: Int { get } }
            class Post: FeedItem { let id: Int = 0 }
            final class VideoPost: Post {}
            struct Ad: FeedItem { let id: Int }
            """
        let posts = try onlyManifest(extract(source))
        #expect(posts.models.map(\.name) == ["FeedItem", "Post", "VideoPost"])
        let items = try onlyManifest(
            extract(source.replacingOccurrences(of: "register(PostCell.self)", with: "register(ItemCell.self)")))
        #expect(items.models.map(\.name) == ["FeedItem", "Post", "VideoPost", "Ad"])
    }
}
