import Testing

@testable import MaplintManifest

/// libyaml's structural errors, told as what went wrong and the fix, in the entry they are in,
/// at libyaml's position, with libyaml's words at the end.
@Suite struct YAMLSyntaxMessageTests {
    /// "line:column: message" of the one error of a manifest.
    static func error(_ text: String) -> String {
        let diagnostics = ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").diagnostics
        guard diagnostics.count == 1, let only = diagnostics.first else { return "\(diagnostics)" }
        return "\(only.location.line):\(only.location.column): \(only.message)"
    }

    @Test func indentedMoreThanTheKeyAbove() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n  - cell: VideoCell\n      model: Video\n"
            )
                == "7:12: YAML syntax error in entry 1 (`cell: VideoCell`): `model:` is indented more than `cell:` above it, so YAML reads it as part of the value of `cell:`; keys of one mapping start in the same column: move `model:` to column 5 (libyaml: mapping values are not allowed in this context)"
        )
    }

    @Test func aColonInsideAValue() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n    condition: model.kind == a: b\n"
            )
                == "6:31: YAML syntax error in entry 0 (`cell: PostCell`): the value of `condition:` holds `: `, which YAML reads as the start of another key; put the value in quotes (`condition: \"model.kind == a: b\"`) (libyaml: mapping values are not allowed in this context)"
        )
    }

    @Test func noSpaceAfterTheColonOfAKey() {
        #expect(
            Self.error("version:1\nhost: tableView\n")
                == "2:5: YAML syntax error: `version:1` on line 1 has no space after `:`, so YAML reads it as text and not as a key; write `version: 1` (libyaml: mapping values are not allowed in this context)"
        )
    }

    @Test func aKeyWithoutAColon() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model Post\n    xib: PostCell\n")
                == "6:5: YAML syntax error in entry 0 (`cell: PostCell`): `model Post` on line 5 has no `:`, so it is neither a key nor in a list; write `key: value`, or put it in the value above with the same indentation as that value (libyaml: could not find expected ':')"
        )
    }

    @Test func aKeyGluedToItsValueInAnEntry() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model:Post\n    xib: PostCell\n")
                == "6:5: YAML syntax error in entry 0 (`cell: PostCell`): `model:Post` needs a space after `:`; write `model: Post` (libyaml: could not find expected ':')"
        )
    }

    @Test func aKeyBetweenTheDashAndTheKeys() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n   xib: PostCell\n")
                == "6:4: YAML syntax error in entry 0 (`cell: PostCell`): `xib:` is indented less than `model:` above it (column 5) and more than the list's `-` (column 3); keys of one entry start in the same column: move it to column 5 (libyaml: did not find expected '-' indicator)"
        )
    }

    @Test func anEntryWithoutItsDash() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n  cell: VideoCell\n")
                == "6:3: YAML syntax error in entry 0 (`cell: PostCell`): `cell:` is in the column of the list's `-` (column 3) but has no `- ` before it; start a new entry with `- `, or indent it like the keys of the entry above (libyaml: did not find expected '-' indicator)"
        )
    }

    @Test func aKeyIndentedLessThanItsSiblings() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nconfiguration:\n    sectionHeaderStyle: view\n  sectionFooterStyle: view\n"
            )
                == "5:3: YAML syntax error: `sectionFooterStyle:` is indented less than `sectionHeaderStyle:` above it (column 5) and more than `configuration:` (column 1); keys of one mapping start in the same column: line it up with the keys it belongs with (libyaml: did not find expected key)"
        )
    }

    @Test func aListEntryAmongKeys() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n    - xib: PostCell\n"
            )
                == "6:5: YAML syntax error in entry 0 (`cell: PostCell`): a list entry `- ` is in the column of the keys of this mapping, after `model:`, which already has a value; a list belongs under a key with nothing after its `:`, indented more than it (libyaml: did not find expected key)"
        )
    }

    @Test func textAfterAClosingQuote() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: \"PostCell\" Cell\n")
                == "4:22: YAML syntax error in entry 0 (`cell: \"PostCell\" Cell`): text follows the closing `\"` of the value; put the whole value inside the quotes (libyaml: did not find expected key)"
        )
    }

    @Test func anUnclosedQuote() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: \"PostCell\n    model: Post\n")
                == "6:1: YAML syntax error in entry 0 (`cell: \"PostCell`): the `\"` opened at line 4, column 11 is never closed; end the value with `\"` (libyaml: found unexpected end of stream)"
        )
    }

    @Test func anUnclosedBracket() {
        #expect(
            Self.error("version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [1, 2\n    - items: [3]\n")
                == "6:12: YAML syntax error in section 0 of the sample: the `[` at line 5, column 14 is not closed: end the list with `]` (a list in `[` `]` may span lines, but its values are separated by `,`) (libyaml: did not find expected ',' or ']')"
        )
    }

    @Test func aMissingCommaInAFlowList() {
        #expect(
            Self.error("version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [\"a\" \"b\"]\n")
                == "5:19: YAML syntax error in section 0 of the sample: the values of the `[` at line 5, column 14 are separated by `,`: one is missing before this, or the list ends without `]` (libyaml: did not find expected ',' or ']')"
        )
    }

    @Test func anUnclosedBrace() {
        #expect(
            Self.error("version: 1\nhost: tableView\nmodels: {Post: {}\n")
                == "4:1: YAML syntax error: the `{` at line 3, column 9 is not closed: end the mapping with `}` (a mapping in `{` `}` may span lines, but its values are separated by `,`) (libyaml: did not find expected ',' or '}')"
        )
    }

    @Test func aListEntryOnTheLineOfItsKey() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations: - cell: PostCell\n")
                == "3:16: YAML syntax error: a list entry `- ` cannot follow `registrations:` on the same line; start each entry on a line of its own, indented under the key, or write the list as `[a, b]` (libyaml: block sequence entries are not allowed in this context)"
        )
    }

    @Test func anUnknownEscape() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n    condition: \"model.title == \\q\"\n"
            )
                == "6:32: YAML syntax error in entry 0 (`cell: PostCell`): `\\q` is not an escape of a double-quoted value; write `\\\\` for a backslash, or use single quotes, in which `\\` is an ordinary character (libyaml: found unknown escape character)"
        )
    }

    @Test func aReservedCharacter() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: @PostCell\n")
                == "4:11: YAML syntax error in entry 0 (`cell: @PostCell`): `@` is reserved in YAML and cannot start a value that is not quoted; put the value in quotes (libyaml: found character that cannot start any token)"
        )
    }

    @Test func aTabIndentingALine() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n\t- cell: PostCell\n")
                == "4:1: YAML syntax error: a tab indents this line; YAML indents with spaces only: replace the tab with spaces (libyaml: found character that cannot start any token)"
        )
    }

    @Test func aTabInsideTheIndentation() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n  \tmodel: Post\n")
                == "5:3: YAML syntax error in entry 0 (`cell: PostCell`): a tab indents this line; YAML indents with spaces only: replace the tab with spaces (libyaml: found a tab character that violates indentation)"
        )
    }

    @Test func anAnchorWithoutAName() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: & PostCell\n")
                == "4:12: YAML syntax error in entry 0 (`cell: & PostCell`): `&` starts an anchor and needs a name right after it (`&name`); put the value in quotes if the `&` is part of it (libyaml: did not find expected alphabetic or numeric character)"
        )
    }

    @Test func anAliasWithoutAName() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: * PostCell\n")
                == "4:12: YAML syntax error in entry 0 (`cell: * PostCell`): `*` starts an alias and needs the name of an anchor right after it (`*name`); put the value in quotes if the `*` is part of it (libyaml: did not find expected alphabetic or numeric character)"
        )
    }

    @Test func aStrayClosingBracket() {
        #expect(
            Self.error("version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: ]\n")
                == "5:12: YAML syntax error in entry 0 (`cell: PostCell`): `]` closes or separates nothing here; put the value in quotes if the `]` is part of it (libyaml: did not find expected node content)"
        )
    }

    @Test func textAfterABlockIndicator() {
        #expect(
            Self.error(
                "version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n    condition: |x\n      true\n"
            )
                == "6:17: YAML syntax error in entry 0 (`cell: PostCell`): only `-` or `+`, an indentation digit and a comment may follow `|` or `>` on its line; the text of a block value starts on the next line (libyaml: did not find expected comment or line break)"
        )
    }

    /// Every duplicate key is reported, in the manifest's nodes, in a large mapping and in the
    /// sample (read without nodes), not only the first.
    @Test func everyDuplicateKeyIsReported() {
        let keys = (0..<20).map { "  K\($0): {}\n" }.joined()
        let text =
            "version: 1\nhost: tableView\nmodels:\n" + keys + "  K3: {}\n"
            + "registrations:\n  - cell: A\n    model: K1\n    cell: B\n    model: K2\n"
            + "host: tableView\nsample:\n  sections:\n    - items: [1]\n      items: [2]\n"
        let diagnostics = ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").diagnostics
        #expect(
            diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "24:3: duplicate key 'K3'; it is already set at line 7, column 3",
                "28:5: duplicate key 'cell'; it is already set at line 26, column 5",
                "29:5: duplicate key 'model'; it is already set at line 27, column 5",
                "30:1: duplicate key 'host'; it is already set at line 2, column 1",
                "34:7: duplicate key 'items'; it is already set at line 33, column 7",
            ])
    }

    /// A syntax error after duplicate keys is reported with them.
    @Test func aSyntaxErrorAfterDuplicatesIsReportedToo() {
        let text = "version: 1\nversion: 1\nhost: tableView\nhost: tableView\nmodels: [\n"
        let diagnostics = ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").diagnostics
        #expect(diagnostics.map(\.location.line) == [2, 4, 6])
        #expect(diagnostics.first?.message == "duplicate key 'version'; it is already set at line 1, column 1")
    }
}
