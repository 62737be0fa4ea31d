import MaplintManifest
import Testing

@testable import MaplintSwift

/// A cell whose `ModelType` is `Post?` gets a condition closure that takes a `Post?`
/// (DTModelStorage ViewModelMapping.swift, `modelCondition(_:)`, 11.0.2): the closure as swiftc
/// accepts it, `(post?.likes ?? 0) > 3`, is extracted exactly, not as an opaque condition.
@Suite struct OptionalModelConditionExtractionTests {
    private let screen = """
        final class FeedViewController: UIViewController, DTTableViewManageable {
            override func viewDidLoad() {
                manager.register(PostCell.self) { mapping in
                    mapping.condition = mapping.modelCondition { _, post in (post?.likes ?? 0) > 3 }
                }
            }
        }
        class PostCell: UITableViewCell, ModelTransfer {
            func update(with model: Post?) {}
        }
        class Post {
            var likes = 0
        }
        """

    @Test func theConditionOfAnOptionalModelIsKeptExactly() throws {
        let manifest = try onlyManifest(extract(screen))
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post?
                    condition: "(model?.likes ?? 0) > 3"
                """)
        #expect(describe(manifest.notes) == [])
    }

    /// `post.likes` on a `Post?` does not compile; the note gives the reason in the condition language.
    @Test func readingTheOptionalWithoutChainingIsKeptOpaqueWithTheReason() throws {
        let manifest = try onlyManifest(
            extract(screen.replacingOccurrences(of: "(post?.likes ?? 0) > 3", with: "post.likes > 3")))
        // What `extract` writes, and what `lint` builds, say the same.
        let built = try #require(ManifestBuilder.build(manifest).manifest)
        #expect(describe(built.extractionNotes) == describe(ConditionValidator.checked(manifest).notes))
        #expect(
            describe(ConditionValidator.checked(manifest).notes) == [
                "4:56 the condition `model.likes > 3` is outside the condition language ('model' is optional "
                    + "('Post?'); use '?.likes' to reach into it): kept as an opaque condition, analysed as unknown"
            ])
    }
}
