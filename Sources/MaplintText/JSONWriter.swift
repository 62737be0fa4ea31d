/// A JSON value with object keys kept in the order given, so output is stable.
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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

    package func hash(into hasher: inout Hasher) {
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

    package static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    package static func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// Pretty-printed with two-space indentation. Arrays holding only scalars stay on one
    /// line (`[2, 3]`); empty arrays and objects are `[]` and `{}`.
    package func rendered() -> String {
        String(decoding: renderedUTF8(), as: UTF8.self)
    }

    /// `rendered()` as UTF-8 bytes. Written as bytes: a findings document can be tens of MB, and
    /// appending to a String scalar by scalar costs more than the analysis behind it.
    func renderedUTF8() -> [UInt8] {
        var output: [UInt8] = []
        write(to: &output, indent: 0)
        return output
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    private static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .null: Self.append("null", to: &output)
        case .bool(let value): Self.append(value ? "true" : "false", to: &output)
        case .int(let value): Self.append(String(value), to: &output)
        case .double(let value): Self.append(value.isFinite ? String(value) : "null", to: &output)
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                Self.append("[]", to: &output)
            } else if values.allSatisfy(\.isScalar) {
                output.append(UInt8(ascii: "["))
                for (position, value) in values.enumerated() {
                    if position > 0 { Self.append(", ", to: &output) }
                    value.write(to: &output, indent: indent)
                }
                output.append(UInt8(ascii: "]"))
            } else {
                Self.append("[\n", to: &output)
                for (position, value) in values.enumerated() {
                    Self.appendSpaces(indent + 2, to: &output)
                    value.write(to: &output, indent: indent + 2)
                    Self.append(position == values.count - 1 ? "\n" : ",\n", to: &output)
                }
                Self.appendSpaces(indent, to: &output)
                output.append(UInt8(ascii: "]"))
            }
        case .object(let members):
            if members.isEmpty {
                Self.append("{}", to: &output)
                return
            }
            Self.append("{\n", to: &output)
            for (position, (key, value)) in members.enumerated() {
                Self.appendSpaces(indent + 2, to: &output)
                Self.appendQuoted(key, to: &output)
                Self.append(": ", to: &output)
                value.write(to: &output, indent: indent + 2)
                Self.append(position == members.count - 1 ? "\n" : ",\n", to: &output)
            }
            Self.appendSpaces(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `quoted(text)` appended as UTF-8. Every character escaped is ASCII, and no byte of a
    /// multi-byte UTF-8 sequence is below 0x80, so working byte by byte gives the same text.
    package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
            var plainStart = 0
            var position = 0
            while position < bytes.count {
                // Eight bytes at a time while none of them is escaped (most text has none).
                if position + 8 <= bytes.count,
                    !mayNeedEscape(base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                {
                    position += 8
                    continue
                }
                let start = position
                let byte = bytes[position]
                position += 1
                let escape: StaticString
                // The code point escaped as \u00XX or \u20XX, after the escape's prefix.
                var code = byte
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0..<0x20, 0x7F: escape = "\\u00"
                // C1 controls (U+0080 to U+009F: NEL, CSI, ...): valid JSON as they are, but a
                // terminal or log showing the report could act on them.
                case 0xC2 where position < bytes.count && (0x80...0x9F).contains(bytes[position]):
                    escape = "\\u00"
                    code = bytes[position]
                    position += 1
                // U+2028 and U+2029, which some readers take for line breaks.
                case 0xE2
                where position + 1 < bytes.count && bytes[position] == 0x80
                    && (bytes[position + 1] == 0xA8 || bytes[position + 1] == 0xA9):
                    escape = "\\u20"
                    code = bytes[position + 1] == 0xA8 ? 0x28 : 0x29
                    position += 2
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<start]))
                output.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                if escape.utf8CodeUnitCount == 4 {
                    let digits = Array("0123456789abcdef".utf8)
                    output.append(digits[Int(code >> 4)])
                    output.append(digits[Int(code & 0x0F)])
                }
                plainStart = position
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is a quote, a backslash, a control character
    /// (below 0x20, or DEL), or the first byte of a C1 control (0xC2) or of U+2028 and U+2029
    /// (0xE2). Exact for those bytes: each test finds one exactly when there is one; the lead
    /// bytes also stop at other characters that start with them, which are then written as they are.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasByteBelow(_ word: UInt64, _ limit: UInt64) -> Bool {
            (word &- ones &* limit) & ~word & highs != 0
        }
        return hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x22), 1)
            || hasByteBelow(word ^ (ones &* 0x5C), 1) || hasByteBelow(word ^ (ones &* 0x7F), 1)
            || hasByteBelow(word ^ (ones &* 0xC2), 1) || hasByteBelow(word ^ (ones &* 0xE2), 1)
    }

    /// A JSON string literal: quotes, backslashes and control characters (C0, DEL, C1, U+2028,
    /// U+2029) escaped; everything else, non-ASCII included, written as is (UTF-8).
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends the bytes of a literal (no `String` in between).
    @inline(__always)
    package mutating func append(literal text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal, as `String(value)` writes it, without making the string.
    package mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let end = count + digits
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var position = end - 1
        while magnitude > 0 {
            self[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            position -= 1
        }
    }
}
