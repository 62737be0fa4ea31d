import MaplintFindings
import MaplintLibrary
import MaplintYAML

extension NodeReader {
    /// Reads `models:` into drafts of models, which `ManifestBuilder` checks and declares as it
    /// does a Swift draft's; only what the YAML says wrongly (a list for a name, a mapping for a
    /// type) is told here.
    mutating func draftModels(_ node: YAMLNode) -> [DraftModel] {
        guard let pairs = node.mapping else {
            if node.scalar?.value != .null {
                error("'models' must be a mapping of type names to declarations, not \(node.kindDescription)", at: node)
            }
            return []
        }
        return pairs.compactMap { pair in
            string(pair.key, "a model name").flatMap { draftModel(name: $0, keyNode: pair.key, node: pair.value) }
        }
    }

    /// The model types `models:` declares, checked as the builder checks them: for a sample read
    /// before the rest of its manifest. `modelsOverLimit` is set when they hold too many properties.
    mutating func modelDeclarations(_ node: YAMLNode) -> [ModelDecl] {
        var draft = ManifestDraft(name: "", host: .tableView, location: location(node))
        draft.models = draftModels(node)
        draft.written = WrittenManifest(file: document.file, version: 1)
        var builder = ManifestBuilder(draft: draft, limits: limits)
        let declarations = builder.modelDeclarations()
        diagnostics += builder.diagnostics
        modelsOverLimit = builder.checks.modelsOverLimit
        return modelsOverLimit ? [] : declarations
    }

    /// One model as written: each key kept with its place, and read only where the kind gives it a meaning.
    private mutating func draftModel(name: String, keyNode: YAMLNode, node: YAMLNode) -> DraftModel? {
        var model = DraftModel(name: name, kind: .class, location: location(keyNode))
        model.written = WrittenModel()
        // A name the builder refuses is told alone, its declaration unread.
        let refused =
            !ManifestBuilder.isTypeName(name) || BuiltinType(rawValue: name) != nil || TypeTable.isUniversal(name)
        if refused || node.scalar?.value == .null { return model }
        guard let fields = fields(node, of: "model '\(name)'", allowed: ManifestDecoder.modelKeys) else { return nil }
        var written = WrittenModel()
        for key in fields.order { if let keyNode = fields.keyNode(key) { written.keys[key] = location(keyNode) } }
        if let kindNode = fields["kind"], let text = string(kindNode, "'kind'") {
            if let kind = ModelKind(rawValue: text) {
                model.kind = kind
            } else {
                error(
                    "'kind' must be class, struct, protocol or enum, not '\(text)'"
                        + Suggestion.didYouMean(text, in: ModelKind.allCases.map(\.rawValue)), at: kindNode)
            }
        }
        if let inherits = fields["inherits"] {
            switch model.kind {
            case .class: model.inherits = typeNames(inherits, "'inherits' of a class (its superclass)", single: true)
            case .protocol: model.inherits = typeNames(inherits, "'inherits' of a protocol (its parent protocols)")
            case .struct, .enum: break
            }
        }
        if let conforms = fields["conforms"], model.kind != .protocol {
            model.conforms = typeNames(conforms, "'conforms'")
        }
        if let properties = fields["properties"], model.kind != .enum {
            let read = propertyDeclarations(properties)
            model.properties = read.map { ($0.name, $0.type, $0.location) }
            written.propertyNames = read.map(\.nameLocation)
        }
        if let cases = fields["cases"], model.kind == .enum { model.cases = enumCases(cases) }
        if model.kind == .enum, let node = fields["rawType"], let text = string(node, "'rawType'") {
            model.rawType = Located(text, at: location(node))
        }
        if model.kind == .enum, fields.has("rawType"), let node = fields["rawValues"] {
            rawValues(node, type: model.rawType.flatMap { BuiltinType(rawValue: $0.value) }, into: &model, &written)
        }
        model.written = written
        return model
    }

    /// `rawValues:` of an enum, each value read as the raw `type`: what does not read is kept
    /// with its reason, told only if the name is one of the cases.
    private mutating func rawValues(
        _ node: YAMLNode, type: BuiltinType?, into model: inout DraftModel, _ written: inout WrittenModel
    ) {
        guard let type, ModelChecks.rawTypes.contains(type) else { return }
        guard let pairs = node.mapping else {
            error("'rawValues' must be a mapping of case names to raw values, not \(node.kindDescription)", at: node)
            return
        }
        for pair in pairs {
            guard let name = string(pair.key, "a case name in 'rawValues'") else { continue }
            let (value, problem) = rawValue(pair.value, of: name, type: type)
            model.rawValues.append((name, value, location(pair.value)))
            written.rawValueNames.append(location(pair.key))
            written.rawValueProblems.append(problem)
        }
    }

