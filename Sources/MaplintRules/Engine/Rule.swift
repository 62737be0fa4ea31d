import MaplintAnalysis
import MaplintFindings

/// One check of the analyzer. A rule is one file: its description (`RuleDescription`: id,
/// default severity, documentation, examples that the test suite runs) and the check itself.
package protocol Rule: Sendable {
    /// Everything about the rule but its check; `maplint rules`, the analyzer and the tests read it.
    static var description: RuleDescription { get }

    func check(_ context: AnalysisContext) -> [Diagnostic]
}

/// A rule whose findings come from another stage, which meets them first: the loaders
/// (`invalid-manifest`) or the suppression comments (`unused-suppression`). It documents them
/// and carries their examples (its description says `isReportedElsewhere`); the analyzer does
/// not run it.
package protocol ReportedElsewhere: Rule {}

extension ReportedElsewhere {
    package func check(_ context: AnalysisContext) -> [Diagnostic] { [] }
}

extension Rule {
    /// The stable id users see and disable findings by.
    package static var id: RuleID { description.id }

    package var id: RuleID { Self.description.id }

    /// The rule's description, read through a value of the rule.
    package var description: RuleDescription { Self.description }

    /// A finding of this rule with its default severity.
    package func finding(
        _ message: String, at location: SourceLocation, registrations: [Int] = [], related: [RelatedLocation] = [],
        fixAction: FixAction? = nil, fix: Fix? = nil
    ) -> Diagnostic {
        Diagnostic(
            rule: Self.description.id, severity: Self.description.severity, message: message, location: location,
            registrations: registrations, related: related, fixAction: fixAction, fix: fix)
    }

    /// A finding whose message is one short clause, the places and the consequence, sized for an
    /// issue navigator; why it happens (`detail`) and what to do (`remedy`) follow as related
    /// notes at the finding's position, after the notes naming the other places.
    func finding(
        _ headline: String, detail: String?, remedy: String?, at location: SourceLocation, registrations: [Int] = [],
        related: [RelatedLocation] = [], fixAction: FixAction? = nil
    ) -> Diagnostic {
        var notes = related
        if let detail { notes.append(RelatedLocation(location: location, message: detail)) }
        if let remedy { notes.append(RelatedLocation(location: location, message: "fix: " + remedy)) }
        return finding(headline, at: location, registrations: registrations, related: notes, fixAction: fixAction)
    }

    /// The same, with why and what to do in one text, `explanation`: the fix is what follows its
    /// last "; ".
    func finding(
        _ headline: String, explained explanation: String, at location: SourceLocation, registrations: [Int] = [],
        related: [RelatedLocation] = [], fixAction: FixAction? = nil
    ) -> Diagnostic {
        let cut = explanation.range(of: "; ", options: .backwards)
        return finding(
            headline, detail: cut.map { String(explanation[..<$0.lowerBound]) } ?? explanation,
            remedy: cut.map { String(explanation[$0.upperBound...]) }, at: location, registrations: registrations,
            related: related, fixAction: fixAction)
    }
}

/// A manifest snippet in a rule's documentation. `↓` marks where a finding is expected; the
/// marker is removed before the text is parsed.
package struct RuleExample: Sendable, Hashable {
    package static let marker: Unicode.Scalar = "↓"

    /// The text as written, markers included.
    package var source: String
    /// Interface Builder files the example is checked with, file name → XML text; when not
    /// empty they are written to a folder passed as `--resources`.
    package var resources: [String: String]
    /// Where the example is written, so that a failing example points at itself.
    package var fileID: String
    package var filePath: String
    package var line: Int
    package var column: Int

    package init(
        _ source: String, resources: [String: String] = [:], fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        self.source = source
        self.resources = resources
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The manifest text, markers removed.
    package var text: String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: source.unicodeScalars.filter { $0 != Self.marker })
        return String(scalars)
    }

    /// 1-based line and column (in Unicode scalars) of each marker in `text`.
    var markers: [(line: Int, column: Int)] {
        var result: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for scalar in source.unicodeScalars {
            if scalar == Self.marker {
                result.append((line, column))
            } else if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return result
    }
}
