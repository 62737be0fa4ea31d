import MaplintAnalysis
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest
import MaplintResolver

/// An explicit `xib:` that is not among the resources: the manager silently registers the
/// class instead, so the view loses its Interface Builder design.
struct MissingXibRule: Rule {
    package static let description = RuleDescription(
        id: "missing-xib",
        name: "Missing xib",
        severity: .error,
        needs: [.interfaceBuilder],
        summary:
            "An explicit `xib:` names a file that is not under --resources, so the class is registered without its design.",
        explanation: """
            When the xib a mapping names is not in the bundle, the manager does not fail: it registers the view \
            class instead, and the views are created in code, without the outlets and subviews of the xib. For the \
            default xib name (the view class name) that fallback is intended, so only an explicit `xib:` is \
            reported. DTTableViewManager 6 and 7 have no such fallback for headers and footers: `registerHeader` \
            and `registerFooter` register the xib named after the class (or the one `registerNibNamed(_:forHeader:)` \
            names) and assert that it exists (TableViewFactory.swift, registerHeaderClass, \
            registerNibNamed(_:forHeaderClass:mappingBlock:), 6.0.0, 6.6.0, 7.2.0). There the default xib is reported \
            too: a debug build stops at the registration, and a release build raises "Could not load NIB" on the first \
            header or footer. Runs only with `--resources`. Fix: add the xib to the app target, correct its name, or \
            write `xib: null` when the view is made in code (`registerNiblessHeader` before 8.0).
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                    xib: ↓PostCellCompact
                """,
                resources: [
                    "PostCell.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c1" customClass="PostCell" reuseIdentifier="PostCell"/>"#)
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                    xib: PostCellCompact
                  - cell: BannerCell
                    model: Int
                """,
                resources: [
                    "PostCellCompact.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c1" customClass="PostCell" reuseIdentifier="PostCell"/>"#)
                ]),
            // Without --resources nothing is known about the files.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                    xib: PostCellCompact
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        return context.manifest.registrations.compactMap { registration in
            let behaviour = context.manifest.behaviour
            if let required = behaviour.headerFooterXibRequired(of: registration) {
                // A plain UIView is shown from the class-named xib, which must exist as well.
                let shownFrom = registration.headerFooterView ? required : registration.viewClass.value
                guard !resources.containsXib(named: required) || !resources.containsXib(named: shownFrom) else {
                    return nil
                }
                return requiredXibMissing(required, registration, behaviour: behaviour, resources: resources)
            }
            // A storyboard prototype never loads its xib; storyboard-with-xib says so. A xib name the library
            // ignores is never looked for; ignored-xib-name says so.
            guard !registration.storyboard, case .named(let xib) = registration.xib, !resources.containsXib(named: xib),
                !behaviour.ignoresXibName(of: registration)
            else { return nil }
            let folders = InterfaceBuilderLookup.folders(resources)
            var message =
                "\(Wording.name(registration)) \(Wording.speaksSwift(registration) ? "sets" : "names") "
                + "\(Wording.xibSetting(xib, of: registration)), but there is no "
                + "\(xib).xib under \(folders): "
                + (behaviour.collectionCodeRegistrationNeedsXib
                    ? "\(behaviour.libraryName) finds no such nib and registers nothing, so its "
                        + "\(Wording.viewNoun(registration.viewType))s are dequeued from a storyboard prototype of "
                        + "'\(registration.reuseIdentifier.value)' if there is one, not from the xib; "
                    : "the manager finds no such nib in the bundle and registers the \(registration.viewClass.value) class instead, "
                        + "so its \(Wording.viewNoun(registration.viewType))s are created in code without the xib's subviews and outlets; ")
                + "add \(xib).xib to the app target, correct the name"
            if let close = Suggestion.closest(to: xib, in: resources.xibNames.sorted()) {
                message += " (did you mean \(Wording.xibSuggestion(close, for: registration))?)"
            }
            message += ", or \(Wording.madeInCode(registration, behaviour: behaviour)) if the view is made in code"
            return finding(
                "there is no \(xib).xib for \(Wording.shortName(registration)): its "
                    + "\(Wording.viewNoun(registration.viewType))s do not come from a xib",
                explained: message, at: InterfaceBuilderLookup.xibPosition(registration),
                registrations: [registration.index])
        }
    }

    /// A DTTableViewManager 6 or 7 header or footer whose xib (`LibraryBehaviour.headerFooterXibRequired`)
    /// is missing: the registration asserts, and a release build raises on the first view.
    private func requiredXibMissing(
        _ xib: String, _ registration: Registration, behaviour: LibraryBehaviour,
        resources: InterfaceBuilderResources
    ) -> Diagnostic {
        let folders = InterfaceBuilderLookup.folders(resources)
        let noun = registration.viewType.elementName
        let classXib = registration.viewClass.value
        if resources.containsXib(named: xib) {
            // The registration's xib exists; the class-named one a plain view is shown from does not.
            return finding(
                "there is no \(classXib).xib for \(Wording.shortName(registration)): \(behaviour.libraryName) raises "
                    + "when it shows the \(noun)",
                explained:
                    "\(Wording.name(registration)) is a plain UIView \(noun)"
                    + "\(Wording.headerFooterViewKey(false, of: registration)): "
                    + "\(behaviour.libraryName) registers \(xib).xib, but shows the view with dt_loadFromXib(), which "
                    + "loads \(classXib).xib, named after the class, and there is no \(classXib).xib under \(folders), "
                    + "so it raises \"Could not load NIB\" on the first \(noun) (a crash); rename the xib after the class, "
                    + "or make the view a UITableViewHeaderFooterView subclass"
                    + Wording.headerFooterViewKey(true, of: registration),
                at: registration.xibLocation ?? registration.viewClass.location,
                registrations: [registration.index])
        }
        // A plain UIView is never registered: `dt_loadFromXib()` loads the xib named after the class.
        let releaseLoads = registration.headerFooterView ? xib : classXib
        let release =
            registration.headerFooterView || !resources.containsXib(named: classXib)
            ? "a release build skips the assertion and raises \"Could not load NIB\" when it loads \(releaseLoads) "
                + "for the first \(noun) (a crash)"
            : "a release build skips the assertion and loads \(classXib).xib for the \(noun)"
        var message =
            "\(Wording.name(registration)) is registered with the xib \(xib), but there is no \(xib).xib under "
            + "\(folders): \(behaviour.libraryName) registers a \(noun) through registerNibNamed(_:forHeaderClass:), "
            + "which asserts that the nib exists, so a debug build stops at this registration, and \(release); "
            + "add \(xib).xib to the app target, correct the name"
        if let close = Suggestion.closest(to: xib, in: resources.xibNames.sorted()) {
            message += " (did you mean \(Wording.xibSuggestion(close, for: registration))?)"
        }
        let inCode =
            if Wording.speaksSwift(registration) {
                Wording.madeInCode(registration, behaviour: behaviour)
            } else {
                "write `xib: null` (registerNiblessHeader / registerNiblessFooter)"
            }
        message += ", or \(inCode) if the view is made in code"
        return finding(
            "there is no \(xib).xib for \(Wording.shortName(registration)): \(behaviour.libraryName) asserts when "
                + "it registers the \(noun)",
            explained: message, at: registration.xibLocation ?? registration.viewClass.location,
            registrations: [registration.index])
    }
}
