import MaplintFindings
import MaplintReport
import MaplintRules

/// The counts at the top of the HTML and Markdown reports, each with the findings it stands for.
struct CollisionReportSummary {
    struct Line {
        /// The anchor of the report section the line refers to.
        var anchor: String
        var title: String
        var count: Int
        /// Positions in `report.findings` of the findings of this line's rule.
        var findings: [Int]
    }

    let report: CollisionReport
    /// Registrations, collisions, intersecting pairs, unreachable registrations, unresolved items,
    /// then the other findings.
    let lines: [Line]

    init(report: CollisionReport) {
        self.report = report
        func findings(of rules: Set<RuleID>?) -> [Int] {
            report.findings.indices.filter { position in
                let rule = report.findings[position].rule
                if let rules { return rules.contains(rule) }
                return !Self.summarisedRules.contains(rule)
            }
        }
        let collisions = report.reuseIdentifiers.count { !report.hijacked(in: $0).isEmpty }
        // Pairs in the fallback order are meant to overlap: not counted.
        let intersecting = report.pairs.count {
            if case .intersecting = $0.verdict { return !$0.fallback }
            return false
        }
        let unresolved = report.resolution.items.count { $0.problems.contains(.unresolved) }
        let other = findings(of: nil)
        lines = [
            Line(
                anchor: "registrations", title: Wording.plural(report.registrations.count, "registration"),
                count: report.registrations.count, findings: []),
            Line(
                anchor: "reuse-identifiers", title: collisions == 1 ? "collision" : "collisions", count: collisions,
                findings: findings(of: [ReuseIdentifierCollisionRule.id])),
            Line(
                anchor: "overlaps", title: intersecting == 1 ? "intersecting pair" : "intersecting pairs",
                count: intersecting, findings: findings(of: [IntersectingConditionsRule.id])),
            Line(
                anchor: "unreachable", title: "unreachable", count: report.unreachable.count,
                findings: findings(of: [UnreachableRegistrationRule.id])),
            Line(
                anchor: "resolution", title: unresolved == 1 ? "unresolved item" : "unresolved items",
                count: unresolved, findings: findings(of: [UnresolvedItemRule.id])),
            Line(
                anchor: "findings", title: other.count == 1 ? "other finding" : "other findings", count: other.count,
                findings: other),
        ]
    }

    static let summarisedRules: Set<RuleID> = [
        ReuseIdentifierCollisionRule.id, IntersectingConditionsRule.id, UnreachableRegistrationRule.id,
        UnresolvedItemRule.id,
    ]

    /// "1 error, 2 warnings, 0 notes".
    var findingCounts: String {
        let errors = report.findings.count { $0.severity == .error }
        let warnings = report.findings.count { $0.severity == .warning }
        let notes = report.findings.count { $0.severity == .note }
        return "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings"), "
            + "\(notes) \(notes == 1 ? "note" : "notes")"
    }

    /// The anchor of a finding in the HTML report.
    static func anchor(ofFinding position: Int) -> String { "finding-\(position + 1)" }
}
