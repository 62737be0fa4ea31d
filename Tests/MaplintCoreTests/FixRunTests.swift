import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintRules
@testable import MaplintText

/// A small linter over plain text for exercising the rounds of `FixRun`: each `rule` finds every
/// occurrence of `word` and fixes it by writing `replacement` in its place.
private struct WordRule {
    var rule: RuleID
    var word: String
    var replacement: String
}

private func lintWords(_ rules: [WordRule], file: String) -> ([String: [UInt8]]) -> [Diagnostic] {
    { texts in
        guard let bytes = texts[file] else { return [] }
        let text = SourceText(bytes)
        var findings: [Diagnostic] = []
        for rule in rules {
            let word = Array(rule.word.utf8)
            var index = 0
            while index + word.count <= bytes.count {
                if Array(bytes[index..<(index + word.count)]) == word {
                    let (line, column) = text.position(ofOffset: index)
                    var finding = Diagnostic(
                        rule: rule.rule, severity: .warning, message: "'\(rule.word)'",
                        location: SourceLocation(file: file, line: line, column: column))
                    finding.fix = Fix(
                        summary: "\(rule.word) → \(rule.replacement) at \(index)", file: file,
                        edits: [TextEdit(index..<(index + word.count), with: rule.replacement, in: text, file: file)])
                    findings.append(finding)
                    index += word.count
                } else {
                    index += 1
                }
            }
        }
        return findings
    }
}

@Suite struct FixRunTests {
    @Test func fixesAreAppliedAndCheckedByLintingAgain() {
        let lint = lintWords([WordRule(rule: "old", word: "old", replacement: "new")], file: "a")
        let run = FixRun.run(["a": Array("old and old\n".utf8)], fixableRules: ["old"], lint: lint)
        #expect(run.fixed["a"] == Array("new and new\n".utf8))
        #expect(run.applied.count == 2)
        #expect(run.notFixed.isEmpty)
        #expect(run.diagnostics.isEmpty)
        #expect(run.changedFiles == ["a"])
    }

    @Test func aFixThatAddsAFindingIsNotApplied() {
        // Fixing `bad` writes `worse`, which another rule reports: the run keeps the text.
        let lint = lintWords(
            [
                WordRule(rule: "bad", word: "bad", replacement: "worse"),
                WordRule(rule: "worse", word: "worse", replacement: "worse"),
            ], file: "a")
        let text = Array("bad\n".utf8)
        let run = FixRun.run(["a": text], fixableRules: ["bad"], lint: lint)
        #expect(run.fixed["a"] == text)
        #expect(run.applied.isEmpty)
        #expect(run.notFixed.map(\.finding.rule) == ["bad"])
        #expect(run.notFixed.first?.reason == "the fix would leave this finding or add another; fix it by hand")
    }

    @Test func overlappingFixesWaitForTheNextRound() {
        // `ab` and `bc` overlap in `abc`: the first is fixed in round one, and the second no
        // longer exists afterwards, so the text is fixed once, without clobbering.
        let lint = lintWords(
            [WordRule(rule: "ab", word: "ab", replacement: "x"), WordRule(rule: "bc", word: "bc", replacement: "y")],
            file: "a")
        let run = FixRun.run(["a": Array("abc bc\n".utf8)], fixableRules: ["ab", "bc"], lint: lint)
        #expect(run.fixed["a"] == Array("xc y\n".utf8))
        #expect(run.applied.map(\.finding.rule) == ["ab", "bc"])
    }

    @Test func aFixOutsideTheTextsIsNotApplied() {
        let lint: ([String: [UInt8]]) -> [Diagnostic] = { texts in
            let text = SourceText(texts["a"] ?? [])
            var finding = Diagnostic(
                rule: "r", severity: .error, message: "m", location: SourceLocation(file: "a", line: 1, column: 1))
            finding.fix = Fix(summary: "s", file: "b", edits: [TextEdit(0..<1, with: "", in: text, file: "b")])
            return [finding]
        }
        let run = FixRun.run(["a": Array("x\n".utf8)], fixableRules: ["r"], lint: lint)
        #expect(run.changedFiles.isEmpty)
        #expect(run.notFixed.map(\.reason) == ["its fix is in b, which maplint does not write"])
    }
}

@Suite struct UnifiedDiffTests {
    @Test func identicalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(old: Array("a\nb\n".utf8), new: Array("a\nb\n".utf8), path: "f") == "")
    }

    @Test func hunksHaveThreeLinesOfContextAndKeepLineBreaks() {
        let old = (1...14).map { "line \($0)\r\n" }.joined()
        let new = old.replacingOccurrences(of: "line 4\r\n", with: "line four\r\n") + "line 15"
        let diff = UnifiedDiff.diff(old: Array(old.utf8), new: Array(new.utf8), path: "f.yml")
        #expect(
            diff == """
                --- a/f.yml
                +++ b/f.yml
                @@ -1,7 +1,7 @@
                 line 1\r
                 line 2\r
                 line 3\r
                -line 4\r
                +line four\r
                 line 5\r
                 line 6\r
                 line 7\r
                @@ -12,3 +12,4 @@
                 line 12\r
                 line 13\r
                 line 14\r
                +line 15
                \\ No newline at end of file

                """)
    }

    @Test func anInsertionIntoAnEmptyFile() {
        #expect(
            UnifiedDiff.diff(old: [], new: Array("a\n".utf8), path: "f") == "--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+a\n")
    }
}

