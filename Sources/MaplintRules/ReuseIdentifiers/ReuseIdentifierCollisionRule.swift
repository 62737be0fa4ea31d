import MaplintAnalysis
import MaplintFindings
import MaplintManifest
import MaplintResolver

/// Two registrations share a reuse identifier in a namespace the host really shares, with
/// different view sources: the host keeps one source per identifier, so the other mapping
/// dequeues the wrong view.
package struct ReuseIdentifierCollisionRule: Rule {
    package static let description = RuleDescription(
        id: "reuse-identifier-collision",
        name: "Reuse identifier collision",
        severity: .error,
        summary:
            "Two registrations share a reuse identifier but load different views, so one of them shows the wrong view.",
        explanation: """
            A table or collection view keeps one view source (class, xib or storyboard prototype) per reuse \
            identifier. When two mappings share an identifier but load different views, one mapping silently \
            dequeues the other's view. Which one wins depends on the host. Table view cells: DTTableViewManager \
            dequeues the identifier before registering and skips the registration when a cell comes back, so the \
            *first* registration (or a storyboard prototype) wins; when the kept cell has another class, \
            DTTableViewManager 11 shows a blank cell and earlier versions show it unconfigured. Table headers and \
            footers share a second namespace (only UITableViewHeaderFooterView subclasses are registered at all) \
            where the *last* registration wins; so do collection view cells, and supplementary views per kind. \
            With DTCollectionViewManager 8 or later, from iOS 14, tvOS 14 and Mac Catalyst 14, collection views \
            generate a registration per mapping and cannot collide, except storyboard mappings, which still \
            dequeue by identifier. A collection view registration in code replaces a storyboard prototype with \
            the same identifier. `unregister` clears only the identifier equal to the class name, so a later \
            registration under a custom identifier still meets the old one. One finding is reported for each \
            live mapping whose view is not the one kept, at the later of the two registrations. Fix: give one of \
            them a distinct `reuseIdentifier`. `maplint lint --fix` gives the registration the message names the \
            identifier it suggests (its xib or class name in kebab case, with `-2`, `-3`, … when that is taken by \
            any identifier, class or xib of the manifest); storyboard registrations are left alone, since their \
            prototype carries the identifier.
            """,
        triggeringExamples: [
            // A plain UIView header dequeues its identifier first; the registered footer view answers.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - footer: SectionTitleView
                    model: String
                  - header: PromoBannerView
                    model: Int
                    headerFooterView: false
                    reuseIdentifier: ↓SectionTitleView
                """),
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
                  - cell: ↓PostCell
                    model: Post
                    section: 1
                    xib: CustomPostCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                registrations:
                  - cell: TitleCell
                    model: String
                    reuseIdentifier: title
                  - cell: CountCell
                    model: Int
                    reuseIdentifier: ↓title
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - header: SectionTitleView
                    model: String
                  - footer: ↓SectionTitleView
                    model: String
                    xib: SectionFootnoteView
                """),
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
                  - cell: PostCell
                    model: Post
                    section: 1
                    xib: CustomPostCell
                    reuseIdentifier: custom-post-cell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 14.0
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 0
                  - cell: PostCell
                    model: Post
                    section: 1
                    xib: CustomPostCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - header: PromoBannerView
                    model: String
                    headerFooterView: false
                  - footer: PromoBannerView
                    model: String
                    headerFooterView: false
                    xib: PromoBannerCompactView
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: MessageCell
                    model: String
                  - unregister: MessageCell
                  - cell: MessageCell
                    model: String
                    xib: MessageBubbleCell
                """),
        ],
        corrections: [
            RuleCorrection(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 0
                  - cell: PostCell
                    model: Post
                    section: 1
                    xib: CustomPostCell
                """,
                fixed: """
                    version: 1
                    host: tableView
                    models:
                      Post: {properties: {title: String}}
                    registrations:
                      - cell: PostCell
                        model: Post
                        section: 0
                      - cell: PostCell
                        model: Post
                        section: 1
                        xib: CustomPostCell
                        reuseIdentifier: custom-post-cell
                    """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let registrations = context.registrations
        let table = context.resolver.reuseIdentifiers
        var findings: [Diagnostic] = []
        // Names a new identifier must not take: every identifier, class and xib of the manifest.
        var taken: Set<String> = []
        for registration in registrations.all {
            taken.insert(registration.reuseIdentifier.value)
            taken.insert(registration.viewClass.value)
            if let xib = registration.xibName { taken.insert(xib) }
        }
        for group in context.resolver.reuseIdentifiers.groups where group.collision {
            guard let winner = registrations.registration(at: group.winner) else { continue }
            let winnerSource = table.source(of: winner)
            for index in group.registrations where index != winner.index && registrations.isLive(index) {
                // A removed mapping is never dequeued, so losing its view source is harmless.
                guard let replaced = registrations.registration(at: index), table.source(of: replaced) != winnerSource
                else { continue }
                findings.append(
                    finding(replaced: replaced, winner: winner, group: group, context: context, taken: &taken))
            }
        }
        return findings
    }

    private func finding(
        replaced: Registration, winner: Registration, group: ReuseIdentifierGroup, context: AnalysisContext,
        taken: inout Set<String>
    ) -> Diagnostic {
        if context.host == .tableView && replaced.viewType != .cell && !replaced.headerFooterView {
            return plainViewFinding(replaced: replaced, winner: winner, group: group, taken: &taken)
        }
        let (earlier, later) = replaced.index < winner.index ? (replaced, winner) : (winner, replaced)
        let identifier = group.identifier
        let xibs = context.resolver.reuseIdentifiers.availableXibs
        let behaviour = context.manifest.behaviour
        let headline =
            "'\(identifier)' names two views: \(replaced.viewClass.value) (entry \(replaced.index)) shows "
            + "\(Wording.source(winner, availableXibs: xibs, behaviour: behaviour)) instead of "
            + Wording.source(replaced, availableXibs: xibs, behaviour: behaviour)
        let message = Self.why(replaced: replaced, winner: winner, group: group, context: context)
        let suggestion = Self.newIdentifier(for: later, taken: &taken)
        let remedy =
            "give \(later.viewClass.value) a distinct reuseIdentifier (for example "
            + "\(Wording.reuseIdentifierSetting(suggestion, for: later)))"
        let other = later.index == replaced.index ? winner : replaced
        let otherRole = other.index == winner.index ? "its view is the one dequeued" : "its view is replaced"
        return finding(
            headline, detail: message, remedy: remedy, at: later.reuseIdentifier.location,
            registrations: [earlier.index, later.index],
            related: [
                RelatedLocation(
                    location: other.location, message: "\(Wording.name(other)) also uses '\(identifier)': \(otherRole)")
            ],
            fixAction: later.storyboard ? nil : .setReuseIdentifier(entry: later.index, identifier: suggestion))
    }

    /// What the items of `replaced` show when `winner`'s view is of another class, and the events they lose.
    private static func otherClassOutcome(
        replaced: Registration, winner: Registration, context: AnalysisContext
    ) -> String {
        let behaviour = context.manifest.behaviour
        var message = ""
        if context.host == .tableView && replaced.viewType == .cell {
            message += ": " + Wording.wrongCellClassOutcome(replaced, behaviour: behaviour)
        } else if context.host == .collectionView,
            let outcome = Wording.wrongCollectionViewClassOutcome(replaced, behaviour: behaviour)
        {
            message += ": " + outcome
        }
        // A subclass of the mapping's class passes DT's `isKind(of:)`: its events still run.
        if replaced.viewType == .cell,
            !context.manifest.isViewClass(winner.viewClass.value, kindOf: replaced.viewClass.value)
        {
            message += Wording.lostEvents(replaced)
        }
        return message
    }

    /// Why `replaced` shows `winner`'s view: which registration the host keeps, what the items
    /// then show, and whether generated registrations would avoid it.
    private static func why(
        replaced: Registration, winner: Registration, group: ReuseIdentifierGroup, context: AnalysisContext
    ) -> String {
        let hostView = Wording.hostView(context.host)
        let views = Wording.viewNoun(replaced.viewType) + "s"
        let xibs = context.resolver.reuseIdentifiers.availableXibs
        let behaviour = context.manifest.behaviour
        var message = ""
        let winnerXib = context.resolver.reuseIdentifiers.xibReplacingPrototype(of: winner)
        if winner.registerNibNamed && winner.index > replaced.index {
            message +=
                "registerNibNamed registers its xib without dequeuing the identifier first (\(behaviour.libraryName)), "
                + "so the \(hostView) keeps this last registration and "
        } else if winner.storyboard && winnerXib == nil && behaviour.firstRegistrationWins(in: group.namespace) {
            message +=
                "the storyboard prototype answers when DTTableViewManager dequeues the identifier before registering, "
                + "so the registration in code is skipped and "
        } else if replaced.storyboard && winner.storyboard
            && context.resolver.reuseIdentifiers.xibReplacingPrototype(of: replaced) == nil
            && context.resolver.reuseIdentifiers.xibReplacingPrototype(of: winner) == nil
        {
            message += "a \(hostView) has one prototype for a reuse identifier, so "
        } else if replaced.storyboard && context.resolver.reuseIdentifiers.xibReplacingPrototype(of: replaced) == nil {
            message += "the registration in code replaces the storyboard prototype, so "
        } else if behaviour.firstRegistrationWins(in: group.namespace) {
            message +=
                "DTTableViewManager dequeues the identifier before registering a cell and skips the registration when a cell "
                + "comes back, so the \(hostView) keeps the first registration and "
        } else if group.namespace == .headerFooter && replaced.viewType != winner.viewType {
            message +=
                "table view headers and footers share one set of reuse identifiers and the \(hostView) keeps only the last registration for each, so "
        } else {
            message += "the \(hostView) keeps only the last registration for a reuse identifier, so "
        }
        message +=
            "\(Wording.matchedElements(of: replaced)) will show \(views) from \(Wording.source(winner, availableXibs: xibs, behaviour: behaviour))"
        if !InterfaceBuilderLookup.sameClass(replaced.viewClass.value, winner.viewClass.value) {
            message += otherClassOutcome(replaced: replaced, winner: winner, context: context)
        }
        if context.host == .collectionView && !replaced.storyboard {
            if !behaviour.generatesRegistrationsFromSystem14 {
                message +=
                    " (\(behaviour.libraryName) registers every mapping by identifier on every system; from "
                    + "DTCollectionViewManager 8 on iOS 14 and later each mapping gets its own registration)"
            } else if let target = context.manifest.deploymentTarget {
                message +=
                    " (collection views generate a registration per mapping from iOS 14, tvOS 14 and Mac Catalyst 14, "
                    + "so this goes away once the deployment target, \(target), is 14 or later)"
            } else {
                message +=
                    " (from iOS 14, tvOS 14 and Mac Catalyst 14 collection views generate a registration per mapping and this cannot happen; "
                    + "without deploymentTarget the app is assumed to run on earlier systems too)"
            }
        }
        return message
    }

    /// The identifier a fix gives `registration`: its xib or class name in kebab case, then with
    /// `-2`, `-3`, … until no identifier, class or xib of the manifest (nor an earlier suggestion)
    /// has it. Recorded in `taken`, so two findings never suggest the same one.
    static func newIdentifier(for registration: Registration, taken: inout Set<String>) -> String {
        // A xib of the class's own name (the default) gives the class's full name: a nested
        // `Archive.PostCell` is `archive-post-cell`, distinct from a top-level `PostCell`.
        let named = registration.xibName == registration.describedName ? nil : registration.xibName
        var base = kebabCase(named ?? registration.viewClass.value)
        if base.isEmpty { base = "view" }
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// A plain UIView header or footer whose identifier a registered header/footer view answers.
    private func plainViewFinding(
        replaced: Registration, winner: Registration, group: ReuseIdentifierGroup, taken: inout Set<String>
    ) -> Diagnostic {
        let noun = Wording.viewNoun(replaced.viewType)
        let identifier = group.identifier
        let headline =
            "'\(identifier)' names two views: the plain \(noun) \(replaced.viewClass.value) (entry \(replaced.index)) "
            + "gets \(winner.viewClass.value) and shows nothing"
        let detail =
            "\(Wording.name(replaced)) is a plain UIView \(noun)\(Wording.headerFooterViewKey(false, of: replaced)), "
            + "never registered, but "
            + "DTTableViewManager first dequeues its identifier '\(identifier)': \(Wording.name(winner)) is registered there, "
            + "so that view comes back instead of \(replaced.viewClass.value)'s xib, the cast to \(replaced.viewClass.value) fails "
            + "and \(Wording.matchedElements(of: replaced)) show nothing"
        let suggestion = Self.newIdentifier(for: replaced, taken: &taken)
        let remedy =
            "give \(replaced.viewClass.value) a distinct reuseIdentifier (for example "
            + "\(Wording.reuseIdentifierSetting(suggestion, for: replaced)))"
        return finding(
            headline, detail: detail, remedy: remedy, at: replaced.reuseIdentifier.location,
            registrations: [winner.index, replaced.index].sorted(),
            related: [
                RelatedLocation(
                    location: winner.location,
                    message: "\(Wording.name(winner)) registers '\(identifier)' for headers and footers")
            ],
            fixAction: replaced.storyboard ? nil : .setReuseIdentifier(entry: replaced.index, identifier: suggestion))
    }

    /// `CustomPostCell` → `custom-post-cell`.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        var previousWasLowercase = false
        for character in name {
            if character.isUppercase {
                if previousWasLowercase { result += "-" }
                result += character.lowercased()
                previousWasLowercase = false
            } else if character.isLetter || character.isNumber {
                result.append(character)
                previousWasLowercase = true
            } else {
                if !result.hasSuffix("-") && !result.isEmpty { result += "-" }
                previousWasLowercase = false
            }
        }
        return result
    }
}
