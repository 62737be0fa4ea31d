/// A sample item, header, footer or supplementary model that no registration displays.
public struct UnresolvedItemRule: Rule {
    public init() {}

    public let id: RuleID = .unresolvedItem
    public let name = "Unresolved item"
    public let severity: Severity = .error
    public let summary =
        "A sample item, header, footer or supplementary model matches no registration, so nothing is displayed."
    public let explanation = """
        maplint resolves the sample data the way DTModelStorage does at run time: the first live registration \
        whose view type, model type (the same type, a subclass or a conforming type) and condition match \
        is used. When none matches, the manager reports the anomaly noCellMappingFound (or \
        noHeaderFooterMappingFound / noSupplementaryMappingFound) and nothing is displayed. The finding names \
        the registrations whose conditions did not hold, or those removed by `unregister`. Table headers and \
        footers are special: until a header (footer) view is registered, DTTableViewManager keeps \
        `sectionHeaderStyle` (`sectionFooterStyle`) at `.title` and shows a String model as the section title, \
        with no lookup; any other model then shows nothing, silently. Fix: register a view for the model type, \
        or widen a condition.
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String}}
              Author: {kind: struct, properties: {name: String}}
            registrations:
              - cell: PostCell
                model: Post
            sample:
              sections:
                - items:
                    - Post: {title: "Hello"}
                    - ↓Author: {name: "Maya"}
            """),
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: CountCell
                model: Int
                section: 1
              - header: TitleHeaderView
                model: String
            sample:
              sections:
                - header: ↓3
                  items: [↓42]
            """),
        // No header view registered: the table shows String headers as titles, and nothing for others.
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              Banner: {kind: struct, properties: {text: String}}
            registrations:
              - cell: CountCell
                model: Int
            sample:
              sections:
                - header: ↓{Banner: {text: "Sale"}}
                  items: [1]
                - header: "Today"
                  items: [2]
            """),
    ]

    public let nonTriggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String}}
              VideoPost: {inherits: Post}
            registrations:
              - cell: PostCell
                model: Post
              - header: TitleHeaderView
                model: String
            sample:
              sections:
                - header: "Today"
                  items:
                    - VideoPost: {title: "Clip"}
            """),
        // A String header with no header view registered is the section title.
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: CountCell
                model: Int
            sample:
              sections:
                - header: "Today"
                  footer: "3 items"
                  items: [1]
            """),
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        resolverFindings(context)
    }
}
