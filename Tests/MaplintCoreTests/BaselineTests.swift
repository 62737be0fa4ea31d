import Foundation
import Testing

@testable import MaplintConfiguration
@testable import MaplintFiles
@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintRules

@Suite struct BaselineTests {
    static func finding(_ rule: RuleID, _ message: String, line: Int, file: String = "a.maplint.yml") -> Diagnostic {
        Diagnostic(
            rule: rule, severity: .warning, message: message,
            location: SourceLocation(file: file, line: line, column: 5))
    }

    static func result(_ diagnostics: [Diagnostic]) -> LintResult {
        LintResult(files: ["a.maplint.yml"], diagnostics: diagnostics)
    }

    /// A baseline `--baseline` could not read back is not written.
    @Test func aBaselineOverTheReadLimitIsNotRendered() throws {
        let baseline = Baseline(recording: Self.result([Self.finding(NilModelRule.id, "item 1 is nil", line: 12)]))
        let bytes = try baseline.renderedBytes().get()
        #expect(bytes == Array(baseline.rendered().utf8))
        #expect(
            baseline.renderedBytes(limit: bytes.count - 1)
                == .failure(
                    FileWriteError(
                        "it would be \(bytes.count) bytes, over the limit of \(bytes.count - 1) bytes that --baseline "
                            + "reads; fix or disable the rules found most often first")))
    }

    @Test func recordedFindingsAreHidden() {
        let today = Self.result([Self.finding(NilModelRule.id, "item 1 of section 0 is nil", line: 12)])
        #expect(Baseline(recording: today).filter(today).diagnostics.isEmpty)
    }

    @Test func findingsAreRecognisedWhenLinesAndNumbersMove() {
        let baseline = Baseline(
            recording: Self.result([Self.finding(NilModelRule.id, "item 1 of section 0 (line 12) is nil", line: 12)]))
        let moved = Self.result([
            Self.finding(NilModelRule.id, "item 2 of section 0 (line 14) is nil", line: 14, file: "./a.maplint.yml")
        ])
        #expect(baseline.filter(moved).diagnostics.isEmpty)
    }

    @Test func entriesAreCounted() {
        let one = Self.finding(NilModelRule.id, "item 1 is nil", line: 12)
        let baseline = Baseline(recording: Self.result([one]))
        let two = Self.result([one, Self.finding(NilModelRule.id, "item 2 is nil", line: 13)])
        #expect(baseline.filter(two).diagnostics.map(\.location.line) == [13])
    }

    @Test func otherRulesFilesAndMessagesAreNew() {
        let baseline = Baseline(recording: Self.result([Self.finding(NilModelRule.id, "item 1 is nil", line: 12)]))
        let others = Self.result([
            Self.finding(AmbiguousItemRule.id, "item 1 is nil", line: 12),
            Self.finding(NilModelRule.id, "item 1 is nil", line: 12, file: "b.maplint.yml"),
            Self.finding(NilModelRule.id, "header of section 1 is nil", line: 12),
        ])
        #expect(baseline.filter(others).diagnostics.count == 3)
    }

    @Test func schemaErrorsAreNeitherRecordedNorHidden() {
        let broken = Self.result([
            Diagnostic.invalidManifest("unknown key 'x'", at: SourceLocation(file: "a.maplint.yml", line: 3, column: 1))
        ])
        #expect(Baseline(recording: broken).entries.isEmpty)
        let forged = Baseline(entries: [Baseline.entry(broken.diagnostics[0])])
        #expect(forged.filter(broken).diagnostics.count == 1)
    }

    @Test func theFileIsSortedStableAndReadsBack() throws {
        let findings = [
            Self.finding(NilModelRule.id, "item 2 is nil", line: 20, file: "b.maplint.yml"),
            Self.finding(AmbiguousItemRule.id, "item 1 has two candidates", line: 10),
            Self.finding(NilModelRule.id, "item 1 is nil", line: 12),
        ]
        let forwards = Baseline(recording: Self.result(findings)).rendered()
        let backwards = Baseline(recording: Self.result(findings.reversed())).rendered()
        #expect(forwards == backwards)
        let parsed = try Baseline.parse(Data(forwards.utf8)).get()
        #expect(parsed == Baseline(recording: Self.result(findings)))
        #expect(parsed.entries.map(\.file) == ["a.maplint.yml", "a.maplint.yml", "b.maplint.yml"])
        #expect(parsed.entries.map(\.rule) == ["ambiguous-item", "nil-model", "nil-model"])
        #expect(
            forwards.hasPrefix(
                "{\n  \"version\": 1,\n  \"findings\": [\n    {\n      \"rule\": \"ambiguous-item\",\n      \"file\": \"a.maplint.yml\",\n      \"fingerprint\": \""
            ))
    }

    @Test func badFilesAreRejected() {
        #expect(throws: ConfigurationError.self) { try Baseline.parse(Data("[]".utf8)).get() }
        #expect(throws: ConfigurationError.self) {
            try Baseline.parse(Data("{\"version\": 2, \"findings\": []}".utf8)).get()
        }
        #expect(throws: ConfigurationError.self) {
            try Baseline.parse(Data("{\"version\": 1, \"findings\": [{\"rule\": 1}]}".utf8)).get()
        }
    }
}
