import Foundation
import Testing

/// The pages whose examples are checked: the README and every page of docs/.
private func documentationPages() -> [String] {
    let docs =
        (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
}

/// Runs maplint in `folder` with the standard output and the standard error on one pipe, so the
/// lines come in the order a terminal shows them.
private func runMerged(_ arguments: [String], in folder: URL) throws -> (output: String, status: Int32) {
    let process = maplintProcess(arguments, in: folder)
    for name in ["FORCE_COLOR", "CLICOLOR_FORCE", "COLUMNS"] { process.environment?[name] = nil }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = readAll(pipe.fileHandleForReading)
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// Runs the examples of one block in a fresh copy of the repository's Fixtures and Schema; the problems found.
private func check(_ examples: [DocumentedExample]) throws -> [String] {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    for folder in ["Fixtures", "Schema"] {
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
    }
    var problems: [String] = []
    for example in examples {
        var folder = example.folder
        var output = ""
        var status: Int32 = 0
        for step in example.steps {
            switch step {
            case .changeFolder(let target):
                folder = DocumentedExamples.join(folder, target)
            case .maplint(let arguments):
                let run = try runMerged(arguments, in: root.appendingPathComponent(folder))
                output += run.output
                status = run.status
            }
        }
        if let problem = DocumentedExamples.mismatch(example, output: output, status: status) {
            problems.append(problem)
        }
    }
    return problems
}

/// Every command a page shows in a ```console block prints what the page says it prints.
@Suite struct DocumentedExampleTests {
    @Test(arguments: documentationPages())
    func theExamplesOfThePagePrintWhatItShows(page: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
        let (examples, problems) = DocumentedExamples.parse(text, file: page)
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
        // One copy of the fixtures per block: the commands of a block share their files.
        let blocks = Dictionary(grouping: examples, by: \.block).sorted { $0.key < $1.key }.map(\.value)
        for block in blocks {
            for problem in try check(block) { Issue.record(Comment(rawValue: problem)) }
        }
    }

    @Test func theREADMEShowsExamples() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(DocumentedExamples.parse(text, file: "README.md").examples.count >= 4)
    }

    // MARK: The checker

    static let page = """
        # A page

        ```console
        $ maplint lint Fixtures/table-reuse-collision.maplint.yml
        Fixtures/table-reuse-collision.maplint.yml:16:11: error: 'PostCell' names two views: … [reuse-identifier-collision]
        …
        1 file checked: 1 error, 0 warnings, 0 notes (3 related)
        (exit status 1)
        $ cd Fixtures/apps
        $ maplint lint Monorepo/admin
        …
        ```

        Text.

          ```console
          $ maplint lint 'no such.maplint.yml'
          maplint: no such.maplint.yml: no such file or folder
          (exit status 2)
          ```

        ```sh
        make install
        ```
        """

    @Test func commandsOutputsAndStatusesAreRead() {
        let (examples, problems) = DocumentedExamples.parse(Self.page, file: "page.md")
        #expect(problems.isEmpty)
        #expect(examples.map(\.line) == [4, 9, 10, 17])
        #expect(examples[0].steps == [.maplint(["lint", "Fixtures/table-reuse-collision.maplint.yml"])])
        #expect(examples[0].expected.count == 3)
        #expect(examples[0].status == 1)
        #expect(examples[1].steps == [.changeFolder("Fixtures/apps")] && examples[1].expected.isEmpty)
        #expect(examples[2].folder == "Fixtures/apps" && examples[2].status == nil)
        #expect(examples[3].folder == "." && examples[3].steps == [.maplint(["lint", "no such.maplint.yml"])])
        #expect(examples[3].expected == ["maplint: no such.maplint.yml: no such file or folder"])
        #expect(examples[3].status == 2)
    }

    @Test func theExamplesOfAPageThatTellsTheTruthPass() throws {
        let (examples, _) = DocumentedExamples.parse(Self.page, file: "page.md")
        #expect(try check(Array(examples[0...2])).isEmpty)
        #expect(try check([examples[3]]).isEmpty)
    }

    /// A page whose output drifted fails, naming the page and the first line that differs.
    @Test func aDriftNamesThePageAndLine() throws {
        let drifted = Self.page.replacingOccurrences(of: "1 file checked: 1 error", with: "1 file checked: 2 errors")
            .replacingOccurrences(of: "(exit status 2)", with: "(exit status 0)")
        let (examples, _) = DocumentedExamples.parse(drifted, file: "page.md")
        let problems = try check(Array(examples[0...2])) + check([examples[3]])
        #expect(problems.count == 2)
        #expect(
            problems.first?.hasPrefix("page.md:7: the output of `maplint lint Fixtures/table-reuse-collision") == true)
        #expect(
            problems.last == "page.md:19: `maplint lint 'no such.maplint.yml'` (line 17) ended with status 2, not 0")
    }

    @Test func commandsThatAreNotCheckedAreReported() {
        let page = "```\n$ maplint lint\n```\n\n```console\n$ swift run maplint\n```\n\n```console\nstray\n```\n"
        let problems = DocumentedExamples.parse(page, file: "page.md").problems
        #expect(problems.count == 3)
        #expect(problems.map { $0.prefix(10) } == ["page.md:2:", "page.md:6:", "page.md:10"])
    }

    @Test func elisions() {
        #expect(DocumentedExamples.lineMatches("a … c", "a b c"))
        #expect(DocumentedExamples.lineMatches("a … c", "a  c"))
        #expect(!DocumentedExamples.lineMatches("a … c", "a b d"))
        #expect(DocumentedExamples.lineMatches("…x…", "axbxc"))
        #expect(!DocumentedExamples.lineMatches("ab…ba", "aba"))
        #expect(DocumentedExamples.firstMismatch(expected: ["a", "…", "z"], actual: ["a", "b", "c", "z"]) == nil)
        #expect(DocumentedExamples.firstMismatch(expected: ["a", "…"], actual: ["a"]) == nil)
        #expect(DocumentedExamples.firstMismatch(expected: ["a", "b", "c"], actual: ["a", "x", "c"]) == 1)
        #expect(DocumentedExamples.firstMismatch(expected: ["a"], actual: ["a", "b"]) == 0)
    }
}
