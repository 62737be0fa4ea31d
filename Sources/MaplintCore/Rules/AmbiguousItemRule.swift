/// A sample item matched by two or more registrations.
public struct AmbiguousItemRule: Rule {
    public init() {}

    public let id: RuleID = .ambiguousItem
    public let name = "Ambiguous item"
    public let severity: Severity = .warning
    public let summary = "A sample item matches two or more registrations; only the first registered is used."
    public let explanation = """
        When several registrations match one sample item, DTModelStorage uses the first one registered and \
        the others are never used for it. This is the sample-data view of intersecting-conditions: it shows \
        the conflict on a concrete item of your screen. Fix: make the conditions mutually exclusive, or remove \
        the registration that should not apply.
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              FeedItem: {kind: protocol, properties: {id: Int}}
              Post: {conforms: [FeedItem], properties: {title: String}}
            registrations:
              - cell: FeedItemCell
                model: FeedItem
              - cell: PostCell
                model: Post
            sample:
              sections:
                - items:
                    - ↓Post: {id: 1, title: "Hello"}
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
                section: 0
              - cell: ArchivedPostCell
                model: Post
                section: 1
            sample:
              sections:
                - items:
                    - Post: {title: "New"}
                - items:
                    - Post: {title: "Old"}
            """)
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        resolverFindings(context)
    }
}
