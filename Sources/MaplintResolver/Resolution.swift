import MaplintFindings
import MaplintManifest

/// A condition that could not be evaluated on a sample element.
package struct ResolvedConditionFailure: Hashable, Sendable {
    /// The registration whose condition failed.
    package var registration: Int
    package var failure: ConditionFailure

    package init(registration: Int, failure: ConditionFailure) {
        self.registration = registration
        self.failure = failure
    }
}

/// Why a sample element is not displayed as the manifest intends. The resolver finds them;
/// each is reported by its own rule, which words the message (`ResolutionProblem.rule`).
package enum ResolutionProblem: Hashable, Sendable {
    /// The model is nil: the host displays nothing.
    case nilModel
    /// No live registration matches, and none with an opaque condition might.
    case unresolved
    /// More than one registration matches; the first of `candidates` is used.
    case ambiguous
    /// Registrations whose conditions maplint cannot evaluate might take the element.
    case opaqueCondition(registrations: [Int])
    /// Conditions that could not be evaluated on the element; their registrations are treated as not matching.
    case conditionError([ResolvedConditionFailure])
    /// The host dequeues the view of another registration under the winner's reuse identifier.
    case reuseIdentifierCollision(dequeuedFrom: Int)
    /// The host dequeues the view under `identifier` (the class name), not the winner's reuse
    /// identifier (DTCollectionViewManager 6 and 7 supplementary views): the view of
    /// `dequeuedFrom`, or nil when nothing is registered there and UIKit raises.
    case dequeuedUnderClassName(identifier: String, dequeuedFrom: Int?)
    /// The dequeued registration is a collection view storyboard mapping whose xib the library
    /// registered in place of the prototype: the view comes from `xib`, not the storyboard.
    case storyboardReplacedByXib(xib: String)
    /// A plain `UIView` table header or footer with no view registered under its identifier and no xib to
    /// load: nothing is shown.
    case plainViewWithoutXib
}

/// What one sample element (item, header, footer or supplementary model) resolves to.
package struct ResolvedElement: Hashable, Sendable {
    package var section: Int
    /// The item index; 0 for headers, footers and supplementary views.
    package var item: Int
    package var element: ViewType
    /// The model's dynamic type name; nil for a nil model.
    package var model: String?
    /// Registrations whose view type, model type and condition match, in registration order.
    package var candidates: [Int]
    /// The registration used: the first candidate.
    package var resolved: Int?
    /// The view class of the resolved registration.
    package var view: String?
    /// The reuse identifier of the resolved registration.
    package var reuseIdentifier: String?
    /// The registration whose view source the host actually dequeues under that identifier.
    package var dequeuedFrom: Int?
    /// The view class of `dequeuedFrom`.
    package var dequeuedView: String?
    /// At most one of each kind, in the order of `ResolutionProblem`'s cases.
    package var problems: [ResolutionProblem]
    /// A table header or footer asked for while its style is `.title` (no header, or footer, view
    /// was ever registered): a String model is shown as the section title, nothing else is shown.
    package var shownAsTitle = false
    /// More than one registration matches and the later ones are fallbacks of the first (each
    /// matches every item the first does, and more: specific first, general last), so the item
    /// gets the registration meant for it; not `ambiguous`.
    package var fallback = false
    /// Made by maplint for a screen with no sample (`SynthesizedSample`), not read from one.
    package var synthesized = false
    /// Made for a registration whose condition maplint cannot read (`opaqueCondition`): that
    /// registration, which shows the item when its condition holds; otherwise `resolved` does
    /// (nil: nothing). Never claimed as certain.
    package var whenConditionHolds: Int? = nil
    /// Where the sample value is written.
    package var location: SourceLocation

    package init(
        section: Int, item: Int, element: ViewType, model: String?, candidates: [Int] = [], resolved: Int? = nil,
        view: String? = nil, reuseIdentifier: String? = nil, dequeuedFrom: Int? = nil, dequeuedView: String? = nil,
        problems: [ResolutionProblem] = [], location: SourceLocation
    ) {
        self.section = section
        self.item = item
        self.element = element
        self.model = model
        self.candidates = candidates
        self.resolved = resolved
        self.view = view
        self.reuseIdentifier = reuseIdentifier
        self.dequeuedFrom = dequeuedFrom
        self.dequeuedView = dequeuedView
        self.problems = problems
        self.location = location
    }

    package var isNil: Bool { problems.contains(.nilModel) }
    package var hasProblems: Bool { !problems.isEmpty }

    /// Registrations with an opaque condition that might take the element before the winner.
    package var opaqueRegistrations: [Int] {
        for case .opaqueCondition(let registrations) in problems { return registrations }
        return []
    }

    /// The xib the dequeued view comes from when it replaced a storyboard prototype (collection views).
    package var dequeuedXib: String? {
        for case .storyboardReplacedByXib(let xib) in problems { return xib }
        return nil
    }

    package var conditionFailures: [ResolvedConditionFailure] {
        for case .conditionError(let failures) in problems { return failures }
        return []
    }
}

/// The outcome of resolving a manifest's sample data.
package struct Resolution: Sendable {
    /// Which resolved elements a resolution keeps.
    package enum Kept: Sendable, Hashable {
        /// Every element (`maplint resolve`, the collision report).
        case all
        /// Only elements with problems: all the rules look at.
        case withProblems
    }

    /// Per section: the header, the items, the footer, then supplementary views in file order
    /// (only those with problems when resolved `keeping: .withProblems`).
    package var items: [ResolvedElement]
    /// Reuse identifiers the host shares, in order of first registration.
    package var groups: [ReuseIdentifierGroup]
    /// Indexes of the live registrations, in entry order.
    package var liveRegistrations: [Int]

    package init(items: [ResolvedElement], groups: [ReuseIdentifierGroup], liveRegistrations: [Int]) {
        self.items = items
        self.groups = groups
        self.liveRegistrations = liveRegistrations
    }

    package struct Summary: Hashable, Sendable {
        package var elements: Int
        package var resolved: Int
        package var unresolved: Int
        package var nilModels: Int
        package var withProblems: Int
        /// Table headers and footers in `.title` style shown as the section title (or, nil, as none).
        package var titles = 0
        /// Items made for a registration whose condition maplint cannot read, whose view depends
        /// on that condition (`ResolvedElement.whenConditionHolds`): neither resolved nor unresolved.
        package var conditional = 0
    }

    package var summary: Summary {
        var summary = Summary(elements: items.count, resolved: 0, unresolved: 0, nilModels: 0, withProblems: 0)
        for element in items {
            if element.whenConditionHolds != nil {
                summary.conditional += 1
            } else if element.resolved != nil {
                summary.resolved += 1
            } else if element.isNil {
                summary.nilModels += 1
            } else if element.shownAsTitle && !element.problems.contains(.unresolved) {
                summary.titles += 1
            } else {
                summary.unresolved += 1
            }
            if element.hasProblems { summary.withProblems += 1 }
        }
        return summary
    }
}
