import Foundation

@testable import MaplintYAML

/// A JSON value read through maplint's own YAML loader, so manifests (YAML or JSON) and the
/// schema share one reading under the YAML 1.2 core schema.
indirect enum JSONInstance: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONInstance])
    case object([(String, JSONInstance)])

    static func == (lhs: JSONInstance, rhs: JSONInstance) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && a.allSatisfy { key, value in b.contains { $0.0 == key && $0.1 == value } }
        default: false
        }
    }

    init(_ node: YAMLNode) {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .int(let value): self = .int(value)
            case .integerOutOfRange(let text): self = .double(Double(text) ?? 0)
            case .float(let value): self = .double(value)
            case .string(let value): self = .string(value)
            }
        case .sequence(let items): self = .array(items.map(JSONInstance.init))
        case .mapping(let pairs): self = .object(pairs.map { ($0.key.scalar?.text ?? "", JSONInstance($0.value)) })
        }
    }

    static func load(_ bytes: [UInt8], file: String) -> JSONInstance? {
        guard case .success(let document) = YAMLLoader.load(bytes: bytes, file: file) else { return nil }
        return JSONInstance(document.root)
    }

    subscript(key: String) -> JSONInstance? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
    var array: [JSONInstance]? { if case .array(let value) = self { value } else { nil } }
    var members: [(String, JSONInstance)]? { if case .object(let value) = self { value } else { nil } }
}

/// The part of JSON Schema draft-07 the manifest schema uses. A keyword outside it is reported
/// as an error, so the schema cannot quietly rely on something this validator ignores.
struct SchemaValidator {
    /// `id` is draft-04's `$id`; `format` is an annotation unless a validator opts in (draft-07 §7.2).
    static let annotations: Set<String> = [
        "$schema", "$id", "id", "title", "description", "definitions", "default", "examples", "format",
    ]
    static let keywords: Set<String> = [
        "type", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum", "properties", "required",
        "additionalProperties", "minProperties", "maxProperties", "items", "allOf", "anyOf", "oneOf", "not", "$ref",
        "minItems", "uniqueItems",
    ]

    let root: JSONInstance

    /// Every violation, as "path: problem"; empty when `value` is valid.
    func errors(of value: JSONInstance) -> [String] {
        errors(value, root, path: "$")
    }

    private func errors(_ value: JSONInstance, _ schema: JSONInstance, path: String) -> [String] {
        guard let keys = schema.members else { return ["\(path): a schema must be an object"] }
        var found: [String] = []
        for (keyword, argument) in keys {
            if Self.annotations.contains(keyword) { continue }
            guard Self.keywords.contains(keyword) else {
                found.append("\(path): unsupported keyword \(keyword)")
                continue
            }
            found += check(keyword, argument, value, schema, path: path)
        }
        return found
    }

    private func check(
        _ keyword: String, _ argument: JSONInstance, _ value: JSONInstance, _ schema: JSONInstance, path: String
    ) -> [String] {
        switch keyword {
        case "$ref":
            guard let reference = argument.string, reference.hasPrefix("#/definitions/"),
                let target = root["definitions"]?[String(reference.dropFirst("#/definitions/".count))]
            else { return ["\(path): unresolvable $ref \(argument)"] }
            return errors(value, target, path: path)
        case "type":
            let names = argument.array?.compactMap(\.string) ?? argument.string.map { [$0] } ?? []
            return names.contains(where: { Self.has(value, type: $0) })
                ? [] : ["\(path): not of type \(names.joined(separator: "|"))"]
        case "enum":
            return (argument.array ?? []).contains(value) ? [] : ["\(path): not one of the allowed values"]
        case "const":
            return argument == value ? [] : ["\(path): not the constant value"]
        case "pattern":
            guard let text = value.string else { return [] }
            guard let pattern = argument.string, let expression = try? NSRegularExpression(pattern: pattern) else {
                return ["\(path): bad pattern"]
            }
            let range = NSRange(text.startIndex..., in: text)
            return expression.firstMatch(in: text, range: range) == nil
                ? ["\(path): '\(text)' does not match \(pattern)"] : []
        case "minLength", "maxLength":
            guard let text = value.string, let limit = argument.number else { return [] }
            let count = Double(text.unicodeScalars.count)
            return (keyword == "minLength" ? count >= limit : count <= limit) ? [] : ["\(path): \(keyword) \(limit)"]
        case "minimum", "maximum":
            guard let number = value.number, let limit = argument.number else { return [] }
            return (keyword == "minimum" ? number >= limit : number <= limit) ? [] : ["\(path): \(keyword) \(limit)"]
        case "required":
            guard let members = value.members else { return [] }
            return (argument.array ?? []).compactMap(\.string).filter { name in !members.contains { $0.0 == name } }
                .map { "\(path): missing \($0)" }
        case "minProperties", "maxProperties":
            guard let members = value.members, let limit = argument.number else { return [] }
            let count = Double(members.count)
            return (keyword == "minProperties" ? count >= limit : count <= limit)
                ? [] : ["\(path): \(keyword) \(limit)"]
        case "properties":
            guard let members = value.members else { return [] }
            return members.flatMap { key, member in
                argument[key].map { errors(member, $0, path: "\(path).\(key)") } ?? []
            }
        case "additionalProperties":
            guard let members = value.members else { return [] }
            let declared = Set(schema["properties"]?.members?.map(\.0) ?? [])
            return members.filter { !declared.contains($0.0) }.flatMap { key, member -> [String] in
                if argument == .bool(false) { return ["\(path): unknown key \(key)"] }
                if argument == .bool(true) { return [] }
                return errors(member, argument, path: "\(path).\(key)")
            }
        case "items":
            guard let items = value.array else { return [] }
            return items.enumerated().flatMap { index, item in errors(item, argument, path: "\(path)[\(index)]") }
        case "minItems":
            guard let items = value.array, let limit = argument.number else { return [] }
            return Double(items.count) >= limit ? [] : ["\(path): fewer than \(limit) items"]
        case "uniqueItems":
            guard argument == .bool(true), let items = value.array else { return [] }
            for (index, item) in items.enumerated() where items[..<index].contains(item) {
                return ["\(path)[\(index)]: a repeated item"]
            }
            return []
        case "allOf":
            return (argument.array ?? []).flatMap { errors(value, $0, path: path) }
        case "anyOf":
            let branches = argument.array ?? []
            return branches.contains { errors(value, $0, path: path).isEmpty }
                ? [] : ["\(path): matches no anyOf branch"]
        case "oneOf":
            let matching = (argument.array ?? []).filter { errors(value, $0, path: path).isEmpty }.count
            return matching == 1 ? [] : ["\(path): matches \(matching) oneOf branches, not exactly 1"]
        case "not":
            return errors(value, argument, path: path).isEmpty ? ["\(path): matches a 'not' schema"] : []
        default:
            return ["\(path): unsupported keyword \(keyword)"]
        }
    }

    static func has(_ value: JSONInstance, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double),
            ("string", .string), ("array", .array), ("object", .object):
            true
        case ("integer", .double(let number)): number.rounded() == number
        default: false
        }
    }
}
