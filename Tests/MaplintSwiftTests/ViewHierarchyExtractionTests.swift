import MaplintManifest
import Testing

@testable import MaplintRules
@testable import MaplintSwift

/// `extract` declares the superclasses of the view classes it reads when one of them is another view class the
/// code names, because DT follows the hierarchy: an event for `PostCell` attaches to `VideoPostCell` mappings
/// (DTTableViewDelegateWrapper.swift, `appendMappedReaction`, `isSubclass(of:)`, 11.0.1) and
/// `unregister(PostCell.self)` removes them (TableViewFactory.swift, `unregisterCellClass`, `is Cell.Type`, 11.0.1).
@Suite struct ViewHierarchyExtractionTests {
    private static let cells = """
        class Post { var likes = 0 }
        class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        class VideoPostCell: PostCell {}
        class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }

        """

    @Test func aSuperclassTheCodeNamesIsDeclaredWithItsSubclass() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(VideoPostCell.self)
                    manager.register(OtherCell.self)
                    manager.didSelect(PostCell.self) { _, _, _ in }
                }
            }

            """ + Self.cells)
        let manifest = try onlyManifest(result)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Post:
                    kind: class
                    properties:
                      likes: Int
                  PostCell:
                    kind: class
                    inherits: UITableViewCell
                  VideoPostCell:
                    kind: class
                    inherits: PostCell
                """)
        let built = try #require(ManifestBuilder.build(manifest).manifest)
        #expect(Analyzer.analyze(built).filter { $0.rule == EventWithoutRegistrationRule.id }.isEmpty)
    }

    @Test func aHierarchyNoOtherEntryNamesIsLeftOut() throws {
        let manifest = try onlyManifest(
            extract(
                """
                final class FeedViewController: UIViewController, DTTableViewManageable {
                    override func viewDidLoad() {
                        manager.register(VideoPostCell.self)
                        manager.didSelect(VideoPostCell.self) { _, _, _ in }
                    }
                }

                """ + Self.cells))
        #expect(!modelsYAML(manifest).contains("PostCell"))
    }
}
