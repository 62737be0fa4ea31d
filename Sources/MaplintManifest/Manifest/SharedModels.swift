import Foundation
import MaplintFindings

/// The model types several drafts share: the model types declared in the Swift files of one
/// extraction that some draft includes, each as every draft that includes it declares it
/// (`DraftModel.shared`). Each is turned into a declaration once, and the whole set is checked
/// once (`ModelChecks`), for all the drafts: `ManifestBuilder` then takes a draft's share of them
/// as it is, instead of declaring and checking them again for each manifest.
package final class SharedModels: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [DraftModel] = []
    private var positions: [String: Int] = [:]
    private var made: Declared?

    /// The shared models as declarations, worked out when a draft is first built.
    struct Declared {
        /// Each model's declaration (nil when its name is not one a declaration may have), and the
        /// findings of declaring it.
        var declarations: [ModelDecl?] = []
        var diagnostics: [[Diagnostic]] = []
        /// Position by name.
        var positions: [String: Int] = [:]
        /// Whether the declarations, checked together, give no finding and no view class. A draft
        /// includes the superclass, protocols and property types of every shared model it holds,
        /// so its share of them then checks clean too.
        var isClean = false
        /// The properties of all of them, each type counted with the ones it inherits.
        var inheritedProperties = 0
        /// What the type tables of the drafts work out about the shared types.
        var facts = SharedTypeFacts(names: [])
    }

    package init() {}

    /// The models shared so far, in the order they were first asked for.
    package var models: [DraftModel] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }

    /// The shared model of `key` (a type's key in the declarations read), made by `make` when
    /// first asked for: drafts are put together on several threads.
    package func model(_ key: String, _ make: () -> DraftModel?) -> DraftModel? {
        lock.lock()
        defer { lock.unlock() }
        if let position = positions[key] { return list[position] }
        guard var model = make() else { return nil }
        model.shared = list.count
        positions[key] = list.count
        list.append(model)
        return model
    }

    /// Worked out when a draft is first built, once every draft is put together; a model shared
    /// after that is not in it (and its drafts are checked whole).
    func declared(_ make: ([DraftModel]) -> Declared) -> Declared {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let declared = make(list)
        made = declared
        return declared
    }
}
