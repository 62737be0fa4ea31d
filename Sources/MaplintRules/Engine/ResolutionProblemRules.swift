import MaplintFindings
import MaplintResolver

extension ResolutionProblem {
    /// The rule that reports the problem: the one place a resolution problem meets its rule id,
    /// which `maplint resolve` prints in `problems`.
    package var rule: RuleID {
        switch self {
        case .nilModel: NilModelRule.id
        case .unresolved: UnresolvedItemRule.id
        case .ambiguous: AmbiguousItemRule.id
        case .opaqueCondition: OpaqueConditionRule.id
        case .conditionError: ConditionErrorRule.id
        case .reuseIdentifierCollision: ReuseIdentifierCollisionRule.id
        case .dequeuedUnderClassName: SupplementaryClassNameDequeueRule.id
        case .storyboardReplacedByXib: StoryboardWithXibRule.id
        case .plainViewWithoutXib: PlainViewWithoutXibRule.id
        }
    }
}

extension ResolvedElement {
    /// The rule ids of its problems, sorted: `problems` in the output of `maplint resolve`.
    package var problemRules: [RuleID] { problems.map(\.rule).sorted() }
}
