import Foundation
import Testing

@Suite struct ReportCommandTests {
    static let fixtures = [
        "Fixtures/table-reuse-collision.maplint.yml",
        "Fixtures/intersecting-conditions.maplint.yml",
        "Fixtures/collection-supplementary.maplint.yml",
        "Fixtures/unregister.maplint.yml",
    ]

    @Test(arguments: fixtures)
    func reportJSONMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["report", fixture, "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "report-json/\(fixtureName(fixture)).json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(parsed["pairs"] is [Any])
        #expect(parsed["reuseIdentifiers"] is [Any])
    }

    /// Every bundled fixture, and the input whose names try to break out of the reports.
    static let reportFixtures = validFixtures() + ["Tests/ReportInputs/hostile-names.maplint.yml"]

    @Test(arguments: reportFixtures)
    func reportMarkdownMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["report", fixture])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "report-markdown/\(fixtureName(fixture)).md")
        // One Mermaid block, and no raw HTML apart from the <details> that folds the tables.
        #expect(output.stdout.components(separatedBy: "```mermaid\n").count == 2)
        #expect(rawTags(in: output.stdout) == [])
    }

    /// The start of every `<` in Markdown outside code spans that is not escaped (an odd number
    /// of backslashes before it) and does not open one of the tags the report uses.
    private func rawTags(in markdown: String) -> [String] {
        let allowed = ["<details>", "</details>", "<summary>", "</summary>", "<br>"]
        let scalars = Array(markdown.unicodeScalars)
        var found: [String] = []
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "`" {
                // A code span: a run of n backticks up to the next run of exactly n.
                var run = 0
                while position + run < scalars.count, scalars[position + run] == "`" { run += 1 }
                var search = position + run
                var closed: Int?
                while search < scalars.count {
                    var length = 0
                    while search + length < scalars.count, scalars[search + length] == "`" { length += 1 }
                    if length == run {
                        closed = search + length
                        break
                    }
                    search += max(length, 1)
                }
                position = closed ?? position + run
                continue
            }
            if scalar == "<" {
                var backslashes = 0
                while position - backslashes > 0, scalars[position - backslashes - 1] == "\\" { backslashes += 1 }
                var start = ""
                start.unicodeScalars.append(contentsOf: scalars[position..<min(position + 20, scalars.count)])
                if backslashes % 2 == 0, !allowed.contains(where: { start.hasPrefix($0) }) { found.append(start) }
            }
            position += 1
        }
        return found
    }

    @Test(arguments: reportFixtures)
    func reportHTMLMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["report", fixture, "--format", "html"])
        #expect(output.status == 0, "\(output.stderr)")
        // Every page has one frame (head, style, script), kept once; each fixture keeps its own part.
        let parts = try #require(HTMLPageParts(output.stdout), "\(output.stdout.prefix(300))")
        try expectGolden(parts.frame, "report-html/page-frame.html")
        try expectGolden(parts.own, "report-html/\(fixtureName(fixture)).html")
        #expect(HTMLPageParts.page(frame: parts.frame, own: parts.own) == output.stdout)
        #expect(output.stdout.hasPrefix("<!DOCTYPE html>"))
        // The one script is maplint's own, and it is the one the Content-Security-Policy allows.
        let page = try HTMLReportPage(output.stdout)
        #expect(page.scripts == [page.expectedScript])
        #expect(page.contentSecurityPolicy.contains("default-src 'none'"))
        #expect(!output.stdout.contains("src=\"http") && !output.stdout.contains("href=\"http"))
    }

    @Test func collisionIsReportedWithTheDequeuedView() throws {
        let output = try runMaplint(["report", "Fixtures/table-reuse-collision.maplint.yml", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let groups = parsed?["reuseIdentifiers"] as? [[String: Any]]
        #expect(groups?.first?["identifier"] as? String == "PostCell")
        #expect(groups?.first?["registrations"] as? [Int] == [0, 1])
        #expect(groups?.first?["collision"] as? Bool == true)
        let pairs = parsed?["pairs"] as? [[String: Any]]
        #expect(pairs?.first?["first"] as? Int == 0)
        #expect(pairs?.first?["second"] as? Int == 1)
        #expect(pairs?.first?["viewType"] as? String == "cell")
    }

    @Test(arguments: ["markdown", "html", "json"])
    func outputWritesTheFile(format: String) throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("report.\(format)")
        let written = try runMaplint([
            "report", "Fixtures/table-reuse-collision.maplint.yml", "--format", format, "--output", file.path,
        ])
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        let printed = try runMaplint(["report", "Fixtures/table-reuse-collision.maplint.yml", "--format", format])
        var expected = printed.stdout
        if format == "html" {
            // The page's links to the manifest are relative to the folder it is written to.
            // (From the folder up to what it shares with the package's path, then down to Fixtures.)
            let from = folder.standardizedFileURL.path.split(separator: "/")
            let to = packageRoot.standardizedFileURL.path.split(separator: "/")
            var common = 0
            while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
            let path = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
            expected = expected.replacingOccurrences(
                of: "href=\"Fixtures/", with: "href=\"\(path.joined(separator: "/"))/Fixtures/")
            #expect(expected != printed.stdout)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    }

    @Test func invalidManifestExitsWith2() throws {
        // docs/commands.md: syntax and schema errors are printed as diagnostics in the chosen format.
        let output = try runMaplint(["report", "Fixtures/invalid/typo-key.maplint.yml"])
        #expect(output.status == 2)
        #expect(output.stdout.contains("`invalid-manifest`"))
        #expect(output.stderr.isEmpty)
    }

    @Test func badFormatIsAUsageError() throws {
        let output = try runMaplint(["report", "Fixtures/feed.maplint.yml", "--format", "pdf"])
        #expect(output.status == 64)
    }
}

@Suite struct RulesCommandTests {
    @Test func listsEveryRule() throws {
        let output = try runMaplint(["rules"])
        #expect(output.status == 0)
        try expectGolden(output.stdout, "rules.txt")
        for id in [
            "reuse-identifier-collision", "intersecting-conditions", "unreachable-registration", "invalid-manifest",
        ] {
            #expect(output.stdout.contains(id))
        }
    }

    @Test func explainsOneRuleWithExamples() throws {
        let output = try runMaplint(["rules", "reuse-identifier-collision"])
        #expect(output.status == 0)
        try expectGolden(output.stdout, "rules-reuse-identifier-collision.txt")
        #expect(output.stdout.contains("Triggering example"))
        #expect(output.stdout.contains("Non-triggering example"))
        #expect(output.stdout.contains("↓"))
    }

    @Test func unknownRuleIsAUsageErrorWithASuggestion() throws {
        let output = try runMaplint(["rules", "nil-modle"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("did you mean 'nil-model'?"))
    }
}

@Suite struct ReportInvalidInputTests {
    @Test func invalidManifestsAreReportedInTheChosenFormat() throws {
        let fixture = "Fixtures/invalid/typo-key.maplint.yml"
        let json = try runMaplint(["report", fixture, "--format", "json"])
        #expect(json.status == 2)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let diagnostics = parsed?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["rule"] as? String == "invalid-manifest")
        #expect(diagnostics?.first?["line"] as? Int == 17)
        let markdown = try runMaplint(["report", fixture, "--format", "markdown"])
        #expect(markdown.status == 2)
        #expect(
            markdown.stdout.contains("| error | `Fixtures/invalid/typo-key.maplint.yml:17:5` | `invalid-manifest` |"))
        let html = try runMaplint(["report", fixture, "--format", "html"])
        #expect(html.status == 2)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(html.stdout.contains("typo-key.maplint.yml:17:5: error: unknown key &apos;reuseIdentifer&apos;"))
    }
}

/// An HTML report split into the frame every page shares (the head, the style, the script, with
/// the title and the body's content replaced by `{{title}}` and `{{body}}`) and its own part (the
/// title's line, then the body's content), so that the goldens hold the frame once.
struct HTMLPageParts {
    let frame: String
    let own: String

    init?(_ page: String) {
        guard let titleStart = page.range(of: "<title>"), let titleEnd = page.range(of: "</title>\n"),
            let bodyStart = page.range(of: "\n<body>\n"), titleEnd.upperBound <= bodyStart.lowerBound
        else { return nil }
        let tail =
            page.range(of: "\n<script>\n", options: .backwards) ?? page.range(of: "\n</body>", options: .backwards)
        guard let tail, bodyStart.upperBound <= tail.lowerBound else { return nil }
        frame =
            page[..<titleStart.upperBound] + "{{title}}" + page[titleEnd.lowerBound..<bodyStart.upperBound] + "{{body}}"
            + page[tail.lowerBound...]
        own =
            page[titleStart.upperBound..<titleEnd.lowerBound] + "\n" + page[bodyStart.upperBound..<tail.lowerBound]
            + "\n"
    }

    /// The page again, from its frame and its own part.
    static func page(frame: String, own: String) -> String? {
        guard let newline = own.firstIndex(of: "\n") else { return nil }
        let title = own[..<newline]
        let body = own[own.index(after: newline)...].dropLast()
        return frame.replacingOccurrences(of: "{{title}}", with: title).replacingOccurrences(of: "{{body}}", with: body)
    }
}
