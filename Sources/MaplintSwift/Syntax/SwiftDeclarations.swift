import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// A type declared in the Swift sources, with what its extensions add.
final class DeclaredType {
    enum Kind: String { case `class`, `struct`, `enum`, `protocol`, extensionOnly }

    let name: String
    var kind: Kind
    var location: SourceLocation
    /// Names in inheritance clauses, declaration first, then extensions, in file order.
    var inherited: [Located<String>] = []
    /// Whether the first name of the declaration's own inheritance clause may be a superclass.
    var firstInheritedIsDeclarationClause = false
    var properties: [PropertyDecl] = []
    var cases: [Located<String>] = []
    /// The raw values written as literals (`case video = "v"`), by case name.
    var rawValues: [String: Located<Value>] = [:]
    /// Some case has a raw value that is not a plain literal: none of them is known.
    var hasUnreadRawValue = false
    /// `typealias ModelType = X` or `func update(with model: X)`.
    var modelType: Located<String>?
    /// Such a model type that has no name a manifest can use (a tuple, a closure type).
    var unnamedModelType: String?
    /// `associatedtype Item` of a protocol.
    var associatedTypes: Set<String> = []
    /// `typealias Item = Foo` (not generic) of the type or its extensions: the first of each name.
    var typeAliases: [String: Located<String>] = [:]
    var isGeneric = false
    /// The generic parameters of a generic class (`T` of `ValueCell<T>`), in order.
    var genericParameters: [String] = []
    var functions: [DeclaredFunction] = []
    /// Stored properties whose type is a manager, with its host.
    var managerProperties: [String: Host] = [:]
    /// Stored properties by name: the initial value and the written type, as Swift syntax
    /// (read when the layout of a collection view is looked for).
    var storedValues: [String: StoredValue] = [:]
    /// `override var reuseIdentifier: String? { "x" }`: the value (nil when it is not a string
    /// literal), the Swift text and where it is.
    var reuseIdentifierOverride: (value: String?, text: String, location: SourceLocation)?

    init(name: String, kind: Kind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    /// The superclass named in the declaration, before knowing which names are classes.
    var superclassCandidate: Located<String>? {
        kind == .class && firstInheritedIsDeclarationClause ? inherited.first : nil
    }
}

/// A stored property's initial value and written type, as nodes of its file's tree (found again
/// when the tree was released).
struct StoredValue {
    private let valueIndex: SyntaxIdentifier.SyntaxIndexInTree?
    private let typeIndex: SyntaxIdentifier.SyntaxIndexInTree?
    let file: SwiftSourceFile
    let location: SourceLocation

    init(value: ExprSyntax?, type: TypeSyntax?, file: SwiftSourceFile, location: SourceLocation) {
        valueIndex = value.map(SwiftSourceFile.index(of:))
        typeIndex = type.map(SwiftSourceFile.index(of:))
        self.file = file
        self.location = location
    }

    var value: ExprSyntax? { valueIndex.flatMap { file.node($0, as: ExprSyntax.self) } }
    var type: TypeSyntax? { typeIndex.flatMap { file.node($0, as: TypeSyntax.self) } }
}

/// A function or initializer body the registration scanner may read.
struct DeclaredFunction {
    let name: String
    /// Where the body is in its file's tree.
    private let bodyIndex: SyntaxIdentifier.SyntaxIndexInTree
    let file: SwiftSourceFile
    let location: SourceLocation
    /// Parameters whose type is a manager (internal name → host).
    let managerParameters: [String: Host]
    /// The type the function is a member of, when it is one.
    let owner: String?

    init(
        name: String, body: CodeBlockSyntax, file: SwiftSourceFile, location: SourceLocation,
        managerParameters: [String: Host], owner: String?
    ) {
        self.name = name
        bodyIndex = SwiftSourceFile.index(of: body)
        self.file = file
        self.location = location
        self.managerParameters = managerParameters
        self.owner = owner
    }

