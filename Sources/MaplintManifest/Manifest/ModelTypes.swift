import Foundation
import MaplintFindings

/// The builtin value types a manifest can name.
package enum BuiltinType: String, Sendable, Hashable, CaseIterable {
    case bool = "Bool"
    case int = "Int"
    case double = "Double"
    case string = "String"
}

/// A type as written in a manifest: a builtin, a declared model, or an optional of either.
package indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case builtin(BuiltinType)
    case model(String)
    case optional(TypeRef)

    /// Parses `Int`, `Post`, `Author?`, `Int??`. Model names are not checked here.
    package init?(parsing text: String) {
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

    /// A view class name: a type name (`PostCell`, `Module.PostCell`), or a generic class with its
    /// arguments (`ValueCell<String>`, `Pair<Int, Feed.Post>`), each argument a type name or a generic
    /// one in turn, arguments separated by a comma and optional blanks. Nested at most 8 deep.
    static func isViewClassName(_ text: String) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        return viewClassName(&scalars, depth: 0) && scalars.isEmpty
    }

    /// Reads a view class name off the front of `rest`.
    private static func viewClassName(_ rest: inout ArraySlice<Unicode.Scalar>, depth: Int) -> Bool {
        guard depth <= 8 else { return false }
        // Dotted identifiers.
        while true {
            var identifier = String.UnicodeScalarView()
            while let next = rest.first, next != ".", next != "<", next != ">", next != ",", next != " " {
                identifier.append(next)
                rest = rest.dropFirst()
            }
            guard isIdentifier(Substring(String(identifier))) else { return false }
            guard rest.first == "." else { break }
            rest = rest.dropFirst()
        }
        guard rest.first == "<" else { return true }
        rest = rest.dropFirst()
        while true {
            guard viewClassName(&rest, depth: depth + 1) else { return false }
            if rest.first == ">" {
                rest = rest.dropFirst()
                return true
            }
            guard rest.first == "," else { return false }
            rest = rest.dropFirst()
            while rest.first == " " { rest = rest.dropFirst() }
        }
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
    package var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    package var name: String {
        switch self {
        case .builtin(let builtin): builtin.rawValue
        case .model(let name): name
        case .optional(let wrapped): wrapped.name + "?"
        }
    }

    package var description: String { name }
}

package enum ModelKind: String, Sendable, Hashable, CaseIterable {
    case `class`, `struct`, `protocol`, `enum`
}

