// Placeholder with the public API of the condition solver; the solver replaces this file and
// keeps every declaration below with the same signature.

/// A concrete item for which conditions hold, checked by evaluating them on it.
public struct Witness: Hashable, Sendable {
    /// The model: `.object` for classes and structs (every property the conditions read set),
    /// or a builtin or enum value.
    public var model: Value
    public var indexPath: ItemIndexPath
    /// The property paths (`containsVideo`, `author.isVerified`) the conditions constrain, for messages.
    public var constrainedProperties: [String]
    /// Whether the conditions constrain `indexPath.section` / `indexPath.item` at all.
    public var constrainsSection: Bool
    public var constrainsItem: Bool

    public init(
        model: Value, indexPath: ItemIndexPath, constrainedProperties: [String] = [],
        constrainsSection: Bool = false, constrainsItem: Bool = false
    ) {
        self.model = model
        self.indexPath = indexPath
        self.constrainedProperties = constrainedProperties
        self.constrainsSection = constrainsSection
        self.constrainsItem = constrainsItem
    }
}

/// Whether one item can match two registrations.
public enum PairVerdict: Hashable, Sendable {
    /// Both match the witness (checked by evaluation).
    case intersecting(Witness)
    /// Proven: no model and index path match both.
    case disjoint
    /// Outside the decidable fragment; the reason says what.
    case unknown(reason: String)
}

/// Whether earlier registrations take everything a registration matches.
public enum CoverageVerdict: Hashable, Sendable {
    /// Proven: every item it matches is matched by one of the earlier ones; it is never chosen.
    case covered
    /// It wins for the witness (checked: it matches, none of the earlier ones does).
    case reachable(Witness)
    case unknown(reason: String)
}

/// Decides questions about registration conditions and model types, exactly within the
/// fragment of SPEC section 4.
public struct ConditionSolver: Sendable {
    public let manifest: Manifest

    public init(manifest: Manifest) {
        self.manifest = manifest
    }

    /// Whether some instantiable model type is both registrations' model types (same type,
    /// subclass, or common conforming type). Only such pairs have a verdict.
    public func modelTypesOverlap(_ first: Registration, _ second: Registration) -> Bool {
        let a = first.modelType.value.unwrapped.name
        let b = second.modelType.value.unwrapped.name
        return manifest.types.instantiableTypes(thatAre: a).contains { manifest.types.isA($0, b) }
    }

    /// Can one item (model and index path) match both? Both must have the same view type.
    public func verdict(_ first: Registration, _ second: Registration) -> PairVerdict {
        .unknown(reason: "not analysed yet")
    }

    /// Can `registration` ever be chosen, given the `earlier` live registrations of its view type?
    public func coverage(of registration: Registration, by earlier: [Registration]) -> CoverageVerdict {
        .unknown(reason: "not analysed yet")
    }
}
