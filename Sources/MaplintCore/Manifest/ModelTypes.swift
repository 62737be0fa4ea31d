/// The builtin value types a manifest can name.
public enum BuiltinType: String, Sendable, Hashable, CaseIterable {
    case bool = "Bool"
    case int = "Int"
    case double = "Double"
    case string = "String"
}

/// A type as written in a manifest: a builtin, a declared model, or an optional of either.
public indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case builtin(BuiltinType)
    case model(String)
    case optional(TypeRef)

    /// Parses `Int`, `Post`, `Author?`, `Int??`. Model names are not checked here.
    public init?(parsing text: String) {
        // Trailing `?`s counted on the UTF-8 bytes, once each: linear however many there are.
        let utf8 = text.utf8
        var end = utf8.endIndex
        var depth = 0
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "?") {
            end = utf8.index(before: end)
            depth += 1
            if depth > 4 { return nil }
        }
        let name = Substring(text[..<end])
        // Deeper optionals mean nothing more and would only deepen recursion over the type.
        // A nested type is written qualified: `PostCell.Model`.
        guard depth <= 4, !name.isEmpty,
            name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(TypeRef.isIdentifier)
        else { return nil }
        var type: TypeRef = BuiltinType(rawValue: String(name)).map(TypeRef.builtin) ?? .model(String(name))
        for _ in 0..<depth { type = .optional(type) }
        self = type
    }

    /// A letter or `_`, then letters, digits 0-9 and `_` (letters as Unicode's Alphabetic property).
    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("0"..."9").contains($0) || isLetter($0) }
    }

    /// Unicode's Alphabetic property, answered without a property lookup for ASCII scalars (where
    /// it holds for exactly A-Z and a-z): nearly every name in a manifest is ASCII.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value | 0x20
            return value >= 0x61 && value <= 0x7A
        }
        return scalar.properties.isAlphabetic
    }

    /// The type with every level of optionality removed.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    public var name: String {
        switch self {
        case .builtin(let builtin): builtin.rawValue
        case .model(let name): name
        case .optional(let wrapped): wrapped.name + "?"
        }
    }

    public var description: String { name }
}

public enum ModelKind: String, Sendable, Hashable, CaseIterable {
    case `class`, `struct`, `protocol`, `enum`
}

public struct PropertyDecl: Sendable, Hashable {
    public var name: String
    public var type: TypeRef
    public var location: SourceLocation

