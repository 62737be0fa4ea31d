import Foundation
import MaplintManifest

/// Verdicts shared by questions that differ only in the names of the model types they are about.
///
/// A manifest often repeats one pattern for many model types (`Post1` … `Post1000`, each with
/// the same properties and the same conditions). A question about registrations is decided from
/// their conditions, view type and model types alone: the solver reads a model type's kind, its
/// properties (own and inherited, by name), which of the types involved it is, and the
/// instantiable types each registration accepts, in order. Two questions whose registrations
/// read alike under a one-to-one renaming of those types (the *canonical form*) are decided
/// alike, with the witness renamed; so such a question is decided once, and a renamed witness is
/// still checked by evaluating the conditions on it before it is used.
///
/// The renaming is only used where nothing else can tell the types apart: no condition text
/// names a renamed type, no property (followed through properties and subtypes) has a renamed
/// type, no renamed type is an enum, no condition reads a class or struct model as a whole, and
/// no opaque condition takes part. Anything else is decided on its own, as before.
final class SharedVerdicts: @unchecked Sendable {
    struct Key: Hashable {
        /// The view type's element (`cell`, `header`, …): where the host asks for it.
        var element: String
        /// Per registration: its condition as written (`section 3`, `custom …`), interned.
        var conditions: [Int]
        /// Per registration: its model type's position in `names`, its optionality, then the
        /// count and positions of the instantiable types it accepts.
        var layout: [Int]
        /// Per type in `names`: what the solver reads of it (builtins by name).
        var signatures: [Int]
        /// `isA` between the types in `names`, row by row.
        var relations: [Bool]
    }

    /// A question's canonical form and the type names its positions stand for.
    struct Form {
        var key: Key
        var names: [String]
    }

    private struct Entry<Verdict> {
        var verdict: Verdict
        var names: [String]
    }

    private let lock = NSLock()
    private var pairs: [Key: Entry<PairVerdict>] = [:]
    private var coverage: [Key: Entry<CoverageVerdict>] = [:]
    private var signatureIDs: [String: Int] = [:]
    /// Type name → its signature id, or nil when the type cannot be renamed (enums, unknown names).
    private var typeSignatures: [String: Int?] = [:]
    /// Type name → the declared types its properties lead to (through properties and subtypes).
    private var reachable: [String: Set<String>] = [:]

    // MARK: Canonical forms

    /// What one registration adds to a canonical form, worked out once per registration (a
    /// question only combines its registrations' parts).
    private struct Part {
        /// What the part was worked out from: a registration with the same index but another
        /// model type or condition (a rule's variant of it) gets its own.
        var modelType: TypeRef
        var condition: ConditionIdentity
        /// False when a question with this registration has no form.
        var usable: Bool
        /// Its condition as written, interned (`section 3`, `custom …`).
        var conditionID: Int
        /// Its model type's name, then the instantiable types it accepts (as interned ids too).
        var names: [String]
        var nameIDs: [Int]
        var optionalDepth: Int
        /// The declared types its condition text mentions, by id.
        var mentioned: Set<Int>
        /// The declared types its declared names lead to through properties, by id.
        var reachable: Set<Int>
        /// Whether `names[i]` is declared, and what the solver reads of it.
        var declared: [Bool]
        var signatures: [Int]
        /// Per name, the ids of the types it is (`TypeTable.isA`), itself included.
        var supertypeIDs: [Set<Int>]
    }

    private enum ConditionIdentity: Equatable {
        case none
        case section(Int)
        case custom(String)
        case opaque

        init(_ condition: RegistrationCondition) {
            switch condition {
            case .none: self = .none
            case .section(let section): self = .section(section.value)
            case .custom(let compiled): self = .custom(compiled.source)
            case .opaque: self = .opaque
            }
        }
    }

    private var parts: [Int: Part] = [:]
    private var conditionIDs: [String: Int] = [:]
    private var nameIDs: [String: Int] = [:]
    /// Declared type names with a dot (`PostCell.Model`): looked for in condition texts as text.
    private var dottedNames: [String]?

    private func nameID(_ name: String) -> Int { Self.intern(name, in: &nameIDs) }

    /// Name id → the ids of the types it is, worked out once per name.
    private var supertypeIDs: [Int: Set<Int>] = [:]

