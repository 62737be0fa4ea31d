import MaplintFindings
import MaplintRules
import MaplintYAML

/// Applies a manifest's `# maplint:disable…` comments to its findings, and reports the comments
/// that silence nothing as `unused-suppression`.
package enum Suppressions {
    /// Rule ids a comment may name: every rule but the two whose findings comments cannot touch.
    static let suppressibleRules: [String] = Rules.all.map(\.id).filter {
        $0 != .invalidManifest && $0 != UnusedSuppressionRule.id
    }.map(\.rawValue)
    private static let suppressible = Set(suppressibleRules + [SuppressionComment.allRules])

    /// The lines one rule id of one comment covers.
    private struct Scope {
        var rule: String
        var lines: ClosedRange<Int>?
        var comment: SuppressionComment
        /// Where the rule id is: the comment's position in the file's comments, the id's in the comment.
        var id: RuleIDPlace
        /// The later places the comment names the same rule id (one scope for all of them).
        var repeats: [RuleIDPlace] = []
        /// The `enable` rule id that ends a `disable` region.
        var closedBy: RuleIDPlace?
        var used = false
        /// The line of the finding of its rule closest to its lines, when one is in the file.
        var nearest: Int?
    }

    struct RuleIDPlace: Hashable {
        var comment: Int
        var rule: Int
    }

    /// `findings` of the manifest in `document` without the suppressed ones, plus the
    /// `unused-suppression` findings. Findings in other files (a `--data` file) are left alone.
    package static func apply(in document: YAMLDocument, to findings: [Diagnostic]) -> [Diagnostic] {
        guard YAMLComments.mayHoldComments(document.source) else { return findings }
        let scanner = YAMLComments(document: document)
        var unreadable: [(String, SourceLocation)] = []
        let comments = SuppressionComment.comments(in: scanner, file: document.file) { unreadable.append(($0, $1)) }
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
        /// For a line (1-based) where a registration call starts that spans several lines, its
        /// last line: a `disable:next` comment whose next line is the first covers them all.
        package var callLines: [Int: Int] = [:]

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
    /// finding for each comment (or rule id of one) that silences nothing, and one for each
    /// comment that names a rule id more than once.
    package static func apply(_ source: CommentedSource, to findings: [Diagnostic]) -> [Diagnostic] {
        let rule = UnusedSuppressionRule()
        var problems: [Diagnostic] = source.unreadable.map { rule.finding($0.0, at: $0.1) }
        guard !source.comments.isEmpty || !problems.isEmpty else { return findings }
        var fixes = FixMaker(source: source)
        var read = scopes(of: source, problems: &problems, fixes: &fixes)
        let kept = unsuppressed(findings, file: source.file, marking: &read.scopes)
        // The later mentions of a rule id that silences something, by comment.
        var repeated: [Int: [RuleIDPlace]] = [:]
        for scope in read.scopes {
            guard !scope.used else {
                repeated[scope.id.comment, default: []] += scope.repeats
                continue
            }
            // An `enable` that ends only unused regions goes with them, or it would end nothing.
            var places = [scope.id] + scope.repeats
            if let closer = scope.closedBy, (read.closing[closer] ?? []).allSatisfy({ !read.scopes[$0].used }) {
                places += [closer] + (read.enableRepeats[closer] ?? [])
            }
            problems.append(rule.finding(unusedMessage(scope), at: scope.comment.location, fix: fixes.fix(places)))
        }
        for (closer, repeats) in read.enableRepeats
        where (read.closing[closer] ?? []).contains(where: { read.scopes[$0].used }) {
            repeated[closer.comment, default: []] += repeats
        }
        for (commentIndex, places) in repeated.sorted(by: { $0.key < $1.key }) where !places.isEmpty {
            problems.append(
                repeatsFinding(places.sorted { $0.rule < $1.rule }, in: source, at: commentIndex, fixes: &fixes))
        }
        return kept + problems
    }

    /// The finding on a comment that names rule ids more than once (`disable x x x`): the later
    /// mentions add nothing; its fix removes them.
    private static func repeatsFinding(
        _ places: [RuleIDPlace], in source: CommentedSource, at commentIndex: Int, fixes: inout FixMaker
    ) -> Diagnostic {
        let comment = source.comments[commentIndex]
        var counts: [String: Int] = [:]
        var order: [String] = []
        for place in places {
            let name = comment.rules[place.rule].value
            if counts[name] == nil { order.append(name) }
            counts[name, default: 1] += 1
        }
        let named = order.map { "\($0) \(counts[$0] ?? 0) times" }
        let listed =
            named.count > 3 ? named.prefix(3).joined(separator: ", ") + " and more" : named.joined(separator: ", ")
        let message =
            "'maplint:\(comment.directive.rawValue)' names \(listed): once each is enough; remove the repeats"
        let location = comment.rules[places[0].rule].location
        let summary =
            "removed \(places.count) repeated rule id\(places.count == 1 ? "" : "s") from a '\(source.marker) maplint:\(comment.directive.rawValue)' comment"
        return UnusedSuppressionRule().finding(message, at: location, fix: fixes.fix(places, summary: summary))
    }

    /// The fixes of unused comments; the file's lines are made once, when the first fix needs them.
    private struct FixMaker {
        let source: CommentedSource
        var text: SourceText?

        mutating func fix(_ places: [RuleIDPlace], summary: String? = nil) -> Fix? {
            let made = text ?? source.text()
            text = made
            return SuppressionEdits.fix(
                removing: places, from: source.comments, file: source.file, marker: source.marker, text: made,
                summary: summary)
        }
    }

    /// What `scopes(of:)` reads: the scopes, the scopes each `enable` rule id ends, and the later
    /// mentions of each `enable` rule id.
    private struct ReadScopes {
        var scopes: [Scope] = []
        var closing: [RuleIDPlace: [Int]] = [:]
        var enableRepeats: [RuleIDPlace: [RuleIDPlace]] = [:]
    }

    /// The rule ids of a comment once each, in order: the position of the first mention of each
    /// and the positions of the others. One pass over the comment, however long.
    static func distinctRuleIDs(_ comment: SuppressionComment) -> [(first: Int, repeats: [Int])] {
        var result: [(first: Int, repeats: [Int])] = []
        var seen: [String: Int] = [:]
        for (index, id) in comment.rules.enumerated() {
            if let known = seen[id.value] {
                result[known].repeats.append(index)
            } else {
                seen[id.value] = result.count
                result.append((index, []))
            }
        }
        return result
    }

    /// The scopes of the comments of `source`, one per rule id a comment names (however many
    /// times it names it). Unknown rule ids and an `enable` that ends nothing are added to `problems`.
    private static func scopes(
        of source: CommentedSource, problems: inout [Diagnostic], fixes: inout FixMaker
    ) -> ReadScopes {
        let rule = UnusedSuppressionRule()
        var read = ReadScopes()
        // The open `disable` regions, by rule id: each is closed once, so the `enable`s cost no rescanning.
        var open: [String: [Int]] = [:]
        var nextContent: [Int?]?
        for (commentIndex, comment) in source.comments.enumerated() {
            let line = comment.location.line
            for (ruleIndex, repeatIndexes) in distinctRuleIDs(comment) {
                let id = comment.rules[ruleIndex]
                let place = RuleIDPlace(comment: commentIndex, rule: ruleIndex)
                let repeats = repeatIndexes.map { RuleIDPlace(comment: commentIndex, rule: $0) }
                guard suppressible.contains(id.value) else {
                    problems.append(rule.finding(unknownRuleMessage(id.value), at: id.location))
                    continue
                }
                var scope = Scope(rule: id.value, lines: line...line, comment: comment, id: place, repeats: repeats)
                switch comment.directive {
                case .disableThis:
                    read.scopes.append(scope)
                case .disableNext:
                    // Lines are 1-based; the scanner counts from 0, so `line` is already the next one.
                    if nextContent == nil { nextContent = source.nextContentLines() }
                    let target = nextContent.flatMap { $0.indices.contains(line) ? $0[line] : nil }.map { $0 + 1 }
                    scope.lines = target.map { $0...max($0, source.callLines[$0] ?? $0) }
                    read.scopes.append(scope)
                case .disable:
                    open[id.value, default: []].append(read.scopes.count)
                    scope.lines = line...Int.max
                    read.scopes.append(scope)
                case .enable:
                    let closed: [Int]
                    if id.value == SuppressionComment.allRules {
                        closed = open.values.flatMap { $0 }.sorted()
                        open = [:]
                    } else {
                        closed = open.removeValue(forKey: id.value) ?? []
                    }
                    if closed.isEmpty {
                        problems.append(
                            rule.finding(
                                "'maplint:enable \(id.value)' has no 'maplint:disable \(id.value)' before it to end; remove it",
                                at: id.location, fix: fixes.fix([place] + repeats)))
                    } else if !repeats.isEmpty {
                        read.enableRepeats[place] = repeats
                    }
                    for index in closed {
                        read.scopes[index].lines = read.scopes[index].lines.map {
                            $0.lowerBound...max($0.lowerBound, line)
                        }
                        read.scopes[index].closedBy = place
                    }
                    read.closing[place] = closed
                }
            }
        }
        return read
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
            let candidates =
                scopes[index].rule == SuppressionComment.allRules ? allLines : findingLines[scopes[index].rule] ?? []
            guard let lines = scopes[index].lines else {
                let line = scopes[index].comment.location.line
                scopes[index].nearest = Self.nearest(candidates, to: line...line)
                continue
            }
            ranges[scopes[index].rule, default: []].append(lines)
            scopes[index].used = Self.containsAny(candidates, in: lines)
            if !scopes[index].used { scopes[index].nearest = Self.nearest(candidates, to: lines) }
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

    /// The line of the sorted `lines` closest to `range` (which holds none of them), the later one
    /// of two as close; nil when there are no lines.
    static func nearest(_ lines: [Int], to range: ClosedRange<Int>) -> Int? {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = low + (high - low) / 2
            if lines[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        let after = low < lines.count ? lines[low] : nil
        let before = low > 0 ? lines[low - 1] : nil
        guard let after else { return before }
        guard let before else { return after }
        return range.lowerBound - before < after - range.upperBound ? before : after
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
        // Where the finding the comment may have been meant for is.
        let nearest = scope.nearest.map { " (the nearest \(what) is on line \($0))" } ?? ""
        guard let lines = scope.lines else {
            return "\(spelling) silences nothing: no line follows it\(nearest); remove it"
        }
        if lines.lowerBound == lines.upperBound {
            return "\(spelling) silences nothing: line \(lines.lowerBound) has no \(what)\(nearest); remove it"
        }
        let end = lines.upperBound == Int.max ? "the end of the file" : "line \(lines.upperBound)"
        return
            "\(spelling) silences nothing: there is no \(what) from line \(lines.lowerBound) to \(end)\(nearest); remove it"
    }
}
