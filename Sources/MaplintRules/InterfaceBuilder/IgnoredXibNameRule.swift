import MaplintAnalysis
import MaplintFindings
import MaplintResolver

/// DTTableViewManager 6 and 7, and DTCollectionViewManager 6, ignore a xib name set in the mapping closure of `register`;
/// DTTableViewManager 6 and 7 ignore any xib name of a plain `UIView` header or footer.
struct IgnoredXibNameRule: Rule {
    package static let description = RuleDescription(
        id: "ignored-xib-name",
        name: "Ignored xib name",
        severity: .error,
        // The xibs under `--resources` say which view is registered instead.
        needs: [.interfaceBuilder],
        summary:
            "DTTableViewManager 6 and 7 and DTCollectionViewManager 6 ignore `mapping.xibName`: a cell's named xib is never loaded unless it is registered with registerNibNamed(_:for:).",
        explanation: """
            A manifest writes a cell's xib as `xib: Name`, which is `mapping.xibName = "Name"` in the mapping closure \
            of `register`, and `xib: Name` with `registerNibNamed: true` for `registerNibNamed("Name", for: Cell.self)`. \
            DTTableViewManager 6 and 7 never read `mapping.xibName` when they register a cell: `registerCellClass` \
            registers the class, then the xib named after the class if the app has one (TableViewFactory.swift, \
            `registerCellClass`, 6.6.0 and 7.2.0). DTCollectionViewManager 6 does not read it either: its \
            `registerCellClass` registers the xib named after the class if the app has one and otherwise nothing, so \
            the cell is dequeued from a storyboard prototype of its reuse identifier, and with none the dequeue raises \
            'could not dequeue a view of kind: UICollectionElementKindCell' (CollectionViewFactory.swift, \
            `registerCellClass`, 6.0.0 to 6.6.0; 7.0.0 reads `mapping.xibName`). The named xib is never loaded: the \
            cell is created in code, from the class-name xib or from a prototype, so its design and outlets are not \
            the xib's; outlets stay nil, and an implicitly unwrapped outlet the cell reads crashes. DT reports no \
            anomaly. Only `registerNibNamed(_:for:)` registers a differently named xib in these versions \
            (`registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0 and 6.6.0); from 8 (tables) and 7 (collections) \
            `register` reads `xibName`. Before 6.6 `xibName` is a constant of the mapping (DTModelStorage before 7.4), \
            so setting it does not compile at all. Supplementary views are not checked: their `xib: Name` may be \
            `registerNibNamed(_:forHeader:)`, which registers the named xib; except a plain `UIView` table header or \
            footer (`headerFooterView: false`) in DTTableViewManager 6 and 7, which is never registered and is loaded \
            with `dt_loadFromXib()`, the xib named after the class, however it was registered (TableViewFactory.swift, \
            `headerFooterView`, 6.6.0, 7.2.0). Fix: call \
            `registerNibNamed("Name", for: Cell.self)` and write `registerNibNamed: true`, or rename the xib after the \
            class.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - cell: PostCell
                    model: String
                    xib: ↓CompactPostCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "6.6.0"
                registrations:
                  - cell: PostCell
                    model: String
                    xib: ↓CompactPostCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - header: BannerView
                    model: String
                    headerFooterView: false
                    xib: ↓WideBannerView
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - cell: PostCell
                    model: String
                    xib: CompactPostCell
                    registerNibNamed: true
                  - cell: AuthorCell
                    model: Int
                    xib: AuthorCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "8.0.1"
                registrations:
                  - cell: PostCell
                    model: String
                    xib: CompactPostCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "7.0.0"
                registrations:
                  - cell: PostCell
                    model: String
                    xib: CompactPostCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "8.0.1"
                registrations:
                  - header: BannerView
                    model: String
                    headerFooterView: false
                    xib: WideBannerView
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        guard behaviour.registerIgnoresMappingXibName else { return [] }
        let xibs = context.resolver.reuseIdentifiers.availableXibs
        return context.resolver.registrations.live.compactMap { registration in
            guard behaviour.ignoresXibName(of: registration), case .named(let name) = registration.xib else {
                return nil
            }
            let viewClass = registration.viewClass.value
            if behaviour.plainHeaderFooterIgnoresXibName(of: registration) {
                // A missing class-name xib is plain-view-without-xib's finding.
                if xibs?.contains(viewClass) == false { return nil }
                let noun = registration.viewType.elementName
                let loaded =
                    xibs == nil
                    ? "\(viewClass).xib, named after the class, is loaded instead (none: no \(noun) is shown)"
                    : "\(viewClass).xib, named after the class, is loaded instead"
                return finding(
                    "\(Wording.name(registration)) is a plain UIView \(noun)"
                        + "\(Wording.headerFooterViewKey(false, of: registration)): \(behaviour.libraryName) loads it "
                        + "with dt_loadFromXib(), which reads the xib named after the class and ignores "
                        + "\(Wording.xibSetting(name, of: registration)), however it was registered: \(name).xib is never "
                        + "loaded and \(loaded); rename the xib after the class, or make the view a "
                        + "UITableViewHeaderFooterView subclass\(Wording.headerFooterViewKey(true, of: registration)) "
                        + "registered with registerNibNamed",
                    at: registration.xibLocation ?? registration.location, registrations: [registration.index])
            }
            let registered =
                behaviour.host == .tableView
                ? Self.tableRegistration(viewClass, hasClassXib: xibs?.contains(viewClass))
                : Self.collectionRegistration(
                    viewClass, identifier: registration.reuseIdentifier.value, hasClassXib: xibs?.contains(viewClass))
            let constant =
                behaviour.mappingXibNameIsConstant
                ? "; before 6.6 `mapping.xibName` is a constant and setting it does not compile" : ""
            return finding(
                "\(Wording.shortName(registration)) never loads \(name).xib: \(behaviour.libraryName) ignores "
                    + Wording.xibSetting(name, of: registration),
                explained:
                    "\(Wording.name(registration)): \(behaviour.libraryName) ignores "
                    + "\(Wording.xibSetting(name, of: registration)) (`mapping.xibName` in the mapping closure of "
                    + "register): \(name).xib is never loaded and \(registered)\(constant); "
                    + Wording.registeredByNibName(name, of: registration),
                at: registration.xibLocation ?? registration.location, registrations: [registration.index])
        }
    }

    /// DTTableViewManager 6 and 7: the class, then the class-name xib if the app has one
    /// (TableViewFactory.swift, `registerCellClass`, 6.6.0, 7.2.0).
    private static func tableRegistration(_ viewClass: String, hasClassXib: Bool?) -> String {
        switch hasClassXib {
        case true?:
            return "\(viewClass).xib, named after the class, is registered instead"
        case false?:
            return "the class \(viewClass) is registered instead (no \(viewClass).xib under the resources): the cell "
                + "is created in code and its outlets stay nil, a crash where it reads an implicitly unwrapped one"
        case nil:
            return "the class \(viewClass) is registered instead, then \(viewClass).xib if the app has one: without "
                + "it the cell is created in code and its outlets stay nil, a crash where it reads an implicitly "
                + "unwrapped one"
        }
    }

    /// DTCollectionViewManager 6: the class-name xib if the app has one, else nothing; the cell is
    /// dequeued under the mapping's identifier (CollectionViewFactory.swift, `registerCellClass`,
    /// `cellForModel(_:atIndexPath:)`, 6.0.0, 6.6.0).
    private static func collectionRegistration(_ viewClass: String, identifier: String, hasClassXib: Bool?) -> String {
        let nothing =
            "nothing is registered under '\(identifier)': the cell comes from a storyboard prototype '\(identifier)' "
            + "(with --resources, storyboard-prototype-missing checks it), and with none dequeuing it raises 'could not dequeue a view "
            + "of kind: UICollectionElementKindCell with identifier \(identifier)'"
        switch hasClassXib {
        case true?:
            return "\(viewClass).xib, named after the class, is registered instead"
        case false?:
            return "\(viewClass).xib is not under the resources either, so " + nothing
        case nil:
            return "\(viewClass).xib is registered instead if the app has one; otherwise " + nothing
        }
    }
}
