import Foundation
import Testing

/// Issue #45, "The repository is untrusted input": each hostile shape is built here and run with
/// a hang guard; each pass it reaches is linear in its input (or banded), so the run ends in
/// seconds where it took minutes, or gigabytes, before.
@Suite struct LinearPassTests {
    /// Runs maplint in `folder` with its outputs written to files (a pipe not read while the
    /// other is would fill and stop it: these runs write hundreds of kilobytes), killed after
    /// `timeout` seconds; the outputs, the status and the seconds it took.
    func run(_ arguments: [String], in folder: URL, timeout: Double) throws -> (output: ProcessOutput, seconds: Double)
    {
        let outputs = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outputs) }
        let outURL = outputs.appendingPathComponent("stdout")
        let errURL = outputs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = maplintProcess(arguments, in: folder)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let start = Date()
        try process.run()
        while process.isRunning, Date().timeIntervalSince(start) < timeout { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < timeout, "maplint \(arguments.prefix(3)) did not finish within \(timeout) s")
        let output = ProcessOutput(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
        return (output, seconds)
    }

    /// Lints `text` as Feed.swift with `arguments`; the finding lines (notes left out), the
    /// status and the file.
    func lintSwift(
        _ text: String, _ arguments: [String] = [], timeout: Double = 120
    ) throws -> (lines: [String], status: Int32, file: URL, stderr: String, stdout: String) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Feed.swift")
        try Data(text.utf8).write(to: file)
        let (output, _) = try run(
            ["lint", "--swift", "Feed.swift", "--library-version", "11.0.1"] + arguments, in: folder, timeout: timeout)
        let lines = output.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Feed.swift:") }
            .filter { !$0.contains(": note: ") }
        return (lines, output.status, file, output.stderr, output.stdout)
    }

    /// A comment's words inside a string interpolation are not a comment: only the syntax tree's
    /// comments count, so the collision below the string is still reported.
    @Test func aCommentInsideAnInterpolationSilencesNothing() throws {
        let literal = #"            _ = "\(String("// maplint:disable:next reuse-identifier-collision -- "))""#
        let result = try lintSwift(SwiftSuppressionTests.screen(["before 14": literal]))
        #expect(
            result.lines == [
                "Feed.swift:13:9: error: OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it "
                    + "matches [unreachable-registration]",
                "Feed.swift:15:13: error: 'same' names two views: OtherCell (entry 1) shows PostCell.xib instead of "
                    + "OtherCell.xib [reuse-identifier-collision]",
            ], "\(result.lines)")
        #expect(result.status == 1)
    }

    /// `disable:next` above a registration call covers the whole call, its trailing closure
    /// included: the collision is anchored at `mapping.reuseIdentifier = …`, two lines down.
    @Test func disableNextAboveARegistrationCoversItsClosure() throws {
        let result = try lintSwift(
            SwiftSuppressionTests.screen([
                "before 13": "        // maplint:disable:next reuse-identifier-collision unreachable-registration"
            ]))
        #expect(result.lines == [], "\(result.lines)")
        #expect(result.status == 0)
    }

    /// A comment that silences nothing names the line of the nearest finding of its rule.
    @Test func anUnusedSuppressionNamesTheNearestFinding() throws {
        let result = try lintSwift(
            SwiftSuppressionTests.screen(["before 11": "            // maplint:disable:next reuse-identifier-collision"]
            ))
        #expect(
            result.lines.filter { $0.hasSuffix("[unused-suppression]") } == [
                "Feed.swift:11:13: warning: 'maplint:disable:next reuse-identifier-collision' silences nothing: line "
                    + "12 has no reuse-identifier-collision finding (the nearest reuse-identifier-collision finding is "
                    + "on line 15); remove it [unused-suppression]"
            ], "\(result.lines)")
    }

    /// One comment naming a rule 16,000 times: one scope for the rule, one finding for the
    /// comment (it took gigabytes: one finding per mention, each with a fix of the whole comment).
    @Test func aRuleNamedSixteenThousandTimesIsOneFinding() throws {
        let comment =
            "        // maplint:disable:next nil-model"
            + String(repeating: " nil-model", count: 15_999)
        let start = Date()
        let result = try lintSwift(SwiftSuppressionTests.screen(["before 13": comment]), timeout: 300)
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(
            result.lines.filter { $0.hasSuffix("[unused-suppression]") } == [
                "Feed.swift:13:9: warning: 'maplint:disable:next nil-model' silences nothing: there is no "
                    + "nil-model finding from line 14 to line 16; remove it [unused-suppression]"
            ], "\(result.lines.map { $0.prefix(300) })")
        let fixed = try lintSwift(SwiftSuppressionTests.screen(["before 13": comment]), ["--fix"], timeout: 300)
        // The comment goes whole; the collision's own fix comes with it.
        var expected = SwiftSuppressionTests.screen().components(separatedBy: "\n")
        expected[13] = "            mapping.reuseIdentifier = \"other-cell\""
        #expect(try String(contentsOf: fixed.file, encoding: .utf8) == expected.joined(separator: "\n"))
    }

    /// A rule named twice where it silences something: the repeat is reported, and `--fix`
    /// keeps the first mention.
    @Test func aRepeatedRuleIDIsReportedAndFixed() throws {
        let comment = "            // maplint:disable:next reuse-identifier-collision reuse-identifier-collision"
        let result = try lintSwift(SwiftSuppressionTests.screen(["before 14": comment]))
        #expect(
            result.lines.filter { $0.hasSuffix("[unused-suppression]") } == [
                "Feed.swift:14:64: warning: 'maplint:disable:next' names reuse-identifier-collision 2 times: once "
                    + "each is enough; remove the repeats [unused-suppression]"
            ], "\(result.lines)")
        let fixed = try lintSwift(SwiftSuppressionTests.screen(["before 14": comment]), ["--fix"])
        #expect(
            try String(contentsOf: fixed.file, encoding: .utf8)
                == SwiftSuppressionTests.screen([
                    "before 14": "            // maplint:disable:next reuse-identifier-collision"
                ]))
    }

    /// `--fix` removing 30,000 unused comments: one pass builds the fixed text, and the fixes are
    /// checked against their neighbours only (applying them one by one from the end was quadratic).
    @Test func fixRemovesThirtyThousandUnusedSuppressionsInOnePass() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("s.maplint.yml")
        let clean = "version: 1\nhost: tableView\nregistrations:\n  - cell: TitleCell\n    model: String\n"
        let text =
            String(repeating: "# maplint:disable:next nil-model\n", count: 30_000) + clean
        try Data(text.utf8).write(to: file)
        let (output, elapsed) = try run(["lint", "s.maplint.yml", "--fix"], in: folder, timeout: 600)
        #expect(elapsed < 60, "\(elapsed) s")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("maplint: fixed 30000 findings in 1 file"), "\(output.stderr.suffix(500))")
        #expect(try String(contentsOf: file, encoding: .utf8) == clean)
    }

    /// `resolve --screen` with a 50,000-character name one letter off a screen's: the
    /// did-you-mean distance is computed in a band around the diagonal.
    @Test func aFiftyThousandCharacterScreenNameIsSuggestedQuickly() throws {
        let folder = try temporaryFolder()
        let name = "Feed" + String(repeating: "x", count: 50_000)
        let text = SwiftSuppressionTests.screen().replacingOccurrences(of: "FeedViewController", with: name)
        try Data(text.utf8).write(to: folder.appendingPathComponent("Feed.swift"))
        let typo = "Feeds" + String(repeating: "x", count: 49_999)
        let (output, elapsed) = try run(["resolve", "Feed.swift", "--screen", typo], in: folder, timeout: 600)
        #expect(elapsed < 20, "\(elapsed) s")
        #expect(output.stderr.contains("(did you mean '\(name)'?)"), "\(output.stderr.prefix(300))")
        #expect(output.status == 64)
    }

    /// 20,000 methods, each calling the next: calls are followed 32 levels deep, and each method's
    /// body is found in its file's tree by halves, not by walking the type's 20,000 members
    /// (which made the run quadratic: 41 s for 20,000 methods).
    @Test func twentyThousandMethodsCallingTheNextAreReadInTime() throws {
        var lines = [
            "import UIKit", "import DTTableViewManager", "final class Post {}",
            "final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
            "final class FeedViewController: UIViewController, DTTableViewManageable {",
            "    var tableView: UITableView!", "    override func viewDidLoad() {", "        super.viewDidLoad()",
            "        m0()", "    }",
        ]
        for index in 0..<20_000 { lines.append("    func m\(index)() { m\(index + 1)() }") }
        lines += ["    func m20000() { manager.register(PostCell.self) }", "}"]
        let start = Date()
        let result = try lintSwift(lines.joined(separator: "\n") + "\n", timeout: 600)
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < 60, "\(elapsed) s")
        #expect(result.status == 0, "\(result.lines) \(result.stderr)")
        #expect(result.lines == [])
        #expect(
            result.stdout.contains(
                "Feed.swift:42:18: note: calls are followed 32 levels deep: `m32()` is not followed [unsupported-swift]"
            ),
            "\(result.stdout.prefix(500))")
    }
}
