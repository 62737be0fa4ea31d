import MaplintAnalysis
import MaplintFindings

/// A sample element that a registration with an opaque condition might take.
struct OpaqueConditionRule: Rule {
    package static let description = RuleDescription(
        id: "opaque-condition",
        name: "Opaque condition",
        severity: .note,
        needs: [.resolution],
        summary: "A sample item may be taken by a registration whose condition maplint cannot evaluate.",
        explanation: """
            `opaqueCondition` records a condition written in Swift that maplint cannot read (it comes from \
            extraction of Swift code). maplint treats it as unknown, never as always true or always false, so an \
            element such a registration might take has an uncertain resolution. Fix: write the condition in the \
            condition language with `condition:` so it can be checked.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: PinnedPostCell
                    model: Post
                    opaqueCondition: "pinnedIDs.contains(model.id)"
                  - cell: PostCell
                    model: Post
                sample:
                  sections:
                    - items:
                        - ↓Post: {title: "Hello"}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                  - cell: PinnedPostCell
                    model: Post
                    opaqueCondition: "pinnedIDs.contains(model.id)"
                sample:
                  sections:
                    - items:
                        - Post: {title: "Hello"}
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.resolution.items.compactMap { element in
            let opaque = element.opaqueRegistrations.compactMap { context.registrations.registration(at: $0) }
            guard !opaque.isEmpty else { return nil }
            let typeName = element.model ?? "?"
            let limit = Wording.namedLimit
            var message =
                "\(Wording.subject(element)) (\(Wording.article(typeName)) \(typeName)) may be taken by \(Wording.list(opaque.map(Wording.name), limit: limit)), "
                + "whose \(Wording.plural(opaque.count, "condition")) maplint cannot evaluate (opaqueCondition): which \(Wording.viewNoun(element.element)) is used is uncertain"
            if let resolved = element.resolved, let winner = context.registrations.registration(at: resolved) {
                message += " (otherwise \(Wording.name(winner)))"
            } else {
                message += " (otherwise nothing matches)"
            }
            message += "; write the condition as `condition:` so it can be checked"
            let related = opaque.prefix(limit).map {
                RelatedLocation(location: $0.location, message: "\(Wording.name($0)): opaque condition")
            }
            return finding(
                "\(Wording.subject(element)) may be taken by \(Wording.list(opaque.map(Wording.shortName), limit: 2)), "
                    + "whose condition maplint cannot evaluate",
                explained: message, at: element.location, registrations: opaque.map(\.index), related: related)
        }
    }
}
