import MaplintAnalysis
import MaplintFindings
import MaplintInterfaceBuilder

/// An Interface Builder file a registration depends on cannot be read, so its checks are skipped.
struct InvalidInterfaceBuilderFileRule: Rule {
    package static let description = RuleDescription(
        id: "invalid-ib-file",
        name: "Invalid Interface Builder file",
        severity: .warning,
        needs: [.interfaceBuilder],
        summary: "A xib or storyboard a registration uses is not well-formed XML, so it could not be checked.",
        explanation: """
            maplint reads the xibs and storyboards under `--resources` to check what the app really loads. A file \
            that is not well-formed XML (often a merge conflict left in it) cannot be compiled by Xcode either. \
            The finding is reported at each registration that loads the xib, or, for `storyboard: true` \
            registrations whose prototype was not found elsewhere, for each unreadable storyboard; the file and \
            the position of the XML error are given as a related location. Files no registration uses are not \
            reported. The manifest itself is fine, so this is a warning and the exit status is not 2. Fix: repair \
            the file (open it in Xcode, or resolve the merge conflict).
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
                resources: ["PostCellCompact.xib": "<document><objects><tableViewCell id=\"c1\"></objects></document>"]
            )
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                """,
                resources: [
                    "PostCell.xib": InterfaceBuilderLookup.xib(#"<tableViewCell id="c1" customClass="PostCell"/>"#),
                    "Unused.xib": "<document><objects>",
                ])
        ])

    /// What to do about a file that cannot be read, by cause.
    static func advice(_ cause: InterfaceBuilderFailure.Cause) -> String {
        switch cause {
        case .malformed: "Xcode cannot compile it either: repair the file"
        case .unreadable: "make it a readable regular file and run maplint again"
        case .parserLimit: "Xcode may still compile it, but maplint cannot check it: check this file by hand"
        }
    }

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        let host = context.host
        var findings: [Diagnostic] = []
        for registration in context.manifest.registrations {
            if let name = InterfaceBuilderLookup.loadedXib(
                registration, in: resources, behaviour: context.manifest.behaviour),
                let failure = resources.brokenXibs[name]
            {
                let file = InterfaceBuilderLookup.fileName(failure.path)
                let message =
                    "\(file), loaded for \(Wording.name(registration)), cannot be read, so it was not checked: \(failure.message); "
                    + Self.advice(failure.cause)
                findings.append(
                    finding(
                        "\(file), loaded for \(Wording.shortName(registration)), cannot be read: it was not checked",
                        explained: message, at: InterfaceBuilderLookup.xibPosition(registration),
                        registrations: [registration.index],
                        related: [
                            RelatedLocation(location: failure.location, message: "\(file) stops being readable here")
                        ]))
            } else if registration.storyboard, !resources.brokenStoryboards.isEmpty,
                InterfaceBuilderLookup.prototype(for: registration, host: host, in: resources) == nil
            {
                let files = Wording.list(resources.brokenStoryboards.map { InterfaceBuilderLookup.fileName($0.path) })
                let message =
                    "\(Wording.name(registration)) is registered by the storyboard, and its prototype is in no readable storyboard; "
                    + "\(files) cannot be read, so whether the prototype exists was not checked: repair \(resources.brokenStoryboards.count == 1 ? "the file" : "the files")"
                findings.append(
                    finding(
                        "the storyboard prototype of \(Wording.shortName(registration)) is in no readable storyboard: "
                            + "it was not checked",
                        explained: message, at: registration.viewClass.location, registrations: [registration.index],
                        related: resources.brokenStoryboards.map {
                            RelatedLocation(
                                location: $0.location,
                                message: "\(InterfaceBuilderLookup.fileName($0.path)): \($0.message)")
                        }))
            }
        }
        return findings
    }
}
