import Foundation
import Testing

/// An app written as DT 6 and 7 apps are: a typed `PostCell.modelCondition { … }`, a section from an
/// `Int` enum's raw value, generic cells registered with their arguments and a cell of `Any`, checked
/// and resolved from the Swift source alone (DTTableViewManager 7.2.0 from the Podfile.lock).
@Suite struct AppTypesCommandTests {
    static let source = """
        import DTTableViewManager
        import UIKit

        final class FeedViewController: UIViewController, DTTableViewManageable {
            enum Section: Int { case stories, posts }

            override func viewDidLoad() {
                super.viewDidLoad()
                manager.register(PostCell.self) { mapping in
                    mapping.condition = PostCell.modelCondition { _, post in post.likes > 1000 }
                }
                manager.register(PostCell.self) { $0.condition = .section(Section.posts.rawValue) }
                manager.register(ValueCell<String>.self)
                manager.register(ValueCell<Int>.self)
                manager.register(AnythingCell.self)
                manager.register(ValueCell<Double>.self)
            }
        }

        final class PostCell: UITableViewCell, ModelTransfer {
            func update(with model: Post) {}
        }

        final class ValueCell<Value>: UITableViewCell, ModelTransfer {
            func update(with model: Value) {}
        }

        final class AnythingCell: UITableViewCell, ModelTransfer {
            typealias ModelType = Any
            func update(with model: Any) {}
        }

        struct Post {
            var likes: Int
        }

        """

    static let podfileLock = """
        PODS:
          - DTModelStorage (8.0.0)
          - DTTableViewManager (7.2.0):
            - DTModelStorage (~> 8.0.0)

        """

    /// Runs maplint with `arguments` in a folder holding the app.
    func run(_ arguments: [String]) throws -> ProcessOutput {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.source.utf8).write(to: folder.appendingPathComponent("Feed.swift"))
        try Data(Self.podfileLock.utf8).write(to: folder.appendingPathComponent("Podfile.lock"))
        return try runMaplint(arguments, in: folder)
    }

    /// The typed condition and the enum section are read (the two registrations overlap only for
    /// a Post with more than 1000 likes in section 1); the `Any` cell takes every item after it, so the
    /// last registration is never used; each generic cell is a view of its own.
    @Test func lintReadsTheConditionsAndSeesWhatTheAnyCellTakes() throws {
        let output = try run(["lint", "--swift", "Feed.swift"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(
            output.stdout.split(separator: "\n").map(String.init) == [
                "Feed.swift:12:9: warning: PostCell (entry 0) shadows PostCell (entry 1) for a Post with likes == 1001 "
                    + "in section 1 [intersecting-conditions]",
                "Feed.swift:9:9: note: PostCell (entry 0, Feed.swift:9) is registered first and wins a Post with likes "
                    + "== 1001",
                "Feed.swift:12:9: note: PostCell (entry 1, Feed.swift:12) and PostCell (entry 0, Feed.swift:9) can both "
                    + "match such items; the first registered wins, so they never show PostCell",
                "Feed.swift:12:9: note: fix: make the two conditions mutually exclusive so that each item has exactly "
                    + "one cell registration, or register the more specific one first",
                "Feed.swift:16:9: error: ValueCell<Double> (entry 5) is never used: AnythingCell (entry 4) takes every "
                    + "item it matches [unreachable-registration]",
                "Feed.swift:15:9: note: AnythingCell (entry 4, Feed.swift:15) is registered earlier and matches first",
                "Feed.swift:16:9: note: every item ValueCell<Double> (entry 5, Feed.swift:16) matches (Double items) is "
                    + "already matched by AnythingCell (entry 4, Feed.swift:15), registered earlier, and the first "
                    + "matching registration wins, so ValueCell<Double> never appears",
                "Feed.swift:16:9: note: fix: register it before that registration with mutually exclusive conditions, "
                    + "or remove it",
                "1 file checked: 1 error, 1 warning, 0 notes (6 related)",
            ])
    }

    /// Each generic cell is dequeued under its own `String(describing:)` identifier; the `Any` cell
    /// is a candidate for every item.
    @Test func resolveShowsEachGenericCellAndTheAnyCellBehindEveryItem() throws {
        let output = try run(["resolve", "Feed.swift", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let screens = try #require(document["screens"] as? [[String: Any]])
        let items = try #require(screens.first?["items"] as? [[String: Any]])
        let rows = items.prefix(6).map { item in
            let candidates = (item["candidates"] as? [Int]).map { "\($0)" } ?? "-"
            let fields = [
                item["model"] as? String, candidates, item["view"] as? String, item["reuseIdentifier"] as? String,
            ]
            return fields.map { $0 ?? "-" }.joined(separator: " ")
        }
        #expect(
            rows == [
                "Post [0, 4] PostCell PostCell",
                "String [2, 4] ValueCell<String> ValueCell<String>",
                "Int [3, 4] ValueCell<Int> ValueCell<Int>",
                "Bool [4] AnythingCell AnythingCell",
                "Double [4, 5] AnythingCell AnythingCell",
                "Post [1, 4] PostCell PostCell",
            ])
        #expect(items.prefix(6).map { $0["section"] as? Int } == [0, 0, 0, 0, 0, 1])
    }
}
