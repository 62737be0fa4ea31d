import Foundation
import Testing

let fixInputs = packageRoot.appendingPathComponent("Tests/Fixes")

/// The rules `lint --fix` fixes.
let fixableRuleIDs = ["reuse-identifier-collision", "unused-suppression", "deprecated-event"]

/// A manifest input, copied under its own name into a fresh folder.
private func copyInput(_ name: String, as target: String? = nil) throws -> (folder: URL, file: URL) {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent(target ?? name)
    try FileManager.default.copyItem(at: fixInputs.appendingPathComponent(name), to: file)
    return (folder, file)
}

private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

/// The `[rule-id]` of every finding line of text output.
private func ruleIDs(_ output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
        guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
        return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
    }
}

/// `lint --fix` on each input: the fixed file is its golden, a second `--fix` changes nothing, and
/// a re-lint has no finding of a fixable rule left but those the input keeps on purpose.
@Suite struct FixCommandTests {
    static let manifests: [(name: String, left: [String])] = [
        ("collision-comments.maplint.yml", []),
        ("collision-flow.maplint.yml", []),
        ("collision.maplint.json", []),
        ("crlf.maplint.yml", []),
        ("deprecated-event.maplint.yml", []),
        // `nil-modle` is a misspelt rule id: left for the user to correct.
        ("unused-suppression.maplint.yml", ["unused-suppression"]),
    ]

