extension Resolver {
    /// The findings of a resolution: `unresolved-item`, `ambiguous-item`, `nil-model`,
    /// `condition-error` and `opaque-condition`, each positioned at the sample value.
    /// Reuse-identifier collisions are reported per registration by the analysis, not here.
    public func diagnostics(for resolution: Resolution) -> [Diagnostic] {
        var builder = ResolveDiagnosticBuilder(resolver: self)
        var diagnostics: [Diagnostic] = []
        for element in resolution.items {
            diagnostics.append(contentsOf: builder.diagnostics(for: element))
        }
        return diagnostics
    }
}

private struct ResolveDiagnosticBuilder {
    struct TypeKey: Hashable {
        var viewType: ViewType
        var typeName: String
    }

    /// What an unresolved element of one view type and model type is told, worked out once.
    struct TypeFacts {
        /// Live registrations whose view type and model type match, in order.
        var typeMatching: [Registration]
        var typeMatchingNames: String
        var typeMatchingRelated: [RelatedLocation]
        /// Unregistered mappings that would match.
        var removed: [Registration]
        var removedClause: String
        var removedRelated: [RelatedLocation]
        var supertypes: [String]
    }

    /// Registrations named in a message (all of them stay in `registrations`).
    static let namedLimit = 3

    let resolver: Resolver
    var facts: [TypeKey: TypeFacts] = [:]

    init(resolver: Resolver) {
        self.resolver = resolver
    }

