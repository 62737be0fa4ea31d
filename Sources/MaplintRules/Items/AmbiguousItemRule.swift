import MaplintAnalysis
import MaplintFindings
import MaplintResolver

/// A sample item matched by two or more registrations.
struct AmbiguousItemRule: Rule {
    package static let description = RuleDescription(
        id: "ambiguous-item",
        name: "Ambiguous item",
        severity: .warning,
        needs: [.resolution],
        summary: "A sample item matches two or more registrations; only the first registered is used.",
        explanation: """
            When several registrations match one sample item, DTModelStorage uses the first one registered and \
            the others are never used for it. This is the sample-data view of intersecting-conditions: it shows \
            the conflict on a concrete item of your screen. An item whose other registrations are all fallbacks of \
            the one used (each matches everything it matches: specific first, general last) is not reported. Fix: \
            make the conditions mutually exclusive, or remove the registration that should not apply.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  FeedItem: {kind: protocol, properties: {id: Int}}
                  Post: {conforms: [FeedItem], properties: {title: String}}
                registrations:
                  - cell: FeedItemCell
                    model: FeedItem
                  - cell: PostCell
                    model: Post
                sample:
                  sections:
                    - items:
                        - ↓Post: {id: 1, title: "Hello"}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 0
                  - cell: ArchivedPostCell
                    model: Post
                    section: 1
                sample:
                  sections:
                    - items:
                        - Post: {title: "New"}
                    - items:
                        - Post: {title: "Old"}
                """),
            // Specific first, general last: the video post gets VideoPostCell, PostCell is its fallback.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                  VideoPost: {inherits: Post}
                registrations:
                  - cell: VideoPostCell
                    model: VideoPost
                  - cell: PostCell
                    model: Post
                sample:
                  sections:
                    - items:
                        - VideoPost: {title: "Clip"}
                        - Post: {title: "Text"}
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        // A delegate that picks among the candidates (DT 6) decides such items: not the order.
        guard AppChosenMapping.chooser(context) == nil else { return [] }
        // Whether a list of candidates is a registration and its fallbacks, asked once per list:
        // a sample of a million items has a few distinct lists.
        var fallbackLists: [[Int]: Bool] = [:]
        return context.resolution.items.compactMap { element in
            guard element.problems.contains(.ambiguous) else { return nil }
            return finding(for: element, in: context, fallbackLists: &fallbackLists)
        }
    }

    private func finding(
        for element: ResolvedElement, in context: AnalysisContext, fallbackLists: inout [[Int]: Bool]
    ) -> Diagnostic? {
        let candidates = element.candidates.compactMap { context.registrations.registration(at: $0) }
        guard let winner = candidates.first, candidates.count > 1 else { return nil }
        let others = Array(candidates.dropFirst())
        // The item goes to the most specific registration and the others are its fallbacks: each
        // of them matches everything the winner matches (specific first, general last), as
        // intersecting-conditions judges the pairs.
        let isFallbackList =
            fallbackLists[element.candidates]
            ?? others.allSatisfy { context.solver.isFallback(winner, then: $0) }
        fallbackLists[element.candidates] = isFallbackList
        if isFallbackList { return nil }
        let typeName = element.model ?? "?"
        let limit = Wording.namedLimit
        let message =
            "\(Wording.subject(element)) (\(Wording.article(typeName)) \(typeName)) matches \(candidates.count) registrations: "
            + "\(Wording.shortName(winner)) wins over \(Wording.list(others.map(Wording.shortName), limit: 2))"
        let detail =
            "\(Wording.name(winner)) is used because it was registered first, so \(Wording.list(others.map(Wording.name), limit: limit)) \(others.count == 1 ? "is" : "are") never used for it"
        let remedy = "make their conditions mutually exclusive or remove the registration that should not apply"
        let related = candidates.prefix(limit + 1).map { registration in
            RelatedLocation(
                location: registration.location,
                message: registration.index == winner.index
                    ? "\(Wording.name(registration)): used"
                    : "\(Wording.name(registration)): also matches, never used here")
        }
        return finding(
            message, detail: detail, remedy: remedy, at: element.location, registrations: candidates.map(\.index),
            related: Array(related))
    }
}
