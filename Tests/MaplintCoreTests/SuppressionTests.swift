import Testing

@testable import MaplintConfiguration
@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintRules

@Suite struct SuppressionTests {
    /// A table view whose sample items are given by `items` (lines 9 on), each `null` a nil-model warning.
    static func manifest(_ items: String) -> String {
        """
        version: 1
        host: tableView
        registrations:
          - cell: TitleCell
            model: String
        sample:
          sections:
            - items:
        \(items)
        """
    }

    /// (rule, line) of every finding.
    static func lint(_ text: String, configuration: LintConfiguration = LintConfiguration()) -> [String] {
        Linter.lint(bytes: Array(text.utf8), file: "s.maplint.yml", configuration: configuration)
            .map { "\($0.rule):\($0.location.line)" }
    }

    @Test func withoutCommentsEveryNilIsReported() {
        #expect(Self.lint(Self.manifest("        - null\n        - null\n")) == ["nil-model:9", "nil-model:10"])
    }

    @Test func disableNextSilencesOnlyTheNextLine() {
        let text = Self.manifest(
            """
                    # maplint:disable:next nil-model
                    - null
                    - null
            """)
        #expect(Self.lint(text) == ["nil-model:11"])
    }

    @Test func disableNextSkipsBlankAndCommentLines() {
        let text = Self.manifest(
            """
                    # maplint:disable:next nil-model

                    # the placeholder row
                    - null
            """)
        #expect(Self.lint(text).isEmpty)
    }

    @Test func disableNextOfAnotherRuleSilencesNothing() {
        let text = Self.manifest(
            """
                    # maplint:disable:next ambiguous-item
                    - null
            """)
        let findings = Linter.lint(bytes: Array(text.utf8), file: "s.maplint.yml")
        #expect(findings.map(\.rule) == [UnusedSuppressionRule.id, NilModelRule.id])
        #expect(findings.first?.location == SourceLocation(file: "s.maplint.yml", line: 9, column: 9))
        #expect(
            findings.first?.message
                == "'maplint:disable:next ambiguous-item' silences nothing: line 10 has no ambiguous-item finding; remove it"
        )
        #expect(findings.first?.severity == .warning)
    }

    @Test func disableThisSilencesItsOwnLine() {
        let text = Self.manifest(
            """
                    - null  # maplint:disable:this nil-model
                    - null
            """)
        #expect(Self.lint(text) == ["nil-model:10"])
    }

    @Test func regionsRunFromDisableToEnable() {
        let text = Self.manifest(
            """
                    - null
                    # maplint:disable nil-model
                    - null
                    - null
                    # maplint:enable nil-model
                    - null
            """)
        #expect(Self.lint(text) == ["nil-model:9", "nil-model:14"])
    }

    @Test func aRegionWithoutEnableRunsToTheEnd() {
        let text = Self.manifest(
            """
                    - "a"
                    # maplint:disable all
                    - null
                    - null
            """)
        #expect(Self.lint(text).isEmpty)
    }

    @Test func allCoversEveryRuleAndSeveralIdsCanBeListed() {
        let text = Self.manifest(
            """
                    - null  # maplint:disable:this all
                    - null  # maplint:disable:this ambiguous-item, nil-model
            """)
        #expect(Self.lint(text) == ["unused-suppression:10"])
    }

    @Test func unknownRulesAndDirectivesAreReportedWithSuggestions() {
        let text = Self.manifest(
            """
                    - null  # maplint:disable:this nil-modle
                    - null  # maplint:disabel:this nil-model
            """)
        let findings = Linter.lint(bytes: Array(text.utf8), file: "s.maplint.yml").filter {
            $0.rule == UnusedSuppressionRule.id
        }
        #expect(
            findings.map(\.message) == [
                "unknown rule 'nil-modle' in a maplint comment; it silences nothing (did you mean 'nil-model'?)",
                "unknown maplint comment 'maplint:disabel:this'; use maplint:disable, maplint:enable, maplint:disable:next or maplint:disable:this (did you mean 'disable:this'?)",
            ])
        #expect(findings.map(\.location.column) == [40, 19])
    }

    @Test func anEnableWithoutDisableIsReported() {
        let text = Self.manifest("        - \"a\"\n        # maplint:enable nil-model\n")
        #expect(Self.lint(text) == ["unused-suppression:10"])
    }

    @Test func hashesInsideStringsAreNotComments() {
        let text = Self.manifest(
            """
                    - "# maplint:disable:next nil-model"
                    - null
                    - 'it''s # maplint:disable all'
                    - null
                    - |
                      # maplint:disable all
                    - null
            """)
        #expect(Self.lint(text) == ["nil-model:10", "nil-model:12", "nil-model:15"])
    }

    @Test func aCommentAfterABlockStringIsAComment() {
        let text = """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                reuseIdentifier: |
                  title # not a comment

                # maplint:disable:next nil-model
            sample:
              sections:
                - items: [null]
              # maplint:disable:next nil-model
                - items: [null]
            """
        #expect(Self.lint(text) == ["unused-suppression:9", "nil-model:12"])
    }

    @Test func unusedSuppressionFollowsTheConfiguration() {
        let text = Self.manifest("        - \"a\"  # maplint:disable:this nil-model\n")
        #expect(Self.lint(text) == ["unused-suppression:9"])
        var configuration = LintConfiguration()
        configuration.disabledRules = [UnusedSuppressionRule.id]
        #expect(Self.lint(text, configuration: configuration).isEmpty)
        // A rule disabled in the configuration still counts as silenced by the comment.
        let silenced = Self.manifest("        - null  # maplint:disable:this nil-model\n")
        configuration.disabledRules = [NilModelRule.id]
        #expect(Self.lint(silenced, configuration: configuration).isEmpty)
    }

    @Test func schemaErrorsCannotBeSuppressed() {
        let text = "version: 1\nhost: tableView\n# maplint:disable all\nregistrations: 3\n"
        #expect(Self.lint(text) == ["invalid-manifest:4"])
    }

    @Test func crlfLineEndingsWork() {
        let text = Self.manifest("        # maplint:disable:next nil-model\n        - null\n        - null\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Self.lint(text) == ["nil-model:11"])
    }
}