    /// The body, from the file's tree (parsed again if it was released).
    var body: CodeBlockSyntax {
        file.node(bodyIndex, as: CodeBlockSyntax.self) ?? CodeBlockSyntax(statements: [])
    }
}

/// Every type and manager-taking function declared in the files read.
final class DeclarationIndex {
    private(set) var types: [String: DeclaredType] = [:]
    private(set) var typeOrder: [String] = []
    /// Functions with a manager parameter, in file order.
    private(set) var managerFunctions: [DeclaredFunction] = []
    /// The model type a protocol gives the views that conform to it, from
    /// `extension ModelTransfer where Self: Reusable { func update(with model: Item) }`: by
    /// protocol name (`Reusable`), the first such extension read.
    private(set) var conformanceModelTypes: [String: Located<String>] = [:]

    fileprivate func addConformanceModelType(_ model: Located<String>, for protocolName: String) {
        if conformanceModelTypes[protocolName] == nil { conformanceModelTypes[protocolName] = model }
    }

    func add(_ file: SwiftSourceFile) {
        let collector = DeclarationCollector(file: file, index: self)
        collector.walk(file.tree)
    }

    /// The module of each file, from the Xcode project (empty without one).
    var modules: [String: String] = [:]
    /// Names declared in two modules: kept apart without a note.
    private(set) var moduleSeparated: Set<String> = []

    /// Types declared more than once (in different files: different targets or file-private
    /// types), by name: the places after the first. Their members are kept apart.
    private(set) var duplicates: [String: [SourceLocation]] = [:]

    fileprivate func type(named name: String, kind: DeclaredType.Kind, at location: SourceLocation) -> DeclaredType {
        if let existing = types[name] {
            // A declaration seen after an extension of it supplies the kind and the position.
            if existing.kind == .extensionOnly, kind != .extensionOnly {
                existing.kind = kind
                existing.location = location
            } else if existing.kind != .extensionOnly, kind != .extensionOnly {
                if let first = modules[existing.location.file], let second = modules[location.file], first != second {
                    // Two modules, two types: the project says so; no note.
                    moduleSeparated.insert(name)
                }
                // A second declaration: read into a type of its own, known by a key no reference uses.
                duplicates[name, default: []].append(location)
                let key = "\(name)#\(duplicates[name, default: []].count + 1)"
                let separate = DeclaredType(name: name, kind: kind, location: location)
                types[key] = separate
                typeOrder.append(key)
                return separate
            }
            return existing
        }
        let declared = DeclaredType(name: name, kind: kind, location: location)
        types[name] = declared
        typeOrder.append(name)
        return declared
    }

    fileprivate func addManagerFunction(_ function: DeclaredFunction) { managerFunctions.append(function) }

    subscript(name: String) -> DeclaredType? { types[name] }

    /// The declared type a name written inside `scope` (a qualified type name) refers to, looked
    /// up as Swift does: the scope's own nested types, then those of the enclosing types, then
    /// the module's top level. A name declared in none of them (`Date`, `UIColor`) is returned
    /// as written: it is a framework's.
    func resolve(_ name: String, in scope: String?) -> String {
        var optional = ""
        var base = Substring(name)
        while base.hasSuffix("?") {
            base = base.dropLast()
            optional += "?"
        }
        let parts = base.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return name }
        var candidates: [String] = []
        var current = scope
        while let enclosing = current {
            candidates.append("\(enclosing).\(first)")
            current = enclosing.lastIndex(of: ".").map { String(enclosing[..<$0]) }
        }
        candidates.append(first)
        guard let found = candidates.first(where: { types[$0] != nil }) else { return name }
        return (parts.count > 1 ? "\(found).\(parts[1])" : found) + optional
    }

    /// Rewrites the type names read inside each type (superclass and protocols, property types,
    /// model types) to the declared types they refer to, once every file is read.
    func resolveReferences() {
        for key in typeOrder {
            guard let type = types[key] else { continue }
            let scope = type.name
            type.inherited = type.inherited.map { Located(resolve($0.value, in: scope), at: $0.location) }
            type.properties = type.properties.map { property in
                var resolved = property
                let name = resolve(property.type.name, in: scope)
                resolved.type = TypeRef(parsing: name) ?? .model(name)
                return resolved
            }
            type.modelType = type.modelType.map { Located(resolve($0.value, in: scope), at: $0.location) }
            type.typeAliases = type.typeAliases.mapValues { Located(resolve($0.value, in: scope), at: $0.location) }
        }
        ancestorChains = [:]
        for key in typeOrder where types[key] != nil { ancestorChains[key] = ancestorChain(of: key) }
    }

