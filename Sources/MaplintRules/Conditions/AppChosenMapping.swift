import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// A screen whose manager's delegate adopts `ViewModelMappingCustomizing` at a version that asks it
/// (`LibraryBehaviour.appChoosesAmongCandidates`): the first candidate does not necessarily win, the
/// app picks one. A registration behind others is then not dead, and two that overlap are not an
/// accident: what `unreachable-registration` and `intersecting-conditions` would say is a note that
/// names the chooser.
enum AppChosenMapping {
    /// The adopting type and where it adopts the protocol; nil when the first candidate wins.
    static func chooser(_ context: AnalysisContext) -> Located<String>? {
        guard let chooser = context.manifest.viewModelMappingCustomizing,
            context.manifest.behaviour.appChoosesAmongCandidates
        else { return nil }
        return chooser
    }

    /// "FeedViewController adopts ViewModelMappingCustomizing, which DTTableViewManager 6.6.0 asks which
    /// of the candidate mappings to use".
    static func reason(_ chooser: Located<String>, _ context: AnalysisContext) -> String {
        let manager = context.host.manager
        let version = context.manifest.libraryVersion.map { "\($0)" } ?? "6"
        return "\(chooser.value) adopts ViewModelMappingCustomizing, which \(manager) \(version) asks which of the "
            + "candidate mappings to use"
    }

    /// `finding` as a note: its headline followed by who chooses, the other registrations' places
    /// kept (its own why and fix, which assume the first candidate wins, left out), and the adoption
    /// as one more place.
    static func note(
        _ finding: Diagnostic, headline: String, chooser: Located<String>, context: AnalysisContext
    ) -> Diagnostic {
        var note = finding
        note.severity = .note
        note.message = headline + ": " + reason(chooser, context) + ", so the app chooses, not the order"
        note.related =
            finding.related.filter { $0.location != finding.location }
            + [
                RelatedLocation(
                    location: chooser.location,
                    message: "\(chooser.value) adopts ViewModelMappingCustomizing here and picks the mapping")
            ]
        return note
    }
}
