import Foundation
import Testing

/// `// maplint:disable…` comments in Swift: the directives, rule ids, `-- reason` and
/// `unused-suppression` of manifests' `# maplint:` comments, at Swift lines; `--fix` removes the
/// dead ones from the Swift file.
@Suite struct SwiftSuppressionTests {
    /// A screen whose second registration is unreachable (line 13) and takes the first one's
    /// reuse identifier (line 14); `COMMENT` lines are replaced by each case.
    static func screen(_ comments: [String: String] = [:], top: String = "") -> String {
        let lines = [
            "import UIKit",
            "import DTTableViewManager",
            "final class Post {}",
            "final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
            "final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
            "final class FeedViewController: UIViewController, DTTableViewManageable {",
            "    var tableView: UITableView!",
            "    override func viewDidLoad() {",
            "        super.viewDidLoad()",
            "        manager.register(PostCell.self) { mapping in",
            "            mapping.reuseIdentifier = \"same\"",
            "        }",
            "        manager.register(OtherCell.self) { mapping in",
            "            mapping.reuseIdentifier = \"same\"",
            "        }",
            "        let text = \"// maplint:disable all\"",
            "    }",
            "}",
        ]
        var result: [String] = top.isEmpty ? [] : [top]
        for (index, line) in lines.enumerated() {
            if let comment = comments["before \(index + 1)"] { result.append(comment) }
            result.append(line + (comments["on \(index + 1)"].map { " " + $0 } ?? ""))
        }
        return result.joined(separator: "\n") + "\n"
    }

    /// Lints `text` as Feed.swift; the finding lines and the status.
    func lint(_ text: String, _ arguments: [String] = []) throws -> (lines: [String], status: Int32, file: URL) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Feed.swift")
        try Data(text.utf8).write(to: file)
        let output = try runMaplint(
            ["lint", "--swift", "Feed.swift", "--library-version", "11.0.1"] + arguments, in: folder)
        let lines = output.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Feed.swift:") }
            .filter { !$0.contains(": note: ") }
        return (lines, output.status, file)
    }

    @Test func withoutCommentsBothFindingsAreReported() throws {
        let result = try lint(Self.screen())
        #expect(
            result.lines.map { $0.components(separatedBy: ": ").first ?? "" } == [
                "Feed.swift:13:9", "Feed.swift:14:13",
            ])
        #expect(result.status == 1)
    }

    @Test func disableNextSilencesTheNextLineOfCode() throws {
        let result = try lint(
            Self.screen([
                "before 13": "        // maplint:disable:next unreachable-registration -- a fallback on purpose",
                "before 14": "            // maplint:disable:next reuse-identifier-collision",
            ]))
        #expect(result.lines == [])
        #expect(result.status == 0)
    }

    @Test func disableThisAndARegionWithEnable() throws {
        let this = try lint(Self.screen(["on 13": "// maplint:disable:this unreachable-registration"]))
        #expect(this.lines.count == 1)
        #expect(this.lines.first?.hasPrefix("Feed.swift:14:13: error:") == true, "\(this.lines)")
        let region = try lint(
            Self.screen([
                "before 13": "        // maplint:disable all", "before 16": "        // maplint:enable all",
            ]))
        #expect(region.lines == [])
        #expect(region.status == 0)
    }

    /// A `disable` with no `enable` runs to the end of the file: at the top, the whole file.
    @Test func aCommentAtTheTopSilencesTheFile() throws {
        let result = try lint(
            Self.screen(top: "// maplint:disable reuse-identifier-collision unreachable-registration"))
        #expect(result.lines == [])
        #expect(result.status == 0)
    }

    /// A comment's words inside a string literal are not a comment.
    @Test func aStringIsNotAComment() throws {
        let result = try lint(Self.screen())
        #expect(result.lines.count == 2)
    }

    @Test func anUnusedOrUnknownCommentIsReportedAndFixRemovesIt() throws {
        let text = Self.screen([
            "before 14": "            // maplint:disable:next reuse-identifier-collision, nil-model",
            "before 11": "            // maplint:disable:next reuse-colision",
        ])
        let result = try lint(text)
        #expect(
            result.lines == [
                "Feed.swift:11:37: warning: unknown rule 'reuse-colision' in a maplint comment; it silences nothing "
                    + "[unused-suppression]",
                "Feed.swift:14:9: error: OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it "
                    + "matches [unreachable-registration]",
                "Feed.swift:15:13: warning: 'maplint:disable:next nil-model' silences nothing: line 16 has no "
                    + "nil-model finding; remove it [unused-suppression]",
            ], "\(result.lines)")
        let fixed = try lint(text, ["--fix"])
        let after = try String(contentsOf: fixed.file, encoding: .utf8)
        #expect(after.contains("            // maplint:disable:next reuse-identifier-collision\n"), "\(after)")
        #expect(!after.contains("nil-model"))
    }

    /// `--fix` does not write through a link, but the linked file's comments still count: a file
    /// it does not edit is read as it is, comments and code alike.
    @Test func theCommentsOfAFileFixDoesNotEditStillSilence() throws {
        let folder = try temporaryFolder()
        let target = folder.appendingPathComponent("Real.swift")
        try Data(Self.screen(top: "// maplint:disable all").utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Feed.swift"), withDestinationURL: target)
        for arguments in [[], ["--fix"]] {
            let output = try runMaplint(
                ["lint", "--swift", "Feed.swift", "--library-version", "11.0.1"] + arguments, in: folder)
            let findings = output.stdout.split(separator: "\n").filter { $0.hasPrefix("Feed.swift:") }
                .filter { !$0.contains(": note: ") }
            #expect(findings.isEmpty, "\(arguments): \(output.stdout)")
            #expect(output.status == 0, "\(arguments): \(output.stdout) \(output.stderr)")
        }
    }
}