    /// A declared model-like type (not generic, not only extended).
    func modelDeclaration(_ name: String) -> DeclaredType? {
        guard let type = types[name], type.kind != .extensionOnly, !type.isGeneric else { return nil }
        return type
    }

    /// The superclass of a declared class, when the name is a declared class too.
    func superclass(of name: String) -> Located<String>? {
        guard let candidate = types[name]?.superclassCandidate, let parent = types[candidate.value],
            parent.kind == .class || parent.kind == .extensionOnly
        else { return nil }
        return candidate
    }

    /// The host whose manageable protocol a type conforms to, itself or through a superclass
    /// declared in the files read; worked out once per type, walking each chain once, so that a
    /// long chain of subclasses costs its length and not its square.
    func manageableHost(of name: String) -> Host? {
        if let known = manageableHosts[name] { return known }
        // The chain up to the first type already known (or its end), then back down.
        var chain: [String] = []
        var seen: Set<String> = []
        var current: String? = name
        var found: Host?
        while let type = current, manageableHosts[type] == nil, seen.insert(type).inserted, let declared = types[type] {
            chain.append(type)
            current = declared.superclassCandidate?.value
        }
        if let type = current, let known = manageableHosts[type] { found = known }
        for type in chain.reversed() {
            let own = types[type]?.inherited.lazy.compactMap { MaplintLibrary.Host(manageableProtocol: $0.value) }.first
            found = own ?? found
            manageableHosts[type] = .some(found)
        }
        return found
    }

    private var manageableHosts: [String: Host?] = [:]

    /// The superclass chain's names, including names not declared here (the last one may be a
    /// framework class such as `UITableViewHeaderFooterView`).
    func ancestorNames(of view: String) -> [String] {
        // A generic class with its arguments (`ValueCell<String>`) has the class's ancestors.
        let name = Self.specialization(view).base
        return ancestorChains[name] ?? ancestorChain(of: name)
    }

    /// Each declared type's `ancestorNames`, worked out once every file is read
    /// (`resolveReferences`): screens ask for those of each view they register, again and again.
    private var ancestorChains: [String: [String]] = [:]

    private func ancestorChain(of name: String) -> [String] {
        var chain: [String] = []
        var seen: Set<String> = [name]
        var current = name
        while let candidate = types[current]?.superclassCandidate?.value, seen.insert(candidate).inserted {
            chain.append(candidate)
            current = candidate
        }
        // Past the files read, a class of Apple's frameworks continues as its framework declares it.
        if let last = chain.last, types[last] == nil {
            chain += PlatformTypes.ancestors(of: last).filter { !seen.contains($0) }
        }
        return chain
    }

    /// Whether a view conforms to `ModelTransfer`: declared so, or declares its model type,
    /// itself or through a superclass.
    func conformsToModelTransfer(_ view: String) -> Bool {
        let base = Self.specialization(view).base
        for name in [base] + ancestorNames(of: base) {
            guard let type = types[name] else { continue }
            if type.modelType != nil || type.inherited.contains(where: { $0.value == LibraryNames.modelTransfer }) {
                return true
            }
        }
        return false
    }

    /// The `ModelType` of a view, itself or inherited. For a generic class with its arguments
    /// (`ValueCell<String>`), a model type that is one of its own generic parameters is the
    /// argument given for it.
    func modelType(ofView view: String) -> Located<String>? {
        let (base, arguments) = Self.specialization(view)
        for name in [base] + ancestorNames(of: base) {
            guard let model = types[name]?.modelType else { continue }
            guard name == base, let parameters = types[base]?.genericParameters, !parameters.isEmpty else {
                return model
            }
            var optional = ""
            var written = Substring(model.value)
            while written.hasSuffix("?") {
                written = written.dropLast()
                optional += "?"
            }
            guard let position = parameters.firstIndex(of: String(written)) else { return model }
            // Without arguments (`ValueCell.self`) the model type is not known.
            guard parameters.count == arguments.count else { return nil }
            return Located(arguments[position] + optional, at: model.location)
        }
        return conformanceModelType(ofView: base)
    }

