import MaplintFindings
import MaplintLint
import Testing

@testable import MaplintSwift

/// Each Swift file is read from disk once: extraction notes which files may hold `// maplint:`
/// comments (their text holds `maplint:`), and only those are read again for their comments
/// once the findings are made.
@Suite struct CommentedFilesTests {
    static func screen(comment: String) -> String {
        """
        final class FeedViewController: UIViewController, DTTableViewManageable {
            override func viewDidLoad() {
                manager.register(PostCell.self) { $0.reuseIdentifier = "same" }
                \(comment)
                manager.register(OtherCell.self) { $0.reuseIdentifier = "same" }
            }
        }
        """
    }

    static let cells = """
        final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        """

    /// The rules of the findings on the screen's file, with their lines.
    static func findings(comment: String) -> (commented: [String], findings: [String]) {
        let files = [
            "A/Feed.swift": screen(comment: comment), "B/Cells.swift": cells,
            "C/Models.swift": "struct Post { var id: Int } // maplint: is named here, in no directive",
        ]
        let result = extract(files)
        let linted = SwiftExtractor.lint(result, sources: files.mapValues { Array($0.utf8) })
        return (
            result.commentedFiles,
            linted.diagnostics.filter { $0.location.file == "A/Feed.swift" && $0.severity != .note }.map {
                "\($0.location.line) \($0.rule)"
            }
        )
    }

    @Test func onlyTheFilesThatMayHoldCommentsAreReadForThem() {
        let plain = Self.findings(comment: "// a comment")
        #expect(plain.commented == ["C/Models.swift"])
        #expect(plain.findings == ["5 unreachable-registration", "5 reuse-identifier-collision"])
        let silenced = Self.findings(comment: "// maplint:disable:next all -- a fallback on purpose")
        #expect(silenced.commented == ["A/Feed.swift", "C/Models.swift"])
        #expect(silenced.findings == [])
    }
}
