import MaplintAnalysis
import MaplintFindings

/// A null sample model: nothing is displayed for it.
struct NilModelRule: Rule {
    package static let description = RuleDescription(
        id: "nil-model",
        name: "Nil model",
        severity: .warning,
        needs: [.resolution],
        summary:
            "A sample item, header, footer or supplementary model is null, so nothing is displayed for it.",
        explanation: """
            DTModelStorage unwraps optional models; a nil model resolves to no registration at all, and for cells \
            the manager reports the anomaly nilCellModel. The row or item stays empty. Fix: remove the nil item \
            from the storage, or give it a value.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                sample:
                  sections:
                    - items:
                        - "Hello"
                        - ↓null
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                sample:
                  sections:
                    - items: ["Hello", "World"]
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.resolution.items.filter(\.isNil).map { element in
            let subject = Wording.subject(element)
            let anomaly = Wording.nilAnomaly(element.element, host: context.host)
            let report = Wording.runtimeReport(
                anomaly, viewType: element.element, behaviour: context.manifest.behaviour)
            let message =
                element.element == .cell
                ? "\(subject) is nil: nothing will be displayed for it\(report); remove the item or give it a value"
                : "\(subject) is nil: no \(Wording.viewNoun(element.element)) will be displayed\(report); remove it or give it a value"
            return finding(message, at: element.location)
        }
    }
}
