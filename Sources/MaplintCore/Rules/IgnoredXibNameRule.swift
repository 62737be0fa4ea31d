/// DTTableViewManager 6 and 7 ignore a xib name set in the mapping closure of `register`.
public struct IgnoredXibNameRule: Rule {
    public init() {}

    public static let id: RuleID = "ignored-xib-name"

    /// The xibs under `--resources` say which view is registered instead.
    public let needs: AnalysisNeeds = [.interfaceBuilder]
    public let name = "Ignored xib name"
    public let severity: Severity = .error
    public let summary =
        "DTTableViewManager 6 and 7 ignore `mapping.xibName`: a table cell's named xib is never loaded unless it is registered with registerNibNamed(_:for:)."
    public let explanation = """
        A manifest writes a cell's xib as `xib: Name`, which is `mapping.xibName = "Name"` in the mapping closure \
        of `register`, and `xib: Name` with `registerNibNamed: true` for `registerNibNamed("Name", for: Cell.self)`. \
        DTTableViewManager 6 and 7 never read `mapping.xibName` when they register a cell: `registerCellClass` \
        registers the class, then the xib named after the class if the app has one (TableViewFactory.swift, \
        `registerCellClass`, 6.6.0 and 7.2.0). The named xib is never loaded: the cell is created in code, or from \
        the class-name xib, so its design and outlets are not the xib's; outlets stay nil, and an implicitly \
        unwrapped outlet the cell reads crashes. DT reports no anomaly. Only `registerNibNamed(_:for:)` registers a \
        differently named xib in these versions (`registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0); from 8 \
        `register` reads `xibName`. Fix: call `registerNibNamed("Name", for: Cell.self)` and write \
        `registerNibNamed: true`, or rename the xib after the class.
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            libraryVersion: "7.2.0"
            registrations:
              - cell: PostCell
                model: String
                xib: ↓CompactPostCell
            """)
    ]

    public let nonTriggeringExamples = [
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
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        guard behaviour.registerIgnoresMappingXibName else { return [] }
        let xibs = context.resolver.reuseIdentifiers.availableXibs
        return context.resolver.registrations.live.compactMap { registration in
            guard registration.viewType == .cell, !registration.registerNibNamed, !registration.storyboard,
                case .named(let name) = registration.xib, name != registration.viewClass.value
            else { return nil }
            let viewClass = registration.viewClass.value
            let registered: String
            switch xibs?.contains(viewClass) {
            case true?:
                registered = "\(viewClass).xib, named after the class, is registered instead"
            case false?:
                registered =
                    "the class \(viewClass) is registered instead (no \(viewClass).xib under the resources): the cell "
                    + "is created in code and its outlets stay nil, a crash where it reads an implicitly unwrapped one"
            case nil:
                registered =
                    "the class \(viewClass) is registered instead, then \(viewClass).xib if the app has one: without it "
                    + "the cell is created in code and its outlets stay nil, a crash where it reads an implicitly unwrapped one"
            }
            return finding(
                "\(Wording.name(registration)): \(behaviour.libraryName) ignores `xib: \(name)` (`mapping.xibName` in "
                    + "the mapping closure of register): \(name).xib is never loaded and \(registered); if the app "
                    + "calls registerNibNamed(\"\(name)\", for: \(viewClass).self), add `registerNibNamed: true`, "
                    + "otherwise register it that way",
                at: registration.xibLocation ?? registration.location, registrations: [registration.index])
        }
    }
}
