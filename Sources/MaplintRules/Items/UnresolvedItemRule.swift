import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver

/// A sample item, header, footer or supplementary model that no registration displays.
package struct UnresolvedItemRule: Rule {
    package static let description = RuleDescription(
        id: "unresolved-item",
        name: "Unresolved item",
        severity: .error,
        needs: [.resolution],
        summary:
            "A sample item, header, footer or supplementary model matches no registration, so nothing is displayed.",
        explanation: """
            maplint resolves the sample data the way DTModelStorage does at run time: the first live registration \
            whose view type, model type (the same type, a subclass or a conforming type) and condition match \
            is used. When none matches, the manager reports the anomaly noCellMappingFound (or \
            noHeaderFooterMappingFound / noSupplementaryMappingFound) and nothing is displayed. The finding names \
            the registrations whose conditions did not hold, or those removed by `unregister`. Table headers and \
            footers are special: until a header (footer) view is registered, DTTableViewManager keeps \
            `sectionHeaderStyle` (`sectionFooterStyle`) at `.title` and shows a String model as the section title, \
            with no lookup; any other model then shows nothing, silently. Fix: register a view for the model type, \
            or widen a condition.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                  Author: {kind: struct, properties: {name: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                sample:
                  sections:
                    - items:
                        - Post: {title: "Hello"}
                        - ↓Author: {name: "Maya"}
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: CountCell
                    model: Int
                    section: 1
                  - header: TitleHeaderView
                    model: String
                sample:
                  sections:
                    - header: ↓3
                      items: [↓42]
                """),
            // No header view registered: the table shows String headers as titles, and nothing for others.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Banner: {kind: struct, properties: {text: String}}
                registrations:
                  - cell: CountCell
                    model: Int
                sample:
                  sections:
                    - header: ↓{Banner: {text: "Sale"}}
                      items: [1]
                    - header: "Today"
                      items: [2]
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                  VideoPost: {inherits: Post}
                registrations:
                  - cell: PostCell
                    model: Post
                  - header: TitleHeaderView
                    model: String
                sample:
                  sections:
                    - header: "Today"
                      items:
                        - VideoPost: {title: "Clip"}
                """),
            // A String header with no header view registered is the section title.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: CountCell
                    model: Int
                sample:
                  sections:
                    - header: "Today"
                      footer: "3 items"
                      items: [1]
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        var facts = TypeFacts.Cache(resolver: context.resolver)
        return context.resolution.items.compactMap { element in
            guard element.problems.contains(.unresolved) else { return nil }
            return finding(for: element, facts: &facts, host: context.host, behaviour: context.manifest.behaviour)
        }
    }

    private func finding(
        for element: ResolvedElement, facts cache: inout TypeFacts.Cache, host: Host, behaviour: LibraryBehaviour
    ) -> Diagnostic {
        let typeName = element.model ?? "?"
        if element.shownAsTitle {
            let noun = element.element.elementName
            return finding(
                "\(Wording.subject(element)) (\(Wording.article(typeName)) \(typeName)) shows nothing: no \(noun) view is registered, so "
                    + "the table keeps section\(noun == "header" ? "Header" : "Footer")Style .title and shows only a String "
                    + "\(noun) model, as the section title; register a \(noun) view for \(typeName) (which switches the style to "
                    + ".view), or make the \(noun) model the title String",
                at: element.location)
        }
        let limit = Wording.namedLimit
        let anomaly = Wording.noMappingAnomaly(element.element, host: host)
        var message =
            "\(Wording.subject(element)) (\(Wording.article(typeName)) \(typeName)) matches no registration: "
            + "nothing will be displayed"
            + Wording.runtimeReport(anomaly, viewType: element.element, behaviour: behaviour)
        var registrations: [Int] = []
        var related: [RelatedLocation] = []

        let facts = cache.facts(viewType: element.element, typeName: typeName)
        let noun = Wording.viewNoun(element.element)
        if !facts.typeMatching.isEmpty {
            registrations = facts.typeMatching.map(\.index)
            let failed = Set(element.conditionFailures.map(\.registration))
            // The wording for "no condition holds" is shared by every element of this type;
            // only elements with failed conditions need their own.
            let unmet = failed.isEmpty ? facts.typeMatching : facts.typeMatching.filter { !failed.contains($0.index) }
            if !unmet.isEmpty {
                let names =
                    failed.isEmpty ? facts.typeMatchingNames : Wording.list(unmet.map(Wording.name), limit: limit)
                message +=
                    "; the \(Wording.plural(unmet.count, "condition")) of \(names) \(unmet.count == 1 ? "does" : "do") not hold at section \(element.section), item \(element.item)"
                related =
                    failed.isEmpty
                    ? facts.typeMatchingRelated
                    : unmet.prefix(limit).map {
                        RelatedLocation(
                            location: $0.location, message: "\(Wording.name($0)): condition does not hold here")
                    }
            }
            if !failed.isEmpty {
                message +=
                    "; \(Wording.plural(failed.count, "condition")) could not be evaluated (see the condition-error findings)"
            }
            message += "; widen a condition or register a \(noun) for \(typeName) without one"
        } else {
            if !facts.removed.isEmpty {
                message += "; " + facts.removedClause
                registrations = facts.removed.map(\.index)
                related = facts.removedRelated
            }
            message += "; register a \(noun) for \(typeName)"
            if !facts.supertypes.isEmpty {
                message += " or one of its supertypes (\(facts.supertypes.joined(separator: ", ")))"
            }
        }
        return finding(message, at: element.location, registrations: registrations, related: related)
    }
}

/// What an unresolved element of one view type and model type is told, worked out once.
private struct TypeFacts {
    /// Live registrations whose view type and model type match, in order.
    var typeMatching: [Registration]
    var typeMatchingNames: String
    var typeMatchingRelated: [RelatedLocation]
    /// Unregistered mappings that would match.
    var removed: [Registration]
    var removedClause: String
    var removedRelated: [RelatedLocation]
    var supertypes: [String]

    struct Cache {
        struct Key: Hashable {
            var viewType: ViewType
            var typeName: String
        }

        let resolver: Resolver
        var facts: [Key: TypeFacts] = [:]

        mutating func facts(viewType: ViewType, typeName: String) -> TypeFacts {
            let key = Key(viewType: viewType, typeName: typeName)
            if let cached = facts[key] { return cached }
            let types = resolver.manifest.types
            let limit = Wording.namedLimit
            let typeMatching = resolver.typeMatches(viewType: viewType, typeName: typeName).compactMap {
                resolver.live(at: $0)
            }
            let removed = resolver.registrations.removed.filter { registration in
                registration.viewType == viewType && types.isA(typeName, registration.modelType.value.unwrapped.name)
            }
            let removals = removed.prefix(limit).map { registration in
                "\(Wording.name(registration)) was removed by the unregister at entry \(resolver.registrations.removedBy[registration.index] ?? registration.index)"
            }
            var removedClause = removals.joined(separator: ", ")
            if removed.count > removals.count {
                removedClause += " and \(removed.count - removals.count) more were removed"
            }
            let result = TypeFacts(
                typeMatching: typeMatching,
                typeMatchingNames: Wording.list(typeMatching.map(Wording.name), limit: limit),
                typeMatchingRelated: typeMatching.prefix(limit).map {
                    RelatedLocation(location: $0.location, message: "\(Wording.name($0)): condition does not hold here")
                },
                removed: removed,
                removedClause: removedClause,
                removedRelated: removed.prefix(limit).map {
                    RelatedLocation(location: $0.location, message: "\(Wording.name($0)): unregistered later")
                },
                supertypes: supertypeNames(of: typeName))
            facts[key] = result
            return result
        }

        /// Superclasses nearest first, then protocols alphabetically.
        func supertypeNames(of typeName: String) -> [String] {
            let types = resolver.manifest.types
            var chain: [String] = []
            var seen: Set<String> = [typeName]
            var current = types[typeName]?.superclass?.value
            while let superclass = current, seen.insert(superclass).inserted {
                chain.append(superclass)
                current = types[superclass]?.superclass?.value
            }
            return chain + types.supertypes(of: typeName).subtracting(seen).sorted()
        }
    }
}
