/// A suppression comment that silences nothing. Its findings come from applying the comments
/// (`Suppressions`), after every other rule has run.
package struct UnusedSuppressionRule: ReportedElsewhere {
    package init() {}

    package static let description = RuleDescription(
        id: "unused-suppression",
        name: "Unused suppression",
        severity: .warning,
        summary: "A '# maplint:disable…' comment silences nothing, or names a rule that does not exist.",
        explanation: """
            A comment such as `# maplint:disable:next nil-model` silences the findings of the named rules on the \
            next line that is not blank or a comment; `# maplint:disable:this` silences its own line; \
            `# maplint:disable` … `# maplint:enable` silences a region; `all` stands for every rule. A comment \
            that silences nothing is usually left over from a fix, and would hide the next real problem on \
            that line, so it is reported; so is a rule id that does not exist, with the closest one. Fix: \
            remove the comment, or correct the rule id. `maplint lint --fix` removes the rule ids that silence \
            nothing (with an `enable` that ends only such regions), and the comment with them when none is left: \
            its whole line when it is alone on it. A misspelt rule id is left for you to correct.
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
                    ↓# maplint:disable:next nil-model
                    - items: ["Hello"]
                """),
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
                        # maplint:disable:next ↓nil-modle
                        - null
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                ↓# maplint:disable ambiguous-item
                registrations:
                  - cell: TitleCell
                    model: String
                # maplint:enable ambiguous-item
                """),
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
                    - items:
                        - "Hello"
                        # maplint:disable:next nil-model -- a placeholder row
                        - null
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell   # a '#' in a string is not a comment:
                    model: String
                    reuseIdentifier: "title # maplint:disable:next all"
                sample:
                  sections:
                    - items: ["Hello", null]   # maplint:disable:this nil-model
                """),
        ],
        corrections: [
            RuleCorrection(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                sample:
                  sections:
                    # maplint:disable:next nil-model
                    - items: ["Hello"]
                """,
                fixed: """
                    version: 1
                    host: tableView
                    registrations:
                      - cell: TitleCell
                        model: String
                    sample:
                      sections:
                        - items: ["Hello"]
                    """)
        ],
        isReportedElsewhere: true)

}
