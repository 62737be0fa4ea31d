import MaplintFindings
import MaplintRules
import MaplintYAML

/// Applies a manifest's `# maplint:disable…` comments to its findings, and reports the comments
/// that silence nothing as `unused-suppression`.
package enum Suppressions {
    /// Rule ids a comment may name: every rule but the two whose findings comments cannot touch.
    static var suppressibleRules: [String] {
        Rules.all.map(\.id).filter { $0 != .invalidManifest && $0 != UnusedSuppressionRule.id }.map(\.rawValue)
    }

    /// The lines one rule id of one comment covers.
    private struct Scope {
        var rule: String
        var lines: ClosedRange<Int>?
        var comment: SuppressionComment
        /// Where the rule id is: the comment's position in the file's comments, the id's in the comment.
        var id: RuleIDPlace
        /// The `enable` rule id that ends a `disable` region.
        var closedBy: RuleIDPlace?
        var used = false
    }

    struct RuleIDPlace: Hashable {
        var comment: Int
        var rule: Int
    }

    /// `findings` of the manifest in `document` without the suppressed ones, plus the
    /// `unused-suppression` findings. Findings in other files (a `--data` file) are left alone.
    package static func apply(in document: YAMLDocument, to findings: [Diagnostic]) -> [Diagnostic] {
        guard SuppressionScanner.mayHoldComments(document.source) else { return findings }
        let scanner = SuppressionScanner(document: document)
        var unreadable: [(String, SourceLocation)] = []
        let comments = scanner.comments { unreadable.append(($0, $1)) }
        return apply(
            CommentedSource(
                file: document.file, marker: "#", comments: comments, unreadable: unreadable,
                nextContentLines: scanner.nextContentLines, text: { document.text }),
            to: findings)
    }

    /// The `maplint:` comments of one file, in whatever language it is written, with what the
    /// rules of suppression need to know about its lines.
    package struct CommentedSource {
        package var file: String
        /// What starts a comment: `#` in a manifest, `//` in Swift (for the fixes' summaries).
        package var marker: String
        /// The comments, in file order, each at its marker.
        package var comments: [SuppressionComment]
        /// Comments that start `maplint:` but cannot be read, with why.
        package var unreadable: [(String, SourceLocation)]
        /// For every 0-based line, the first line at or after it that holds more than blanks and a
        /// comment (nil when none).
        package var nextContentLines: () -> [Int?]
        /// The file's text, for the fixes of unused comments.
        package var text: () -> SourceText

        package init(
            file: String, marker: String, comments: [SuppressionComment], unreadable: [(String, SourceLocation)],
            nextContentLines: @escaping () -> [Int?], text: @escaping () -> SourceText
        ) {
            self.file = file
            self.marker = marker
            self.comments = comments
            self.unreadable = unreadable
            self.nextContentLines = nextContentLines
            self.text = text
        }
    }

    /// `findings` without those the comments of `source` silence, plus an `unused-suppression`
    /// finding for each comment (or rule id of one) that silences nothing.
    package static func apply(_ source: CommentedSource, to findings: [Diagnostic]) -> [Diagnostic] {
        let rule = UnusedSuppressionRule()
        var problems: [Diagnostic] = source.unreadable.map { rule.finding($0.0, at: $0.1) }
        guard !source.comments.isEmpty || !problems.isEmpty else { return findings }
        var fixes = FixMaker(source: source)
        var read = scopes(of: source, problems: &problems, fixes: &fixes)
        let kept = unsuppressed(findings, file: source.file, marking: &read.scopes)
        for scope in read.scopes where !scope.used {
            // An `enable` that ends only unused regions goes with them, or it would end nothing.
            var places = [scope.id]
            if let closer = scope.closedBy, (read.closing[closer] ?? []).allSatisfy({ !read.scopes[$0].used }) {
                places.append(closer)
            }
            problems.append(rule.finding(unusedMessage(scope), at: scope.comment.location, fix: fixes.fix(places)))
        }
        return kept + problems
    }

    /// The fixes of unused comments; the file's lines are made once, when the first fix needs them.
    private struct FixMaker {
        let source: CommentedSource
        var text: SourceText?

        mutating func fix(_ places: [RuleIDPlace]) -> Fix? {
            let made = text ?? source.text()
            text = made
            return SuppressionEdits.fix(
                removing: places, from: source.comments, file: source.file, marker: source.marker, text: made)
        }
    }

    /// The scopes of the comments of `source`, and the scopes each `enable` rule id ends. Unknown
    /// rule ids and an `enable` that ends nothing are added to `problems`.
    private static func scopes(
        of source: CommentedSource, problems: inout [Diagnostic], fixes: inout FixMaker
    ) -> (scopes: [Scope], closing: [RuleIDPlace: [Int]]) {
        let rule = UnusedSuppressionRule()
        var scopes: [Scope] = []
        var open: [Int] = []
        var nextContent: [Int?]?
        var closing: [RuleIDPlace: [Int]] = [:]
        for (commentIndex, comment) in source.comments.enumerated() {
            let line = comment.location.line
            for (ruleIndex, id) in comment.rules.enumerated() {
                let place = RuleIDPlace(comment: commentIndex, rule: ruleIndex)
                guard id.value == SuppressionComment.allRules || suppressibleRules.contains(id.value) else {
                    problems.append(rule.finding(unknownRuleMessage(id.value), at: id.location))
                    continue
                }
                switch comment.directive {
                case .disableThis:
                    scopes.append(Scope(rule: id.value, lines: line...line, comment: comment, id: place))
                case .disableNext:
                    // Lines are 1-based; the scanner counts from 0, so `line` is already the next one.
                    if nextContent == nil { nextContent = source.nextContentLines() }
                    let target = nextContent.flatMap { $0.indices.contains(line) ? $0[line] : nil }.map { $0 + 1 }
                    scopes.append(Scope(rule: id.value, lines: target.map { $0...$0 }, comment: comment, id: place))
                case .disable:
                    open.append(scopes.count)
                    scopes.append(Scope(rule: id.value, lines: line...Int.max, comment: comment, id: place))
                case .enable:
                    let closed = open.filter { index in
                        scopes.indices.contains(index)
                            && (id.value == SuppressionComment.allRules || scopes[index].rule == id.value)
                    }
                    if closed.isEmpty {
                        problems.append(
                            rule.finding(
                                "'maplint:enable \(id.value)' has no 'maplint:disable \(id.value)' before it to end; remove it",
                                at: id.location, fix: fixes.fix([place])))
                    }
                    for index in closed {
                        scopes[index].lines = scopes[index].lines.map { $0.lowerBound...max($0.lowerBound, line) }
                        scopes[index].closedBy = place
                    }
                    closing[place] = closed
                    open.removeAll { closed.contains($0) }
                }
            }
        }
        return (scopes, closing)
    }

    /// `findings` without those the scopes silence; each scope is marked used when it silences one.
    ///
    /// Findings × scopes would be quadratic: instead, per rule id, the lines the scopes cover are
    /// merged into disjoint ranges (is a finding covered?), and the lines of the findings are
    /// sorted (does a scope cover any?). Both answers come from binary searches.
    private static func unsuppressed(
        _ findings: [Diagnostic], file: String, marking scopes: inout [Scope]
    ) -> [Diagnostic] {
        func isEligible(_ finding: Diagnostic) -> Bool {
            finding.location.file == file && finding.rule != .invalidManifest
                && finding.rule != UnusedSuppressionRule.id
        }
        var findingLines: [String: [Int]] = [:]
        var allLines: [Int] = []
        for finding in findings where isEligible(finding) {
            findingLines[finding.rule.rawValue, default: []].append(finding.location.line)
            allLines.append(finding.location.line)
        }
        allLines.sort()
        for key in findingLines.keys { findingLines[key]?.sort() }
        var ranges: [String: [ClosedRange<Int>]] = [:]
        for index in scopes.indices {
            guard let lines = scopes[index].lines else { continue }
            ranges[scopes[index].rule, default: []].append(lines)
            let candidates =
                scopes[index].rule == SuppressionComment.allRules ? allLines : findingLines[scopes[index].rule] ?? []
            scopes[index].used = Self.containsAny(candidates, in: lines)
        }
        let merged = ranges.mapValues(Self.merged)
        return findings.filter { finding in
            let line = finding.location.line
            return
                !(isEligible(finding)
                && (Self.covers(merged[finding.rule.rawValue] ?? [], line)
                    || Self.covers(merged[SuppressionComment.allRules] ?? [], line)))
        }
    }

    /// Whether the sorted `lines` hold one within `range`.
    static func containsAny(_ lines: [Int], in range: ClosedRange<Int>) -> Bool {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = low + (high - low) / 2
            if lines[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && lines[low] <= range.upperBound
    }

    /// Ranges sorted and merged into disjoint ones.
    static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Whether one of the sorted, disjoint `ranges` holds `line`.
    static func covers(_ ranges: [ClosedRange<Int>], _ line: Int) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = low + (high - low) / 2
            if ranges[middle].upperBound < line { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(line)
    }

    private static func unknownRuleMessage(_ name: String) -> String {
        switch RuleID(rawValue: name) {
        case .invalidManifest:
            return "'invalid-manifest' cannot be suppressed: a manifest with schema errors cannot be checked at all"
        case UnusedSuppressionRule.id:
            return
                "'unused-suppression' cannot be suppressed by a comment; remove the comment, or disable the rule in .maplint.yml"
        default:
            return "unknown rule '\(name)' in a maplint comment; it silences nothing"
                + Suggestion.didYouMean(name, in: suppressibleRules + [SuppressionComment.allRules])
        }
    }

    private static func unusedMessage(_ scope: Scope) -> String {
        let what = scope.rule == SuppressionComment.allRules ? "finding" : "\(scope.rule) finding"
        let spelling = "'maplint:\(scope.comment.directive.rawValue) \(scope.rule)'"
        guard let lines = scope.lines else {
            return "\(spelling) silences nothing: no line follows it; remove it"
        }
        if lines.lowerBound == lines.upperBound {
            return "\(spelling) silences nothing: line \(lines.lowerBound) has no \(what); remove it"
        }
        let end = lines.upperBound == Int.max ? "the end of the file" : "line \(lines.upperBound)"
        return "\(spelling) silences nothing: there is no \(what) from line \(lines.lowerBound) to \(end); remove it"
    }
}