package struct PropertyDecl: Sendable, Hashable {
    package var name: String
    package var type: TypeRef
    package var location: SourceLocation

    package init(name: String, type: TypeRef, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// A model type declared under `models:`.
package struct ModelDecl: Sendable, Hashable {
    package var name: String
    package var kind: ModelKind
    /// The superclass of a class.
    package var superclass: Located<String>?
    /// Parent protocols of a protocol; protocols a class or struct conforms to.
    package var protocols: [Located<String>]
    /// Properties declared on this type itself, in file order.
    package var properties: [PropertyDecl]
    /// Cases of an enum, in file order.
    package var cases: [Located<String>]
    /// An enum's raw type (`String` or `Int`); nil when it has none.
    package var rawType: BuiltinType?
    /// An enum with a raw type: each case's raw value (`.string` or `.int`), as Swift assigns
    /// them: given, or the case name (String), or one more than the previous case's (Int, from 0).
    package var rawValues: [String: Value]
    package var location: SourceLocation

    package init(
        name: String, kind: ModelKind, superclass: Located<String>? = nil, protocols: [Located<String>] = [],
        properties: [PropertyDecl] = [], cases: [Located<String>] = [], rawType: BuiltinType? = nil,
        rawValues: [String: Value] = [:], location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.superclass = superclass
        self.protocols = protocols
        self.properties = properties
        self.cases = cases
        self.rawType = rawType
        self.rawValues = rawValues
        self.location = location
    }

    /// Whether a value of exactly this type can exist (protocols cannot be instantiated).
    package var isInstantiable: Bool { kind != .protocol }
}

/// The declared model types with their relations.
///
/// Build it only from declarations whose `superclass`/`protocols` name declared types and
/// contain no cycles (the manifest decoder checks both); anything else is ignored here.
///
/// Every walk over the relations is iterative and costs time in proportion to what it answers,
/// so a long inheritance chain (`M1` inherits `M0`, …, `M7999` inherits `M7998`) is read in
/// linear time: subclass tests use the position of each class in one depth-first walk of the
/// class tree (a class is a subclass of another when its walk interval lies inside the other's);
/// protocol conformance, the instantiable subtypes of a type and a type's properties are worked
/// out when first asked, once, and shared between the classes of a chain that add nothing.
package struct TypeTable: Sendable {
    package private(set) var declarations: [String: ModelDecl]
    /// Names in declaration order.
    package private(set) var order: [String]
    /// Declared types → the declared types that name them as superclass or protocol.
    private var children: [String: [String]]
    /// The walk interval of each class reachable from a root class of the superclass tree.
    private var classIntervals: [String: ClassInterval]
    /// What is worked out when first asked.
    private let cache: TypeTableCache
    /// What is worked out once for the tables of several manifests, for the types it names.
    private let shared: SharedTypeFacts?

    private struct ClassInterval: Sendable {
        var enter: Int
        var exit: Int
    }

    /// - Parameter shared: facts shared with other tables, for the types it names: this table
    ///   must declare each of those it holds as they do, and every type each of them inherits.
    package init(_ declarations: [ModelDecl], shared: SharedTypeFacts? = nil) {
        self.shared = shared
        self.declarations = [:]
        self.order = []
        for declaration in declarations where self.declarations[declaration.name] == nil {
            self.declarations[declaration.name] = declaration
            order.append(declaration.name)
        }
        children = [:]
        var subclasses: [String: [String]] = [:]
        var roots: [String] = []
        for name in order {
            guard let declaration = self.declarations[name] else { continue }
            for parent in Self.parents(of: declaration) where self.declarations[parent] != nil {
                children[parent, default: []].append(name)
            }
            if declaration.kind == .class {
                if let superclass = declaration.superclass?.value, self.declarations[superclass] != nil {
                    subclasses[superclass, default: []].append(name)
                } else {
                    roots.append(name)
                }
            }
        }
        // One iterative depth-first walk of the class forest: each class gets the step it is
        // entered at and the step its last subclass is left at.
        classIntervals = [:]
        var clock = 0
        for root in roots {
            var pending: [(name: String, next: Int)] = [(root, 0)]
            classIntervals[root] = ClassInterval(enter: clock, exit: clock)
            clock += 1
            while let top = pending.last {
                let below = subclasses[top.name] ?? []
                if top.next < below.count {
                    pending[pending.count - 1].next += 1
                    let child = below[top.next]
                    guard classIntervals[child] == nil else { continue }
                    classIntervals[child] = ClassInterval(enter: clock, exit: clock)
                    clock += 1
                    pending.append((child, 0))
                } else {
                    classIntervals[top.name]?.exit = clock
                    pending.removeLast()
                }
            }
        }
        cache = TypeTableCache()
    }

    /// The superclass, then the protocols, as declared.
    private static func parents(of declaration: ModelDecl) -> [String] {
        (declaration.superclass.map { [$0.value] } ?? []) + declaration.protocols.map(\.value)
    }

    package subscript(name: String) -> ModelDecl? { declarations[name] }

    /// The model types every value is, which a manifest names without declaring them: `Any` and
    /// `AnyObject`. DTModelStorage matches a model to a mapping with `$0 is T.ModelType`
    /// (ViewModelMapping.swift, `modelTypeCheckingBlock`, 7.4.1, 8.1.0; `init(viewClass:)` and the
    /// `View.ModelType` initialisers, 9.1.2, 11.0.2), after unwrapping optionals
    /// (`RuntimeHelper.recursivelyUnwrapAnyValue`): `is Any` holds for every value, and so does
    /// `is AnyObject`, a value type being boxed (swiftc). Such a mapping takes every item of its
    /// view type. A model-keyed event is another check (`metatypeMatches`): only `Any.self` is `Any.Type` there.
    package static let universalTypes: Set<String> = ["Any", "AnyObject"]

    /// Whether every value is a `name` (`universalTypes`).
    package static func isUniversal(_ name: String) -> Bool { universalTypes.contains(name) }

    package func contains(_ name: String) -> Bool {
        declarations[name] != nil || BuiltinType(rawValue: name) != nil || Self.isUniversal(name)
    }

    /// Every known type name: builtins then declared models.
    var allTypeNames: [String] { BuiltinType.allCases.map(\.rawValue) + order }

    /// Whether `subclass` is `superclass` or inherits from it, in constant time.
    private func isSubclass(_ subclass: String, of superclass: String) -> Bool {
        guard let inner = classIntervals[subclass], let outer = classIntervals[superclass] else {
            return subclass == superclass
        }
        return outer.enter <= inner.enter && inner.exit <= outer.exit
    }

    /// Whether a value whose dynamic type is `concrete` *is* a `target`: the same type, a
    /// subclass, or a type conforming to the protocol (directly, via a superclass, or via
    /// protocol inheritance).
    package func isA(_ concrete: String, _ target: String) -> Bool {
        if concrete == target || Self.isUniversal(target) { return true }
        guard let kind = declarations[target]?.kind, declarations[concrete] != nil else { return false }
        switch kind {
        case .class: return isSubclass(concrete, of: target)
        case .protocol: return subtypes(of: target).contains(concrete)
        case .struct, .enum: return false
        }
    }

    /// Whether `event.self is Mapping.Type` holds inside DT's generic mapping, where `Mapping` is
    /// the mapping's model type (ViewModelMapping.swift `modelTypeTypeCheckingBlock`, DTModelStorage
    /// 9.1.2 and 11.0.2). For a protocol `Mapping.Type` is the `.Protocol` metatype, so only the
    /// protocol itself matches, not a conforming type or a sub-protocol; a subclass matches its
    /// superclass. An optional metatype does not inherit: `Optional<VideoPost>.self is Optional<Post>.Type`
    /// is false, so an optional matches only the same optional type (checked with swiftc by
    /// Tests/Programs/ModelKeyedEventMetatypes.swift).
    package func metatypeMatches(_ event: TypeRef, _ mapping: TypeRef) -> Bool {
        switch (event, mapping) {
        case (.optional(let eventWrapped), .optional(let mappingWrapped)):
            return eventWrapped == mappingWrapped
        case (.optional, _), (_, .optional):
            return false
        default:
            if event.name == mapping.name { return true }
            guard declarations[mapping.name]?.kind == .class, declarations[event.name]?.kind == .class else {
                return false
            }
            return isSubclass(event.name, of: mapping.name)
        }
    }

    /// All types `name` is, itself included: its superclasses and every protocol it conforms to.
    /// Worked out for each type when first asked, in time proportional to the answer.
    package func supertypes(of name: String) -> Set<String> {
        if let known = cache.read({ $0.supertypes[name] }) { return known }
        var seen: Set<String> = [name]
        var pending = [name]
        while let current = pending.popLast() {
            guard let declaration = declarations[current] else { continue }
            for parent in Self.parents(of: declaration)
            where declarations[parent] != nil && seen.insert(parent).inserted {
                pending.append(parent)
            }
        }
        cache.write { $0.supertypes[name] = seen }
        return seen
    }

    /// The declared types that are `name` (itself, its subclasses, the types conforming to it),
    /// by a walk down the relations, once per type asked.
    private func subtypes(of name: String) -> Set<String> {
        if let known = cache.read({ $0.subtypes[name] }) { return known }
        var seen: Set<String> = [name]
        var pending = [name]
        while let current = pending.popLast() {
            for child in children[current] ?? [] where seen.insert(child).inserted {
                pending.append(child)
            }
        }
        cache.write { $0.subtypes[name] = seen }
        return seen
    }

    /// Instantiable types (declared and builtin) that are a `target`, in declaration order.
    package func instantiableTypes(thatAre target: String) -> [String] {
        if let builtin = BuiltinType(rawValue: target) { return [builtin.rawValue] }
        if Self.isUniversal(target) {
            return BuiltinType.allCases.map(\.rawValue) + order.filter { declarations[$0]?.isInstantiable == true }
        }
        guard declarations[target] != nil else { return [] }
        if let known = cache.read({ $0.instantiable[target] }) { return known }
        let positions = cache.read { $0.positions } ?? makePositions()
        let found = subtypes(of: target).filter { declarations[$0]?.isInstantiable == true }
            .sorted { (positions[$0] ?? 0) < (positions[$1] ?? 0) }
        cache.write { $0.instantiable[target] = found }
        return found
    }

    private func makePositions() -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, name) in order.enumerated() { positions[name] = position }
        cache.write { $0.positions = positions }
        return positions
    }

    /// A property of a type, own or inherited.
    package func property(_ property: String, of type: String) -> PropertyDecl? {
        propertiesByName(of: type)[property]
    }

    /// All properties of a type, own and inherited, by name (empty for an unknown type). The
    /// type's own declarations win over inherited ones; then its superclasses, nearest first;
    /// then the protocols it conforms to (directly, through a superclass or by inheritance), the
    /// first by name declaring the property.
    func propertiesByName(of type: String) -> [String: PropertyDecl] {
        guard declarations[type] != nil else { return [:] }
        if let shared, shared.names.contains(type) {
            return shared.properties(of: type) { workOutPropertiesByName(of: type) }
        }
        return workOutPropertiesByName(of: type)
    }

    private func workOutPropertiesByName(of type: String) -> [String: PropertyDecl] {
        if let known = cache.read({ $0.properties[type] }) { return known }
        // The types it depends on (superclass, protocols) first, by an explicit depth-first walk;
        // each type costs what it adds, and one that adds nothing shares the tables it inherits.
        var pending: [(name: String, expanded: Bool)] = [(type, false)]
        var inProgress: Set<String> = []
        while let (name, expanded) = pending.popLast() {
            guard let declaration = declarations[name], cache.read({ $0.properties[name] }) == nil else { continue }
            let parents = Self.parents(of: declaration).filter { declarations[$0] != nil }
            if !expanded {
                guard inProgress.insert(name).inserted else { continue }
                pending.append((name, true))
                for parent in parents where !inProgress.contains(parent) { pending.append((parent, false)) }
                continue
            }
            inProgress.remove(name)
            workOutProperties(of: declaration, parents: parents)
        }
        return cache.read { $0.properties[type] } ?? [:]
    }

    /// The property tables of one type whose superclass and protocols are worked out already.
    private func workOutProperties(of declaration: ModelDecl, parents: [String]) {
        let name = declaration.name
        let superclass = declaration.superclass.map(\.value).flatMap { declarations[$0] != nil ? $0 : nil }
        let protocols = parents.filter { $0 != superclass }
        let inherited =
            superclass.flatMap { parent in cache.read { $0.inherited(parent) } } ?? TypeTableCache.Inherited()
        // Own over the superclass chain's.
        var chain = inherited.chain
        for property in declaration.properties { chain[property.name] = property }
        // Per property name, the first protocol by name that declares it.
        var fromProtocols = inherited.fromProtocols
        func merge(_ other: TypeTableCache.ProtocolProperties) {
            if fromProtocols.owners.isEmpty {
                fromProtocols = other
                return
            }
            for (property, owner) in other.owners {
                if let current = fromProtocols.owners[property], current <= owner { continue }
                fromProtocols.owners[property] = owner
                fromProtocols.declarations[property] = other.declarations[property]
            }
        }
        for parent in protocols {
            merge(cache.read { $0.inherited(parent) }?.fromProtocols ?? TypeTableCache.ProtocolProperties())
        }
        if declaration.kind == .protocol, !declaration.properties.isEmpty {
            var own = TypeTableCache.ProtocolProperties()
            for property in declaration.properties {
                own.owners[property.name] = name
                own.declarations[property.name] = property
            }
            merge(own)
        }
        let all: [String: PropertyDecl]
        if declaration.properties.isEmpty, protocols.isEmpty, let superclass,
            let shared = cache.read({ $0.properties[superclass] })
        {
            all = shared
        } else if fromProtocols.owners.isEmpty {
            all = chain
        } else if chain.isEmpty {
            all = fromProtocols.declarations
        } else {
            var merged = chain
            for (property, declared) in fromProtocols.declarations where merged[property] == nil {
                merged[property] = declared
            }
            all = merged
        }
        cache.write {
            $0.chainProperties[name] = chain
            $0.protocolProperties[name] = fromProtocols
            $0.properties[name] = all
        }
    }

    /// All properties of a type, own and inherited, sorted by name.
    package func properties(of type: String) -> [PropertyDecl] {
        if let shared, declarations[type] != nil, shared.names.contains(type) {
            return shared.sortedProperties(of: type) { propertiesByName(of: type).values.sorted { $0.name < $1.name } }
        }
        return propertiesByName(of: type).values.sorted { $0.name < $1.name }
    }

    /// The properties of a type as `name: Type`, sorted by name, joined by commas.
    package func propertyList(of type: String) -> String {
        func make() -> String { properties(of: type).map { "\($0.name): \($0.type.name)" }.joined(separator: ", ") }
        if let shared, declarations[type] != nil, shared.names.contains(type) {
            return shared.propertyText(of: type, make)
        }
        return make()
    }
}

