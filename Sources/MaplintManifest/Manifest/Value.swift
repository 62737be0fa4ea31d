/// A run-time value: a sample model, a property of one, or an intermediate result of a condition.
///
/// Only the two-field cases are boxed: a scalar (most of a sample's values) is held inline in
/// 24 bytes, with no box to allocate and count.
package enum Value: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    indirect case enumCase(type: String, name: String)
    /// An instance of a declared class or struct. A property absent from `properties` is nil
    /// when its type is optional, and *unset* (reading it is a diagnostic) otherwise.
    indirect case object(type: String, properties: [String: Value])
    case array([Value])
    case none

    /// The dynamic type name of a non-nil value (`nil` for `.none` and arrays).
    package var typeName: String? {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .enumCase(let type, _): type
        case .object(let type, _): type
        case .array, .none: nil
        }
    }

    package var description: String {
        switch self {
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"" + value + "\""
        case .enumCase(_, let name): "." + name
        case .object(let type, let properties):
            type + "(" + properties.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                + ")"
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .none: "nil"
        }
    }
}

/// The position of an item: `indexPath.section` and `indexPath.item` (`row` is `item`).
package struct ItemIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var section: Int
    package var item: Int

    package init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    package static func < (lhs: ItemIndexPath, rhs: ItemIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    package var description: String { "(section: \(section), item: \(item))" }
}
