import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintRules

@Suite struct LinterTests {
    static func diagnostic(_ rule: RuleID, _ severity: Severity, file: String = "a.maplint.yml") -> Diagnostic {
        Diagnostic(
            rule: rule, severity: severity, message: "m", location: SourceLocation(file: file, line: 1, column: 1))
    }

    @Test func statusFollowsTheSeverities() {
        let warning = LintResult(
            files: ["a"],
            diagnostics: [Self.diagnostic(NilModelRule.id, .warning), Self.diagnostic(OpaqueConditionRule.id, .note)])
        #expect(Linter.status(of: warning) == .passed)
        #expect(Linter.status(of: warning, strict: true) == .findings)
        let error = LintResult(files: ["a"], diagnostics: [Self.diagnostic(ReuseIdentifierCollisionRule.id, .error)])
        #expect(Linter.status(of: error) == .findings)
        let notes = LintResult(files: ["a"], diagnostics: [Self.diagnostic(OpaqueConditionRule.id, .note)])
        #expect(Linter.status(of: notes, strict: true) == .passed)
    }

    /// A file that could not be checked wins over findings; nothing to check passes (the exit
    /// status table).
    @Test func uncheckedFilesWinAndNothingToCheckPasses() {
        let mixed = LintResult(
            files: ["a", "b"],
            diagnostics: [
                Self.diagnostic(ReuseIdentifierCollisionRule.id, .error),
                Self.diagnostic(.invalidManifest, .error, file: "b"),
            ])
        #expect(Linter.status(of: mixed) == .invalidInput)
        #expect(Linter.status(of: LintResult(files: [], diagnostics: [])) == .passed)
        #expect(ExitStatus.invalidInput.rawValue == 2)
    }

    @Test func severalFilesKeepTheirOrder() {
        let fixtures = "../../Fixtures/".relativeToTests
        let files = [
            "table-reuse-collision.maplint.yml", "invalid/typo-key.maplint.yml", "table-headers-footers.maplint.yml",
            "missing.maplint.yml", "collection-reuse-collision.maplint.yml",
        ].map { fixtures + $0 }
        let result = Linter.lint(files: files)
        #expect(result.files == files)
        var order: [String] = []
        for diagnostic in result.diagnostics where order.last != diagnostic.location.file {
            order.append(diagnostic.location.file)
        }
        #expect(order == files)
        #expect(Linter.status(of: result) == .invalidInput)
    }
}
