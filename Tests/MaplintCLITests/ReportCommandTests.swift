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

    @Test(arguments: fixtures)
    func reportMarkdownMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["report", fixture])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "report-markdown/\(fixtureName(fixture)).md")
    }

    @Test(arguments: fixtures)
    func reportHTMLMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["report", fixture, "--format", "html"])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "report-html/\(fixtureName(fixture)).html")
        #expect(output.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(!output.stdout.contains("<script"))
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
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
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