    @Test(arguments: manifests)
    func manifestFixMatchesGoldenAndSticks(input: (name: String, left: [String])) throws {
        let (folder, file) = try copyInput(input.name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try runMaplint(["lint", input.name], in: folder)
        #expect(Set(ruleIDs(before.stdout)).intersection(fixableRuleIDs).count >= 1, "the input has nothing to fix")

        let fixed = try runMaplint(["lint", "--fix", input.name], in: folder)
        #expect(fixed.stderr.contains("fixed"), "\(fixed.stderr)")
        try expectGolden(try text(file), "fix/" + input.name)

        let again = try runMaplint(["lint", input.name], in: folder)
        let left = ruleIDs(again.stdout).filter { fixableRuleIDs.contains($0) }
        #expect(left == input.left, "\(again.stdout)")
        // The findings --fix printed are those of the fixed file; so is its status.
        #expect(fixed.stdout == again.stdout)
        #expect(fixed.status == again.status)

        let bytes = try Data(contentsOf: file)
        let second = try runMaplint(["lint", "--fix", input.name], in: folder)
        #expect(try Data(contentsOf: file) == bytes, "a second --fix changed the file")
        #expect(second.stderr.contains("maplint: fixed 0 findings in 0 files"), "\(second.stderr)")
    }

    @Test func crlfFileKeepsItsLineEndings() throws {
        let (folder, file) = try copyInput("crlf.maplint.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try runMaplint(["lint", "--fix", "crlf.maplint.yml"], in: folder)
        let bytes = [UInt8](try Data(contentsOf: file))
        let lineFeeds = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(!lineFeeds.isEmpty)
        #expect(lineFeeds.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D }, "a line feed without its carriage return")
    }

    @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
        let (folder, file) = try copyInput("collision-comments.maplint.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: file)
        let output = try runMaplint(["lint", "--fix", "--dry-run", "collision-comments.maplint.yml"], in: folder)
        #expect(try Data(contentsOf: file) == original)
        try expectGolden(output.stdout, "fix/collision-comments.diff")
        #expect(
            output.stderr == """
                collision-comments.maplint.yml:10:11: would fix: set reuseIdentifier: pinned-post-cell-2 (entry 1) [reuse-identifier-collision]
                collision-comments.maplint.yml:19:22: would fix: set reuseIdentifier: banner-cell (entry 2) [reuse-identifier-collision]
                maplint: would fix 2 findings in 1 file

                """)
        // The status is that of the findings the fix would leave: none here.
        #expect(output.status == 0)
        // The diff applies with patch and gives what --fix writes.
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        patch.arguments = ["patch", "-s", "-p1"]
        patch.currentDirectoryURL = folder
        let input = Pipe()
        patch.standardInput = input
        try patch.run()
        input.fileHandleForWriting.write(Data(output.stdout.utf8))
        try input.fileHandleForWriting.close()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        try expectGolden(try text(file), "fix/collision-comments.maplint.yml")
    }

    /// Two fixes in one comment are made in two rounds; both are reported where the comment was.
    @Test func theReportNamesEachFixWhereItWasAndWhatIsLeft() throws {
        let (folder, _) = try copyInput("unused-suppression.maplint.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try runMaplint(["lint", "--fix", "unused-suppression.maplint.yml"], in: folder)
        #expect(
            output.stderr == """
                unused-suppression.maplint.yml:6:25: fixed: removed '# maplint:disable:this reuse-identifier-collision' [unused-suppression]
                unused-suppression.maplint.yml:8:1: fixed: removed '# maplint:disable ambiguous-item' and removed '# maplint:enable ambiguous-item' [unused-suppression]
                unused-suppression.maplint.yml:18:9: fixed: removed nil-model from '# maplint:disable:next nil-model unresolved-item' [unused-suppression]
                unused-suppression.maplint.yml:18:9: fixed: removed '# maplint:disable:next unresolved-item' [unused-suppression]
                unused-suppression.maplint.yml:17:28: not fixed: this finding has no automatic fix; fix it by hand [unused-suppression]
                maplint: fixed 4 findings in 1 file; 1 not fixed

                """)
        // What is left: the unreachable registration (an error), and the warnings.
        #expect(output.status == 1)
    }

    @Test func dryRunNeedsFix() throws {
        let output = try runMaplint(["lint", "--dry-run", "Fixtures/feed.maplint.yml"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--dry-run applies to --fix"))
    }

    @Test func statusAfterFixCountsTheFindingsLeft() throws {
        // table-reuse-collision has one error, which --fix removes.
        let (folder, _) = try copyInput("../../Fixtures/table-reuse-collision.maplint.yml", as: "feed.maplint.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runMaplint(["lint", "feed.maplint.yml"], in: folder).status == 1)
        let fixed = try runMaplint(["lint", "--fix", "feed.maplint.yml"], in: folder)
        #expect(fixed.status == 0)
        #expect(fixed.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    @Test func aLinkedManifestIsNotWritten() throws {
        let (folder, file) = try copyInput("collision-flow.maplint.yml", as: "real.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("linked.maplint.yml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let original = try Data(contentsOf: file)
        let output = try runMaplint(["lint", "--fix", "linked.maplint.yml"], in: folder)
        #expect(try Data(contentsOf: file) == original)
        #expect(
            output.stderr.contains(
                "linked.maplint.yml: not fixed: it is a symbolic link; maplint does not write through links"),
            "\(output.stderr)")
        #expect(output.status == 1)
    }

    @Test func fixKeepsTheFilePermissions() throws {
        let (folder, file) = try copyInput("collision-flow.maplint.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        _ = try runMaplint(["lint", "--fix", "collision-flow.maplint.yml"], in: folder)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["collision-flow.maplint.yml"])
    }

    /// SARIF's fixes are the edits --fix makes: applied by their line and column (Unicode code
    /// points, end exclusive), the first round's fixes give the same text.
    @Test(arguments: ["collision-comments.maplint.yml", "crlf.maplint.yml", "collision.maplint.json"])
    func sarifFixesAreTheEditsFixMakes(name: String) throws {
        let (folder, file) = try copyInput(name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarif = try runMaplint(["lint", "--format", "sarif", name], in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        var edits: [(start: (Int, Int), end: (Int, Int), text: String)] = []
        for result in results {
            for fix in result["fixes"] as? [[String: Any]] ?? [] {
                for change in try #require(fix["artifactChanges"] as? [[String: Any]]) {
                    let location = try #require(change["artifactLocation"] as? [String: Any])
                    #expect(location["uri"] as? String == name)
                    for replacement in try #require(change["replacements"] as? [[String: Any]]) {
                        let region = try #require(replacement["deletedRegion"] as? [String: Int])
                        let inserted = (replacement["insertedContent"] as? [String: String])?["text"] ?? ""
                        edits.append(
                            (
                                (try #require(region["startLine"]), try #require(region["startColumn"])),
                                (try #require(region["endLine"]), try #require(region["endColumn"])), inserted
                            ))
                    }
                }
            }
        }
        #expect(!edits.isEmpty)
        // Fixes that touch one place twice are made one round at a time; these inputs have none.
        // From the end; an insertion before a deletion that starts at the same place.
        let original = try text(file)
        var lines = Self.lines(original)
        let order = { (edit: (start: (Int, Int), end: (Int, Int), text: String)) in
            (edit.start.0, edit.start.1, edit.start == edit.end ? 0 : 1)
        }
        for edit in edits.sorted(by: { order($0) > order($1) }) {
            lines = Self.replace(in: lines, from: edit.start, to: edit.end, with: edit.text)
        }
        _ = try runMaplint(["lint", "--fix", name], in: folder)
        #expect(lines.joined() == (try text(file)))
    }

    /// The lines of a text as code points, each with its line break.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            current.append(scalar)
            if scalar == "\n" {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }

    static func replace(in lines: [String], from start: (Int, Int), to end: (Int, Int), with text: String) -> [String] {
        let whole = lines.joined()
        func offset(_ position: (Int, Int)) -> Int {
            lines.prefix(position.0 - 1).reduce(0) { $0 + $1.unicodeScalars.count } + position.1 - 1
        }
        var scalars = Array(whole.unicodeScalars)
        scalars.replaceSubrange(offset(start)..<offset(end), with: Array(text.unicodeScalars))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return Self.lines(String(view))
    }
}

/// `lint --swift --fix`: the fixed Swift matches its golden, still type-checks against the parts
/// of DT's API it uses (the signatures of DTTableViewManager 11.0.1 and 7.2.0,
/// DTTableViewManager+Registration.swift and +Deprecated.swift), and lints clean of collisions.
@Suite struct SwiftFixCommandTests {
    static let stubs11 = """
        struct IndexPath {}
        class UITableViewCell {}
        protocol ModelTransfer { associatedtype ModelType; func update(with model: ModelType) }
        enum MappingCondition { case none, section(Int) }
        final class TableViewCellModelMapping<Cell, Model> {
            var condition = MappingCondition.none
            var xibName: String? = nil
            var reuseIdentifier = ""
        }
        final class DTTableViewManager {
            func register<Cell: ModelTransfer>(
                _ cellClass: Cell.Type, mapping: ((TableViewCellModelMapping<Cell, Cell.ModelType>) -> Void)? = nil,
                handler: @escaping (Cell, Cell.ModelType, IndexPath) -> Void = { _, _, _ in }
            ) where Cell: UITableViewCell {}
            func registerNibNamed<Cell: ModelTransfer>(
                _ nibName: String, for cellClass: Cell.Type,
                mapping: ((TableViewCellModelMapping<Cell, Cell.ModelType>) -> Void)? = nil
            ) where Cell: UITableViewCell {}
        }
        protocol DTTableViewManageable: AnyObject {}
        extension DTTableViewManageable { var manager: DTTableViewManager { DTTableViewManager() } }

        """

    static let stubs7 = """
        class UITableViewCell {}
        protocol ModelTransfer { associatedtype ModelType; func update(with model: ModelType) }
        enum MappingCondition { case none, section(Int) }
        final class ViewModelMapping {
            var condition = MappingCondition.none
            var xibName: String? = nil
            var reuseIdentifier = ""
        }
        final class DTTableViewManager {
            func register<T: ModelTransfer>(_ cellClass: T.Type, mapping: ((ViewModelMapping) -> Void)? = nil)
            where T: UITableViewCell {}
            func registerNibNamed<T: ModelTransfer>(
                _ nibName: String, for cellClass: T.Type, mapping: ((ViewModelMapping) -> Void)? = nil
            ) where T: UITableViewCell {}
        }
        protocol DTTableViewManageable: AnyObject {}
        extension DTTableViewManageable { var manager: DTTableViewManager { DTTableViewManager() } }

        """

    static let cases: [(name: String, version: String, stubs: String, left: Int)] = [
        // The deprecated registerNibNamed keeps its collision: DT 8 and later ignore its mapping closure.
        ("FeedViewController", "11.0.1", stubs11, 1),
        ("LegacyFeedViewController", "7.2.0", stubs7, 0),
    ]

    @Test(arguments: cases)
    func swiftFixMatchesGoldenAndCompiles(input: (name: String, version: String, stubs: String, left: Int)) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(input.name + ".swift")
        try FileManager.default.copyItem(
            at: fixInputs.appendingPathComponent("swift/\(input.name).swift.txt"), to: file)
        let stubs = folder.appendingPathComponent("Stubs.swift")
        try input.stubs.write(to: stubs, atomically: true, encoding: .utf8)
        #expect(try typecheck([stubs.path, file.path], in: folder) == "", "the input does not compile")

        let arguments = ["lint", "--swift", "--library-version", input.version, file.lastPathComponent]
        let fixed = try runMaplint(arguments + ["--fix"], in: folder)
        #expect(fixed.stderr.contains("fixed"), "\(fixed.stderr)")
        try expectGolden(try text(file), "fix/\(input.name).swift.txt")
        #expect(try typecheck([stubs.path, file.path], in: folder) == "", "the fixed file does not compile")

        let again = try runMaplint(arguments, in: folder)
        #expect(ruleIDs(again.stdout).filter { $0 == "reuse-identifier-collision" }.count == input.left)
        let bytes = try Data(contentsOf: file)
        _ = try runMaplint(arguments + ["--fix"], in: folder)
        #expect(try Data(contentsOf: file) == bytes, "a second --fix changed the file")
    }

    @Test func crlfSwiftKeepsItsLineEndings() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try text(fixInputs.appendingPathComponent("swift/FeedViewController.swift.txt"))
        let file = folder.appendingPathComponent("FeedViewController.swift")
        try Data(input.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: file)
        _ = try runMaplint(["lint", "--swift", "--fix", "FeedViewController.swift"], in: folder)
        let expected = try text(goldenFolder.appendingPathComponent("fix/FeedViewController.swift.txt"))
        #expect(try text(file) == expected.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// swiftc's diagnostics for the files, empty when they type-check.
    private func typecheck(_ files: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck"] + files
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let data = readAll(errors.fileHandleForReading)
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        return process.terminationStatus == 0 ? "" : output
    }
}
