import MaplintAnalysis
import MaplintFindings
import MaplintManifest

/// A storyboard prototype with an explicit xib: the xib is never loaded.
struct StoryboardWithXibRule: Rule {
    package static let description = RuleDescription(
        id: "storyboard-with-xib",
        name: "Storyboard with xib",
        severity: .warning,
        // The xibs under `--resources` count when given; without them the rule still runs.
        needs: [.interfaceBuilder],
        summary:
            "A view registered by the storyboard (storyboard: true) also has a xib, which is never loaded or replaces the prototype.",
        explanation: """
            A view with `storyboard: true` is a storyboard prototype: the manager does not register it in code, so \
            it never loads a xib for it and an explicit `xib:` has no effect. Usually one of the two settings is a \
            leftover. Collection views are different: DTCollectionViewManager registers the xib whenever it exists \
            (before 8.0 on every system, from 8.0 below iOS 14), which replaces the prototype, so the design the user \
            sees depends on the version and the system; with `--resources`, a xib named after the class counts too. \
            Fix: remove `xib:`, or remove `storyboard: true` if the view really comes from the xib.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    storyboard: true
                    xib: ↓TitleCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 13.0
                registrations:
                  - cell: PhotoCell
                    model: String
                    storyboard: true
                    xib: ↓PhotoCell
                """),
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
                    xib: CompactCountCell
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        return context.manifest.registrations.compactMap { registration in
            guard registration.storyboard else { return nil }
            let xib: String
            let location: SourceLocation
            switch registration.xib {
            case .named(let name):
                guard let xibLocation = registration.xibLocation else { return nil }
                (xib, location) = (name, xibLocation)
            case .default:
                // The class-name xib counts only where it is known to exist and a collection view loads it.
                guard context.host == .collectionView, !behaviour.usesGeneratedRegistrations,
                    context.resources?.containsXib(named: registration.viewClass.value) == true
                else { return nil }
                (xib, location) = (registration.viewClass.value, registration.viewClass.location)
            case .none:
                return nil
            }
            let name = Wording.name(registration)
            let message: String
            let replaces =
                context.host == .collectionView && !behaviour.usesGeneratedRegistrations
                || context.resolver.reuseIdentifiers.xibReplacingPrototype(of: registration) != nil
            if context.host == .tableView && replaces {
                // TableViewFactory.swift, registerNibNamed(_:forCellClass:mappingBlock:), 6.6.0, 7.2.0: no dequeue probe.
                message =
                    "\(name) is a storyboard prototype\(Wording.storyboardKey(registration)), but "
                    + "\(behaviour.libraryName)'s registerNibNamed registers \(xib).xib under its reuse identifier without "
                    + "dequeuing it first, replacing the prototype for every mapping of that identifier; "
                    + "\(Wording.notFromStoryboard(registration, behaviour: behaviour, hasPrototype: true)) if the view comes from \(xib).xib, "
                    + "or register the prototype's class with `register` instead"
            } else if context.host == .collectionView && !behaviour.usesGeneratedRegistrations {
                // CollectionViewFactory.swift, registerCellClass: the xib branch comes before the storyboard
                // flag, and runs on every system before 8.0 (7.2.0) and below iOS 14 from 8.0 (11.0.0).
                let systems =
                    !behaviour.generatesRegistrationsFromSystem14
                    ? ""
                    : " on systems below iOS 14 (from iOS 14 the prototype is used, so the design depends on the system)"
                message =
                    "\(name) is a storyboard prototype\(Wording.storyboardKey(registration)), but "
                    + "\(behaviour.libraryName) registers \(xib).xib under its reuse identifier when that xib exists, "
                    + "replacing the prototype\(systems); remove the xib (or \(Self.xibWord(registration))), or "
                    + "\(Wording.notFromStoryboard(registration, behaviour: behaviour, hasPrototype: true)) if the view comes from \(xib).xib"
            } else {
                message =
                    "\(name) is a storyboard prototype\(Wording.storyboardKey(registration)), so the manager never "
                    + "loads a xib for it and \(Wording.xibSetting(xib, of: registration)) has no effect; remove "
                    + "\(Self.xibWord(registration)), or \(Wording.notFromStoryboard(registration, behaviour: behaviour, hasPrototype: true)) "
                    + "if the view comes from \(xib).xib"
            }
            return finding(
                "\(Wording.shortName(registration)) is a storyboard prototype with \(Wording.xibSetting(xib, of: registration)): "
                    + (replaces ? "\(xib).xib replaces the prototype" : "the xib has no effect"),
                explained: message, at: location, registrations: [registration.index])
        }
    }

    /// The setting to remove: "`xib`" in a manifest, "the xib name" in Swift.
    private static func xibWord(_ registration: Registration) -> String {
        if Wording.speaksSwift(registration) { return "the xib name" }
        return "`xib`"
    }
}
