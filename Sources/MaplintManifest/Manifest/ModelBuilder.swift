import MaplintFindings
import MaplintLibrary

/// The checks of one model of a draft, whether a manifest's `models:` or Swift declarations gave
/// it: its name, kind, parents, cases, properties and raw values. A model read from a manifest
/// (`DraftModel.written`) is told about in the manifest's keys, at the keys; one read from Swift
/// in Swift, at the declaration.
extension ManifestBuilder {
    /// One model as a declaration; nil when its name cannot be one.
    mutating func convert(_ model: DraftModel) -> ModelDecl? {
        guard Self.isTypeName(model.name) else {
            error("a model name must be a Swift type name, not '\(model.name)'", at: model.location)
            return nil
        }
        if BuiltinType(rawValue: model.name) != nil {
            error("'\(model.name)' is a builtin type and cannot be declared again", at: model.location)
            return nil
        }
        if model.written != nil, TypeTable.isUniversal(model.name) {
            error(
                "'\(model.name)' is the type every model is and cannot be declared; remove it from 'models'",
                at: model.location)
            return nil
        }
        return declaration(of: model)
    }

    private mutating func declaration(of model: DraftModel) -> ModelDecl {
        var declaration = ModelDecl(name: model.name, kind: model.kind, location: model.location)
        parents(of: model, into: &declaration)
        let keys = model.written?.keys
        if let at = keys.map({ $0["cases"] }) ?? model.cases.first?.location {
            if model.kind != .enum {
                error(
                    keys != nil
                        ? "only an enum has 'cases'; set 'kind: enum'"
                        : "only an enum has cases; declare '\(model.name)' as an enum", at: at)
            } else {
                declaration.cases = enumCases(of: model)
            }
        }
        if let at = keys.map({ $0["properties"] }) ?? (model.properties.isEmpty ? nil : model.location) {
            if model.kind == .enum {
                if keys != nil {
                    error("an enum has 'cases', not 'properties'", at: at)
                } else {
                    let place =
                        model.cases.first?.location ?? model.conforms.first?.location
                        ?? model.inherits.first?.location ?? model.location
                    error("an enum has cases, not stored properties", at: place)
                }
            } else {
                declaration.properties = properties(of: model)
            }
        }
        if model.kind == .enum && model.cases.isEmpty {
            if keys == nil {
                error("enum '\(model.name)' declares no case", at: model.location)
            } else if keys?["cases"] == nil {
                error("enum '\(model.name)' needs its 'cases'", at: model.location)
            }
        }
        rawValues(of: model, into: &declaration)
        return declaration
    }

    /// `inherits` and `conforms`: a class's superclass, a protocol's parents, the protocols others conform to.
    private mutating func parents(of model: DraftModel, into declaration: inout ModelDecl) {
        let keys = model.written?.keys
        switch model.kind {
        case .class:
            declaration.superclass =
                typeNames(Array(model.inherits.prefix(1)), "'inherits' of a class (its superclass)", of: model).first
        case .protocol:
            declaration.protocols += typeNames(
                model.inherits, "'inherits' of a protocol (its parent protocols)", of: model)
        case .struct, .enum:
            if let key = keys?["inherits"] {
                error("a \(model.kind.rawValue) cannot inherit; list protocols under 'conforms'", at: key)
            }
        }
        guard let at = keys.map({ $0["conforms"] }) ?? model.conforms.first?.location else { return }
        if model.kind == .protocol {
            error(
                keys != nil
                    ? "a protocol lists its parent protocols under 'inherits', not 'conforms'"
                    : "a protocol inherits its parent protocols; it conforms to nothing", at: at)
        } else {
            declaration.protocols += typeNames(model.conforms, "'conforms'", of: model)
        }
    }

    /// The type names of a model's `inherits` or `conforms` (`what`), those that are not left out
    /// with an error. Swift writes a list on one line: each name has the place of the first.
    private mutating func typeNames(
        _ list: [Located<String>], _ what: String, of model: DraftModel
    )
        -> [Located<String>]
    {
        guard let first = list.first?.location else { return [] }
        return list.compactMap { item in
            let place = model.written == nil ? first : item.location
            guard Self.isTypeName(item.value) else {
                error("\(what) must be a Swift type name, not '\(item.value)'", at: place)
                return nil
            }
            return Located(item.value, at: place)
        }
    }

