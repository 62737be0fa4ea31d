import Foundation
import Testing

/// `lint --swift` reads the Swift files as the compiler does: CRLF line endings, a file name with
/// a line break and characters that end a line of manifest text change nothing in what is found
/// or where. Each input is valid Swift with two errors to find (one when the first identifier is
/// not a literal); each run ends with status 1, findings at the Swift lines.
@Suite struct SwiftSourceFidelityTests {
    /// A finding as the JSON output gives it, the file as its last path component.
    struct Finding: Equatable, CustomStringConvertible {
        var rule: String
        var file: String
        var line: Int
        var column: Int
        var message: String
        var related: [String]

        var description: String { "\(file):\(line):\(column) [\(rule)] \(message) related: \(related)" }
    }

    /// The screen of the two cells sharing "same": `first` is the body of PostCell's mapping
    /// closure, `setup` comes before the registrations.
    static func feed(first: [String] = [#"mapping.reuseIdentifier = "same""#], setup: [String] = []) -> String {
        (["import UIKit", "import DTTableViewManager", "final class Post {}"]
            + [
                "final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
                "final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
                "final class FeedViewController: UIViewController, DTTableViewManageable {",
                "    var tableView: UITableView!",
                "    override func viewDidLoad() {",
                "        super.viewDidLoad()",
            ]
            + setup.map { "        " + $0 }
            + ["        manager.register(PostCell.self) { mapping in"]
            + first.map { "            " + $0 }
            + [
                "        }",
                "        manager.register(OtherCell.self) { mapping in",
                #"            mapping.reuseIdentifier = "same""#,
                "        }",
                "    }",
                "}",
            ]).joined(separator: "\n") + "\n"
    }

    static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    /// Runs `lint --swift` on a folder holding `text` as `name`; the status and the findings.
    func lint(_ text: String, name: String = "Feed.swift") throws -> (status: Int32, findings: [Finding]) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        let output = try runMaplint(["lint", "--swift", folder.path, "--library-version", "11.0.1", "--format", "json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stderr)")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        func place(_ object: [String: Any]) throws -> (String, Int, Int) {
            let file = try #require(object["file"] as? String)
            #expect(file == folder.appendingPathComponent(name).path, "findings point at the Swift file")
            return (
                String(file.split(separator: "/").last ?? ""), try #require(object["line"] as? Int),
                try #require(object["column"] as? Int)
            )
        }
        // The message with its related notes after it, one a line (why and the fix are notes at
        // the finding's own place); the places of the notes elsewhere.
        let findings = try diagnostics.map { diagnostic in
            let (file, line, column) = try place(diagnostic)
            let notes = diagnostic["related"] as? [[String: Any]] ?? []
            let related = try notes.map { item in
                let (_, line, column) = try place(item)
                return "\(line):\(column)"
            }.filter { $0 != "\(line):\(column)" }
            let message = try #require(diagnostic["message"] as? String)
            return Finding(
                rule: try #require(diagnostic["rule"] as? String), file: file, line: line, column: column,
                message: ([message] + notes.compactMap { $0["message"] as? String }).joined(separator: "\n"),
                related: related)
        }
        return (output.status, findings)
    }

    /// Checks rule, place, the start of the message and the related places of each finding.
    func expect(
        _ findings: [Finding], _ expected: [(rule: String, at: String, message: String, related: [String])],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(findings.count == expected.count, "\(findings)", sourceLocation: sourceLocation)
        for (finding, wanted) in zip(findings, expected) {
            #expect(finding.rule == wanted.rule, "\(finding)", sourceLocation: sourceLocation)
            #expect("\(finding.line):\(finding.column)" == wanted.at, "\(finding)", sourceLocation: sourceLocation)
            #expect(finding.message.hasPrefix(wanted.message), "\(finding)", sourceLocation: sourceLocation)
            #expect(finding.related == wanted.related, "\(finding)", sourceLocation: sourceLocation)
        }
    }

    static let suggestion = #"(for example `mapping.reuseIdentifier = "other-cell"`)"#

    @Test func theScreenHasTwoErrors() throws {
        let (status, findings) = try lint(Self.feed())
        #expect(status == 1)
        expect(
            findings,
            [
                (
                    "unreachable-registration", "13:9",
                    "OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it matches\n"
                        + "PostCell (entry 0, Feed.swift:10) is registered earlier and matches first\n"
                        + "every item OtherCell (entry 1, Feed.swift:13) matches", ["10:9"]
                ),
                (
                    "reuse-identifier-collision", "14:13",
                    "'same' names two views: OtherCell (entry 1) shows the PostCell class (made in code) instead of the "
                        + "OtherCell class (made in code)\n"
                        + "PostCell (entry 0, Feed.swift:10) also uses 'same'", ["10:9"]
                ),
            ])
        #expect(findings.last?.message.hasSuffix(Self.suggestion) == true)
    }

    /// `"sa" +⏎ "me"` is not a string literal: a note says so at its line, and the registration
    /// keeps its class name as identifier, so only the first error remains.
    @Test func crlfLineEndingsAndAnIdentifierOverTwoLines() throws {
        let text = Self.feed(first: [#"mapping.reuseIdentifier = "sa" +"#, #"    "me""#])
        let (status, findings) = try lint(Self.crlf(text))
        #expect(status == 1)
        expect(
            findings,
            [
                (
                    "unsupported-swift", "11:13",
                    #"`mapping.reuseIdentifier = "sa" + "me"` in the mapping closure is not understood: it is not extracted"#,
                    []
                ),
                (
                    "unreachable-registration", "14:9",
                    "OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it matches\n"
                        + "PostCell (entry 0, Feed.swift:10) is registered earlier and matches first\n"
                        + "every item OtherCell (entry 1, Feed.swift:14) matches", ["10:9"]
                ),
            ])
        #expect(findings.first?.message.contains("\r") == false)
        #expect(try lint(text).findings == findings, "the same findings with LF line endings")
    }

    @Test func crlfLineEndingsAndIfDebugInAMappingClosure() throws {
        let text = Self.feed(first: ["#if DEBUG", #"print("debug")"#, "#endif", #"mapping.reuseIdentifier = "same""#])
        let (status, findings) = try lint(Self.crlf(text))
        #expect(status == 1)
        expect(
            findings,
            [
                (
                    "unsupported-swift", "11:13",
                    #"`#if DEBUG print("debug") #endif` in the mapping closure is not understood: it is not extracted"#,
                    []
                ),
                (
                    "unreachable-registration", "16:9",
                    "OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it matches\n"
                        + "PostCell (entry 0, Feed.swift:10) is registered earlier and matches first\n"
                        + "every item OtherCell (entry 1, Feed.swift:16) matches", ["10:9"]
                ),
                (
                    "reuse-identifier-collision", "17:13",
                    "'same' names two views: OtherCell (entry 1) shows the PostCell class (made in code) instead of the "
                        + "OtherCell class (made in code)\n"
                        + "PostCell (entry 0, Feed.swift:10) also uses 'same'", ["10:9"]
                ),
            ])
        #expect(findings.last?.message.hasSuffix(Self.suggestion) == true)
        #expect(try lint(text).findings == findings, "the same findings with LF line endings")
    }

    /// `--fix` edits the CRLF file in place, with CRLF line endings; what is left is the
    /// unreachable registration, at the same place.
    @Test func fixingACrlfFile() throws {
        let text = Self.crlf(
            Self.feed(first: ["#if DEBUG", #"print("debug")"#, "#endif", #"mapping.reuseIdentifier = "same""#]))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Feed.swift")
        try Data(text.utf8).write(to: file)
        let output = try runMaplint(["lint", "--swift", folder.path, "--library-version", "11.0.1", "--fix"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                #"Feed.swift:17:13: fixed: set mapping.reuseIdentifier = "other-cell" (entry 1) [reuse-identifier-collision]"#
            ),
            "\(output.stderr)")
        let fixed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            fixed
                == text.replacingOccurrences(
                    of: #"OtherCell.self) { mapping in\#r\#n            mapping.reuseIdentifier = "same""#,
                    with: #"OtherCell.self) { mapping in\#r\#n            mapping.reuseIdentifier = "other-cell""#))
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.contains("Feed.swift:16:9: error: OtherCell (entry 1) is never used")
            })
        #expect(!lines.contains { $0.contains("[reuse-identifier-collision]") })
    }

    @Test func aLineBreakInTheFileName() throws {
        let (status, findings) = try lint(Self.feed(), name: "Fe\ned.swift")
        #expect(status == 1)
        expect(
            findings,
            [
                (
                    "unreachable-registration", "13:9",
                    "OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it matches\n"
                        + "PostCell (entry 0, Fe\ned.swift:10) is registered earlier and matches first\n"
                        + "every item OtherCell (entry 1, Fe\ned.swift:13) matches", ["10:9"]
                ),
                (
                    "reuse-identifier-collision", "14:13",
                    "'same' names two views: OtherCell (entry 1) shows the PostCell class (made in code) instead of the "
                        + "OtherCell class (made in code)\n"
                        + "PostCell (entry 0, Fe\ned.swift:10) also uses 'same'", ["10:9"]
                ),
            ])
        #expect(findings.allSatisfy { $0.file == "Fe\ned.swift" })
        #expect(findings.last?.message.hasSuffix(Self.suggestion) == true)
    }

    /// U+2028 ends a line for YAML, not for Swift: in comments (one of them inside code a note
    /// quotes) it neither moves the findings nor makes the text say more than the code does.
    @Test func aLineSeparatorInAComment() throws {
        let text = Self.feed(
            first: [
                "#if DEBUG", "// debug builds only\u{2028}registrations: []", #"print("debug")"#, "#endif",
                #"mapping.reuseIdentifier = "same""#,
            ],
            setup: ["// cells\u{2028}host: collectionView"])
        let (status, findings) = try lint(text)
        #expect(status == 1)
        expect(
            findings,
            [
                (
                    "unsupported-swift", "12:13",
                    #"`#if DEBUG // debug builds only registrations: [] print("debug") #endif` in the mapping closure"#,
                    []
                ),
                (
                    "unreachable-registration", "18:9",
                    "OtherCell (entry 1) is never used: PostCell (entry 0) takes every item it matches\n"
                        + "PostCell (entry 0, Feed.swift:11) is registered earlier and matches first\n"
                        + "every item OtherCell (entry 1, Feed.swift:18) matches", ["11:9"]
                ),
                (
                    "reuse-identifier-collision", "19:13",
                    "'same' names two views: OtherCell (entry 1) shows the PostCell class (made in code) instead of the "
                        + "OtherCell class (made in code)\n"
                        + "PostCell (entry 0, Feed.swift:11) also uses 'same'", ["11:9"]
                ),
            ])
        #expect(findings.last?.message.hasSuffix(Self.suggestion) == true)
        #expect(!findings.contains { $0.message.unicodeScalars.contains("\u{2028}") })
    }
}
