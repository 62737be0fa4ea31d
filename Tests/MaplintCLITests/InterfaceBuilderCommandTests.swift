import Foundation
import Testing

/// The manifests under Fixtures/ib (one per scenario folder), relative to the root, sorted.
func interfaceBuilderFixtures() -> [String] {
    InterfaceBuilderCommandTests.scenarios.map { "Fixtures/ib/\($0.folder)/\($0.manifest)" }.sorted()
}

/// `--resources` on lint, resolve and report, on the fixtures under Fixtures/ib.
@Suite struct InterfaceBuilderCommandTests {
    /// Each scenario folder: its manifest, its Resources folder, and the rules it must trip.
    static let scenarios: [(folder: String, manifest: String, rules: Set<String>)] = [
        (
            "table", "Feed.maplint.yml",
            [
                "xib-reuse-identifier-mismatch", "missing-xib", "xib-class-mismatch", "empty-xib",
                "storyboard-prototype-missing", "storyboard-prototype-shadowed", "invalid-ib-file",
            ]
        ),
        ("table-fixed", "Feed.maplint.yml", []),
        (
            "collection", "Gallery.maplint.yml",
            ["storyboard-prototype-shadowed", "storyboard-prototype-missing", "xib-reuse-identifier-mismatch"]
        ),
        ("collection-fixed", "Gallery.maplint.yml", []),
        ("effective-source", "Profile.maplint.yml", ["reuse-identifier-collision"]),
    ]

    static func arguments(_ scenario: (folder: String, manifest: String, rules: Set<String>)) -> [String] {
        [
            "Fixtures/ib/\(scenario.folder)/\(scenario.manifest)", "--resources",
            "Fixtures/ib/\(scenario.folder)/Resources",
        ]
    }

    @Test(arguments: scenarios.map(\.folder))
    func lintWithResourcesMatchesGolden(folder: String) throws {
        let scenario = try #require(Self.scenarios.first { $0.folder == folder })
        let text = try runMaplint(["lint"] + Self.arguments(scenario))
        #expect(text.stderr.isEmpty)
        try expectGolden(text.stdout, "lint-ib/\(folder).txt")
        let json = try runMaplint(["lint"] + Self.arguments(scenario) + ["--format", "json"])
        try expectGolden(json.stdout, "lint-ib/\(folder).json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(parsed["diagnostics"] as? [[String: Any]])
        #expect(Set(diagnostics.compactMap { $0["rule"] as? String }) == scenario.rules)
        let hasErrors = diagnostics.contains { $0["severity"] as? String == "error" }
        #expect(json.status == (hasErrors ? 1 : 0))
        // Every finding is in the manifest, at a registration, and points into the Interface Builder file it is about.
        for diagnostic in diagnostics {
            #expect(diagnostic["file"] as? String == "Fixtures/ib/\(folder)/\(scenario.manifest)")
            #expect((diagnostic["registrations"] as? [Int])?.isEmpty == false)
        }
    }

    @Test(arguments: scenarios.map(\.folder))
    func withoutResourcesTheInterfaceBuilderRulesAreSilent(folder: String) throws {
        let scenario = try #require(Self.scenarios.first { $0.folder == folder })
        let output = try runMaplint(["lint", "Fixtures/ib/\(folder)/\(scenario.manifest)", "--format", "json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let rules = Set(((parsed["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String })
        let interfaceBuilderRules: Set<String> = [
            "missing-xib", "xib-class-mismatch", "xib-reuse-identifier-mismatch", "empty-xib",
            "storyboard-prototype-missing", "storyboard-prototype-shadowed", "invalid-ib-file",
        ]
        #expect(rules.isDisjoint(with: interfaceBuilderRules))
    }

    @Test func theCollisionDisappearsWhenTheDefaultXibDoesNotExist() throws {
        let manifest = "Fixtures/ib/effective-source/Profile.maplint.yml"
        let without = try runMaplint(["lint", manifest])
        #expect(without.stdout.components(separatedBy: "[reuse-identifier-collision]").count - 1 == 2)
        let with = try runMaplint(["lint", manifest, "--resources", "Fixtures/ib/effective-source/Resources"])
        #expect(with.stdout.components(separatedBy: "[reuse-identifier-collision]").count - 1 == 1)
        #expect(!with.stdout.contains("AvatarCell (entry 1"))

        let resolve = try runMaplint([
            "resolve", manifest, "--format", "json", "--resources", "Fixtures/ib/effective-source/Resources",
        ])
        #expect(resolve.status == 0)
        try expectGolden(resolve.stdout, "resolve-ib/effective-source.json")
        let report = try runMaplint([
            "report", manifest, "--format", "json", "--resources", "Fixtures/ib/effective-source/Resources",
        ])
        #expect(report.status == 0)
        try expectGolden(report.stdout, "report-ib/effective-source.json")
    }

    @Test func aResourcesFolderThatDoesNotExistIsAnInputThatCannotBeRead() throws {
        for command in ["lint", "resolve", "report"] {
            let output = try runMaplint([
                command, "Fixtures/ib/table/Feed.maplint.yml", "--resources", "Fixtures/ib/no-such-folder",
            ])
            #expect(output.status == 2)
            #expect(output.stderr == "maplint: --resources Fixtures/ib/no-such-folder: no such file or folder\n")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test func rulesExplainsAnExampleWithItsFiles() throws {
        let output = try runMaplint(["rules", "xib-class-mismatch"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("PostCellCompact.xib"))
        #expect(output.stdout.contains("customClass=\"VideoPostCell\""))
    }
}
