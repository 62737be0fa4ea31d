/// A sample element that a registration with an opaque condition might take.
public struct OpaqueConditionRule: Rule {
    public init() {}

    public let id: RuleID = .opaqueCondition
    public let name = "Opaque condition"
    public let severity: Severity = .note
    public let summary = "A sample item may be taken by a registration whose condition maplint cannot evaluate."
    public let explanation = """
        `opaqueCondition` records a condition written in Swift that maplint cannot read (it comes from \
        extraction of Swift code). maplint treats it as unknown, never as always true or always false, so an \
        element such a registration might take has an uncertain resolution. Fix: write the condition in the \
        condition language with `condition:` so it can be checked.
        """

    public let triggeringExamples = [
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
    ]

    public let nonTriggeringExamples = [
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
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        resolverFindings(context)
    }
}