    /// One raw value of `rawValues:`, of the enum's raw type, or why it is not one.
    private func rawValue(_ node: YAMLNode, of name: String, type: BuiltinType) -> (Value, String?) {
        let what = "the raw value of '\(name)'"
        switch (type, node.scalar?.value) {
        case (.int, .int(let value)?): return (.int(value), nil)
        case (.int, .integerOutOfRange(let text)?):
            return (.none, "\(what) is out of range: \(text) does not fit in 64 bits")
        case (.int, _): return (.none, "\(what) must be an integer, not \(describe(node))")
        case (_, .string(let text)?): return (.string(text), nil)
        default: return (.none, "\(what) must be a string (the raw type is String), not \(describe(node)); quote it")
        }
    }

    /// A single name or a list of names (`single`: one name only).
    private mutating func typeNames(_ node: YAMLNode, _ what: String, single: Bool = false) -> [Located<String>] {
        let nodes = single ? [node] : node.sequence ?? [node]
        return nodes.compactMap { item in string(item, what).map { Located($0, at: location(item)) } }
    }

    private mutating func propertyDeclarations(
        _ node: YAMLNode
    ) -> [(name: String, type: String, location: SourceLocation, nameLocation: SourceLocation)] {
        guard let pairs = node.mapping else {
            error("'properties' must be a mapping of names to types, not \(node.kindDescription)", at: node)
            return []
        }
        return pairs.compactMap { pair in
            guard let name = string(pair.key, "a property name") else { return nil }
            // A name that is not one is told by the builder, its type unread.
            let type = TypeRef.isIdentifier(Substring(name)) ? string(pair.value, "the type of '\(name)'") : ""
            guard let text = type else { return nil }
            return (name, text, location(pair.value), location(pair.key))
        }
    }

    private mutating func enumCases(_ node: YAMLNode) -> [Located<String>] {
        guard let items = list(node, "'cases'") else { return [] }
        return items.compactMap { item in string(item, "an enum case").map { Located($0, at: location(item)) } }
    }

    mutating func report(
        unknownType name: String, at location: SourceLocation, known: [String], registrations: [Int] = []
    ) {
        diagnostics.append(
            ModelChecks.unknownType(
                name, at: location, known: known, declaredViewClasses: declaredViewClasses,
                registrations: registrations))
    }
}

