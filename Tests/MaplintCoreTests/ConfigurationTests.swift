import Foundation
import Testing

@testable import MaplintConfiguration
@testable import MaplintFindings
@testable import MaplintRules

@Suite struct GlobPatternTests {
    @Test(arguments: [
        ("*.maplint.yml", "a.maplint.yml", true),
        ("*.maplint.yml", "sub/a.maplint.yml", false),
        ("**/*.maplint.yml", "sub/deeper/a.maplint.yml", true),
        ("**/*.maplint.yml", "a.maplint.yml", true),
        ("sub/**", "sub/a.maplint.yml", true),
        ("sub/**/a.maplint.yml", "sub/a.maplint.yml", true),
        ("sub/**/a.maplint.yml", "sub/x/y/a.maplint.yml", true),
        ("Pods", "Pods/x/a.maplint.yml", true),
        ("Pods", "MyPods/a.maplint.yml", false),
        ("?.maplint.yml", "a.maplint.yml", true),
        ("?.maplint.yml", "ab.maplint.yml", false),
        ("./sub/*", "./sub/a.maplint.yml", true),
        ("s*b/*-fixed.*", "sub/feed-fixed.maplint.yml", true),
        ("s*b/*-fixed.*", "sub/feed.maplint.yml", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(GlobPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func manyStarsDoNotBacktrackExponentially() {
        let pattern = GlobPattern(String(repeating: "*a", count: 40) + "b")
        #expect(!pattern.matches(String(repeating: "a", count: 200)))
    }
}

@Suite struct ConfigurationLoaderTests {
    static func decode(_ text: String) -> Result<LintConfiguration, ConfigurationFileError> {
        ConfigurationLoader.decode(bytes: Array(text.utf8), file: ".maplint.yml")
    }

    @Test func readsEveryKey() throws {
        let configuration = try Self.decode(
            """
            disabled_rules: [nil-model, storyboard-with-xib]
            severity: {ambiguous-item: error, unused-suppression: note}
            included: ["App/**"]
            excluded: [Pods, "**/*-generated.maplint.yml"]
            strict: true
            baseline: maplint-baseline.json
            """
        ).get()
        #expect(configuration.disabledRules == [NilModelRule.id, StoryboardWithXibRule.id])
        #expect(configuration.severities == [AmbiguousItemRule.id: .error, UnusedSuppressionRule.id: .note])
        #expect(configuration.included.map(\.pattern) == ["App/**"])
        #expect(configuration.excluded.map(\.pattern) == ["Pods", "**/*-generated.maplint.yml"])
        #expect(configuration.strict)
        #expect(configuration.baseline == "maplint-baseline.json")
    }

    @Test func emptyAndCommentOnlyFilesAreTheDefaults() throws {
        #expect(try Self.decode("").get() == LintConfiguration())
        #expect(try Self.decode("# nothing yet\n\n  # really\n").get() == LintConfiguration())
    }

    @Test func errorsArePositionedWithSuggestions() {
        guard
            case .failure(let problem) = Self.decode(
                """
                disabled_rule: [nil-model]
                severity:
                  nil-modle: error
                  ambiguous-item: fatal
                strict: yes
                disabled_rules: [invalid-manifest]
                """)
        else {
            Issue.record("expected errors")
            return
        }
        let found = problem.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(
            found == [
                "1:1 unknown key 'disabled_rule' in the configuration (did you mean 'disabled_rules'?)",
                "3:3 unknown rule 'nil-modle' (did you mean 'nil-model'?)",
                "4:19 unknown severity 'fatal'; use error, warning or note",
                "5:9 'strict' must be true or false, not a string ('yes')",
                "6:18 'invalid-manifest' cannot be disabled or changed: a manifest with schema errors cannot be checked at all",
            ])
        #expect(problem.diagnostics.allSatisfy { $0.rule == .invalidConfiguration && $0.severity == .error })
    }

    @Test func yamlSyntaxErrorsArePositioned() {
        guard case .failure(let problem) = Self.decode("strict: [true\n") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(problem.diagnostics.first?.message.hasPrefix("YAML syntax error") == true)
        #expect(problem.diagnostics.first?.rule == .invalidConfiguration)
    }

    @Test func rulesSettingsApplyToFindingsButNeverToSchemaErrors() {
        var configuration = LintConfiguration()
        configuration.disabledRules = [NilModelRule.id]
        configuration.severities = [AmbiguousItemRule.id: .error]
        let at = SourceLocation(file: "a.maplint.yml", line: 1, column: 1)
        let findings = [
            Diagnostic(rule: NilModelRule.id, severity: .warning, message: "nil", location: at),
            Diagnostic(rule: AmbiguousItemRule.id, severity: .warning, message: "two", location: at),
            Diagnostic.invalidManifest("bad", at: at),
        ]
        let applied = configuration.apply(to: findings)
        #expect(applied.map(\.rule) == [AmbiguousItemRule.id, .invalidManifest])
        #expect(applied.map(\.severity) == [.error, .error])
    }

    @Test func includedAndExcludedAreRelativeToTheRoot() {
        var configuration = LintConfiguration()
        configuration.root = "/project"
        configuration.included = [GlobPattern("App/**")]
        configuration.excluded = [GlobPattern("App/Generated")]
        #expect(configuration.accepts("/project/App/Feed/feed.maplint.yml"))
        #expect(!configuration.accepts("/project/App/Generated/feed.maplint.yml"))
        #expect(!configuration.accepts("/project/Other/feed.maplint.yml"))
    }
}

/// `LintConfiguration.absolute` works on the path's text: folders and files, that exist or not,
/// with `.` and `..`, come out as a URL that looks each path up on disk gives them.
@Suite struct AbsolutePathTests {
    @Test func pathsAreMadeAbsoluteWithoutLookingAtTheDisk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("absolute-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("d/sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: root.appendingPathComponent("d/f.swift"))
        let here = FileManager.default.currentDirectoryPath
        let relative = [
            ".", "..", "d", "d/", "d/sub/", "d/f.swift", "d/./f.swift", "d/../d/f.swift", "x/../../y", "a b/c",
        ]
        let absolute = ["/", "//tmp//x", "/d/sub/../f.swift"].map { $0 } + relative.map { root.path + "/" + $0 }
        for path in relative + absolute {
            let looked =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : URL(fileURLWithPath: here).appendingPathComponent(path)
            #expect(LintConfiguration.absolute(path) == looked.standardized.path, "\(path)")
        }
        #expect(LintConfiguration.absolute(root.path + "/d/sub/../f.swift") == root.path + "/d/f.swift")
    }
}