    private func supertypeIDs(of name: String, id: Int, types: TypeTable) -> Set<Int> {
        if let known = supertypeIDs[id] { return known }
        let made = Set(types.supertypes(of: name).map(nameID))
        supertypeIDs[id] = made
        return made
    }

    /// The number `key` has in `ids`: the next one unused when it has none yet.
    private static func intern<Key: Hashable>(_ key: Key, in ids: inout [Key: Int]) -> Int {
        if let known = ids[key] { return known }
        let id = ids.count
        ids[key] = id
        return id
    }

    private func part(of registration: Registration, types: TypeTable) -> Part {
        let modelType = registration.modelType.value
        let identity = ConditionIdentity(registration.condition)
        if let known = parts[registration.index], known.modelType == modelType, known.condition == identity {
            return known
        }
        let made = makePart(of: registration, types: types)
        parts[registration.index] = made
        return made
    }

    private func makePart(of registration: Registration, types: TypeTable) -> Part {
        let modelType = registration.modelType.value
        let modelName = modelType.unwrapped.name
        var usable = true
        // A declared type no other type reads alike cannot be renamed into another question:
        // nothing to share, so no form is worked out.
        if types[modelName] != nil {
            let counts = signatureCounts(types)
            let alike = signature(of: modelName, types: types).map { counts[$0, default: 0] > 1 } ?? false
            if !alike { usable = false }
        }
        let condition: String
        var mentionedNames: Set<String> = []
        switch registration.condition {
        case .none: condition = ""
        case .section(let section): condition = "section \(section.value)"
        case .custom(let compiled):
            let facts = facts(of: compiled)
            // A class or struct model read as a whole would name its type in the formula.
            if types[modelName] != nil, facts.readsWholeModel { usable = false }
            condition = "custom " + compiled.source
            // The declared types the text names: a nested type's name (`PostCell.Model`) is more
            // than one word, so it is looked for as text.
            for word in facts.words {
                let name = String(word)
                if types[name] != nil { mentionedNames.insert(name) }
            }
            for name in dotted(types) where compiled.source.contains(name) { mentionedNames.insert(name) }
        case .opaque:
            condition = ""
            usable = false
        }
        let conditionID = Self.intern(condition, in: &conditionIDs)
        let names = [modelName] + types.instantiableTypes(thatAre: modelName)
        // A form holds `isA` between every two of its types: with many types (a model type at
        // the root of a long chain of subclasses) it would cost more than the question.
        if names.count > Self.maxNamesPerPart { usable = false }
        var declared: [Bool] = []
        var signatures: [Int] = []
        var reachable: Set<Int> = []
        // A part that cannot be used in a form needs nothing more.
        for name in usable ? names : [] {
            // Every name of the question must be renamable.
            if let signature = signature(of: name, types: types) {
                signatures.append(signature)
            } else {
                usable = false
                signatures.append(-1)
            }
            let isDeclared = types[name] != nil
            declared.append(isDeclared)
            if isDeclared { reachable.formUnion(reachableTypes(from: name, types: types).map(nameID)) }
        }
        let ids = usable ? names.map(nameID) : []
        return Part(
            modelType: modelType, condition: ConditionIdentity(registration.condition), usable: usable,
            conditionID: conditionID, names: names, nameIDs: ids,
            optionalDepth: modelType.name.count - modelName.count, mentioned: Set(mentionedNames.map(nameID)),
            reachable: reachable, declared: declared, signatures: signatures,
            supertypeIDs: usable ? zip(names, ids).map { supertypeIDs(of: $0, id: $1, types: types) } : [])
    }

    private func dotted(_ types: TypeTable) -> [String] {
        if let dottedNames { return dottedNames }
        let found = types.order.filter { $0.utf8.contains(UInt8(ascii: ".")) }
        dottedNames = found
        return found
    }

    func form(of first: Registration, _ second: Registration, types: TypeTable) -> Form? {
        lock.lock()
        defer { lock.unlock() }
        return form(
            of: [part(of: first, types: types), part(of: second, types: types)], element: first.viewType.elementName,
            types: types)
    }

    func form(of registration: Registration, by earlier: [Registration], types: TypeTable) -> Form? {
        lock.lock()
        defer { lock.unlock() }
        var parts = [part(of: registration, types: types)]
        parts.reserveCapacity(earlier.count + 1)
        for other in earlier { parts.append(part(of: other, types: types)) }
        return form(of: parts, element: registration.viewType.elementName, types: types)
    }

