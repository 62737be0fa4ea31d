/// A storyboard prototype with an explicit xib: the xib is never loaded.
public struct StoryboardWithXibRule: Rule {
    public init() {}

    public static let id: RuleID = "storyboard-with-xib"

    public let needs: AnalysisNeeds = []
    public let name = "Storyboard with xib"
    public let severity: Severity = .warning
    public let summary =
        "A view registered by the storyboard (storyboard: true) also names a xib, which is never loaded."
    public let explanation = """
        A view with `storyboard: true` is a storyboard prototype: the manager does not register it in code, so \
        it never loads a xib for it and an explicit `xib:` has no effect. Usually one of the two settings is a \
        leftover. Fix: remove `xib:`, or remove `storyboard: true` if the view really comes from the xib.
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                storyboard: true
                xib: ↓TitleCell
            """)
    ]

    public let nonTriggeringExamples = [
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
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.manifest.registrations.compactMap { registration in
            guard registration.storyboard, case .named(let xib) = registration.xib,
                let location = registration.xibLocation
            else { return nil }
            let message =
                "\(Wording.name(registration)) is a storyboard prototype (storyboard: true), so the manager never loads "
                + "a xib for it and `xib: \(xib)` has no effect; remove `xib`, or remove `storyboard: true` if the view comes from \(xib).xib"
            return finding(message, at: location, registrations: [registration.index])
        }
    }
}
