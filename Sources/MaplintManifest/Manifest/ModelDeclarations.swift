import MaplintFindings
import MaplintLibrary
import MaplintYAML

extension NodeReader {
    /// Reads `models:` and checks the declarations against each other.
    mutating func modelDeclarations(_ node: YAMLNode) -> [ModelDecl] {
        guard let pairs = node.mapping else {
            if node.scalar?.value != .null {
                error("'models' must be a mapping of type names to declarations, not \(node.kindDescription)", at: node)
            }
            return []
        }
        var declarations: [ModelDecl] = []
        for pair in pairs {
            guard let name = typeName(pair.key, "a model name") else { continue }
            if BuiltinType(rawValue: name) != nil {
                error(ModelChecks.builtinRedeclared(name), at: pair.key)
                continue
            }
            if TypeTable.isUniversal(name) {
                error(
                    "'\(name)' is the type every model is and cannot be declared; remove it from 'models'", at: pair.key
                )
                continue
            }
            if let declaration = modelDeclaration(name: name, keyNode: pair.key, node: pair.value) {
                declarations.append(declaration)
            }
        }
        var checks = ModelChecks()
        declarations = checks.check(declarations)
        diagnostics += checks.diagnostics
        declaredViewClasses = checks.declaredViewClasses
        viewSuperclasses = checks.viewSuperclasses
        modelsOverLimit = checks.modelsOverLimit
        return modelsOverLimit ? [] : declarations
    }

    private mutating func modelDeclaration(name: String, keyNode: YAMLNode, node: YAMLNode) -> ModelDecl? {
        var declaration = ModelDecl(name: name, kind: .class, location: location(keyNode))
        if node.scalar?.value == .null { return declaration }
        guard let fields = fields(node, of: "model '\(name)'", allowed: ManifestDecoder.modelKeys) else { return nil }
        if let kindNode = fields["kind"], let text = string(kindNode, "'kind'") {
            if let kind = ModelKind(rawValue: text) {
                declaration.kind = kind
            } else {
                error(
                    "'kind' must be class, struct, protocol or enum, not '\(text)'"
                        + Suggestion.didYouMean(text, in: ModelKind.allCases.map(\.rawValue)), at: kindNode)
            }
        }
        if let inherits = fields["inherits"] {
            switch declaration.kind {
            case .class:
                if let parent = typeName(inherits, "'inherits' of a class (its superclass)") {
                    declaration.superclass = Located(parent, at: location(inherits))
                }
            case .protocol:
                declaration.protocols += typeNames(inherits, "'inherits' of a protocol (its parent protocols)")
            case .struct, .enum:
                error(
                    "a \(declaration.kind.rawValue) cannot inherit; list protocols under 'conforms'",
                    at: fields.keyNode("inherits") ?? inherits)
            }
        }
        if let conforms = fields["conforms"] {
            if declaration.kind == .protocol {
                error(
                    "a protocol lists its parent protocols under 'inherits', not 'conforms'",
                    at: fields.keyNode("conforms") ?? conforms)
            } else {
                declaration.protocols += typeNames(conforms, "'conforms'")
            }
        }
        if let properties = fields["properties"] {
            if declaration.kind == .enum {
                error("an enum has 'cases', not 'properties'", at: fields.keyNode("properties") ?? properties)
            } else {
                declaration.properties = propertyDeclarations(properties, of: name)
            }
        }
        if let cases = fields["cases"] {
            if declaration.kind != .enum {
                error("only an enum has 'cases'; set 'kind: enum'", at: fields.keyNode("cases") ?? cases)
            } else {
                declaration.cases = enumCases(cases)
            }
        }
        if declaration.kind == .enum && declaration.cases.isEmpty && !fields.has("cases") {
            error("enum '\(name)' needs its 'cases'", at: keyNode)
        }
        rawValues(fields, into: &declaration)
        return declaration
    }

