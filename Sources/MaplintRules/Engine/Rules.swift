import MaplintFindings

/// The registry of analyzer rules: the single list `maplint rules`, the analyzer and the
/// example tests read.
package enum Rules {
    package static let all: [any Rule] = [
        ReuseIdentifierCollisionRule(),
        ClearedReuseIdentifierRule(),
        IntersectingConditionsRule(),
        UndecidedConditionsRule(),
        UnreachableRegistrationRule(),
        UnresolvedItemRule(),
        AmbiguousItemRule(),
        NilModelRule(),
        ConditionErrorRule(),
        OpaqueConditionRule(),
        DuplicateEventRule(),
        EventWithoutRegistrationRule(),
        EventRequiresModelTransferRule(),
        ModelEventWithViewClassRule(),
        FlowEventWithoutFlowLayoutRule(),
        BatchInsertionCountMismatchRule(),
        UnknownEventRule(),
        DeprecatedEventRule(),
        TitleStyleHidesViewsRule(),
        StoryboardWithXibRule(),
        SupplementaryClassNameDequeueRule(),
        PlainViewWithoutXibRule(),
        HeaderFooterIndexPathTrapRule(),
        RegistrationPerDequeueRule(),
        SectionOutOfRangeRule(),
        InvalidManifestRule(),
        MissingXibRule(),
        IgnoredXibNameRule(),
        XibClassMismatchRule(),
        XibReuseIdentifierMismatchRule(),
        OverriddenReuseIdentifierRule(),
        EmptyXibRule(),
        StoryboardPrototypeMissingRule(),
        StoryboardPrototypeShadowedRule(),
        InvalidInterfaceBuilderFileRule(),
        UnusedSuppressionRule(),
        UnsupportedSwiftRule(),
    ]

    /// The rules' descriptions, in the registry's order: what `maplint rules` lists.
    package static var descriptions: [RuleDescription] { all.map(\.description) }

    package static func rule(withID id: RuleID) -> (any Rule)? {
        all.first { $0.id == id }
    }
}
