import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintOutput
@testable import MaplintRules
@testable import MaplintText

private let sample = LintResult(
    files: ["Fixtures/a.maplint.yml", "Fixtures/b.maplint.yml"],
    diagnostics: [
        Diagnostic(
            rule: ReuseIdentifierCollisionRule.id, severity: .error,
            message: "PostCell: 100% <broken>, \"quoted\"\nsecond line | pipe",
            location: SourceLocation(file: "Fixtures/a.maplint.yml", line: 12, column: 5), registrations: [0, 1]),
        Diagnostic(
            rule: NilModelRule.id, severity: .warning, message: "item 2 is nil",
            location: SourceLocation(file: "Fixtures/a.maplint.yml", line: 30, column: 11)),
        Diagnostic(
            rule: OpaqueConditionRule.id, severity: .note, message: "unknown",
            location: SourceLocation(file: "Fixtures/a,b:c.yml", line: 1, column: 1)),
    ])

@Suite struct FindingsFormatterTests {
    @Test func gitHubAnnotationsEscapeDataAndProperties() {
        #expect(
            FindingsGitHubActionsFormatter().format(sample) == """
                ::error file=Fixtures/a.maplint.yml,line=12,col=5,title=maplint (reuse-identifier-collision)::PostCell: 100%25 <broken>, "quoted"%0Asecond line | pipe
                ::warning file=Fixtures/a.maplint.yml,line=30,col=11,title=maplint (nil-model)::item 2 is nil
                ::notice file=Fixtures/a%2Cb%3Ac.yml,line=1,col=1,title=maplint (opaque-condition)::unknown

                """)
    }

    /// An annotation has no related locations: the notes follow the first clause, one a line, with
    /// their position when they are elsewhere.
    @Test func gitHubAnnotationsCarryTheRelatedNotes() {
        let here = SourceLocation(file: "a.maplint.yml", line: 16, column: 11)
        let there = SourceLocation(file: "a.maplint.yml", line: 13, column: 5)
        let result = LintResult(
            files: ["a.maplint.yml"],
            diagnostics: [
                Diagnostic(
                    rule: ReuseIdentifierCollisionRule.id, severity: .error, message: "'PostCell' names two views",
                    location: here,
                    related: [
                        RelatedLocation(location: there, message: "PostCell (entry 0, line 13) also uses 'PostCell'"),
                        RelatedLocation(location: here, message: "fix: give it a distinct reuseIdentifier"),
                    ])
            ])
        #expect(
            FindingsGitHubActionsFormatter().format(result)
                == "::error file=a.maplint.yml,line=16,col=11,title=maplint (reuse-identifier-collision)::'PostCell' "
                + "names two views%0Aa.maplint.yml:13:5: PostCell (entry 0, line 13) also uses 'PostCell'%0Afix: give it "
                + "a distinct reuseIdentifier\n")
    }

    @Test func checkstyleListsEveryFileAndEscapesXML() {
        #expect(
            FindingsCheckstyleFormatter().format(sample) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <checkstyle version="4.3">
                  <file name="Fixtures/a.maplint.yml">
                    <error line="12" column="5" severity="error" message="PostCell: 100% &lt;broken&gt;, &quot;quoted&quot;&#10;second line | pipe" source="maplint.reuse-identifier-collision"/>
                    <error line="30" column="11" severity="warning" message="item 2 is nil" source="maplint.nil-model"/>
                  </file>
                  <file name="Fixtures/b.maplint.yml">
                  </file>
                  <file name="Fixtures/a,b:c.yml">
                    <error line="1" column="1" severity="info" message="unknown" source="maplint.opaque-condition"/>
                  </file>
                </checkstyle>

                """)
    }

    @Test func junitHasOneCasePerManifestAndAFailurePerFinding() {
        #expect(
            FindingsJUnitFormatter().format(sample) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="maplint" tests="3" failures="2">
                  <testsuite name="maplint" tests="3" failures="2" errors="0">
                    <testcase classname="maplint" name="Fixtures/a.maplint.yml">
                      <failure type="reuse-identifier-collision" message="PostCell: 100% &lt;broken&gt;, &quot;quoted&quot;&#10;second line | pipe">Fixtures/a.maplint.yml:12:5: error: PostCell: 100% &lt;broken&gt;, &quot;quoted&quot;&#10;second line | pipe [reuse-identifier-collision]</failure>
                      <failure type="nil-model" message="item 2 is nil">Fixtures/a.maplint.yml:30:11: warning: item 2 is nil [nil-model]</failure>
                    </testcase>
                    <testcase classname="maplint" name="Fixtures/b.maplint.yml"/>
                    <testcase classname="maplint" name="Fixtures/a,b:c.yml"/>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func markdownEscapesTableCells() {
        #expect(
            FindingsMarkdownFormatter().format(sample) == """
                ## maplint

                | Severity | Location | Rule | Message |
                |---|---|---|---|
                | error | `Fixtures/a.maplint.yml:12:5` | `reuse-identifier-collision` | PostCell: 100% \\<broken\\>, "quoted"<br>second line \\| pipe |
                | warning | `Fixtures/a.maplint.yml:30:11` | `nil-model` | item 2 is nil |
                | note | `Fixtures/a,b:c.yml:1:1` | `opaque-condition` | unknown |

                2 files checked: 1 error, 1 warning, 1 note

                """)
        #expect(
            FindingsMarkdownFormatter().format(LintResult(files: ["x"], diagnostics: []))
                == "## maplint\n\nNo findings in 1 manifest.\n")
    }

    /// The JSON document is written straight to bytes; it must read exactly as the `JSONValue`
    /// tree of the same findings renders.
    @Test func jsonWriterMatchesTheJSONValueRendering() {
        let here = SourceLocation(file: "Fixtures/ä b\\c\".yml", line: 7, column: 3)
        let varied = LintResult(
            files: ["Fixtures/ä b\\c\".yml"],
            diagnostics: sample.diagnostics + [
                Diagnostic(
                    rule: ReuseIdentifierCollisionRule.id, severity: .error,
                    message: "tab\tcr\rff\u{0C}bs\u{08}nul\u{0}us\u{1F} slash/ emoji 😀 名前 \\ \"",
                    location: here, registrations: [3, 10, 200],
                    related: [
                        RelatedLocation(
                            location: SourceLocation(file: "other.yml", line: 1, column: 1), message: "first \"one\""),
                        RelatedLocation(location: here, message: ""),
                    ],
                    fixAction: nil),
                Diagnostic(
                    rule: NilModelRule.id, severity: .warning, message: "", location: here, registrations: [],
                    related: [RelatedLocation(location: here, message: "Ж\n")]),
            ])
        for result in [varied, LintResult(files: [], diagnostics: []), sample] {
            let tree = JSONValue.object([
                ("diagnostics", .array(result.diagnostics.map(FindingsJSONFormatter.json))),
                (
                    "summary",
                    .object([
                        ("files", .int(result.summary.files)), ("errors", .int(result.summary.errors)),
                        ("warnings", .int(result.summary.warnings)), ("notes", .int(result.summary.notes)),
                    ])
                ),
            ])
            let written = FindingsJSONFormatter().formatUTF8(result)
            #expect(written == tree.renderedUTF8() + [UInt8(ascii: "\n")])
            #expect(FindingsJSONFormatter().format(result) == tree.rendered() + "\n")
        }
    }

    @Test func jsonDocumentLayout() {
        let result = LintResult(
            files: ["m.yml"],
            diagnostics: [
                Diagnostic(
                    rule: NilModelRule.id, severity: .warning, message: "a \"b\"\n",
                    location: SourceLocation(file: "m.yml", line: 2, column: 4), registrations: [1, 2],
                    related: [
                        RelatedLocation(location: SourceLocation(file: "m.yml", line: 9, column: 1), message: "é")
                    ])
            ])
        #expect(
            FindingsJSONFormatter().format(result) == """
                {
                  "diagnostics": [
                    {
                      "rule": "nil-model",
                      "severity": "warning",
                      "message": "a \\"b\\"\\n",
                      "file": "m.yml",
                      "line": 2,
                      "column": 4,
                      "registrations": [1, 2],
                      "related": [
                        {
                          "file": "m.yml",
                          "line": 9,
                          "column": 1,
                          "message": "é"
                        }
                      ]
                    }
                  ],
                  "summary": {
                    "files": 1,
                    "errors": 0,
                    "warnings": 1,
                    "notes": 0
                  }
                }

                """)
        #expect(
            FindingsJSONFormatter().format(LintResult(files: [], diagnostics: [])) == """
                {
                  "diagnostics": [],
                  "summary": {
                    "files": 0,
                    "errors": 0,
                    "warnings": 0,
                    "notes": 0
                  }
                }

                """)
    }

    @Test func xmlReplacesControlCharacters() {
        #expect(XML.escape("a\u{1}b\u{0}c") == "a\u{FFFD}b\u{FFFD}c")
    }
}
