import MaplintFindings
import MaplintLibrary
import MaplintManifest

extension ManifestDraft {
    /// The draft as the manager registers it in the view of its storyboard scene: on a host whose cell
    /// registration probes the identifier first (`Host.cellRegistrationProbesPrototypes`), a cell registration
    /// whose reuse identifier has a prototype in a scene whose view controller is the draft's type is
    /// registered by the storyboard (`storyboard: true`), as a manifest says it, whether the code says so
    /// (`cellRegisteredByStoryboard`, from 8) or cannot (before 8). A registration of another class than the
    /// prototype's is kept as written, so that `storyboard-prototype-shadowed` names the prototype that answers it.
    /// A type that no scene names keeps its registrations as written: its view is not known to come from a
    /// storyboard.
    package func probingPrototypes(of resources: InterfaceBuilderResources?) -> ManifestDraft {
        guard host.cellRegistrationProbesPrototypes, let resources else { return self }
        // Identifier and class of each table cell prototype of the draft's scenes.
        let prototypes = Set(
            resources.prototypes.lazy.filter { $0.viewController == name && $0.object.element == "tableViewCell" }
                .compactMap { prototype in
                    prototype.object.reuseIdentifier.map { "\($0) \(prototype.object.className)" }
                })
        guard !prototypes.isEmpty else { return self }
        var draft = self
        draft.entries = entries.map { entry in
            guard case .registration(var registration) = entry, registration.element == .cell,
                registration.storyboard?.value != true
            else { return entry }
            let identifier = registration.reuseIdentifier?.value ?? DTNames.describing(registration.view)
            let viewClass = registration.view.split(separator: ".").last.map(String.init) ?? registration.view
            guard prototypes.contains("\(identifier) \(viewClass)") else { return entry }
            registration.storyboard = Located(true, at: registration.location)
            return .registration(registration)
        }
        return draft
    }
}