    public init(name: String, type: TypeRef, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// A model type declared under `models:`.
public struct ModelDecl: Sendable, Hashable {
    public var name: String
    public var kind: ModelKind
    /// The superclass of a class.
    public var superclass: Located<String>?
    /// Parent protocols of a protocol; protocols a class or struct conforms to.
    public var protocols: [Located<String>]
    /// Properties declared on this type itself, in file order.
    public var properties: [PropertyDecl]
    /// Cases of an enum, in file order.
    public var cases: [Located<String>]
    public var location: SourceLocation

    public init(
        name: String, kind: ModelKind, superclass: Located<String>? = nil, protocols: [Located<String>] = [],
        properties: [PropertyDecl] = [], cases: [Located<String>] = [], location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.superclass = superclass
        self.protocols = protocols
        self.properties = properties
        self.cases = cases
        self.location = location
    }

    /// Whether a value of exactly this type can exist (protocols cannot be instantiated).
    public var isInstantiable: Bool { kind != .protocol }
}

/// The declared model types with their relations worked out once.
///
/// Build it only from declarations whose `superclass`/`protocols` name declared types and
/// contain no cycles (the manifest decoder checks both); anything else is ignored here.
public struct TypeTable: Sendable {
    public private(set) var declarations: [String: ModelDecl]
    /// Names in declaration order.
    public private(set) var order: [String]
    /// Every type a model type *is*: itself, its superclasses, and every protocol it conforms to.
    private var supertypes: [String: Set<String>]
    /// All properties of a type, own and inherited, by name.
    private var allProperties: [String: [String: PropertyDecl]]
    /// Instantiable declared types that *are* a type, in declaration order, by that type.
    private var instantiableSubtypes: [String: [String]]

    public init(_ declarations: [ModelDecl]) {
        self.declarations = [:]
        self.order = []
        for declaration in declarations where self.declarations[declaration.name] == nil {
            self.declarations[declaration.name] = declaration
            order.append(declaration.name)
        }
        supertypes = [:]
        allProperties = [:]
        instantiableSubtypes = [:]
        for name in order {
            supertypes[name] = computeSupertypes(of: name)
        }
        for name in order {
            allProperties[name] = computeProperties(of: name)
        }
        for name in order where self.declarations[name]?.isInstantiable == true {
            for supertype in supertypes[name] ?? [name] {
                instantiableSubtypes[supertype, default: []].append(name)
            }
        }
    }

    /// Iterative walk over superclass and protocol edges; tolerant of cycles and unknown names.
    private func computeSupertypes(of name: String) -> Set<String> {
        var seen: Set<String> = [name]
        var pending = [name]
        while let current = pending.popLast() {
            guard let declaration = declarations[current] else { continue }
            var parents = declaration.protocols.map(\.value)
            if let superclass = declaration.superclass { parents.append(superclass.value) }
            for parent in parents where declarations[parent] != nil && seen.insert(parent).inserted {
                pending.append(parent)
            }
        }
        return seen
    }

    private func computeProperties(of name: String) -> [String: PropertyDecl] {
        var result: [String: PropertyDecl] = [:]
        // The type's own declarations win over inherited ones; then superclasses, then protocols.
        for ancestor in linearizedAncestors(of: name) {
            for property in declarations[ancestor]?.properties ?? [] where result[property.name] == nil {
                result[property.name] = property
            }
        }
        return result
    }

    /// The type, then its superclass chain, then protocols, each once.
    private func linearizedAncestors(of name: String) -> [String] {
        var chain: [String] = []
        var seen: Set<String> = []
        var current: String? = name
        while let type = current, declarations[type] != nil, seen.insert(type).inserted {
            chain.append(type)
            current = declarations[type]?.superclass?.value
        }
        let protocols = (supertypes[name] ?? []).filter { !seen.contains($0) }.sorted()
        return chain + protocols
    }

    public subscript(name: String) -> ModelDecl? { declarations[name] }

    public func contains(_ name: String) -> Bool {
        declarations[name] != nil || BuiltinType(rawValue: name) != nil
    }

    /// Every known type name: builtins then declared models.
    public var allTypeNames: [String] { BuiltinType.allCases.map(\.rawValue) + order }

    /// Whether a value whose dynamic type is `concrete` *is* a `target`: the same type, a
    /// subclass, or a type conforming to the protocol (directly, via a superclass, or via
    /// protocol inheritance).
    public func isA(_ concrete: String, _ target: String) -> Bool {
        if concrete == target { return true }
        return supertypes[concrete]?.contains(target) ?? false
    }

    /// Whether `event.self is Mapping.Type` holds inside DT's generic mapping, where `Mapping` is
    /// the mapping's model type (ViewModelMapping.swift `modelTypeTypeCheckingBlock`, DTModelStorage
    /// 9.1.2 and 11.0.2). For a protocol `Mapping.Type` is the `.Protocol` metatype, so only the
    /// protocol itself matches, not a conforming type or a sub-protocol; a subclass matches its
    /// superclass; optionals match only optionals of matching types.
    public func metatypeMatches(_ event: TypeRef, _ mapping: TypeRef) -> Bool {
        switch (event, mapping) {
        case (.optional(let eventWrapped), .optional(let mappingWrapped)):
            return metatypeMatches(eventWrapped, mappingWrapped)
        case (.optional, _), (_, .optional):
            return false
        default:
            if event.name == mapping.name { return true }
            guard declarations[mapping.name]?.kind == .class else { return false }
            var seen: Set<String> = []
            var current = declarations[event.name]?.superclass?.value
            while let type = current, seen.insert(type).inserted {
                if type == mapping.name { return true }
                current = declarations[type]?.superclass?.value
            }
            return false
        }
    }

    /// All types `name` is, itself included.
    public func supertypes(of name: String) -> Set<String> {
        supertypes[name] ?? [name]
    }

    /// A property of a type, own or inherited.
    public func property(_ property: String, of type: String) -> PropertyDecl? {
        allProperties[type]?[property]
    }

    /// All properties of a type, own and inherited, by name (empty for an unknown type).
    func propertiesByName(of type: String) -> [String: PropertyDecl] {
        allProperties[type] ?? [:]
    }

    /// All properties of a type, own and inherited, sorted by name.
    public func properties(of type: String) -> [PropertyDecl] {
        (allProperties[type] ?? [:]).values.sorted { $0.name < $1.name }
    }

    /// Instantiable types (declared and builtin) that are a `target`, in a stable order.
    public func instantiableTypes(thatAre target: String) -> [String] {
        if let builtin = BuiltinType(rawValue: target) { return [builtin.rawValue] }
        return instantiableSubtypes[target] ?? []
    }
}
