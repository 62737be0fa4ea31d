/// A JSON value with object keys kept in the order given, so output is stable.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    public static func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// Pretty-printed with two-space indentation. Arrays holding only scalars stay on one
    /// line (`[2, 3]`); empty arrays and objects are `[]` and `{}`.
    public func rendered() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): output += JSONValue.quoted(value)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
            } else if values.allSatisfy(\.isScalar) {
                output += "["
                for (position, value) in values.enumerated() {
                    if position > 0 { output += ", " }
                    value.write(to: &output, indent: indent)
                }
                output += "]"
            } else {
                let inner = String(repeating: " ", count: indent + 2)
                output += "[\n"
                for (position, value) in values.enumerated() {
                    output += inner
                    value.write(to: &output, indent: indent + 2)
                    output += position == values.count - 1 ? "\n" : ",\n"
                }
                output += String(repeating: " ", count: indent) + "]"
            }
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            let inner = String(repeating: " ", count: indent + 2)
            output += "{\n"
            for (position, (key, value)) in members.enumerated() {
                output += inner + JSONValue.quoted(key) + ": "
                value.write(to: &output, indent: indent + 2)
                output += position == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; everything
    /// else, non-ASCII included, written as is (UTF-8).
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
