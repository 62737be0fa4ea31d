/// A position in a YAML document: 0-based line and column (in Unicode scalars) as libyaml reports
/// them, and the scalar index of the position from the start of the stream.
public struct YAMLMark: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var index: Int

    public init(line: Int, column: Int, index: Int) {
        self.line = line
        self.column = column
        self.index = index
    }
}

public enum YAMLScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// What a scalar means under the YAML 1.2 core schema (only plain scalars are resolved;
/// quoted and block scalars are always strings).
public enum YAMLScalarValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// An integer that does not fit in 64 bits, kept as written.
    case integerOutOfRange(String)
    case float(Double)
    case string(String)
}

public struct YAMLScalar: Hashable, Sendable {
    public var text: String
    public var style: YAMLScalarStyle
    public var value: YAMLScalarValue
    public var end: YAMLMark
}

public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}

/// A node of a loaded document with the position it was written at. For a node reached through
/// an alias, `start` is the position of the alias.
public struct YAMLNode: Sendable {
    public indirect enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var content: Content
    public var start: YAMLMark
    public var tag: String?

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let nodes) = content { return nodes }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// A short name of what the node is, for messages: "a string", "a list", ...
    public var kindDescription: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .integerOutOfRange: return "an integer"
            case .float: return "a number"
            case .string: return "a string"
            }
        }
    }
}
