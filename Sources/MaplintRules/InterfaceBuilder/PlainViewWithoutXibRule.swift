import MaplintAnalysis
import MaplintFindings
import MaplintResolver

/// A plain `UIView` table header or footer with no xib to load: it is never shown.
struct PlainViewWithoutXibRule: Rule {
    package static let description = RuleDescription(
        id: "plain-view-without-xib",
        name: "Plain view without xib",
        severity: .error,
        // The xibs under `--resources` count when given; without them only `xib: null` is known.
        needs: [.interfaceBuilder],
        summary:
            "A plain UIView table header or footer (headerFooterView: false) has no xib to load, so it is never shown.",
        explanation: """
            DTTableViewManager registers only `UITableViewHeaderFooterView` subclasses with the table. For a plain \
            `UIView` header or footer it first dequeues a header/footer view under the mapping's reuse identifier and, \
            when none is registered there, loads the view from its xib each time (TableViewFactory.swift, \
            headerFooterView, 7.2.0, which loads the xib named after the class; TableViewHeaderFooterViewModelMapping.swift, \
            loadViewFromXib, 11.0.1, and MS ViewModelMapping.swift 9.1.2, which load `xibName`). With `xib: null` \
            (from 8.0) nothing is loaded and no header or footer is shown, without an anomaly; a xib that is not under \
            `--resources` is passed to `Bundle.loadNibNamed`, which raises "Could not load NIB" (a crash; before 8.0 \
            `missing-xib` reports it). Fix: make the view a `UITableViewHeaderFooterView` subclass (`headerFooterView: true`), \
            or give it a xib.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - header: BannerView
                    model: Int
                    headerFooterView: false
                    xib: ↓null
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - header: BannerView
                    model: Int
                    headerFooterView: false
                  - header: TitleView
                    model: String
                    xib: null
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard context.host == .tableView else { return [] }
        let behaviour = context.manifest.behaviour
        let table = context.resolver.reuseIdentifiers
        let titleStyle = context.resolver.titleStyleKinds
        // Identifiers some header/footer view is registered under: it answers the dequeue first.
        var shared: Set<String> = []
        for group in table.groups where group.namespace == .headerFooter { shared.insert(group.identifier) }
        return context.resolver.registrations.live.compactMap { registration in
            guard case .supplementary(let kind) = registration.viewType, !registration.headerFooterView,
                !titleStyle.contains(kind), !shared.contains(registration.reuseIdentifier.value)
            else { return nil }
            // DTTableViewManager 6 and 7 assert the xib at the registration and raise when loading a missing
            // one: `missing-xib` reports it (`LibraryBehaviour.headerFooterXibRequired`).
            if behaviour.headerFooterXibRequired(of: registration) != nil { return nil }
            let noun = registration.viewType.elementName
            let xib = behaviour.plainHeaderFooterXib(of: registration)
            let reason: String
            let headline: String
            if let xib {
                guard let resources = context.resources, !resources.containsXib(named: xib) else { return nil }
                let folders = InterfaceBuilderLookup.folders(resources)
                // `loadViewFromXib` passes the name to `Bundle.loadNibNamed`, which raises for a missing nib
                // (TableViewHeaderFooterViewModelMapping.swift, 11.0.1).
                reason =
                    "there is no \(xib).xib under \(folders), and loading a missing nib raises \"Could not load NIB\", "
                    + "so the first \(noun) crashes the app"
                headline =
                    "\(Wording.shortName(registration)) crashes when shown: a plain UIView \(noun) whose xib is missing"
            } else {
                reason =
                    if Wording.speaksSwift(registration) {
                        "it is registered with no xib, so no \(noun) is shown"
                    } else {
                        "with `xib: null` there is none, so no \(noun) is shown"
                    }
                headline =
                    "\(Wording.shortName(registration)) is never shown: a plain UIView \(noun) with no xib to load"
            }
            return finding(
                headline,
                explained:
                    "\(Wording.name(registration)) is a plain UIView \(noun)"
                    + "\(Wording.headerFooterViewKey(false, of: registration)): \(behaviour.libraryName) "
                    + "never registers it and, with nothing registered under '\(registration.reuseIdentifier.value)', "
                    + "loads it from its xib each time; \(reason); make it a "
                    + "UITableViewHeaderFooterView subclass\(Wording.headerFooterViewKey(true, of: registration)), "
                    + "or give it a xib",
                at: registration.xibLocation ?? registration.viewClass.location, registrations: [registration.index])
        }
    }
}
