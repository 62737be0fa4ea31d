/// Applies a manifest's `# maplint:disable…` comments to its findings, and reports the comments
/// that silence nothing as `unused-suppression`.
public enum Suppressions {
    /// Rule ids a comment may name: every rule but the two whose findings comments cannot touch.
    static var suppressibleRules: [String] {
        Rules.all.map(\.id).filter { $0 != .invalidManifest && $0 != UnusedSuppressionRule.id }.map(\.rawValue)
    }

    /// The lines one rule id of one comment covers.
    private struct Scope {
        var rule: String
        var lines: ClosedRange<Int>?
        var comment: SuppressionComment
        var used = false

        func covers(_ finding: Diagnostic) -> Bool {
            guard let lines, rule == SuppressionComment.allRules || rule == finding.rule.rawValue else { return false }
            return lines.contains(finding.location.line)
        }
    }

    /// `findings` of the manifest in `document` without the suppressed ones, plus the
    /// `unused-suppression` findings. Findings in other files (a `--data` file) are left alone.
    public static func apply(in document: YAMLDocument, to findings: [Diagnostic]) -> [Diagnostic] {
        let rule = UnusedSuppressionRule()
        var problems: [Diagnostic] = []
        let scanner = SuppressionScanner(document: document)
        let comments = scanner.comments { message, location in
            problems.append(rule.finding(message, at: location))
        }
        guard !comments.isEmpty || !problems.isEmpty else { return findings }

        var scopes: [Scope] = []
        var open: [Int] = []
        for comment in comments {
            let line = comment.location.line
            for id in comment.rules {
                guard id.value == SuppressionComment.allRules || suppressibleRules.contains(id.value) else {
                    problems.append(rule.finding(unknownRuleMessage(id.value), at: id.location))
                    continue
                }
                switch comment.directive {
                case .disableThis:
                    scopes.append(Scope(rule: id.value, lines: line...line, comment: comment))
                case .disableNext:
                    // Lines are 1-based; the scanner counts from 0, so `line` is already the next one.
                    let target = (line..<scanner.lineCount).first(where: scanner.hasContent).map { $0 + 1 }
                    scopes.append(Scope(rule: id.value, lines: target.map { $0...$0 }, comment: comment))
                case .disable:
                    open.append(scopes.count)
                    scopes.append(Scope(rule: id.value, lines: line...Int.max, comment: comment))
                case .enable:
                    let closing = open.filter { index in
                        scopes.indices.contains(index)
                            && (id.value == SuppressionComment.allRules || scopes[index].rule == id.value)
                    }
                    if closing.isEmpty {
                        problems.append(
                            rule.finding(
                                "'maplint:enable \(id.value)' has no 'maplint:disable \(id.value)' before it to end; remove it",
                                at: id.location))
                    }
                    for index in closing {
                        scopes[index].lines = scopes[index].lines.map { $0.lowerBound...max($0.lowerBound, line) }
                    }
                    open.removeAll { closing.contains($0) }
                }
            }
        }

        var kept: [Diagnostic] = []
        for finding in findings {
            guard finding.location.file == document.file, finding.rule != .invalidManifest,
                finding.rule != UnusedSuppressionRule.id
            else {
                kept.append(finding)
                continue
            }
            var suppressed = false
            for index in scopes.indices where scopes[index].covers(finding) {
                scopes[index].used = true
                suppressed = true
            }
            if !suppressed { kept.append(finding) }
        }
        for scope in scopes where !scope.used {
            problems.append(rule.finding(unusedMessage(scope), at: scope.comment.location))
        }
        return kept + problems
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