/// The relations of a `TypeTable` worked out when first asked, shared by its copies. Locked: the
/// analyses of several manifests run at once, each with its own table, and a table may be read
/// from more than one thread.
private final class TypeTableCache: @unchecked Sendable {
    /// The properties a type gets from protocols: per name, the declaration of the first
    /// protocol by name that declares it, and that protocol.
    struct ProtocolProperties {
        var owners: [String: String] = [:]
        var declarations: [String: PropertyDecl] = [:]
    }

    /// What a type hands down to the types that inherit from it or conform to it.
    struct Inherited {
        var chain: [String: PropertyDecl] = [:]
        var fromProtocols = ProtocolProperties()
    }

    struct Values {
        var supertypes: [String: Set<String>] = [:]
        var subtypes: [String: Set<String>] = [:]
        var instantiable: [String: [String]] = [:]
        var positions: [String: Int]?
        /// Own and superclass properties, without those of protocols.
        var chainProperties: [String: [String: PropertyDecl]] = [:]
        /// The properties from the protocols a type conforms to (a protocol's own included).
        var protocolProperties: [String: ProtocolProperties] = [:]
        var properties: [String: [String: PropertyDecl]] = [:]

        func inherited(_ name: String) -> Inherited {
            Inherited(
                chain: chainProperties[name] ?? [:], fromProtocols: protocolProperties[name] ?? ProtocolProperties())
        }
    }

    private let lock = NSLock()
    private var values = Values()

    func read<T>(_ body: (Values) -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return body(values)
    }

    func write(_ body: (inout Values) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&values)
    }
}