    /// The model type a view takes from a protocol it conforms to (itself or a superclass): Swift
    /// infers `ModelType` from the `update(with:)` of `extension ModelTransfer where Self: P`, or
    /// of an extension of `P` itself, when the class declares none. Only a type declared in the
    /// files read counts: a name declared nowhere here may be an associated type of `P`
    /// (`associatedtype Input`), which is another type for each view.
    private func conformanceModelType(ofView view: String) -> Located<String>? {
        for name in [view] + ancestorNames(of: view) {
            for inherited in types[name]?.inherited ?? [] {
                var model = conformanceModelTypes[inherited.value]
                if model == nil, let conformed = types[inherited.value],
                    conformed.kind == .protocol || conformed.kind == .extensionOnly
                {
                    model = conformed.modelType
                }
                guard let model else { continue }
                var written = Substring(model.value)
                while written.hasSuffix("?") { written = written.dropLast() }
                if declaresAssociatedType(String(written), protocolName: inherited.value) {
                    let bound = associatedTypeBinding(String(written), ofView: view)
                    return bound.map { Located($0.value + model.value.dropFirst(written.count), at: $0.location) }
                }
                let declared = types[Self.specialization(String(written)).base]
                return declared.map { $0.kind != .extensionOnly } == true ? model : nil
            }
        }
        return nil
    }