    mutating func diagnostics(for element: ResolvedElement) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let problems = Set(element.problems)
        if problems.contains(RuleID.nilModel.rawValue) { result.append(nilModel(element)) }
        if problems.contains(RuleID.unresolvedItem.rawValue) { result.append(unresolved(element)) }
        if problems.contains(RuleID.ambiguousItem.rawValue), let ambiguous = ambiguous(element) {
            result.append(ambiguous)
        }
        if problems.contains(RuleID.opaqueCondition.rawValue), let opaque = opaque(element) { result.append(opaque) }
        for failure in element.conditionFailures { result.append(conditionError(element, failure)) }
        return result
    }

    // MARK: Findings

    func nilModel(_ element: ResolvedElement) -> Diagnostic {
        let message: String
        if element.element == .cell {
            message =
                "\(subject(element)) is nil: nothing will be displayed for it (runtime anomaly nilCellModel); remove the item or give it a value"
        } else {
            message =
                "\(subject(element)) is nil: no \(viewNoun(element.element)) will be displayed (runtime anomaly \(nilAnomaly(element.element))); remove it or give it a value"
        }
        return Diagnostic(rule: .nilModel, severity: .warning, message: message, location: element.location)
    }

    mutating func unresolved(_ element: ResolvedElement) -> Diagnostic {
        let typeName = element.model ?? "?"
        if element.shownAsTitle {
            let noun = element.element.elementName
            return Diagnostic(
                rule: .unresolvedItem, severity: .error,
                message:
                    "\(subject(element)) (\(article(typeName)) \(typeName)) shows nothing: no \(noun) view is registered, so "
                    + "the table keeps section\(noun == "header" ? "Header" : "Footer")Style .title and shows only a String "
                    + "\(noun) model, as the section title; register a \(noun) view for \(typeName) (which switches the style to "
                    + ".view), or make the \(noun) model the title String",
                location: element.location)
        }
        var message =
            "\(subject(element)) (\(article(typeName)) \(typeName)) matches no registration: "
            + "nothing will be displayed (runtime anomaly \(noMappingAnomaly(element.element)))"
        var registrations: [Int] = []
        var related: [RelatedLocation] = []

        let facts = self.facts(viewType: element.element, typeName: typeName)
        if !facts.typeMatching.isEmpty {
            registrations = facts.typeMatching.map(\.index)
            let failed = Set(element.conditionFailures.map(\.registration))
            // The wording for "no condition holds" is shared by every element of this type;
            // only elements with failed conditions need their own.
            let unmet = failed.isEmpty ? facts.typeMatching : facts.typeMatching.filter { !failed.contains($0.index) }
            if !unmet.isEmpty {
                let names = failed.isEmpty ? facts.typeMatchingNames : list(unmet.map(name), limit: Self.namedLimit)
                message +=
                    "; the \(plural(unmet.count, "condition")) of \(names) \(unmet.count == 1 ? "does" : "do") not hold at section \(element.section), item \(element.item)"
                related =
                    failed.isEmpty
                    ? facts.typeMatchingRelated
                    : unmet.prefix(Self.namedLimit).map {
                        RelatedLocation(location: $0.location, message: "\(name($0)): condition does not hold here")
                    }
            }
            if !failed.isEmpty {
                message +=
                    "; \(plural(failed.count, "condition")) could not be evaluated (see the condition-error findings)"
            }
            message += "; widen a condition or register a \(viewNoun(element.element)) for \(typeName) without one"
        } else {
            if !facts.removed.isEmpty {
                message += "; " + facts.removedClause
                registrations = facts.removed.map(\.index)
                related = facts.removedRelated
            }
            message += "; register a \(viewNoun(element.element)) for \(typeName)"
            if !facts.supertypes.isEmpty {
                message += " or one of its supertypes (\(facts.supertypes.joined(separator: ", ")))"
            }
        }
        return Diagnostic(
            rule: .unresolvedItem, severity: .error, message: message, location: element.location,
            registrations: registrations, related: related)
    }

    func ambiguous(_ element: ResolvedElement) -> Diagnostic? {
        let candidates = element.candidates.compactMap { resolver.registrations.registration(at: $0) }
        guard let winner = candidates.first, candidates.count > 1 else { return nil }
        let others = Array(candidates.dropFirst())
        let typeName = element.model ?? "?"
        let message =
            "\(subject(element)) (\(article(typeName)) \(typeName)) matches \(candidates.count) registrations: "
            + "\(name(winner)) is used because it was registered first, so \(list(others.map(name), limit: Self.namedLimit)) \(others.count == 1 ? "is" : "are") never used for it; "
            + "make their conditions mutually exclusive or remove the registration that should not apply"
        let related = candidates.prefix(Self.namedLimit + 1).map { registration in
            RelatedLocation(
                location: registration.location,
                message: registration.index == winner.index
                    ? "\(name(registration)): used" : "\(name(registration)): also matches, never used here")
        }
        return Diagnostic(
            rule: .ambiguousItem, severity: .warning, message: message, location: element.location,
            registrations: candidates.map(\.index), related: related)
    }

    func opaque(_ element: ResolvedElement) -> Diagnostic? {
        let opaque = element.opaqueRegistrations.compactMap { resolver.registrations.registration(at: $0) }
        guard !opaque.isEmpty else { return nil }
        let typeName = element.model ?? "?"
        var message =
            "\(subject(element)) (\(article(typeName)) \(typeName)) may be taken by \(list(opaque.map(name), limit: Self.namedLimit)), "
            + "whose \(plural(opaque.count, "condition")) maplint cannot evaluate (opaqueCondition): which \(viewNoun(element.element)) is used is uncertain"
        if let resolved = element.resolved, let winner = resolver.registrations.registration(at: resolved) {
            message += " (otherwise \(name(winner)))"
        } else {
            message += " (otherwise nothing matches)"
        }
        message += "; write the condition as `condition:` so it can be checked"
        let related = opaque.prefix(Self.namedLimit).map {
            RelatedLocation(location: $0.location, message: "\(name($0)): opaque condition")
        }
        return Diagnostic(
            rule: .opaqueCondition, severity: .note, message: message, location: element.location,
            registrations: opaque.map(\.index), related: related)
    }

    func conditionError(_ element: ResolvedElement, _ failure: ResolvedConditionFailure) -> Diagnostic {
        let registration = resolver.registrations.registration(at: failure.registration)
        let who = registration.map(name) ?? "entry \(failure.registration)"
        let typeName = element.model ?? "?"
        let message =
            "the condition of \(who) cannot be evaluated for \(subject(element)) (\(article(typeName)) \(typeName)): "
            + "\(failure.failure.message); the registration is treated as not matching it; fix the condition or complete the sample value"
        return Diagnostic(
            rule: .conditionError, severity: .error, message: message, location: element.location,
            registrations: [failure.registration],
            related: [RelatedLocation(location: failure.failure.location, message: failure.failure.message)])
    }

    // MARK: Wording

    /// The libraries' anomaly names: DTTableViewManagerAnomaly / DTCollectionViewManagerAnomaly.
    func noMappingAnomaly(_ viewType: ViewType) -> String {
        if viewType == .cell { return "noCellMappingFound" }
        return resolver.manifest.host == .tableView ? "noHeaderFooterMappingFound" : "noSupplementaryMappingFound"
    }

    func nilAnomaly(_ viewType: ViewType) -> String {
        switch (resolver.manifest.host, viewType.elementName) {
        case (_, "cell"): "nilCellModel"
        case (.tableView, "header"): "nilHeaderModel"
        case (.tableView, "footer"): "nilFooterModel"
        default: "nilSupplementaryModel"
        }
    }

    /// "item 2 of section 0", "the header of section 1", …
    func subject(_ element: ResolvedElement) -> String {
        switch element.element.elementName {
        case "cell": "item \(element.item) of section \(element.section)"
        case "header": "the header of section \(element.section)"
        case "footer": "the footer of section \(element.section)"
        default: "the \(viewNoun(element.element)) of section \(element.section)"
        }
    }

    func viewNoun(_ viewType: ViewType) -> String {
        if let kind = viewType.customKind { return "'\(kind)' supplementary view" }
        return viewType.elementName
    }

    /// "PostCell (entry 3, line 12)".
    func name(_ registration: Registration) -> String {
        "\(registration.viewClass.value) (entry \(registration.index), line \(registration.location.line))"
    }

    func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }

    func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? noun : noun + "s"
    }

    /// "a", "a and b", "a, b and c"; beyond `limit` names, "a, b, c and 4 more".
    func list(_ names: [String], limit: Int = Int.max) -> String {
        if names.count > limit {
            return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
        }
        guard let last = names.last else { return "" }
        let head = names.dropLast()
        return head.isEmpty ? last : head.joined(separator: ", ") + " and " + last
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

    mutating func facts(viewType: ViewType, typeName: String) -> TypeFacts {
        let key = TypeKey(viewType: viewType, typeName: typeName)
        if let cached = facts[key] { return cached }
        let types = resolver.manifest.types
        let typeMatching = resolver.typeMatches(viewType: viewType, typeName: typeName).compactMap {
            resolver.live(at: $0)
        }
        let removed = resolver.registrations.removed.filter { registration in
            registration.viewType == viewType && types.isA(typeName, registration.modelType.value.unwrapped.name)
        }
        let removals = removed.prefix(Self.namedLimit).map { registration in
            "\(name(registration)) was removed by the unregister at entry \(resolver.registrations.removedBy[registration.index] ?? registration.index)"
        }
        var removedClause = removals.joined(separator: ", ")
        if removed.count > removals.count {
            removedClause += " and \(removed.count - removals.count) more were removed"
        }
        let result = TypeFacts(
            typeMatching: typeMatching,
            typeMatchingNames: list(typeMatching.map(name), limit: Self.namedLimit),
            typeMatchingRelated: typeMatching.prefix(Self.namedLimit).map {
                RelatedLocation(location: $0.location, message: "\(name($0)): condition does not hold here")
            },
            removed: removed,
            removedClause: removedClause,
            removedRelated: removed.prefix(Self.namedLimit).map {
                RelatedLocation(location: $0.location, message: "\(name($0)): unregistered later")
            },
            supertypes: supertypeNames(of: typeName))
        facts[key] = result
        return result
    }
}
