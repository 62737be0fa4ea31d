import Foundation
import Testing

@Suite struct ResolveCommandTests {
    /// A manifest without `sample` is resolved with the items maplint makes: one per live
    /// registration, marked as made; the dead one's item goes to the registration that takes it.
    @Test func aManifestWithoutSampleGetsSynthesizedItems() throws {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Fixtures/intersecting-conditions.maplint.yml"),
            encoding: .utf8)
        let folder = try temporaryFolder()
        let withoutSample = text.components(separatedBy: "\nsample:").first ?? text
        try write(withoutSample + "\n", to: "feed.maplint.yml", in: folder)
        let output = try runMaplint(["resolve", "feed.maplint.yml", "--format", "json"], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let items = try #require(parsed["items"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0["synthesized"] as? Bool == true })
        #expect(items.map { $0["resolved"] as? Int } == [0, 0])
    }

    @Test(arguments: validFixtures())
    func resolveJSONMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["resolve", fixture, "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        try expectGolden(output.stdout, "resolve-json/\(fixtureName(fixture)).json")
        // The output is JSON that Foundation can read, with the contract's top-level key.
        let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(parsed?["items"] is [Any])
    }

    @Test(arguments: validFixtures())
    func resolveTableMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["resolve", fixture])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "resolve-table/\(fixtureName(fixture)).txt")
    }

    @Test(arguments: validFixtures())
    func resolveCSVMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["resolve", fixture, "--format", "csv"])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "resolve-csv/\(fixtureName(fixture)).csv")
    }

    @Test(arguments: invalidFixtures())
    func invalidManifestsExitWithStatus2(fixture: String) throws {
        let output = try runMaplint(["resolve", fixture])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        try expectGolden(output.stderr, "invalid/\(fixtureName(fixture)).txt")
    }

    @Test func invalidManifestInJSONIsAPositionedDiagnostic() throws {
        let output = try runMaplint(["resolve", "Fixtures/invalid/typo-key.maplint.yml", "--format", "json"])
        #expect(output.status == 2)
        let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let diagnostics = parsed?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["rule"] as? String == "invalid-manifest")
        #expect(diagnostics?.first?["line"] is Int)
    }

    @Test func missingFileExitsWithStatus2() throws {
        let output = try runMaplint(["resolve", "Fixtures/no-such.maplint.yml"])
        #expect(output.status == 2)
        #expect(output.stderr == "maplint: Fixtures/no-such.maplint.yml: no such file or folder\n")
        #expect(output.stdout.isEmpty)
    }

    @Test func badArgumentsKeepTheUsageStatus() throws {
        let output = try runMaplint(["resolve", "Fixtures/feed.maplint.yml", "--format", "xml"])
        #expect(output.status == 64)
    }

    @Test func printsTheVersion() throws {
        let output = try runMaplint(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == "0.1.0\n")
    }
}
