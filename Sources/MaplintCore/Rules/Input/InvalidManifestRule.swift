/// Schema errors. Its findings come from the manifest decoder: a manifest with any of them
/// cannot be checked further.
package struct InvalidManifestRule: ReportedElsewhere {
    package init() {}

    package static let id: RuleID = .invalidManifest
    package let name = "Invalid manifest"
    package let severity: Severity = .error
    package let summary =
        "The manifest cannot be read: YAML syntax, unknown key, wrong type, unknown model type or property, bad condition."
    package let explanation = """
        maplint checks a manifest only when it can read all of it. Unreadable files, YAML syntax errors and \
        schema errors (an unknown key, a value of the wrong type, an unknown model type or property, a \
        condition that does not parse or type-check) are reported at their line and column, with a \
        "did you mean" where a close name exists, and `maplint lint` exits with status 2.
        """

    package let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                ↓reuseIdentifer: title
            """),
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String}}
            registrations:
              - cell: PostCell
                model: ↓Pots
            """),
        RuleExample(
            """
            version: ↓"1"
            host: tableView
            registrations: []
            """),
    ]

    package let nonTriggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String}}
            registrations:
              - cell: PostCell
                model: Post
                reuseIdentifier: post
            """)
    ]
}
