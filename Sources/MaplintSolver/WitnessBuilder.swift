import MaplintManifest

/// The theories per variable kind, and turning a satisfying assignment into a concrete item.
enum TheorySolver {
    /// Whether the literals on one variable can hold together, and a value that satisfies them.
    static func solve(
        _ key: VariableKey, _ literals: [(Atom, Bool)], types: TypeTable, meter: WorkMeter? = nil
    ) -> TheoryAnswer<Value> {
        var ints: [IntLiteral] = []
        var doubles: [(set: DoubleSet, positive: Bool)] = []
        var strings: [(set: StringSet, positive: Bool)] = []
        var cases: [(set: Set<String>, positive: Bool)] = []
        var texts: [StringTheory.Literal] = []
        for (atom, positive) in literals {
            guard case .member(_, let set) = atom else { continue }
            switch set {
            case .int(let values): ints.append(IntLiteral(set: values, positive: positive))
            case .double(let values): doubles.append((values, positive))
            case .string(let values): strings.append((values, positive))
            case .cases(let names): cases.append((names, positive))
            case .text(let predicate): texts.append((predicate, positive))
            }
        }
        let type: ConditionType
        switch key {
        case .section, .item: type = .int
        case .model(_, let valueType): type = valueType
        }
        switch type {
        case .int:
            switch IntegerTheory.solve(ints, domain: ConditionTranslator.domain(of: key)) {
            case .satisfiable(let value): return .satisfiable(.int(value))
            case .unsatisfiable: return .unsatisfiable
            case .unknown(let reason): return .unknown(reason)
            }
        case .double:
            switch DoubleTheory.solve(doubles) {
            case .satisfiable(let value): return .satisfiable(.double(value))
            case .unsatisfiable: return .unsatisfiable
            case .unknown(let reason): return .unknown(reason)
            }
        case .string:
            guard !texts.isEmpty else {
                return solveStrings(strings).map { .satisfiable(.string($0)) } ?? .unsatisfiable
            }
            switch StringTheory.solve(equalities: strings, predicates: texts, meter: meter) {
            case .satisfiable(let value): return .satisfiable(.string(value))
            case .unsatisfiable: return .unsatisfiable
            case .unknown(let reason): return .unknown(reason)
            }
        case .enumeration(let name):
            var allowed = types[name]?.cases.map(\.value) ?? []
            for (set, positive) in cases { allowed.removeAll { set.contains($0) != positive } }
            return allowed.first.map { .satisfiable(.enumCase(type: name, name: $0)) } ?? .unsatisfiable
        default:
            return .unknown("no theory for values of type '\(type)'")
        }
    }

    /// A string in every positive set and outside every negative one; readable when free.
    static func solveStrings(_ literals: [(set: StringSet, positive: Bool)]) -> String? {
        var candidates: Set<String>?
        var excluded: Set<String> = []
        for (set, positive) in literals {
            if set.cofinite == positive {
                // x ∈ everything-but-M, or x ∉ M: M is excluded.
                excluded.formUnion(set.members)
            } else {
                candidates = candidates.map { $0.intersection(set.members) } ?? set.members
            }
        }
        if let candidates {
            return candidates.subtracting(excluded).sorted { ($0.count, $0) < ($1.count, $1) }.first
        }
        return ConditionTranslator.freshString(avoiding: Array(excluded))
    }
}

/// The values a satisfying assignment gives the variables it constrains.
struct Assignment {
    var values: [VariableKey: Value] = [:]
    var present: Set<[String]> = []
    /// Optional properties the assignment requires to be nil.
    var absent: Set<[String]> = []
    /// Why no value could be chosen for some variable.
    var problem: String?

    init(search: Search, formula: Formula, types: TypeTable, meter: WorkMeter? = nil) {
        for (index, atom) in formula.atoms.enumerated() {
            guard let atom, let value = search.value(Lit(variable: index)) else { continue }
            switch atom {
            case .isTrue(let key): values[key] = .bool(value)
            case .present(let names):
                if value { present.insert(names) } else { absent.insert(names) }
            default: break
            }
        }
        for key in search.theoryKeysInUse {
            let literals = search.assigned(key)
            guard !literals.isEmpty else { continue }
            switch TheorySolver.solve(key, literals, types: types, meter: meter) {
            case .satisfiable(let value): values[key] = value
            case .unsatisfiable: problem = problem ?? "the values of \(key) contradict each other"
            case .unknown(let reason): problem = problem ?? reason
            }
        }
    }
}

/// Builds the witness item: every non-optional property set (the assignment's value, else a
/// plain default), optionals nil unless the assignment needs them.
struct WitnessBuilder {
    let types: TypeTable
    let assignment: Assignment

    /// Nested objects deeper than this are not built (a type that contains itself without an optional).
    static let maxDepth = 32

    func indexPath() -> ItemIndexPath {
        func number(_ key: VariableKey) -> Int {
            if case .int(let value)? = assignment.values[key] { return value }
            return 0
        }
        return ItemIndexPath(section: number(.section), item: number(.item))
    }

    /// A model whose dynamic type is `typeName`, or nil when one cannot be built.
    func model(of typeName: String) -> Value? {
        if let builtin = BuiltinType(rawValue: typeName) {
            return value(.builtin(builtin), names: [], depth: 0)
        }
        guard let declaration = types[typeName] else { return nil }
        if declaration.kind == .enum { return value(.model(typeName), names: [], depth: 0) }
        return object(typeName, names: [], depth: 0)
    }

    private func object(_ typeName: String, names: [String], depth: Int) -> Value? {
        guard depth < Self.maxDepth else { return nil }
        var properties: [String: Value] = [:]
        for property in types.properties(of: typeName) {
            let path = names + [property.name]
            if property.type.isOptional {
                guard assignment.present.contains(path) else { continue }
            }
            guard let value = value(property.type.unwrapped, names: path, depth: depth + 1) else { return nil }
            properties[property.name] = value
        }
        return .object(type: typeName, properties: properties)
    }

    private func value(_ type: TypeRef, names: [String], depth: Int) -> Value? {
        let conditionType = ConditionType(type, types: types)
        if let chosen = assignment.values[.model(names, conditionType)] { return chosen }
        switch type {
        case .builtin(.bool): return .bool(false)
        case .builtin(.int): return .int(0)
        case .builtin(.double): return .double(0)
        case .builtin(.string): return .string("")
        case .optional(let wrapped): return value(wrapped, names: names, depth: depth)
        case .model(let name):
            guard let declaration = types[name] else { return nil }
            if declaration.kind == .enum {
                return declaration.cases.first.map { .enumCase(type: name, name: $0.value) }
            }
            let concrete = declaration.isInstantiable ? name : types.instantiableTypes(thatAre: name).first
            return concrete.flatMap { object($0, names: names, depth: depth) }
        }
    }
}
