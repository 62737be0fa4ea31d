/// A position in a YAML document: 0-based line and column (in Unicode scalars) as libyaml reports
/// them, and the scalar index of the position from the start of the stream.
package struct YAMLMark: Hashable, Sendable {
    package var line: Int
    package var column: Int
    package var index: Int

    package init(line: Int, column: Int, index: Int) {
        self.line = line
        self.column = column
        self.index = index
    }
}

package enum YAMLScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// What a scalar means under the YAML 1.2 core schema (only plain scalars are resolved;
/// quoted and block scalars are always strings).
package enum YAMLScalarValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// An integer that does not fit in 64 bits, kept as written.
    case integerOutOfRange(String)
    case float(Double)
    case string(String)
}

package struct YAMLScalar: Hashable, Sendable {
    package var text: String
    package var style: YAMLScalarStyle
    package var value: YAMLScalarValue
    package var end: YAMLMark
}

package struct YAMLPair: Sendable {
    package var key: YAMLNode
    package var value: YAMLNode
}

/// A node of a loaded document with the position it was written at. For a node reached through
/// an alias, `start` is the position of the alias.
package struct YAMLNode: Sendable {
    package indirect enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    package var content: Content
    package var start: YAMLMark
    package var tag: String?

    package init(content: Content, start: YAMLMark, tag: String? = nil) {
        self.content = content
        self.start = start
        self.tag = tag
    }

    package var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    package var sequence: [YAMLNode]? {
        if case .sequence(let nodes) = content { return nodes }
        return nil
    }

    package var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// A short name of what the node is, for messages: "a string", "a list", ...
    package var kindDescription: String {
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