    /// Whether a protocol declared in the files read, or one it inherits, declares `associatedtype
    /// name` (the protocols walked are bounded by the types read, each once).
    private func declaresAssociatedType(_ name: String, protocolName: String) -> Bool {
        var pending = [protocolName]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let type = types[next], type.kind == .protocol else { continue }
            if type.associatedTypes.contains(name) { return true }
            pending += type.inherited.map(\.value)
        }
        return false
    }

    /// What a view binds an associated type to: `typealias Item = Foo` in the view, an extension of
    /// it or a superclass (the nearest); nil when none says, or when the type is a generic
    /// parameter of the class that says it (another type for each specialization).
    private func associatedTypeBinding(_ name: String, ofView view: String) -> Located<String>? {
        for declaring in [view] + ancestorNames(of: view) {
            guard let type = types[declaring], let alias = type.typeAliases[name] else { continue }
            var written = Substring(alias.value)
            while written.hasSuffix("?") { written = written.dropLast() }
            let base = Self.specialization(String(written)).base
            return type.genericParameters.contains(base) ? nil : alias
        }
        return nil
    }

    /// A view class name split into the class and its generic arguments (`ValueCell<String>`:
    /// `ValueCell`, `[String]`); a name without arguments is the class alone.
    static func specialization(_ view: String) -> (base: String, arguments: [String]) {
        guard let open = view.firstIndex(of: "<"), view.hasSuffix(">") else { return (view, []) }
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in view[view.index(after: open)..<view.index(before: view.endIndex)] {
            switch character {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                arguments.append(String(current.drop { $0 == " " }))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(String(current.drop { $0 == " " }))
        return (String(view[..<open]), arguments)
    }

    /// A model type of a view, itself or inherited, that has no name a manifest can use.
    func unnamedModelType(ofView view: String) -> String? {
        for name in [view] + ancestorNames(of: view) {
            if let model = types[name]?.unnamedModelType { return model }
        }
        return nil
    }

    /// The UIKit reusable view class (`UITableViewCell`, `UICollectionReusableView`, …) a
    /// declared class inherits, through the classes read; nil for any other type.
    func reusableViewBase(of name: String) -> String? {
        guard types[Self.specialization(name).base]?.kind == .class else { return nil }
        return ancestorNames(of: name).first { UIKitViews.reusable.contains($0) }
    }

    /// For a table header/footer view: whether it is a `UITableViewHeaderFooterView` subclass;
    /// nil when its chain leaves the files read before saying.
    func isHeaderFooterView(_ view: String) -> Bool? {
        let chain = [Self.specialization(view).base] + ancestorNames(of: view)
        if chain.contains(UIKitViews.tableHeaderFooterView) { return true }
        guard let last = chain.last else { return nil }
        if types[last] != nil { return false } // the chain ends at a declared class without a superclass
        return last.hasPrefix("UI") || PlatformTypes.isKnown(last) ? false : nil
    }
}

/// Collects declarations from one file.
private final class DeclarationCollector: SyntaxVisitor {
    let file: SwiftSourceFile
    let index: DeclarationIndex
    /// The enclosing type names.
    private var owners: [String] = []

    init(file: SwiftSourceFile, index: DeclarationIndex) {
        self.file = file
        self.index = index
        super.init(viewMode: .sourceAccurate)
    }

    private func enter(
        name: TokenSyntax, kind: DeclaredType.Kind, inheritance: InheritanceClauseSyntax?,
        generic: GenericParameterClauseSyntax?, members: MemberBlockSyntax
    ) {
        let qualified = owners.last.map { "\($0).\(name.text)" } ?? name.text
        let type = index.type(named: qualified, kind: kind, at: file.location(of: name))
        if let generic {
            type.isGeneric = true
            type.genericParameters = generic.parameters.map(\.name.text)
        }
        let names = (inheritance?.inheritedTypes ?? []).compactMap { inherited -> Located<String>? in
            SwiftShapes.typeName(inherited.type).map { Located($0, at: file.location(of: inherited.type)) }
        }
        if kind != .extensionOnly, type.inherited.isEmpty || !type.firstInheritedIsDeclarationClause {
            type.inherited.insert(contentsOf: names, at: 0)
            type.firstInheritedIsDeclarationClause = !names.isEmpty
        } else {
            type.inherited += names
        }
        for member in members.members { read(member.decl, into: type, isProtocol: kind == .protocol) }
        owners.append(qualified)
    }

    private func read(_ declaration: DeclSyntax, into type: DeclaredType, isProtocol: Bool) {
        if let variable = declaration.as(VariableDeclSyntax.self) {
            readProperties(variable, into: type, isProtocol: isProtocol)
        } else if let function = declaration.as(FunctionDeclSyntax.self) {
            // `update(with:)`; DTModelStorage 2 (DT 4) spelled it `updateWithModel(_:)`.
            let isUpdate =
                (function.name.text == "update"
                    && function.signature.parameterClause.parameters.first?.firstName.text == "with")
                || function.name.text == "updateWithModel"
            if isUpdate, let parameter = function.signature.parameterClause.parameters.first,
                function.signature.parameterClause.parameters.count == 1,
                type.modelType == nil
            {
                if let model = SwiftShapes.typeName(parameter.type) {
                    type.modelType = Located(model, at: file.location(of: parameter.type))
                } else {
                    type.unnamedModelType = SwiftShapes.trimmedText(parameter.type)
                }
            }
            if let body = function.body,
                !function.modifiers.contains(where: {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                })
            {
                type.functions.append(
                    DeclaredFunction(
                        name: function.name.text, body: body, file: file, location: file.location(of: function.name),
                        managerParameters: managerParameters(function.signature.parameterClause), owner: type.name))
            }
        } else if let initializer = declaration.as(InitializerDeclSyntax.self), let body = initializer.body {
            type.functions.append(
                DeclaredFunction(
                    name: "init", body: body, file: file, location: file.location(of: initializer.initKeyword),
                    managerParameters: managerParameters(initializer.signature.parameterClause), owner: type.name))
        } else if let alias = declaration.as(TypeAliasDeclSyntax.self), alias.genericParameterClause == nil,
            let model = SwiftShapes.typeName(alias.initializer.value)
        {
            let located = Located(model, at: file.location(of: alias.initializer.value))
            if alias.name.text == "ModelType" { type.modelType = located }
            if type.typeAliases[alias.name.text] == nil { type.typeAliases[alias.name.text] = located }
        } else if let associated = declaration.as(AssociatedTypeDeclSyntax.self) {
            type.associatedTypes.insert(associated.name.text)
        } else if let cases = declaration.as(EnumCaseDeclSyntax.self) {
            for element in cases.elements {
                let name = element.name.identifier?.name ?? element.name.text
                type.cases.append(Located(name, at: file.location(of: element.name)))
                if let expression = element.rawValue?.value {
                    if let value = Self.rawValue(expression) {
                        type.rawValues[name] = Located(value, at: file.location(of: expression))
                    } else {
                        type.hasUnreadRawValue = true
                    }
                }
            }
        }
    }

    /// A raw value written as a string literal without escapes or interpolation, or a decimal
    /// integer literal (negative too); nil for anything else.
    private static func rawValue(_ expression: ExprSyntax) -> Value? {
        if let literal = expression.as(StringLiteralExprSyntax.self), literal.openingPounds == nil {
            var text = ""
            for segment in literal.segments {
                guard let piece = segment.as(StringSegmentSyntax.self), !piece.content.text.contains("\\") else {
                    return nil
                }
                text += piece.content.text
            }
            return .string(text)
        }
        var sign = ""
        var number = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = "-"
            number = prefix.expression
        }
        guard let literal = number.as(IntegerLiteralExprSyntax.self),
            let value = Int(sign + literal.literal.text.filter { $0 != "_" })
        else { return nil }
        return .int(value)
    }

    /// The string a getter returns when it is a single literal (`{ "x" }`, `{ return "x" }`,
    /// `get { return "x" }`), with the Swift text and the place of the returned value.
    private func overriddenValue(
        _ block: AccessorBlockSyntax
    ) -> (value: String?, text: String, location: SourceLocation) {
        var statements: CodeBlockItemListSyntax?
        switch block.accessors {
        case .getter(let items): statements = items
        case .accessors(let list): statements = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        }
        if let statements, statements.count == 1, let item = statements.first?.item {
            let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
            if let expression {
                return (
                    SwiftShapes.stringLiteral(expression), SwiftShapes.excerpt(expression),
                    file.location(of: expression)
                )
            }
        }
        return (nil, SwiftShapes.excerpt(block), file.location(of: block))
    }

    private func readProperties(_ variable: VariableDeclSyntax, into type: DeclaredType, isProtocol: Bool) {
        let isStatic = variable.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        guard !isStatic else { return }
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            // `` `default` `` is the property `default`.
            let propertyName = pattern.identifier.identifier?.name ?? pattern.identifier.text
            if propertyName == "reuseIdentifier", let accessors = binding.accessorBlock,
                variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
            {
                type.reuseIdentifierOverride = overriddenValue(accessors)
                continue
            }
            if binding.accessorBlock == nil {
                type.storedValues[propertyName] = StoredValue(
                    value: binding.initializer?.value, type: binding.typeAnnotation?.type, file: file,
                    location: file.location(of: pattern.identifier))
            }
            if let accessors = binding.accessorBlock, !isProtocol {
                // Computed unless every accessor is an observer.
                guard case .accessors(let list) = accessors.accessors,
                    list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
                else { continue }
            }
            let typeName =
                binding.typeAnnotation.flatMap { SwiftShapes.typeName($0.type) }
                ?? binding.initializer.flatMap { Self.literalType($0.value) }
            guard let name = typeName else { continue }
            if let host = MaplintLibrary.Host(managerType: name.hasSuffix("?") ? String(name.dropLast()) : name) {
                type.managerProperties[propertyName] = host
                continue
            }
            type.properties.append(
                PropertyDecl(
                    name: propertyName, type: TypeRef(parsing: name) ?? .model(name),
                    location: file.location(of: pattern.identifier)))
        }
    }

    /// The type of a literal initial value (`var likes = 0`); a manager for `DTTableViewManager()`.
    private static func literalType(_ value: ExprSyntax) -> String? {
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if let call = value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            MaplintLibrary.Host(managerType: callee.baseName.text) != nil
        {
            return callee.baseName.text
        }
        return nil
    }

    private func managerParameters(_ clause: FunctionParameterClauseSyntax) -> [String: Host] {
        var result: [String: Host] = [:]
        for parameter in clause.parameters {
            guard let name = SwiftShapes.typeName(parameter.type),
                let host = MaplintLibrary.Host(managerType: name.hasSuffix("?") ? String(name.dropLast()) : name)
            else { continue }
            let internalName = (parameter.secondName ?? parameter.firstName).text
            if internalName != "_" { result[internalName] = host }
        }
        return result
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            name: node.name, kind: .class, inheritance: node.inheritanceClause,
            generic: node.genericParameterClause, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { owners.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            name: node.name, kind: .struct, inheritance: node.inheritanceClause,
            generic: node.genericParameterClause, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { owners.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            name: node.name, kind: .enum, inheritance: node.inheritanceClause,
            generic: node.genericParameterClause, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { owners.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            name: node.name, kind: .protocol, inheritance: node.inheritanceClause, generic: nil,
            members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { owners.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftShapes.typeName(node.extendedType), !name.hasSuffix("?") else { return .skipChildren }
        let type = index.type(named: name, kind: .extensionOnly, at: file.location(of: node.extendedType))
        let names = (node.inheritanceClause?.inheritedTypes ?? []).compactMap { inherited -> Located<String>? in
            SwiftShapes.typeName(inherited.type).map { Located($0, at: file.location(of: inherited.type)) }
        }
        type.inherited += names
        for member in node.memberBlock.members { read(member.decl, into: type, isProtocol: false) }
        if name == LibraryNames.modelTransfer || name == LibraryNames.modelStorage + "." + LibraryNames.modelTransfer {
            readConstrainedModelType(node)
        }
        owners.append(name)
        return .visitChildren
    }

    /// `extension ModelTransfer where Self: Reusable { func update(with model: Item) }`: the views
    /// that conform to `Reusable` have the model type `Item`.
    private func readConstrainedModelType(_ node: ExtensionDeclSyntax) {
        let protocols = (node.genericWhereClause?.requirements ?? []).compactMap { requirement -> String? in
            guard case .conformanceRequirement(let conformance) = requirement.requirement,
                conformance.leftType.trimmedDescription == "Self"
            else { return nil }
            return SwiftShapes.typeName(conformance.rightType)
        }
        guard !protocols.isEmpty else { return }
        let members = DeclaredType(
            name: LibraryNames.modelTransfer, kind: .extensionOnly, location: file.location(of: node))
        for member in node.memberBlock.members { read(member.decl, into: members, isProtocol: false) }
        guard let model = members.modelType else { return }
        for name in protocols { index.addConformanceModelType(model, for: name) }
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        if SwiftShapes.typeName(node.extendedType).map({ !$0.hasSuffix("?") }) == true { owners.removeLast() }
    }

    // The code of properties, subscripts and deinitializers is not walked, as a function's body is
    // not: a type or function declared in it is local to it. A property is read with its type.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Functions with a manager parameter, wherever they are (members are also read with their type).
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = managerParameters(node.signature.parameterClause)
        if !parameters.isEmpty, let body = node.body {
            let owner = owners.last
            let name = owner.map { "\($0).\(node.name.text)" } ?? node.name.text
            index.addManagerFunction(
                DeclaredFunction(
                    name: name, body: body, file: file, location: file.location(of: node.name),
                    managerParameters: parameters, owner: owner))
        }
        return .skipChildren
    }

    /// `init(manager: DTTableViewManager)` too: a type that sets up a manager it does not keep.
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = managerParameters(node.signature.parameterClause)
        if !parameters.isEmpty, let body = node.body, let owner = owners.last {
            index.addManagerFunction(
                DeclaredFunction(
                    name: "\(owner).init", body: body, file: file, location: file.location(of: node.initKeyword),
                    managerParameters: parameters, owner: owner))
        }
        return .skipChildren
    }
}
