import MaplintAnalysis
import MaplintFindings

/// What a rule is, apart from its check: the one value each rule declares (`Rule.description`).
/// The registry, the analyzer, `maplint rules` in every format (so docs/rules.md) and the
/// example tests read it.
package struct RuleDescription: Sendable {
    /// The stable id users see and disable findings by.
    package var id: RuleID
    /// A short title, such as "Reuse identifier collision".
    package var name: String
    /// The default severity of its findings.
    package var severity: Severity
    /// What the check reads from the analysis context; only that is worked out for a run.
    package var needs: AnalysisNeeds
    /// One line for `maplint rules`.
    package var summary: String
    /// What goes wrong at run time, why, and how to fix it.
    package var explanation: String
    /// Manifests with `↓` before each position where a finding of this rule is expected.
    package var triggeringExamples: [RuleExample]
    /// Manifests that must not produce any finding of this rule.
    package var nonTriggeringExamples: [RuleExample]
    /// Manifests before and after `maplint lint --fix`; not empty exactly when the rule is fixable.
    package var corrections: [RuleCorrection]
    /// Whether another stage reports its findings (`ReportedElsewhere`): the analyzer skips it.
    package var isReportedElsewhere: Bool

    package init(
        id: RuleID, name: String, severity: Severity, needs: AnalysisNeeds = [], summary: String,
        explanation: String, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
        corrections: [RuleCorrection] = [], isReportedElsewhere: Bool = false
    ) {
        self.id = id
        self.name = name
        self.severity = severity
        self.needs = needs
        self.summary = summary
        self.explanation = explanation
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.corrections = corrections
        self.isReportedElsewhere = isReportedElsewhere
    }

    /// Whether `maplint lint --fix` can fix its findings (not necessarily every one of them).
    package var isFixable: Bool { !corrections.isEmpty }
}

/// A manifest with findings of a fixable rule, and the same manifest after `maplint lint --fix`
/// with only that rule's fixes applied.
package struct RuleCorrection: Sendable, Hashable {
    package var before: String
    package var after: String
    /// Where the correction is written, so that a failing one points at itself.
    package var fileID: String
    package var filePath: String
    package var line: Int
    package var column: Int

    package init(
        _ before: String, fixed after: String, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        self.before = before
        self.after = after
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