    func form(of registrations: [Registration], types: TypeTable) -> Form? {
        lock.lock()
        defer { lock.unlock() }
        return form(
            of: registrations.map { part(of: $0, types: types) },
            element: registrations.first?.viewType.elementName ?? "", types: types)
    }

    /// Most types one registration may bring to a form (its model type and the instantiable types
    /// it accepts); a registration with more is decided on its own.
    static let maxNamesPerPart = 64

    /// Up to this many distinct types, a form finds a type's position by looking through them.
    static let directPositionLimit = 16

    private func form(of parts: [Part], element: String, types: TypeTable) -> Form? {
        guard parts.allSatisfy(\.usable) else { return nil }
        var names: [String] = []
        var ids: [Int] = []
        var declared: [Bool] = []
        var signatures: [Int] = []
        var supertypes: [Set<Int>] = []
        // A question names a few types: they are looked for in `ids` directly, and through a
        // dictionary only once there are more than `Self.directPositionLimit`.
        var positions: [Int: Int]?
        var conditions: [Int] = []
        var layout: [Int] = []
        let nameCount = parts.reduce(0) { $0 + $1.nameIDs.count }
        // A pair's form would otherwise grow each of these a few times. Repeated names are counted
        // too, so a coverage question with many earlier registrations of a few types reserves no
        // more than the types looked through directly (a stored verdict keeps `names`).
        let distinctBound = min(nameCount, Self.directPositionLimit)
        names.reserveCapacity(distinctBound)
        ids.reserveCapacity(distinctBound)
        declared.reserveCapacity(distinctBound)
        signatures.reserveCapacity(distinctBound)
        supertypes.reserveCapacity(distinctBound)
        conditions.reserveCapacity(parts.count)
        layout.reserveCapacity(nameCount + 2 * parts.count)
        for part in parts {
            conditions.append(part.conditionID)
            for (offset, id) in part.nameIDs.enumerated() {
                let position: Int
                if let known = positions.map({ $0[id] }) ?? ids.firstIndex(of: id) {
                    position = known
                } else {
                    position = names.count
                    names.append(part.names[offset])
                    ids.append(id)
                    declared.append(part.declared[offset])
                    signatures.append(part.signatures[offset])
                    supertypes.append(part.supertypeIDs[offset])
                    if positions != nil {
                        positions?[id] = position
                    } else if ids.count > Self.directPositionLimit {
                        positions = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
                    }
                }
                layout.append(position)
                if offset == 0 {
                    layout.append(part.optionalDepth)
                    layout.append(part.nameIDs.count - 1)
                }
            }
        }
        if Self.renamedTypeShows(in: parts, ids: ids, declared: declared) { return nil }
        let key = Key(
            element: element, conditions: conditions, layout: layout, signatures: signatures,
            relations: Self.relations(ids: ids, supertypes: supertypes))
        return Form(key: key, names: names)
    }

    /// Whether a type the form renames shows anywhere but where the renaming puts it: in a
    /// condition's text, or behind a property of a renamed type.
    private static func renamedTypeShows(in parts: [Part], ids: [Int], declared: [Bool]) -> Bool {
        for part in parts where !part.mentioned.isEmpty || !part.reachable.isEmpty {
            for (offset, id) in ids.enumerated() where declared[offset] {
                if part.mentioned.contains(id) { return true }
            }
            for id in ids where part.reachable.contains(id) { return true }
        }
        return false
    }

    /// `types.isA` by ids, for every ordered pair of the form's types.
    private static func relations(ids: [Int], supertypes: [Set<Int>]) -> [Bool] {
        var relations: [Bool] = []
        relations.reserveCapacity(ids.count * ids.count)
        for (position, id) in ids.enumerated() {
            for other in ids { relations.append(other == id || supertypes[position].contains(other)) }
        }
        return relations
    }

    /// What matters of a condition's text here, worked out once per text.
    private struct ConditionFacts {
        /// Whether some path reads the model itself, without a property.
        var readsWholeModel: Bool
        /// The identifiers the text holds (a type name it mentions is one of them).
        var words: Set<Substring>
    }

    private var conditionFacts: [String: ConditionFacts] = [:]

