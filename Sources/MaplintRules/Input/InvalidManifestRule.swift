/// Schema errors. Its findings come from the manifest decoder: a manifest with any of them
/// cannot be checked further.
struct InvalidManifestRule: ReportedElsewhere {
    package static let description = RuleDescription(
        id: .invalidManifest,
        name: "Invalid manifest",
        severity: .error,
        summary:
            "The manifest cannot be read: YAML syntax, unknown key, wrong type, unknown model type or property, bad condition.",
        explanation: """
            maplint checks a manifest only when it can read all of it. Unreadable files, YAML syntax errors and \
            schema errors (an unknown key, a value of the wrong type, an unknown model type or property, a \
            condition that does not parse or type-check) are reported at their line and column, with a \
            "did you mean" where a close name exists, and `maplint lint` exits with status 2.
            """,
        triggeringExamples: [
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
                    reuseIdentifier: post
                """)
        ],
        isReportedElsewhere: true)

}
