import Foundation
import Testing

/// A manifest with one error (a reuse identifier collision) and one warning (a nil item), whose
/// registrations cannot overlap, so no other rule reports anything.
let collisionAndNilManifest = """
    version: 1
    host: tableView
    registrations:
      - cell: TitleCell
        model: String
      - cell: CountCell
        model: Int
        reuseIdentifier: TitleCell
    sample:
      sections:
        - items: ["Hello", 3, null]

    """

struct JSONLint {
    var status: Int32
    var stderr: String
    var files: Int
    /// (rule, severity) of every finding.
    var findings: [(rule: String, severity: String)]
    var rules: [String] { findings.map(\.rule) }
}

/// Runs `maplint lint --format json` in `folder` and decodes the findings.
func lintJSON(_ arguments: [String] = [], in folder: URL) throws -> JSONLint {
    let output = try runMaplint(["lint", "--format", "json"] + arguments, in: folder)
    let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    let diagnostics = parsed?["diagnostics"] as? [[String: Any]] ?? []
    let summary = parsed?["summary"] as? [String: Any]
    return JSONLint(
        status: output.status, stderr: output.stderr, files: summary?["files"] as? Int ?? -1,
        findings: diagnostics.map { ($0["rule"] as? String ?? "", $0["severity"] as? String ?? "") })
}

func write(_ text: String, to name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

@Suite struct ConfigurationCommandTests {
    static func project(config: String?) throws -> URL {
        let folder = try temporaryFolder()
        try write(collisionAndNilManifest, to: "screen.maplint.yml", in: folder)
        if let config { try write(config, to: ".maplint.yml", in: folder) }
        return folder
    }

    @Test func withoutAConfigurationBothFindingsAreReported() throws {
        let result = try lintJSON(in: try Self.project(config: nil))
        #expect(result.status == 1)
        #expect(result.files == 1)
        #expect(result.rules.contains("reuse-identifier-collision"))
        #expect(result.rules.contains("nil-model"))
    }

    @Test func theConfigurationFileIsNotLintedAsAManifest() throws {
        let result = try lintJSON(in: try Self.project(config: "strict: false\n"))
        #expect(result.files == 1)
    }

    @Test func disabledRulesDropFindings() throws {
        let result = try lintJSON(in: try Self.project(config: "disabled_rules: [reuse-identifier-collision]\n"))
        #expect(result.status == 0)
        #expect(!result.rules.contains("reuse-identifier-collision"))
        #expect(result.rules.contains("nil-model"))
    }

    @Test func strictMakesWarningsFail() throws {
        let folder = try Self.project(config: "disabled_rules: [reuse-identifier-collision]\nstrict: true\n")
        #expect(try lintJSON(in: folder).status == 1)
        #expect(try lintJSON(["--no-strict"], in: folder).status == 0)
    }

    @Test func severityOverridesTheDefault() throws {
        let result = try lintJSON(
            in: try Self.project(
                config: """
                    disabled_rules: [reuse-identifier-collision]
                    severity: {nil-model: error}
                    """))
        #expect(result.status == 1)
        #expect(result.findings.first { $0.rule == "nil-model" }?.severity == "error")
    }

    @Test func severityCanAlsoLowerAnError() throws {
        let result = try lintJSON(in: try Self.project(config: "severity: {reuse-identifier-collision: note}\n"))
        #expect(result.status == 0)
        #expect(result.findings.first { $0.rule == "reuse-identifier-collision" }?.severity == "note")
    }

    @Test func includedAndExcludedFilterTheManifestsFoundInFolders() throws {
        let folder = try Self.project(config: "excluded: [\"vendor/**\"]\n")
        try write(collisionAndNilManifest, to: "vendor/lib.maplint.yml", in: folder)
        try write(collisionAndNilManifest, to: "app/more.maplint.yml", in: folder)
        #expect(try lintJSON(in: folder).files == 2)
        try write("included: [\"app/*.maplint.yml\"]\n", to: ".maplint.yml", in: folder)
        #expect(try lintJSON(in: folder).files == 1)
        // Flags add to the file's patterns: with every manifest excluded, nothing is left to check.
        let none = try lintJSON(["--excluded", "app"], in: folder)
        #expect(none.status == 0)
        #expect(none.files == 0)
    }

    @Test func unknownKeysAndRulesAreErrorsWithPositionAndStatus2() throws {
        let folder = try Self.project(config: "stict: true\ndisabled_rules: [nil-modle]\n")
        let output = try runMaplint(["lint"], in: folder)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr.contains(
                ".maplint.yml:1:1: error: unknown key 'stict' in the configuration (did you mean 'strict'?) [invalid-configuration]"
            ))
        #expect(
            output.stderr.contains(
                ".maplint.yml:2:18: error: unknown rule 'nil-modle' (did you mean 'nil-model'?) [invalid-configuration]"
            ))
    }

    @Test func configOptionNamesAnotherFile() throws {
        let folder = try Self.project(config: nil)
        try write("disabled_rules: [reuse-identifier-collision, nil-model]\n", to: "ci/maplint.yml", in: folder)
        let result = try lintJSON(["--config", "ci/maplint.yml", "screen.maplint.yml"], in: folder)
        #expect(result.status == 0)
        #expect(result.findings.isEmpty)
        let missing = try runMaplint(["lint", "--config", "nowhere.yml"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "maplint: --config nowhere.yml: no such file or folder\n")
    }

    @Test func commandLineOptionsMatchTheKeys() throws {
        let folder = try Self.project(config: nil)
        let result = try lintJSON(
            ["--disabled-rules", "reuse-identifier-collision", "--severity", "nil-model=error"], in: folder)
        #expect(result.rules == ["nil-model"])
        #expect(result.findings.first?.severity == "error")
        #expect(
            try lintJSON(["--disabled-rules", "reuse-identifier-collision,nil-model"], in: folder).findings.isEmpty)
        let bad = try runMaplint(["lint", "--disabled-rules", "nil-modle"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("did you mean 'nil-model'?"))
        #expect(try runMaplint(["lint", "--severity", "nil-model"], in: folder).status == 64)
    }
}