    private func facts(of condition: CompiledCondition) -> ConditionFacts {
        if let known = conditionFacts[condition.source] { return known }
        let source = condition.source
        let isWordCharacter = { (character: Character) in character == "_" || character.isLetter || character.isNumber }
        let facts = ConditionFacts(
            readsWholeModel: condition.paths.contains { $0.root == .model && $0.steps.isEmpty },
            words: Set(source.split(whereSeparator: { !isWordCharacter($0) })))
        conditionFacts[source] = facts
        return facts
    }

    private var counts: [Int: Int]?

    /// How many declared types have each signature.
    private func signatureCounts(_ types: TypeTable) -> [Int: Int] {
        if let counts { return counts }
        var found: [Int: Int] = [:]
        for name in types.order {
            if let signature = signature(of: name, types: types) { found[signature, default: 0] += 1 }
        }
        counts = found
        return found
    }

    /// What the solver reads of a type, as an id; nil when it cannot be renamed.
    private func signature(of name: String, types: TypeTable) -> Int? {
        if let known = typeSignatures[name] { return known }
        let text: String?
        if BuiltinType(rawValue: name) != nil {
            text = "builtin " + name
        } else if let declaration = types[name], declaration.kind != .enum {
            text = declaration.kind.rawValue + " " + types.propertyList(of: name)
        } else {
            text = nil
        }
        let id = text.map { Self.intern($0, in: &signatureIDs) }
        typeSignatures[name] = id
        return id
    }

    /// The declared types a value of `name` can hold through its properties, at any depth.
    private func reachableTypes(from name: String, types: TypeTable) -> Set<String> {
        if let known = reachable[name] { return known }
        var found: Set<String> = []
        var pending = [name]
        while let current = pending.popLast() {
            for property in types.properties(of: current) {
                guard case .model(let target) = property.type.unwrapped else { continue }
                for type in [target] + types.instantiableTypes(thatAre: target) where found.insert(type).inserted {
                    pending.append(type)
                }
            }
        }
        reachable[name] = found
        return found
    }

    // MARK: Verdicts

    func pairVerdict(for form: Form) -> PairVerdict? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = pairs[form.key] else { return nil }
        switch entry.verdict {
        case .intersecting(let witness):
            return .intersecting(Self.renamed(witness, from: entry.names, to: form.names))
        case .disjoint, .unknown: return entry.verdict
        }
    }

    func store(_ verdict: PairVerdict, for form: Form) {
        if case .unknown(let reason, let parts) = verdict,
            !([reason] + parts).allSatisfy({ Self.isShareable($0, names: form.names) })
        {
            return
        }
        lock.lock()
        defer { lock.unlock() }
        pairs[form.key] = Entry(verdict: verdict, names: form.names)
    }

    func coverageVerdict(for form: Form) -> CoverageVerdict? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = coverage[form.key] else { return nil }
        switch entry.verdict {
        case .reachable(let witness):
            return .reachable(Self.renamed(witness, from: entry.names, to: form.names))
        case .covered, .unknown: return entry.verdict
        }
    }

    func store(_ verdict: CoverageVerdict, for form: Form) {
        if case .unknown(let reason) = verdict, !Self.isShareable(reason, names: form.names) { return }
        lock.lock()
        defer { lock.unlock() }
        coverage[form.key] = Entry(verdict: verdict, names: form.names)
    }

    /// A reason naming one of the question's types would name it for every renamed question too.
    private static func isShareable(_ reason: String, names: [String]) -> Bool {
        !names.contains { BuiltinType(rawValue: $0) == nil && reason.contains($0) }
    }

    static func renamed(_ witness: Witness, from old: [String], to new: [String]) -> Witness {
        guard old != new else { return witness }
        var result = witness
        result.model = renamed(witness.model, from: old.prefix(new.count), to: new)
        return result
    }

    /// `value` with every type in `old` replaced by the one at its position in `new` (the last
    /// position when a name repeats). A question has a few names: they are looked through directly.
    private static func renamed(_ value: Value, from old: ArraySlice<String>, to new: [String]) -> Value {
        switch value {
        case .object(let type, let properties):
            let renamedType = old.lastIndex(of: type).map { new[$0 - old.startIndex] } ?? type
            // Properties holding only plain values stay as they are: no new dictionary.
            let nested = properties.values.contains { value in
                switch value {
                case .object, .array: true
                default: false
                }
            }
            return .object(
                type: renamedType,
                properties: nested ? properties.mapValues { renamed($0, from: old, to: new) } : properties)
        case .array(let elements): return .array(elements.map { renamed($0, from: old, to: new) })
        default: return value
        }
    }
}
