import MaplintAnalysis
import MaplintManifest
import MaplintResolver

extension ManagerEvent {
    /// "didSelect(PostCell.self)", "heightForCell(withItem: Int.self)".
    var callDescription: String {
        switch target {
        case .view(let view): "\(name.value)(\(view.value).self)"
        case .model(let model): "\(name.value)(withItem: \(model.value.name).self)"
        case .viewClassAsModel(let view): "\(name.value)(withItem: \(view.value).self)"
        case .section: "\(name.value) { … }"
        }
    }
}

extension AnalysisContext {
    /// The manifest's event timeline, worked out once for the rules that read it.
    var eventTimeline: EventTimeline { shared.value { EventTimeline(manifest: manifest) } }
}
