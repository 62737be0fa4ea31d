import Foundation
import Testing

@Suite struct LintCommandTests {
    @Test(arguments: validFixtures())
    func lintTextMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["lint", fixture])
        #expect([0, 1].contains(output.status), "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        try expectGolden(output.stdout, "lint-text/\(fixtureName(fixture)).txt")
    }

    @Test(arguments: validFixtures())
    func lintJSONMatchesGolden(fixture: String) throws {
        let output = try runMaplint(["lint", fixture, "--format", "json"])
        #expect([0, 1].contains(output.status), "\(output.stderr)")
        try expectGolden(output.stdout, "lint-json/\(fixtureName(fixture)).json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(parsed["diagnostics"] is [Any])
        let summary = parsed["summary"] as? [String: Any]
        #expect(summary?["files"] as? Int == 1)
        let errors = summary?["errors"] as? Int ?? 0
        #expect(output.status == (errors > 0 ? 1 : 0))
    }

    @Test(arguments: invalidFixtures())
    func invalidManifestsAreReportedWithStatus2(fixture: String) throws {
        let text = try runMaplint(["lint", fixture])
        #expect(text.status == 2)
        try expectGolden(text.stdout, "lint-text/invalid/\(fixtureName(fixture)).txt")
        let json = try runMaplint(["lint", fixture, "--format", "json"])
        #expect(json.status == 2)
        try expectGolden(json.stdout, "lint-json/invalid/\(fixtureName(fixture)).json")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let diagnostics = parsed?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["rule"] as? String == "invalid-manifest")
    }

    @Test func lintIsTheDefaultSubcommand() throws {
        let explicit = try runMaplint(["lint", "Fixtures/table-reuse-collision.maplint.yml"])
        let implicit = try runMaplint(["Fixtures/table-reuse-collision.maplint.yml"])
        #expect(implicit.status == explicit.status)
        #expect(implicit.stdout == explicit.stdout)
    }

    @Test func cleanManifestExitsWith0() throws {
        let output = try runMaplint(["lint", "Fixtures/table-reuse-collision-fixed.maplint.yml"])
        #expect(output.status == 0)
        #expect(output.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    @Test func errorsExitWith1() throws {
        let output = try runMaplint(["lint", "Fixtures/table-reuse-collision.maplint.yml"])
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("Fixtures/table-reuse-collision.maplint.yml:16:11: error: "))
        #expect(output.stdout.contains("[reuse-identifier-collision]"))
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("nil.maplint.yml")
        try """
        version: 1
        host: tableView
        registrations:
          - cell: TitleCell
            model: String
        sample:
          sections:
            - items: ["Hello", null]
        """.write(to: file, atomically: true, encoding: .utf8)
        let relaxed = try runMaplint(["lint", file.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("warning: item 1 of section 0 is nil"))
        let strict = try runMaplint(["lint", "--strict", file.path])
        #expect(strict.status == 1)
    }

    @Test func aFileThatCannotBeCheckedWinsOverFindings() throws {
        let output = try runMaplint([
            "lint", "Fixtures/table-reuse-collision.maplint.yml", "Fixtures/invalid/typo-key.maplint.yml", "--format",
            "json",
        ])
        #expect(output.status == 2)
        let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let rules = (parsed?["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(rules == ["reuse-identifier-collision", "invalid-manifest"])
        #expect((parsed?["summary"] as? [String: Any])?["files"] as? Int == 2)
    }

    @Test func missingFileExitsWith2() throws {
        let output = try runMaplint(["lint", "Fixtures/no-such.maplint.yml"])
        #expect(output.status == 2)
        // No position (the file has none), and nothing is counted as checked.
        #expect(output.stderr == "maplint: Fixtures/no-such.maplint.yml: no such file or folder\n")
        #expect(output.stdout.isEmpty)
    }

    @Test func folderIsSearchedRecursivelyInFileOrder() throws {
        // The manifests of the folder: its Swift apps are left out here (they are checked too).
        let output = try runMaplint(["lint", "Fixtures", "--format", "json", "--excluded", "**/*.swift"])
        #expect(output.status == 2)
        let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let extracted =
            (try? FileManager.default.contentsOfDirectory(
                atPath: packageRoot.appendingPathComponent("Fixtures/swift/extracted").path)) ?? []
        let count =
            validFixtures().count + invalidFixtures().count + interfaceBuilderFixtures().count + extracted.count
            + truthFixtures().count
        #expect((parsed?["summary"] as? [String: Any])?["files"] as? Int == count)
        // Findings come file by file, in sorted path order, whatever order the files were linted in.
        let files = (parsed?["diagnostics"] as? [[String: Any]])?.compactMap { $0["file"] as? String } ?? []
        #expect(files == files.sorted())
        #expect(files.contains("Fixtures/invalid/typo-key.maplint.yml"))
        #expect(
            try runMaplint(["lint", "Fixtures", "--format", "json", "--excluded", "**/*.swift"]).stdout == output.stdout
        )
    }

    @Test func folderSearchSkipsBuildFolders() throws {
        let folder = try temporaryFolder()
        let nested = folder.appendingPathComponent("App/Screens")
        let build = folder.appendingPathComponent(".build/checkouts")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let manifest = "version: 1\nhost: tableView\nregistrations:\n  - cell: TitleCell\n    model: String\n"
        try manifest.write(to: nested.appendingPathComponent("feed.maplint.yml"), atomically: true, encoding: .utf8)
        try "version: oops\n".write(
            to: build.appendingPathComponent("broken.maplint.yml"), atomically: true, encoding: .utf8)
        let output = try runMaplint(["lint"], in: folder)
        #expect(output.status == 0)
        #expect(output.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    /// A folder with no manifest and no Swift is nothing to check: status 0, and it says so.
    @Test func noManifestFoundIsNothingToCheck() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try runMaplint(["lint", folder.path])
        #expect(output.status == 0)
        #expect(output.stderr.contains("nothing to check: no manifest files"))
    }

    @Test func dataReplacesTheSample() throws {
        let output = try runMaplint([
            "lint", "Fixtures/feed.maplint.yml", "--data", "Fixtures/data/feed-more.sample.yml", "--format", "json",
        ])
        #expect([0, 1].contains(output.status))
        try expectGolden(output.stdout, "lint-json/feed-more-data.json")
        // The manifest's own sample has a nil item (line 203); the data file has none.
        #expect(!output.stdout.contains("\"nil-model\""))
    }

    @Test func invalidDataFileExitsWith2() throws {
        let folder = try temporaryFolder()
        let data = folder.appendingPathComponent("bad.sample.yml")
        try "sections:\n  - itemz: []\n".write(to: data, atomically: true, encoding: .utf8)
        let output = try runMaplint(["lint", "Fixtures/feed.maplint.yml", "--data", data.path])
        #expect(output.status == 2)
        #expect(output.stdout.contains("bad.sample.yml:2:5: error: "))
    }

    @Test func dataWithSeveralManifestsIsAUsageError() throws {
        let output = try runMaplint(["lint", "Fixtures", "--data", "Fixtures/data/feed-more.sample.yml"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--data needs exactly one manifest"))
    }

    @Test func badFormatIsAUsageError() throws {
        let output = try runMaplint(["lint", "Fixtures/feed.maplint.yml", "--format", "xml"])
        #expect(output.status == 64)
    }
}

/// A fresh empty folder under the system's temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every CI format pinned by a golden file, on a fixture with findings and one without.
@Suite struct LintFormatTests {
    static let formats = [
        ("sarif", "sarif.json"), ("github", "txt"), ("junit", "xml"), ("checkstyle", "xml"), ("markdown", "md"),
    ]

    @Test(arguments: formats)
    func formatMatchesGolden(format: (name: String, ext: String)) throws {
        for fixture in [
            "Fixtures/table-reuse-collision.maplint.yml", "Fixtures/table-reuse-collision-fixed.maplint.yml",
        ] {
            let output = try runMaplint(["lint", fixture, "--format", format.name])
            #expect(output.status == (fixture.contains("fixed") ? 0 : 1))
            try expectGolden(output.stdout, "lint-\(format.name)/\(fixtureName(fixture)).\(format.ext)")
        }
    }

    @Test func sarifIsJSONWithOneResultPerFinding() throws {
        let output = try runMaplint(["lint", "Fixtures/feed.maplint.yml", "--format", "sarif"])
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let json = try runMaplint(["lint", "Fixtures/feed.maplint.yml", "--format", "json"])
        let diagnostics = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["diagnostics"] as? [Any]
        )
        #expect(results.count == diagnostics.count)
        // Fingerprints do not depend on line numbers.
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["maplint/v1"] }
        #expect(fingerprints.count == results.count)
    }
}
