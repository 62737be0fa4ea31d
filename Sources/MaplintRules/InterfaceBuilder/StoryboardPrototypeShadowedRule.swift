import MaplintAnalysis
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest
import MaplintResolver

/// A registration in code takes the reuse identifier of a storyboard prototype. Collection
/// views then create the view from the class or xib and never use the prototype; tables skip
/// the registration and dequeue the prototype, which is wrong when it has another class.
struct StoryboardPrototypeShadowedRule: Rule {
    package static let description = RuleDescription(
        id: "storyboard-prototype-shadowed",
        name: "Storyboard prototype shadowed",
        severity: .error,
        needs: [.interfaceBuilder],
        summary:
            "A registration in code and a storyboard prototype share a reuse identifier, so one of the two designs is never used.",
        explanation: """
            Prototypes of a storyboard exist before any code runs. In a collection view a registration in code \
            under the same reuse identifier wins: below iOS 14 it replaces the prototype, and from iOS 14 \
            (DTCollectionViewManager 8 and later) code mappings use generated registrations and never dequeue the \
            prototype; either way views are created from the class (or xib) without the prototype's subviews, and \
            outlets connected in the storyboard are nil. A table view works the other way round: \
            DTTableViewManager dequeues the identifier before registering and skips the registration when the \
            prototype answers, so the prototype is used; that is only wrong when the prototype has another class \
            (DTTableViewManager 11 then shows a blank cell, earlier versions the prototype unconfigured). The \
            prototypes considered are those of the scenes this manifest's `storyboard: true` registrations use; \
            when it has none, a prototype of the same identifier (of the same class, for collection views; on tables one of \
            another class counts too, and the finding names its place, as it may be another screen's). (Two \
            registrations of the manifest sharing an identifier are reported by reuse-identifier-collision \
            instead.) Runs only with `--resources`. Fix: mark the mapping `storyboard: true` and drop the \
            registration in code, set the prototype's class, or give the mapping a distinct `reuseIdentifier`.
            """,
        triggeringExamples: [
            // Below iOS 14 the registration in code replaces the prototype.
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 13.0
                registrations:
                  - cell: ↓PhotoCell
                    model: String
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.collectionStoryboard(
                        #"<collectionViewCell reuseIdentifier="PhotoCell" id="p1" customClass="PhotoCell"/>"#)
                ]),
            // From iOS 14 the code mapping uses a generated registration and never dequeues the prototype.
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 15.0
                registrations:
                  - cell: ↓PhotoCell
                    model: String
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.collectionStoryboard(
                        #"<collectionViewCell reuseIdentifier="PhotoCell" id="p1" customClass="PhotoCell"/>"#)
                ]),
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
                    reuseIdentifier: ↓count
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                        """
                        <tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>
                        <tableViewCell reuseIdentifier="count" id="p2" customClass="NumberCell"/>
                        """)
                ]),
            // A prototype of another class answers the dequeue probe; with no storyboard mapping the scene is not
            // known, so the finding names the prototype's place.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                    reuseIdentifier: ↓Cell
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                        #"<tableViewCell reuseIdentifier="Cell" id="p1" customClass="SettingsCell"/>"#)
                ]),
        ],
        nonTriggeringExamples: [
            // DTTableViewManager skips the registration and dequeues the prototype, of the same class.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                        #"<tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>"#)
                ]),
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
                """,
                resources: [
                    "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                        #"<tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>"#)
                ]),
        ])

    /// A storyboard scene: its file and id.
    private struct SceneKey: Hashable {
        var file: String
        var sceneID: String?
    }

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        let scenes = Self.scenes(of: context.manifest, in: resources)
        return context.manifest.registrations.compactMap { registration in
            guard
                let prototype = Self.shadowed(
                    by: registration, scenes: scenes, manifest: context.manifest, in: resources)
            else { return nil }
            let finding = finding(registration, replacing: prototype, manifest: context.manifest, resources: resources)
            // With no storyboard mapping the screen's scene is not known: the prototype may be another screen's.
            guard scenes.isEmpty, context.host == .tableView,
                !InterfaceBuilderLookup.isOfClass(prototype.object, registration.viewClass.value), var finding
            else { return finding }
            finding.message += " (if this table view is the one in \(InterfaceBuilderLookup.place(prototype)))"
            return finding
        }
    }

    /// The scenes holding the prototypes of the manifest's storyboard registrations.
    private static func scenes(of manifest: Manifest, in resources: InterfaceBuilderResources) -> Set<SceneKey> {
        let host = manifest.host
        return Set(
            manifest.registrations.filter(\.storyboard).compactMap { registration in
                // The scene is the one holding the registration's prototype; one of its class will
                // do when its identifier is off (storyboard-prototype-missing reports that).
                (InterfaceBuilderLookup.prototype(for: registration, host: host, in: resources)
                    ?? resources.prototypes.first {
                        InterfaceBuilderLookup.canServe($0, registration, host: host)
                            && InterfaceBuilderLookup.isOfClass($0.object, registration.viewClass.value)
                    }).map {
                        SceneKey(file: $0.object.location.file, sceneID: $0.sceneID)
                    }
            })
    }

    /// The prototype of `scenes` (of its class, when there are none) that a registration in code
    /// with its identifier shadows, unless the manifest maps that prototype itself.
    private static func shadowed(
        by registration: Registration, scenes: Set<SceneKey>, manifest: Manifest,
        in resources: InterfaceBuilderResources
    ) -> StoryboardPrototype? {
        let host = manifest.host
        // DTCollectionViewManager 6 and 7 register nothing without the xib: the prototype is used.
        guard !registration.storyboard,
            manifest.behaviour.missingXibRegisteringNothing(of: registration, availableXibs: resources.xibNames) == nil,
            let namespace = ReuseNamespace.of(registration, behaviour: manifest.behaviour)
                ?? (manifest.usesGeneratedRegistrations
                    ? ReuseNamespace.of(
                        registration, behaviour: LibraryBehaviour(host: host, version: nil, deploymentTarget: nil))
                    : nil)
        else { return nil }
        let identifier = registration.reuseIdentifier.value
        // The manifest's own storyboard mapping for this identifier: reuse-identifier-collision reports that.
        let claimed = manifest.registrations.contains { other in
            other.storyboard && other.reuseIdentifier.value == identifier
                && ReuseNamespace.of(
                    other, behaviour: LibraryBehaviour(host: host, version: nil, deploymentTarget: nil))
                    == namespace
        }
        guard !claimed else { return nil }
        let candidates = resources.prototypes.filter { prototype in
            InterfaceBuilderLookup.canServe(prototype, registration, host: host)
                && prototype.object.reuseIdentifier == identifier
        }
        guard scenes.isEmpty else {
            return candidates.first {
                scenes.contains(SceneKey(file: $0.object.location.file, sceneID: $0.sceneID))
            }
        }
        // A table's dequeue probe is answered by a prototype of any class (TableViewFactory.swift,
        // `registerCellClass`, 7.2.0, 11.0.1: `if let cell = tableView.dequeueReusableCell(withIdentifier:)`),
        // so one of another class counts there too; one of the mapping's class is preferred.
        let ofItsClass = candidates.first { InterfaceBuilderLookup.isOfClass($0.object, registration.viewClass.value) }
        return ofItsClass ?? (host == .tableView ? candidates.first : nil)
    }

    private func finding(
        _ registration: Registration, replacing prototype: StoryboardPrototype, manifest: Manifest,
        resources: InterfaceBuilderResources
    ) -> Diagnostic? {
        let host = manifest.host
        let identifier = registration.reuseIdentifier.value
        let noun = Wording.viewNoun(registration.viewType)
        let source = Wording.source(registration, availableXibs: resources.xibNames)
        let prototypeName =
            "the \(prototype.object.className) prototype '\(identifier)' of \(InterfaceBuilderLookup.place(prototype))"
        let message: String
        var headline =
            "\(Wording.shortName(registration)) replaces the storyboard prototype '\(identifier)': its \(noun)s lose "
            + "the prototype's design"
        if host == .tableView {
            // DTTableViewManager dequeues the identifier before registering: the prototype
            // answers, so the registration in code is skipped and the prototype is used.
            guard !InterfaceBuilderLookup.isOfClass(prototype.object, registration.viewClass.value) else {
                return nil
            }
            headline =
                "\(Wording.shortName(registration)) gets the \(prototype.object.className) prototype '\(identifier)', "
                + "not a \(registration.viewClass.value)"
            message =
                "\(Wording.name(registration)) registers '\(identifier)', which \(prototypeName) already answers: "
                + "DTTableViewManager dequeues the identifier before registering and, given the prototype, registers nothing, "
                + "so these \(noun)s come from the prototype; it is not a \(registration.viewClass.value), so "
                + Wording.wrongCellClassOutcome(registration, behaviour: manifest.behaviour)
                + "; give the mapping a distinct reuseIdentifier, or set the prototype's class to \(registration.viewClass.value)"
        } else if manifest.usesGeneratedRegistrations {
            message =
                "\(Wording.name(registration)) is a registration in code with the identifier of \(prototypeName): from "
                + "\(manifest.deploymentTarget?.description ?? "iOS 14") the collection view creates these \(noun)s from "
                + "\(source) through a generated registration and never uses the prototype, so its subviews are missing and outlets "
                + "connected in the storyboard are nil; \(Wording.fromStoryboard(registration, behaviour: manifest.behaviour)) "
                + "(and drop the registration in code), or give it a distinct reuseIdentifier"
        } else {
            message =
                "\(Wording.name(registration)) registers '\(identifier)' in code, replacing \(prototypeName): the "
                + "\(Wording.hostView(host)) then creates these \(noun)s from \(source), without the prototype's subviews, and "
                + "outlets connected in the storyboard are nil; "
                + "\(Wording.fromStoryboard(registration, behaviour: manifest.behaviour)) (and drop the registration in "
                + "code), or give it a distinct reuseIdentifier"
        }
        return finding(
            headline, explained: message, at: registration.reuseIdentifier.location,
            registrations: [registration.index],
            related: [
                RelatedLocation(
                    location: prototype.object.location, message: "the storyboard prototype '\(identifier)' is here"
                )
            ])
    }
}
