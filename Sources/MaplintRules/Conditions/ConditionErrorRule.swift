import MaplintAnalysis
import MaplintFindings

/// A condition that cannot be evaluated on a sample element.
struct ConditionErrorRule: Rule {
    package static let description = RuleDescription(
        id: "condition-error",
        name: "Condition error",
        severity: .error,
        needs: [.resolution],
        summary:
            "Evaluating a condition on a sample item would trap, or reads a property the sample item lacks.",
        explanation: """
            maplint evaluates each condition on the sample data. When the evaluation would trap in the app \
            (integer overflow, division by zero) or reads a non-optional property the sample value does not set, \
            the registration is treated as not matching that element and the problem is reported at the sample \
            value, with the position inside the condition. Fix: guard the condition (for example with `!= 0` \
            before a division), or complete the sample value.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int, title: String}}
                registrations:
                  - cell: PopularPostCell
                    model: Post
                    condition: "model.likes > 100"
                sample:
                  sections:
                    - items:
                        - ↓Post: {title: "No likes given"}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int, title: String}}
                registrations:
                  - cell: PopularPostCell
                    model: Post
                    condition: "model.likes > 100"
                sample:
                  sections:
                    - items:
                        - Post: {title: "Liked", likes: 300}
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.resolution.items.flatMap { element in
            element.conditionFailures.map { failure in
                let registration = context.registrations.registration(at: failure.registration)
                let who = registration.map(Wording.name) ?? "entry \(failure.registration)"
                let typeName = element.model ?? "?"
                let message =
                    "the condition of \(who) cannot be evaluated for \(Wording.subject(element)) (\(Wording.article(typeName)) \(typeName)): "
                    + "\(failure.failure.message); the registration is treated as not matching it; fix the condition or complete the sample value"
                return finding(
                    "the condition of \(registration.map(Wording.shortName) ?? "entry \(failure.registration)") fails "
                        + "for \(Wording.subject(element)): it is treated as not matching",
                    explained: message, at: element.location, registrations: [failure.registration],
                    related: [RelatedLocation(location: failure.failure.location, message: failure.failure.message)])
            }
        }
    }
}