/// The checks of a draft's declarations against each other (view classes, references,
/// inheritance), which `ManifestBuilder` makes whether a manifest or Swift gave them.
package struct ModelChecks {
    /// The raw types an enum may have.
    static let rawTypes: [BuiltinType] = [.string, .int]

    /// Each case's raw value as Swift assigns it: the given one, else the case name (String) or
    /// one more than the previous case's (Int, 0 for the first); and what Swift rejects: two cases
    /// with one raw value, an Int raw value past `Int.max`.
    package static func rawValues(
        cases: [Located<String>], type: BuiltinType, explicit: [String: Located<Value>], swift: Bool = false
    ) -> (values: [String: Value], errors: [(message: String, location: SourceLocation)]) {
        var values: [String: Value] = [:]
        var errors: [(message: String, location: SourceLocation)] = []
        var owners: [Value: String] = [:]
        var previous: Int? = -1
        for item in cases {
            let given = explicit[item.value]
            let value: Value
            if let given {
                value = given.value
            } else if type == .string {
                value = .string(item.value)
            } else {
                guard let last = previous, last < Int.max else {
                    if previous != nil {
                        errors.append(
                            (
                                "the raw value of '\(item.value)' would be one more than Int.max; "
                                    + (swift ? "give the case a raw value" : "give it one under 'rawValues'"),
                                item.location
                            ))
                    }
                    previous = nil
                    continue
                }
                value = .int(last + 1)
            }
            if case .int(let number) = value { previous = number }
            values[item.value] = value
            if let owner = owners[value] {
                errors.append(
                    (
                        "'\(item.value)' has the raw value \(value) of '\(owner)'"
                            + (given == nil ? " (assigned by default)" : "") + "; Swift requires distinct raw values",
                        given?.location ?? item.location
                    ))
            } else {
                owners[value] = item.value
            }
        }
        return (values, errors)
    }

    var diagnostics: [Diagnostic] = []
    /// Classes declared as views (`inherits: UITableViewCell`), by name: the UIKit class each reaches.
    var declaredViewClasses: [String: Located<String>] = [:]
    /// The superclass each declared view class names, a declared view class or the UIKit one.
    var viewSuperclasses: [String: String] = [:]
    /// The model types hold more properties, counted with inheritance, than the analysis can
    /// tabulate (`checkInheritedProperties`): the manifest is not checked further.
    var modelsOverLimit = false
    /// The properties the model types hold, each type counted with the ones it inherits (at most
    /// one more than `maxInheritedProperties`).
    var inheritedProperties = 0
    /// The declarations were read from Swift (`ManifestBuilder`): messages name Swift files, not `models:`.
    var readsSwift = false

    /// The model types among `declarations`: view classes moved out, references and inheritance checked.
    mutating func check(_ declarations: [ModelDecl]) -> [ModelDecl] {
        let models = separateViewClasses(declarations)
        checkReferences(models)
        return models
    }

    /// `model:` of a registration or a model-keyed event: a builtin, a declared model, or `T?`.
    func modelType(
        _ text: String, at location: SourceLocation, types: TypeTable, registrations: [Int]
    ) -> Result<TypeRef, Diagnostic> {
        guard let type = TypeRef(parsing: text) else {
            return .failure(
                .invalidManifest("'\(text)' is not a type name", at: location, registrations: registrations))
        }
        let name = type.unwrapped.name
        guard types.contains(name) else {
            return .failure(
                Self.unknownType(
                    name, at: location, known: types.allTypeNames, declaredViewClasses: declaredViewClasses,
                    registrations: registrations, swift: readsSwift))
        }
        return .success(type)
    }

    /// A type name no declaration has: a view class declared as one, or unknown.
    static func unknownType(
        _ name: String, at location: SourceLocation, known: [String], declaredViewClasses: [String: Located<String>],
        registrations: [Int] = [], swift: Bool = false
    ) -> Diagnostic {
        if let base = declaredViewClasses[name] {
            return .invalidManifest(
                "'\(name)' is declared as a view class (it inherits \(base.value)), not a model type; only a "
                    + "model-keyed event may name it (model-event-with-view-class)",
                at: location, registrations: registrations)
        }
        return .invalidManifest(
            "unknown model type '\(name)'" + Suggestion.didYouMean(name, in: known)
                + (swift ? ": it is not declared in the Swift files read" : "; declare it under 'models'"),
            at: location, registrations: registrations)
    }

    /// Moves the classes that inherit a UIKit reusable view (directly, or through another such
    /// class) out of the model types into `declaredViewClasses`.
    mutating func separateViewClasses(_ declarations: [ModelDecl]) -> [ModelDecl] {
        let declared = Set(declarations.map(\.name))
        var superclasses: [String: String] = [:]
        for declaration in declarations where declaration.kind == .class {
            if let superclass = declaration.superclass?.value { superclasses[declaration.name] = superclass }
        }
        // Each class's UIKit base (or none), worked out once: a walk up the superclasses stops at
        // the first class already known, then every class it passed gets the answer, so a chain of
        // any length costs one pass.
        var bases: [String: String?] = [:]
        func uiKitBase(_ name: String) -> String? {
            var path: [String] = []
            var onPath: Set<String> = []
            var current = name
            var answer: String?
            while true {
                if let known = bases[current] {
                    answer = known
                    break
                }
                path.append(current)
                onPath.insert(current)
                guard let parent = superclasses[current] else { break }
                if !declared.contains(parent) {
                    answer = UIKitViews.reusable.contains(parent) ? parent : nil
                    break
                }
                // A cycle (reported elsewhere) has no UIKit base.
                if onPath.contains(parent) { break }
                current = parent
            }
            for passed in path { bases[passed] = .some(answer) }
            return answer
        }
        var models: [ModelDecl] = []
        for declaration in declarations {
            if declaration.kind == .class, let base = uiKitBase(declaration.name) {
                declaredViewClasses[declaration.name] = Located(base, at: declaration.location)
                viewSuperclasses[declaration.name] = superclasses[declaration.name]
            } else {
                models.append(declaration)
            }
        }
        return models
    }

    /// Superclasses, protocols and property types must name declared types of the right kind,
    /// and inheritance must not loop.
    private mutating func checkReferences(_ declarations: [ModelDecl]) {
        var byName: [String: ModelDecl] = [:]
        for declaration in declarations { byName[declaration.name] = declaration }
        let known = BuiltinType.allCases.map(\.rawValue) + declarations.map(\.name)
        for declaration in declarations {
            if let superclass = declaration.superclass {
                switch byName[superclass.value]?.kind {
                case .class?: break
                case nil:
                    report(
                        unknownType: superclass.value, at: superclass.location,
                        known: declarations.filter { $0.kind == .class }.map(\.name))
                case let other?:
                    diagnostics.append(
                        .invalidManifest(
                            "'\(superclass.value)' is a \(other.rawValue); a class can only inherit from a class"
                                + (readsSwift ? "" : " (list protocols under 'conforms')"),
                            at: superclass.location))
                }
            }
            for parent in declaration.protocols {
                switch byName[parent.value]?.kind {
                case .protocol?: break
                case nil:
                    report(
                        unknownType: parent.value, at: parent.location,
                        known: declarations.filter { $0.kind == .protocol }.map(\.name))
                case let other?:
                    diagnostics.append(
                        .invalidManifest(
                            "'\(parent.value)' is a \(other.rawValue), not a protocol", at: parent.location))
                }
            }
            for property in declaration.properties {
                let name = property.type.unwrapped.name
                if byName[name] == nil && BuiltinType(rawValue: name) == nil {
                    report(unknownType: name, at: property.location, known: known)
                } else if byName[name]?.kind == .protocol {
                    diagnostics.append(
                        .invalidManifest(
                            "property '\(property.name)' has the protocol type '\(name)'; properties take builtin, struct, class or enum types",
                            at: property.location))
                }
            }
        }
        checkCycles(declarations, byName: byName)
        checkInheritedProperties(declarations, byName: byName)
    }

    /// Most properties the model types may hold, each type counted with the ones it inherits:
    /// the analysis builds every type's table of properties, so a long chain of classes that
    /// each add one would need the square of its length in memory (8,000 classes: 32 million
    /// entries, beyond 4 GiB).
    static let maxInheritedProperties = 1_000_000

    /// Counts each type's properties with the inherited ones (an upper bound: a property met on
    /// two paths counts twice), once per type by an explicit depth-first walk, and reports a
    /// total over `maxInheritedProperties` at the type that holds the most.
    private mutating func checkInheritedProperties(_ declarations: [ModelDecl], byName: [String: ModelDecl]) {
        let limit = Self.maxInheritedProperties
        var counts: [String: Int] = [:]
        var total = 0
        for declaration in declarations {
            var pending: [(name: String, expanded: Bool)] = [(declaration.name, false)]
            var inProgress: Set<String> = []
            while let (name, expanded) = pending.popLast() {
                guard counts[name] == nil, let current = byName[name] else { continue }
                let parents = ((current.superclass.map { [$0.value] } ?? []) + current.protocols.map(\.value)).filter {
                    byName[$0] != nil
                }
                if !expanded {
                    guard inProgress.insert(name).inserted else { continue }
                    pending.append((name, true))
                    for parent in parents where !inProgress.contains(parent) { pending.append((parent, false)) }
                    continue
                }
                inProgress.remove(name)
                var count = current.properties.count
                for parent in parents { count = min(limit + 1, count + (counts[parent] ?? 0)) }
                counts[name] = count
            }
            total = min(limit + 1, total + (counts[declaration.name] ?? 0))
        }
        inheritedProperties = total
        guard total > limit,
            let largest = declarations.max(by: { (counts[$0.name] ?? 0) < (counts[$1.name] ?? 0) })
        else { return }
        modelsOverLimit = true
        diagnostics.append(
            .invalidManifest(
                "the model types hold more than \(limit) properties when each is counted with the ones it inherits "
                    + "('\(largest.name)' alone has \(counts[largest.name] ?? 0)): maplint builds a table of each type's "
                    + "properties, and this many would not fit in memory; declare fewer levels of inheritance, or the "
                    + "properties on fewer of them", at: largest.location))
    }

    /// Reports each inheritance cycle once, at the first declaration (in file order) on it.
    private mutating func checkCycles(_ declarations: [ModelDecl], byName: [String: ModelDecl]) {
        var finished: Set<String> = []
        for declaration in declarations where !finished.contains(declaration.name) {
            // Iterative depth-first search keeping the current path.
            var path: [(name: String, parents: [String], next: Int)] = []
            var onPath: Set<String> = []
            func parents(of name: String) -> [String] {
                guard let decl = byName[name] else { return [] }
                return (decl.superclass.map { [$0.value] } ?? []) + decl.protocols.map(\.value)
            }
            path.append((declaration.name, parents(of: declaration.name), 0))
            onPath.insert(declaration.name)
            while let top = path.last {
                if top.next >= top.parents.count {
                    finished.insert(top.name)
                    onPath.remove(top.name)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let parent = top.parents[top.next]
                guard byName[parent] != nil, !finished.contains(parent) else { continue }
                if onPath.contains(parent) {
                    let names = path.map(\.name)
                    let cycle = names[(names.firstIndex(of: parent) ?? 0)...] + [parent]
                    let first = cycle.first.flatMap { byName[$0] }
                    let at =
                        first.flatMap { $0.superclass?.location ?? $0.protocols.first?.location }
                        ?? declaration.location
                    diagnostics.append(.invalidManifest("inheritance cycle: " + cycle.joined(separator: " → "), at: at))
                    // Break the cycle so it is reported once.
                    finished.formUnion(cycle)
                    continue
                }
                path.append((parent, parents(of: parent), 0))
                onPath.insert(parent)
            }
        }
    }

    private mutating func report(unknownType name: String, at location: SourceLocation, known: [String]) {
        diagnostics.append(
            Self.unknownType(
                name, at: location, known: known, declaredViewClasses: declaredViewClasses, swift: readsSwift))
    }
}