@Suite struct ManifestFixTests {
    @Test func aRegistrationReachedThroughAnAliasGetsNoFix() {
        let text = """
            version: 1
            host: tableView
            registrations:
              - &post {cell: PostCell, model: String, section: 0}
              - {cell: PostCell, model: String, section: 1, xib: BigPostCell}
              - *post
            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "a.maplint.yml")
        let collisions = findings.filter { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(collisions.count == 1)
        // Entry 1 is written out: it is fixable.
        #expect(collisions.first?.fix?.edits.map(\.replacement) == [", reuseIdentifier: big-post-cell"])
    }

    @Test func theKeyGoesAfterABlockScalar() {
        let text = """
            version: 1
            host: tableView
            models:
              Post: {properties: {likes: Int}}
            registrations:
              - cell: PostCell
                model: Post
                section: 0
              - cell: PostCell
                model: Post
                xib: PopularPostCell
                condition: >-
                  indexPath.section == 1
                  && model.likes > 10

              - cell: OtherCell
                model: Int

            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "a.maplint.yml")
        let fix = try? #require(findings.first { $0.rule == ReuseIdentifierCollisionRule.id }?.fix)
        let fixed = String(decoding: Fix.apply([fix].compactMap { $0 }, to: Array(text.utf8)), as: UTF8.self)
        #expect(
            fixed
                == text.replacingOccurrences(
                    of: "      && model.likes > 10\n\n",
                    with: "      && model.likes > 10\n\n    reuseIdentifier: popular-post-cell\n"))
        #expect(Linter.lint(bytes: Array(fixed.utf8), file: "a.maplint.yml").isEmpty)
    }

    @Test func aStoryboardRegistrationIsNotGivenAnotherIdentifier() {
        // Its prototype in the storyboard carries the identifier: changing only the code would break it.
        let text = """
            version: 1
            host: collectionView
            registrations:
              - cell: PostCell
                model: String
              - cell: PostCell
                model: Int
                storyboard: true
            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "a.maplint.yml")
        let collision = findings.first { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(collision != nil)
        #expect(collision?.fixAction == nil)
        #expect(collision?.fix == nil)
    }

    @Test func newIdentifiersNeverRepeatOneInUse() {
        let text = """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
              - cell: PostCell
                model: Int
                xib: BigPostCell
                reuseIdentifier: PostCell
              - cell: OtherCell
                model: Bool
                reuseIdentifier: big-post-cell
              - cell: PostCell
                model: Double
                xib: BigPostCell
            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "a.maplint.yml")
        let identifiers = findings.compactMap { finding -> String? in
            guard case .setReuseIdentifier(_, let identifier) = finding.fixAction else { return nil }
            return identifier
        }
        #expect(identifiers == ["big-post-cell-2", "big-post-cell-3"])
    }

    /// Lines removed at the end of a file without a final line break take the line break before
    /// them, so the fixed file still ends without one (found by FuzzFix).
    @Test(arguments: ["\n", "\r\n"])
    func removedLastLinesKeepAFileWithoutAFinalLineBreak(lineBreak: String) {
        let file = "a.maplint.yml"
        let cases: [(String, String)] = [
            (
                "version: 1\nhost: tableView\nregistrations:\n  - cell: TitleCell\n    model: String\n"
                    + "    events:\n      - configure",
                "version: 1\nhost: tableView\nregistrations:\n  - cell: TitleCell\n    model: String"
            ),
            (
                "version: 1\nhost: tableView\nregistrations:\n  - cell: TitleCell\n    model: String\n"
                    + "# maplint:disable:next nil-model",
                "version: 1\nhost: tableView\nregistrations:\n  - cell: TitleCell\n    model: String"
            ),
        ]
        for (input, expected) in cases {
            let text = Array(input.replacingOccurrences(of: "\n", with: lineBreak).utf8)
            let run = FixRun.run([file: text], fixableRules: Set(Rules.all.filter(\.description.isFixable).map(\.id))) {
                texts in
                Linter.lint(bytes: texts[file] ?? [], file: file)
            }
            #expect(run.applied.count == 1)
            #expect(
                String(decoding: run.fixed[file] ?? [], as: UTF8.self)
                    == expected.replacingOccurrences(of: "\n", with: lineBreak))
        }
    }

    /// Each applied fix names the bytes of the text before the run that it replaced, also in a
    /// later round, whose edits are positioned in the partly fixed text.
    @Test func appliedFixesNameTheirRangesInTheOriginalText() {
        // Round one: `ab` (0..<2) becomes `b`, which leaves `bc` at 0..<2 of "bc x"; round two
        // replaces it, which in the original is 0..<3 (the `b` of round one and the `c`).
        let rules = [
            WordRule(rule: "ab", word: "ab", replacement: "b"), WordRule(rule: "bc", word: "bc", replacement: "y"),
        ]
        let run = FixRun.run(
            ["a": Array("abc x\n".utf8)], fixableRules: ["ab", "bc"], lint: lintWords(rules, file: "a"))
        #expect(String(decoding: run.fixed["a"] ?? [], as: UTF8.self) == "y x\n")
        #expect(run.applied.map(\.originalRanges) == [[0..<2], [0..<3]])
    }
}
