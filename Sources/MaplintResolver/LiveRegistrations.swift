import MaplintManifest

/// The registrations still in effect once every entry has run.
///
/// `unregister(View)` removes the mappings of that view class, and of its subclasses, and view type
/// made *before* it; registrations after it are unaffected (`Manifest.isViewClass(_:kindOf:)`).
package struct LiveRegistrations: Sendable {
    /// Every registration in entry order, live or not.
    package let all: [Registration]
    /// The live registrations in entry order.
    package let live: [Registration]
    /// The registrations an `unregister` removed, in entry order.
    package let removed: [Registration]
    /// Registration index → index of the `unregister` entry that removed it.
    package let removedBy: [Int: Int]
    /// Registration index → position in `all`.
    private let positions: [Int: Int]

    package init(entries: [Entry], viewSuperclasses: [String: String] = [:]) {
        struct MappingKey: Hashable {
            var viewType: ViewType
            var viewClass: String
        }
        var all: [Registration] = []
        // Positions in `all` not yet removed, per view type and class.
        var pending: [MappingKey: [Int]] = [:]
        var removedBy: [Int: Int] = [:]
        for entry in entries {
            switch entry {
            case .registration(let registration):
                pending[
                    MappingKey(viewType: registration.viewType, viewClass: registration.viewClass.value), default: []
                ]
                .append(all.count)
                all.append(registration)
            case .unregister(let unregistration):
                let key = MappingKey(viewType: unregistration.viewType, viewClass: unregistration.viewClass.value)
                var keys = [key]
                if !viewSuperclasses.isEmpty {
                    keys += pending.keys.filter {
                        $0 != key && $0.viewType == key.viewType
                            && Manifest.isViewClass(
                                $0.viewClass, kindOf: key.viewClass, superclasses: viewSuperclasses)
                    }
                }
                for key in keys {
                    for position in pending[key] ?? [] {
                        removedBy[all[position].index] = unregistration.index
                    }
                    pending[key] = nil
                }
            case .event:
                break
            }
        }
        self.all = all
        self.live = all.filter { removedBy[$0.index] == nil }
        self.removed = all.filter { removedBy[$0.index] != nil }
        self.removedBy = removedBy
        var positions: [Int: Int] = [:]
        for (position, registration) in all.enumerated() where positions[registration.index] == nil {
            positions[registration.index] = position
        }
        self.positions = positions
    }

    package init(manifest: Manifest) {
        self.init(entries: manifest.entries, viewSuperclasses: manifest.viewSuperclasses)
    }

    /// The registration with entry index `index`, live or not.
    package func registration(at index: Int) -> Registration? {
        guard let position = positions[index], all.indices.contains(position) else { return nil }
        return all[position]
    }

    package func isLive(_ registrationIndex: Int) -> Bool {
        positions[registrationIndex] != nil && removedBy[registrationIndex] == nil
    }
}