    /// An enum model's cases (from Swift, each at the place of the first), those that are not case
    /// names or are repeated left out with an error.
    private mutating func enumCases(of model: DraftModel) -> [Located<String>] {
        guard let first = model.cases.first?.location else { return [] }
        var cases: [Located<String>] = []
        var seen: Set<String> = []
        for item in model.cases {
            let place = model.written == nil ? first : item.location
            guard TypeRef.isIdentifier(Substring(item.value)) else {
                error("'\(item.value)' is not a Swift enum case name", at: place)
                continue
            }
            guard seen.insert(item.value).inserted else {
                error("the case '\(item.value)' is listed twice", at: place)
                continue
            }
            cases.append(Located(item.value, at: place))
        }
        return cases
    }

    /// A model's properties as declarations, those whose name or type does not read left out with an error.
    private mutating func properties(of model: DraftModel) -> [PropertyDecl] {
        var properties: [PropertyDecl] = []
        for (position, property) in model.properties.enumerated() {
            guard TypeRef.isIdentifier(Substring(property.name)) else {
                let place = model.written?.propertyNames[position] ?? property.location
                error("'\(property.name)' is not a Swift property name", at: place)
                continue
            }
            guard let type = TypeRef(parsing: property.type) else {
                error(
                    "'\(property.type)' is not a type; write a builtin (Bool, Int, Double, String), a declared model, or T?",
                    at: property.location)
                continue
            }
            properties.append(PropertyDecl(name: property.name, type: type, location: property.location))
        }
        return properties
    }

    /// `rawType` and `rawValues`: the raw value of each of an enum's cases, those written (checked
    /// against the cases and the type) and the implicit ones.
    private mutating func rawValues(of model: DraftModel, into declaration: inout ModelDecl) {
        let written = model.written
        guard model.kind == .enum else {
            if let written {
                for key in ["rawType", "rawValues"] {
                    if let at = written.keys[key] { error("only an enum has '\(key)'; set 'kind: enum'", at: at) }
                }
            } else if let rawType = model.rawType {
                error("only an enum has a raw type; declare '\(model.name)' as an enum", at: rawType.location)
            }
            return
        }
        if let key = written?.keys["rawValues"], written?.keys["rawType"] == nil {
            error("'rawValues' needs the enum's 'rawType' (String or Int)", at: key)
            return
        }
        guard let rawType = model.rawType else { return }
        guard let type = BuiltinType(rawValue: rawType.value), ModelChecks.rawTypes.contains(type) else {
            error(
                written != nil
                    ? "'rawType' must be String or Int, not '\(rawType.value)'"
                        + Suggestion.didYouMean(rawType.value, in: ModelChecks.rawTypes.map(\.rawValue))
                    : "the raw type of an enum must be String or Int, not '\(rawType.value)'", at: rawType.location)
            return
        }
        declaration.rawType = type
        let explicit = explicitRawValues(of: model, cases: declaration.cases.map(\.value), type: type)
        let (values, errors) = ModelChecks.rawValues(
            cases: declaration.cases, type: type, explicit: explicit, swift: model.written == nil)
        declaration.rawValues = values
        for (message, at) in errors { error(message, at: at) }
    }

    /// The raw values a model gives its cases, those of no case or not of the raw `type` left out with an error.
    private mutating func explicitRawValues(
        of model: DraftModel, cases: [String], type: BuiltinType
    ) -> [String: Located<Value>] {
        var explicit: [String: Located<Value>] = [:]
        for (position, item) in model.rawValues.enumerated() {
            guard cases.contains(item.name) else {
                let message = "'\(item.name)' is not a case of '\(model.name)'"
                if let written = model.written {
                    error(
                        message + Suggestion.didYouMean(item.name, in: cases) + "; list it under 'cases'",
                        at: written.rawValueNames[position])
                } else {
                    error(message, at: item.location)
                }
                continue
            }
            if let problem = model.written?.rawValueProblems[position] {
                error(problem, at: item.location)
                continue
            }
            switch (type, item.value) {
            case (.string, .string), (.int, .int): explicit[item.name] = Located(item.value, at: item.location)
            default:
                error(
                    "the raw value of '\(item.name)' must be \(type == .int ? "an integer" : "a string")",
                    at: item.location)
            }
        }
        return explicit
    }

    /// `PostCell`, `Module.PostCell`.
    static func isTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { TypeRef.isIdentifier($0) }
    }
}