    /// `rawType:` and `rawValues:` of an enum: each case's raw value, as Swift assigns it.
    private mutating func rawValues(_ fields: Fields, into declaration: inout ModelDecl) {
        for key in ["rawType", "rawValues"] where declaration.kind != .enum && fields.has(key) {
            if let node = fields.keyNode(key) { error("only an enum has '\(key)'; set 'kind: enum'", at: node) }
        }
        guard declaration.kind == .enum else { return }
        if let node = fields["rawType"], let text = string(node, "'rawType'") {
            if let type = BuiltinType(rawValue: text), ModelChecks.rawTypes.contains(type) {
                declaration.rawType = type
            } else {
                error(
                    "'rawType' must be String or Int, not '\(text)'"
                        + Suggestion.didYouMean(text, in: ModelChecks.rawTypes.map(\.rawValue)), at: node)
            }
        }
        var explicit: [String: Located<Value>] = [:]
        if let node = fields["rawValues"] {
            guard fields.has("rawType") else {
                error(
                    "'rawValues' needs the enum's 'rawType' (String or Int)", at: fields.keyNode("rawValues") ?? node)
                return
            }
            guard let rawType = declaration.rawType else { return }
            guard let pairs = node.mapping else {
                error(
                    "'rawValues' must be a mapping of case names to raw values, not \(node.kindDescription)", at: node)
                return
            }
            let cases = declaration.cases.map(\.value)
            for pair in pairs {
                guard let name = string(pair.key, "a case name in 'rawValues'") else { continue }
                guard cases.contains(name) else {
                    error(
                        ModelChecks.notACase(name, of: declaration.name) + Suggestion.didYouMean(name, in: cases)
                            + "; list it under 'cases'", at: pair.key)
                    continue
                }
                if let value = rawValue(pair.value, of: name, type: rawType) {
                    explicit[name] = Located(value, at: location(pair.value))
                }
            }
        }
        guard let rawType = declaration.rawType else { return }
        let (values, errors) = ModelChecks.rawValues(cases: declaration.cases, type: rawType, explicit: explicit)
        declaration.rawValues = values
        for (message, at) in errors {
            diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, location: at))
        }
    }

    /// One raw value of `rawValues:`, of the enum's raw type.
    private mutating func rawValue(_ node: YAMLNode, of name: String, type: BuiltinType) -> Value? {
        let what = "the raw value of '\(name)'"
        if type == .int { return int(node, what).map(Value.int) }
        if let scalar = node.scalar, case .string(let text) = scalar.value { return .string(text) }
        error("\(what) must be a string (the raw type is String), not \(describe(node)); quote it", at: node)
        return nil
    }

    /// A single name or a list of names.
    private mutating func typeNames(_ node: YAMLNode, _ what: String) -> [Located<String>] {
        let nodes = node.sequence ?? [node]
        return nodes.compactMap { item in typeName(item, what).map { Located($0, at: location(item)) } }
    }

    private mutating func propertyDeclarations(_ node: YAMLNode, of model: String) -> [PropertyDecl] {
        guard let pairs = node.mapping else {
            error("'properties' must be a mapping of names to types, not \(node.kindDescription)", at: node)
            return []
        }
        var result: [PropertyDecl] = []
        for pair in pairs {
            guard let name = string(pair.key, "a property name") else { continue }
            guard TypeRef.isIdentifier(Substring(name)) else {
                error(ModelChecks.notAPropertyName(name), at: pair.key)
                continue
            }
            guard let text = string(pair.value, "the type of '\(name)'") else { continue }
            guard let type = TypeRef(parsing: text) else {
                error(ModelChecks.notAType(text), at: pair.value)
                continue
            }
            result.append(PropertyDecl(name: name, type: type, location: location(pair.value)))
        }
        return result
    }

    private mutating func enumCases(_ node: YAMLNode) -> [Located<String>] {
        guard let items = list(node, "'cases'") else { return [] }
        var seen: Set<String> = []
        var result: [Located<String>] = []
        for item in items {
            guard let name = string(item, "an enum case") else { continue }
            guard TypeRef.isIdentifier(Substring(name)) else {
                error(ModelChecks.notACaseName(name), at: item)
                continue
            }
            guard seen.insert(name).inserted else {
                error(ModelChecks.caseListedTwice(name), at: item)
                continue
            }
            result.append(Located(name, at: location(item)))
        }
        return result
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

/// The checks of `models:` that do not depend on how the manifest was written: the decoder runs
/// them on a manifest file's declarations, `ManifestBuilder` on a draft's.
package struct ModelChecks {
    /// The raw types an enum may have.
    static let rawTypes: [BuiltinType] = [.string, .int]

    // The errors both readers of models give alike: a manifest's `models:` and a draft's models.
    static func builtinRedeclared(_ name: String) -> String {
        "'\(name)' is a builtin type and cannot be declared again"
    }
    static func notAPropertyName(_ name: String) -> String { "'\(name)' is not a Swift property name" }
    static func notAType(_ text: String) -> String {
        "'\(text)' is not a type; write a builtin (Bool, Int, Double, String), a declared model, or T?"
    }
    static func notACaseName(_ name: String) -> String { "'\(name)' is not a Swift enum case name" }
    static func caseListedTwice(_ name: String) -> String { "the case '\(name)' is listed twice" }
    static func notACase(_ name: String, of model: String) -> String { "'\(name)' is not a case of '\(model)'" }

    /// Each case's raw value as Swift assigns it: the given one, else the case name (String) or
    /// one more than the previous case's (Int, 0 for the first); and what Swift rejects: two cases
    /// with one raw value, an Int raw value past `Int.max`.
    package static func rawValues(
        cases: [Located<String>], type: BuiltinType, explicit: [String: Located<Value>]
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
                                "the raw value of '\(item.value)' would be one more than Int.max; give it one under "
                                    + "'rawValues'", item.location
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
                            "'\(superclass.value)' is a \(other.rawValue); a class can only inherit from a class (list protocols under 'conforms')",
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
