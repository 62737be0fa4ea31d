import MaplintAnalysis
import MaplintFindings
import MaplintManifest
import MaplintSolver

/// Two live registrations that might both match one item, where the solver could not tell:
/// a part of a condition is outside what it decides exactly. Said once per pair, so a clean run
/// never hides a question that was not answered.
struct UndecidedConditionsRule: Rule {
    package static let description = RuleDescription(
        id: "undecided-conditions",
        name: "Undecided conditions",
        severity: .note,
        needs: [.pairs, .reachability],
        summary:
            "maplint cannot decide whether two registrations can both match one item; names the part it cannot read.",
        explanation: """
            For every pair of registrations with the same view type and overlapping model types, maplint decides \
            whether one item can match both (intersecting-conditions) or not. For conditions outside the fragment it \
            decides exactly (docs/conditions.md: two variables in one comparison, `lowercased()`, string ordering, a \
            condition written in Swift that maplint cannot read, a search that exceeds its limits; strings' `==`, \
            `hasPrefix`, `hasSuffix`, `contains`, `isEmpty` and `count`, optionals and enum cases are decided), the question can stay open: then neither \
            intersecting-conditions nor unreachable-registration can speak for the pair, and this note says so, \
            naming the sub-expression that left it open. A pair in the fallback order (the later registration \
            matches every item the earlier one matches) is not reported, whatever the answer: each item gets the \
            registration meant for it. Fix: check the pair by hand; rewrite the condition with what maplint decides \
            (comparisons of one property with a constant, `&&`, `||`, `!`) so that it is checked; or, once checked, \
            silence the note with `# maplint:disable:next undecided-conditions -- reason`.
            """,
        triggeringExamples: [
            // `model.likes > model.comments` compares two variables: outside the decided fragment.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int, comments: Int}}
                registrations:
                  - cell: PopularPostCell
                    model: Post
                    condition: "model.likes > model.comments"
                  - ↓cell: QuietPostCell
                    model: Post
                    condition: "model.likes < 0"
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String, isFeatured: Bool}}
                registrations:
                  - cell: PinnedPostCell
                    model: Post
                    opaqueCondition: "pinnedIDs.contains(model.id)"
                  - ↓cell: FeaturedPostCell
                    model: Post
                    condition: "model.isFeatured"
                """),
            // `lowercased()` is outside the string fragment (Unicode case mapping).
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: AdCell
                    model: Post
                    condition: 'model.title.lowercased() == "ad"'
                  - ↓cell: AnnouncementCell
                    model: Post
                    condition: 'model.title.hasPrefix("AN")'
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int, comments: Int}}
                registrations:
                  - cell: PopularPostCell
                    model: Post
                    condition: "model.likes > 10"
                  - cell: QuietPostCell
                    model: Post
                    condition: "model.likes < 0"
                """),
            // Specific first, general last: whatever the first condition holds for, the second one
            // takes every item the first does not, so the pair needs no answer.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int, comments: Int, isPinned: Bool}}
                registrations:
                  - cell: PopularPinnedCell
                    model: Post
                    condition: "model.isPinned && model.likes > model.comments"
                  - cell: PinnedCell
                    model: Post
                    condition: "model.isPinned"
                """),
            // Prefixes, suffixes, substrings, emptiness and counts of strings are decided: these two
            // never share an item (an empty title has no prefix "AD").
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String, subtitle: String?}}
                registrations:
                  - cell: AdCell
                    model: Post
                    condition: 'model.title.hasPrefix("AD") && model.subtitle?.contains("sponsored") == true'
                  - cell: EmptyTitleCell
                    model: Post
                    condition: "model.title.isEmpty || model.title.count > 80"
                """),
            // PostCell takes every post first: QuietPostCell is unreachable, which says more.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int, comments: Int}}
                registrations:
                  - cell: PostCell
                    model: Post
                  - cell: QuietPostCell
                    model: Post
                    condition: "model.likes > model.comments"
                """),
        ])

    /// At most this many notes per registration; the pairs beyond are summed up in one more.
    static let maxFindingsPerRegistration = IntersectingConditionsRule.maxFindingsPerRegistration

    /// "QuietPostCell and PopularPostCell may share items: maplint cannot decide
    /// 'model.likes > model.comments'".
    static func message(first: Registration, second: Registration, verdict: PairVerdict) -> String {
        let pair = "\(second.viewClass.value) and \(first.viewClass.value) may share items: "
        guard case .unknown(let reason, let parts) = verdict else { return pair + "maplint cannot decide it" }
        // An opaque condition (Swift maplint cannot read, often a closure of several lines) is named
        // by its registration; other parts as written.
        let opaque = [first, second].filter {
            if case .opaque = $0.condition { return true } else { return false }
        }
        var clauses: [String] = []
        switch opaque.count {
        case 0: break
        case 1: clauses.append("maplint cannot read the condition of \(opaque[0].viewClass.value) (opaque)")
        default: clauses.append("maplint cannot read their conditions (opaque)")
        }
        let written = parts.filter { !$0.hasPrefix("the opaque condition ") }
        if !written.isEmpty { clauses.append("maplint cannot decide \(Wording.list(written, limit: 2))") }
        if clauses.isEmpty { return pair + "maplint cannot decide it (\(reason))" }
        return pair + clauses.joined(separator: ", and ")
    }

    /// Why, for the related note at the finding.
    static func detail(first: Registration, second: Registration, verdict: PairVerdict) -> String {
        let both = "whether one item matches both \(Wording.name(second)) and \(Wording.name(first)) is unknown"
        let opaque = [first, second].filter {
            if case .opaque = $0.condition { return true } else { return false }
        }
        switch opaque.count {
        case 0:
            guard case .unknown(let reason, _) = verdict else { return both }
            return both + ": " + reason
        case 1:
            return both + ": the condition of \(opaque[0].viewClass.value) is opaque (Swift that maplint cannot "
                + "translate), so maplint cannot evaluate it"
        default:
            return both + ": both conditions are opaque (Swift that maplint cannot translate), so maplint cannot "
                + "evaluate them"
        }
    }

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var limit = PairFindingLimit(limit: Self.maxFindingsPerRegistration)
        for pair in context.pairs {
            guard case .unknown = pair.verdict,
                // An unreachable registration has its own, stronger finding.
                !context.isUnreachable(pair.secondIndex), !context.isUnreachable(pair.firstIndex)
            else { continue }
            // Specific first, general last: each item gets the registration meant for it, whether
            // or not one item can match both.
            if context.solver.isFallback(pair.first, then: pair.second) { continue }
            guard limit.admits(pair) else { continue }
            let first = pair.first
            let second = pair.second
            var related = [
                RelatedLocation(
                    location: first.location,
                    message: "\(Wording.name(first)) is registered first: it would win an item both match")
            ]
            related.append(
                RelatedLocation(
                    location: second.location, message: Self.detail(first: first, second: second, verdict: pair.verdict)
                ))
            related.append(
                RelatedLocation(
                    location: second.location,
                    message: "fix: check the pair by hand, or write the conditions so that maplint decides them "
                        + "(docs/conditions.md)"))
            findings.append(
                finding(
                    Self.message(first: first, second: second, verdict: pair.verdict), at: second.location,
                    registrations: [first.index, second.index], related: related))
        }
        for (second, pairs, entries) in limit.overflowing {
            findings.append(
                finding(
                    "\(second.viewClass.value): undecided whether it shares items with \(pairs.count) more earlier "
                        + "\(pairs.count == 1 ? "registration" : "registrations") (entries \(entries)); "
                        + "`maplint report` lists every pair",
                    at: second.location, registrations: pairs.map(\.first.index) + [second.index]))
        }
        return findings
    }
}
