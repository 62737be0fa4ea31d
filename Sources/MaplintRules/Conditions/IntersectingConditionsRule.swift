import MaplintAnalysis
import MaplintFindings
import MaplintManifest
import MaplintSolver
import MaplintText

/// Two live registrations can both match one item: the first one registered always wins it.
package struct IntersectingConditionsRule: Rule {
    package static let description = RuleDescription(
        id: "intersecting-conditions",
        name: "Intersecting conditions",
        severity: .warning,
        needs: [.pairs, .reachability],
        summary: "Two registrations can both match one item; the first registered wins, with an example item.",
        explanation: """
            Each item is shown by the first registration whose view type, model type and condition match it. \
            When two registrations for overlapping model types have conditions that can both hold, the one \
            registered first always wins those items and the second is partly unused. maplint decides the question \
            for every such pair and, when both can match, gives a concrete model and index path for which they do \
            (checked by evaluating both conditions). Pairs whose conditions maplint cannot decide are not reported \
            (see `maplint report`), and a registration that can never be used at all is reported as \
            unreachable-registration instead. The fallback order is not reported: when the later registration \
            matches every item the earlier one matches (the earlier is for a subclass, or has a stronger condition: \
            specific first, general last), each item gets the registration meant for it and nothing is lost. Fix: \
            register the specific registration first, or make the conditions mutually exclusive, as the \
            DTTableViewManager and DTCollectionViewManager documentation recommends.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {containsVideo: Bool, likes: Int}}
                registrations:
                  - cell: PopularPostCell
                    model: Post
                    condition: "model.likes >= 1000"
                  - ↓cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo"
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                  VideoPost: {inherits: Post, properties: {isLive: Bool}}
                registrations:
                  - cell: FirstSectionCell
                    model: Post
                    section: 0
                  - ↓cell: LiveVideoCell
                    model: VideoPost
                    condition: "model.isLive"
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {containsVideo: Bool}}
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "!model.containsVideo"
                  - cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo"
                """),
            RuleExample(
                """
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
                    section: 1
                    reuseIdentifier: second-section-post
                  - header: PostHeader
                    model: Post
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int}}
                  Author: {kind: struct, properties: {name: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                  - cell: AuthorCell
                    model: Author
                """),
            // Specific first, general last: a subclass's cell before its superclass's is the fallback order.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int}}
                  VideoPost: {inherits: Post}
                registrations:
                  - cell: VideoPostCell
                    model: VideoPost
                  - cell: PostCell
                    model: Post
                """),
            // The same with a condition: video posts get VideoPostCell, every other post PostCell.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {containsVideo: Bool, likes: Int}}
                registrations:
                  - cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo && model.likes > 10"
                  - cell: PostCell
                    model: Post
                    condition: "model.likes > 10"
                """),
            // VideoPostCell is unreachable: that finding says more, so this one stays quiet.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {containsVideo: Bool}}
                registrations:
                  - cell: PostCell
                    model: Post
                  - cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo"
                """),
        ])

    /// At most this many findings per registration; the pairs beyond are summed up in one more, so
    /// a manifest of n registrations that all meet prints O(n) findings, not O(n²).
    static let maxFindingsPerRegistration = 10

    /// The message of one pair, written into one string (a manifest can have tens of thousands):
    /// "PopularPostCell (entry 0) shadows VideoPostCell (entry 1) for a Post with …".
    static func message(first: String, second: String, example: String) -> String {
        var message = TextBuilder(capacity: first.utf8.count + second.utf8.count + example.utf8.count + 14)
        message.append(first, then: " shadows ")
        message.append(second, then: " for ")
        message.append(example)
        return message.string
    }

    /// Why, for the related note at the finding: both match, the first registered wins.
    static func detail(first: String, second: String, secondClass: String) -> String {
        var detail = TextBuilder(capacity: first.utf8.count + second.utf8.count + secondClass.utf8.count + 110)
        detail.append(second, then: " and ")
        detail.append(first, then: " can both match such items; the first registered wins, so they never show ")
        detail.append(secondClass)
        return detail.string
    }

    /// What to do, for the related note at the finding.
    static func remedy(noun: String) -> String {
        "make the two conditions mutually exclusive so that each item has exactly one \(noun) registration, or "
            + "register the more specific one first"
    }

    /// "PostCell (entry 1, line 9) is registered first and wins a Post with …".
    static func related(first: String, wins model: String) -> String {
        var message = TextBuilder(capacity: first.utf8.count + model.utf8.count + 32)
        message.append(first, then: " is registered first and wins ")
        message.append(model)
        return message.string
    }

    /// Whether the later registration of the pair matches every item the earlier one matches
    /// (decided by the solver's coverage question; an undecided one is not a fallback).
    static func isFallback(_ pair: RegistrationPair, _ solver: ConditionSolver) -> Bool {
        solver.isFallback(pair.first, then: pair.second)
    }

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var limit = PairFindingLimit(limit: Self.maxFindingsPerRegistration)
        let chooser = AppChosenMapping.chooser(context)
        // A registration is named once however many pairs it is in.
        var names: [Int: String] = [:]
        func name(_ registration: Registration) -> String {
            if let known = names[registration.index] { return known }
            let made = Wording.name(registration)
            names[registration.index] = made
            return made
        }
        for pair in context.pairs {
            guard case .intersecting(let witness) = pair.verdict,
                // An unreachable second registration has its own, stronger finding; an
                // unreachable first one never wins, so the item goes to an earlier pair.
                // Indexes, not registrations: a registration is copied out of the pair on each read.
                !context.isUnreachable(pair.secondIndex), !context.isUnreachable(pair.firstIndex)
            else { continue }
            // Specific first, general last: every item the first one takes, the second one would
            // take too, so the second is the intended fallback (a subclass's cell before its
            // superclass's, a conditioned cell before an unconditioned one). No item is lost.
            if Self.isFallback(pair, context.solver) { continue }
            guard limit.admits(pair) else { continue }
            let first = pair.first
            let second = pair.second
            let described = witness.descriptions
            let firstName = name(first)
            let found =
                finding(
                    Self.message(
                        first: Wording.shortName(first), second: Wording.shortName(second), example: described.plain),
                    detail: Self.detail(first: firstName, second: name(second), secondClass: second.viewClass.value),
                    remedy: Self.remedy(noun: Wording.viewNoun(second.viewType)), at: second.location,
                    registrations: [first.index, second.index],
                    related: [
                        RelatedLocation(
                            location: first.location,
                            message: Self.related(first: firstName, wins: described.model))
                    ])
            findings.append(
                chooser.map { Self.chosen(found, pair: pair, example: described.plain, chooser: $0, context) } ?? found)
        }
        findings += overflowing(limit, chooser: chooser, context)
        return findings
    }

    /// The finding of a pair on a screen whose delegate picks among candidates: a note that the app chooses.
    static func chosen(
        _ found: Diagnostic, pair: RegistrationPair, example: String, chooser: Located<String>,
        _ context: AnalysisContext
    ) -> Diagnostic {
        AppChosenMapping.note(
            found,
            headline: "\(Wording.shortName(pair.first)) and \(Wording.shortName(pair.second)) can both match "
                + example,
            chooser: chooser, context: context)
    }

    /// One finding per registration with more pairs than are reported one by one (a note when the app
    /// chooses among candidates).
    private func overflowing(
        _ limit: PairFindingLimit, chooser: Located<String>?, _ context: AnalysisContext
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (second, pairs, entries) in limit.overflowing {
            let one = pairs.count == 1
            let message =
                "\(Wording.shortName(second)) is shadowed by \(pairs.count) more earlier "
                + (one ? "registration (entry \(entries))" : "registrations (entries \(entries))")
            let found =
                finding(
                    message,
                    detail: "\(Wording.name(second)) can also match items of "
                        + (one
                            ? "that registration, which wins them because it was"
                            : "those, which win them because they were")
                        + " registered first; `maplint report` lists every pair with an example item",
                    remedy: "make the conditions mutually exclusive", at: second.location,
                    registrations: pairs.map(\.first.index) + [second.index])
            findings.append(
                chooser.map {
                    AppChosenMapping.note(
                        found,
                        headline: "\(Wording.shortName(second)) can match items of \(pairs.count) more earlier "
                            + (one ? "registration" : "registrations"),
                        chooser: $0, context: context)
                } ?? found)
        }
        return findings
    }
}
