import MaplintAnalysis
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest
import MaplintResolver

/// A `storyboard: true` registration with no prototype of its identifier and class in any storyboard.
struct StoryboardPrototypeMissingRule: Rule {
    package static let description = RuleDescription(
        id: "storyboard-prototype-missing",
        name: "Storyboard prototype missing",
        severity: .error,
        needs: [.interfaceBuilder],
        summary:
            "A view registered by the storyboard (storyboard: true) has no prototype with its reuse identifier and class.",
        explanation: """
            A mapping with `storyboard: true` is not registered in code: the manager dequeues its reuse identifier \
            and relies on a prototype cell or reusable view of the storyboard. When no storyboard under \
            `--resources` has a prototype with that identifier and class, the dequeue raises 'unable to dequeue a \
            cell with identifier …' (or returns a view of the wrong class when only the identifier matches). A table \
            has no storyboard flag: DTTableViewManager dequeues the identifier before registering and, with no prototype \
            answering, registers the xib or the class instead, so the views lack the prototype's design. \
            DTCollectionViewManager 6 and 7 register nothing for a view without its xib, so with `--resources` such a \
            view needs a prototype too. A collection view whose identifier a registration in code holds (the \
            mapping's own xib, which DTCollectionViewManager registers before it reads the storyboard flag, or \
            another registration's view) dequeues that view instead: before 8 nothing raises, and from 8 only \
            iOS 14 and later, where a storyboard mapping gets no registration, raise. A storyboard's reusable views \
            are section headers and footers: a supplementary view of another kind has no prototype. Runs \
            only with `--resources`. Fix: set the prototype's identifier and custom class in Interface Builder, \
            or register the view in code (remove `storyboard: true`).
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: ↓TitleCell
                    model: String
                    storyboard: true
                  - cell: ↓CountCell
                    model: Int
                    storyboard: true
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                        #"<tableViewCell reuseIdentifier="CountCell" id="p1" customClass="NumberCell"/>"#)
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    storyboard: true
                  - cell: CountCell
                    model: Int
                    storyboard: true
                    reuseIdentifier: count
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                        """
                        <tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>
                        <tableViewCell reuseIdentifier="count" id="p2" customClass="CountCell"/>
                        """)
                ])
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        let host = context.host
        let behaviour = context.manifest.behaviour
        return context.manifest.registrations.compactMap { registration in
            let missingXib = behaviour.missingXibRegisteringNothing(of: registration, availableXibs: resources.xibNames)
            guard registration.storyboard || missingXib != nil,
                InterfaceBuilderLookup.prototype(for: registration, host: host, in: resources) == nil,
                // A prototype may be in a storyboard that cannot be read: invalid-ib-file says so.
                resources.brokenStoryboards.isEmpty
            else { return nil }
            // A view registered in code under the identifier (the mapping's own xib, or another registration's
            // view) answers the dequeue: DTCollectionViewManager 6 and 7 then show it, and from 8 only the
            // systems with generated registrations (iOS 14 on) dequeue the identifier with nothing under it.
            let answering = Self.codeAnswering(registration, context: context)
            if answering != nil, !behaviour.generatesRegistrationsFromSystem14 { return nil }
            return finding(
                registration, host: host, resources: resources, missingXib: missingXib, behaviour: behaviour,
                answeredBelow14: answering)
        }
    }

    /// What a collection view registered in code answers `registration`'s dequeue with, when its mapping
    /// relies on the storyboard below iOS 14 (or before DTCollectionViewManager 8): its own xib, which
    /// `registerCellClass` registers before it reads the storyboard flag (CollectionViewFactory.swift,
    /// `registerCellClass`, 6.6.0, 8.2.0, 10.0.0), or the view of another registration of its identifier
    /// (`registerNiblessCellClass`, 6.6.0). Nil when nothing is registered under it.
    static func codeAnswering(_ registration: Registration, context: AnalysisContext) -> String? {
        let behaviour = context.manifest.behaviour
        guard context.host == .collectionView, !behaviour.usesGeneratedRegistrations else { return nil }
        let table = context.resolver.reuseIdentifiers
        let holderIndex = table.dequeuedFrom(registration.index)
        let holder = context.resolver.registrations.registration(at: holderIndex) ?? registration
        guard !table.source(of: holder).storyboard else { return nil }
        return Wording.source(holder, availableXibs: table.availableXibs, behaviour: behaviour)
    }

    /// A table has no storyboard flag: `registerCellClass` dequeues the identifier first and, with no
    /// prototype answering, registers the xib or the class (TableViewFactory.swift, registerCellClass,
    /// 7.2.0, 11.0.1); header and footer views are registered unconditionally.
    static func tableFallback(
        _ registration: Registration, resources: InterfaceBuilderResources, behaviour: LibraryBehaviour
    ) -> String {
        let noun = Wording.viewNoun(registration.viewType)
        var code = registration
        code.storyboard = false
        let source = Wording.source(code, availableXibs: resources.xibNames, behaviour: behaviour)
        return "nothing answers when \(behaviour.libraryName) dequeues '\(registration.reuseIdentifier.value)' before "
            + "registering, so it registers \(source) instead and the \(noun)s are made from that, without the "
            + "prototype's design (outlets connected in the storyboard are nil); "
    }

    /// `answeredBelow14`: what answers the dequeue below iOS 14 (`codeAnswering`), when only the systems with
    /// generated registrations raise.
    private func finding(
        _ registration: Registration, host: Host, resources: InterfaceBuilderResources, missingXib: String?,
        behaviour: LibraryBehaviour, answeredBelow14: String? = nil
    ) -> Diagnostic {
        let identifier = registration.reuseIdentifier.value
        let viewClass = registration.viewClass.value
        let noun = Wording.viewNoun(registration.viewType)
        let candidates = resources.prototypes.filter { InterfaceBuilderLookup.canServe($0, registration, host: host) }
        var message =
            "\(Wording.name(registration)) is registered by the storyboard\(Wording.storyboardKey(registration)), but "
        if let missingXib {
            message =
                "\(Wording.name(registration)) has no \(missingXib).xib under \(InterfaceBuilderLookup.folders(resources)), so \(behaviour.libraryName) "
                + "registers nothing for it and dequeues a storyboard prototype, but "
        }
        let inCode =
            missingXib.map { "(add \($0).xib, or \(Wording.madeInCode(registration, behaviour: behaviour)))" }
            ?? "(\(Wording.notFromStoryboard(registration, behaviour: behaviour, hasPrototype: false)))"
        var related: [RelatedLocation] = []
        let name = Wording.shortName(registration)
        var headline = "\(name) has no storyboard prototype '\(identifier)'"
        if let sameIdentifier = candidates.first(where: { $0.object.reuseIdentifier == identifier }) {
            let object = sameIdentifier.object
            headline = "\(name) gets a \(object.className) from the prototype '\(identifier)', not a \(viewClass)"
            message +=
                "the prototype '\(identifier)' in \(InterfaceBuilderLookup.place(sameIdentifier)) is \(object.className), not \(viewClass): "
                + "the manager dequeues a \(object.className) where it expects \(viewClass), so the \(noun) is not updated or the cast fails; "
                + "set the prototype's custom class to \(viewClass)"
            related.append(
                RelatedLocation(
                    location: object.location, message: "the prototype '\(identifier)' is \(object.className)"))
        } else if let sameClass = candidates.first(where: { InterfaceBuilderLookup.isOfClass($0.object, viewClass) }) {
            let object = sameClass.object
            let actual = object.reuseIdentifier.map { "'\($0)'" } ?? "no reuse identifier"
            headline = "the \(viewClass) prototype has \(actual), not '\(identifier)': \(name) does not get it"
            message +=
                "its prototype in \(InterfaceBuilderLookup.place(sameClass)) has \(actual), not '\(identifier)': "
                + (host == .tableView
                    ? Self.tableFallback(registration, resources: resources, behaviour: behaviour)
                    : "dequeuing '\(identifier)' raises 'unable to dequeue a \(noun) with identifier \(identifier)'; ")
                + "set the prototype's identifier to '\(identifier)'"
            if let other = object.reuseIdentifier {
                message += ", or write " + Wording.reuseIdentifierSetting(other, for: registration)
            }
            related.append(
                RelatedLocation(location: object.location, message: "the \(viewClass) prototype has \(actual)"))
        } else {
            message += Self.absence(
                registration, host: host, resources: resources, inCode: inCode, behaviour: behaviour)
        }
        if let answering = answeredBelow14 {
            // A prototype of another class under the identifier is dequeued from iOS 14: nothing raises.
            let otherClass = candidates.contains { $0.object.reuseIdentifier == identifier }
            headline += otherClass ? ", from iOS 14" : ": from iOS 14 its dequeue raises"
            message =
                "below iOS 14 \(answering), registered in code under '\(identifier)', answers the dequeue, but from "
                + "iOS 14 \(behaviour.libraryName) makes no registration for a storyboard mapping and dequeues the "
                + "identifier itself: " + message
        }
        return self.finding(
            headline, explained: message, at: registration.viewClass.location, registrations: [registration.index],
            related: related)
    }
    /// Why no prototype answers, when none has the identifier or the class, and the remedy.
    private static func absence(
        _ registration: Registration, host: Host, resources: InterfaceBuilderResources, inCode: String,
        behaviour: LibraryBehaviour
    ) -> String {
        let identifier = registration.reuseIdentifier.value
        let viewClass = registration.viewClass.value
        let noun = Wording.viewNoun(registration.viewType)
        // A storyboard holds section headers and footers only: nothing it has answers another kind.
        let customKind = host == .collectionView ? registration.viewType.customKind : nil
        let absence =
            if let customKind {
                "a storyboard has no views of the '\(customKind)' kind (only section headers and footers)"
            } else if resources.storyboards.isEmpty {
                "there is no storyboard under \(InterfaceBuilderLookup.folders(resources))"
            } else {
                "no storyboard under \(InterfaceBuilderLookup.folders(resources)) has a \(viewClass) prototype "
                    + "'\(identifier)'"
            }
        let remedy =
            customKind == nil
            ? "add the prototype with identifier '\(identifier)' and custom class \(viewClass) to the storyboard, "
                + "or register the view in code \(inCode)"
            : "register the view in code \(inCode)"
        return "\(absence): "
            + (host == .tableView
                ? tableFallback(registration, resources: resources, behaviour: behaviour)
                : "dequeuing '\(identifier)' raises 'unable to dequeue a \(noun) with identifier \(identifier) - must "
                    + "register a nib or a class for the identifier or connect a prototype'; ")
            + remedy
    }
}
