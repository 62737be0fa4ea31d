import MaplintFindings
import SwiftSyntax
import Testing

@testable import MaplintSwift

/// Trees let go once their declarations are read, and parsed again when asked: the nodes found
/// again are the ones found the first time, and only a few trees are held at once.
@Suite struct SyntaxTreeCacheTests {
    static let source = """
        final class FeedViewController: UIViewController, DTTableViewManageable {
            let layout = UICollectionViewFlowLayout()
            var title2: String = "Feed"
            override func viewDidLoad() {
                super.viewDidLoad()
                setUp()
            }
            func setUp() { manager.register(PostCell.self) }
        }
        """

    static func indexed(
        _ text: String = source, path: String = "Feed.swift"
    ) throws -> (
        SwiftSourceFile, DeclarationIndex
    ) {
        let file = try SwiftSourceFile.parse(path: path, bytes: Array(text.utf8)).get()
        let index = DeclarationIndex()
        index.add(file)
        return (file, index)
    }

    @Test func bodiesAndStoredValuesAreFoundAgainAfterTheTreeIsReleased() throws {
        let (file, index) = try Self.indexed()
        let type = try #require(index["FeedViewController"])
        let before = type.functions.map { $0.body.trimmedDescription }
        let layout = type.storedValues["layout"]?.value?.trimmedDescription
        let annotation = type.storedValues["title2"]?.type?.trimmedDescription
        file.releaseTree()
        #expect(type.functions.map { $0.body.trimmedDescription } == before)
        #expect(before.count == 2)
        #expect(before.last == "{ manager.register(PostCell.self) }")
        #expect(type.storedValues["layout"]?.value?.trimmedDescription == layout)
        #expect(layout == "UICollectionViewFlowLayout()")
        #expect(type.storedValues["title2"]?.type?.trimmedDescription == annotation)
        #expect(annotation == "String")
        // The body found again sits in a whole tree: its parent is the function it belongs to.
        #expect(type.functions.last?.body.parent?.as(FunctionDeclSyntax.self)?.name.text == "setUp")
    }

    /// Extraction lets every tree go once its declarations are read: the registration below is
    /// read from a body found again by its place in the tree, through a call to another method.
    @Test func extractionReadsReleasedFilesAsParsed() throws {
        let result = extract([
            "A/Feed.swift": Self.source,
            "B/Cells.swift":
                "final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
            "C/Models.swift": "struct Post { var id: Int }",
        ])
        #expect(result.problems.isEmpty)
        #expect(result.manifests.map(\.name) == ["FeedViewController"])
        let manifest = try #require(result.manifests.first)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                """)
    }

    /// The cache holds at most its capacity, the most recently used; a file asked for again
    /// becomes the most recent, and the oldest beyond the capacity lets its tree go.
    @Test func theCacheHoldsTheMostRecentTrees() throws {
        let cache = SyntaxTreeCache(capacity: 2)
        let files = try (0..<3).map { position in
            try SwiftSourceFile.parse(path: "F\(position).swift", bytes: Array("struct S\(position) {}".utf8)).get()
        }
        #expect(files.map(\.isHoldingTree) == [true, true, true])
        for position in [0, 1, 0, 2] { cache.hold(files[position]) }
        #expect(cache.heldFiles.map(\.path) == ["F0.swift", "F2.swift"])
        #expect(files.map(\.isHoldingTree) == [true, false, true])
        // A released tree is parsed again when asked for.
        #expect(files[1].tree.trimmedDescription == "struct S1 {}")
        #expect(files[1].isHoldingTree)
    }

    /// A tree released to a cache is held by that cache once parsed again. The file does not keep
    /// its cache alive: when the extraction that made it ends, the cache goes, and with it the
    /// last references to the files it held (their trees go with them).
    @Test func aTreeParsedAgainIsHeldByTheCacheItWasReleasedTo() throws {
        let file = try SwiftSourceFile.parse(path: "F.swift", bytes: Array("struct S {}".utf8)).get()
        var cache: SyntaxTreeCache? = SyntaxTreeCache(capacity: 1)
        weak let gone = cache
        file.releaseTree(to: cache)
        #expect(cache?.heldFiles.isEmpty == true)
        #expect(file.tree.trimmedDescription == "struct S {}")
        #expect(cache?.heldFiles.map(\.path) == ["F.swift"])
        cache = nil
        #expect(gone == nil)
        #expect(file.isHoldingTree)
    }
}
