/// Resolves plain scalars by the YAML 1.2 core schema: `yes`, `no`, `on`, `off` stay strings.
enum CoreSchema {
    static func resolve(plain text: String) -> YAMLScalarValue {
        // Most scalars are names and words: the first byte rules out every special form, which
        // saves a dozen string comparisons and an array per scalar.
        guard let first = text.utf8.first else { return .null }
        guard mayStartSpecial(first) else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        let scalars = Array(text.utf8)
        guard let lead = scalars.first,
            lead == UInt8(ascii: "-") || lead == UInt8(ascii: "+")
                || lead == UInt8(ascii: ".") || isDigit(lead)
        else { return .string(text) }
        if let integer = integer(scalars, text: text) { return integer }
        if isFloat(scalars), let double = Double(text) { return .float(double) }
        return .string(text)
    }

    /// Whether a scalar starting with `byte` can be null, a boolean, a number, an infinity or NaN.
    private static func mayStartSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default:
            isDigit(byte)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`.
    private static func integer(_ bytes: [UInt8], text: String) -> YAMLScalarValue? {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            if bytes[1] == UInt8(ascii: "x"), bytes[2...].allSatisfy(isHexDigit) {
                return Int(digits, radix: 16).map(YAMLScalarValue.int) ?? .integerOutOfRange(text)
            }
            if bytes[1] == UInt8(ascii: "o"), bytes[2...].allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                return Int(digits, radix: 8).map(YAMLScalarValue.int) ?? .integerOutOfRange(text)
            }
        }
        var digits = bytes[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        // Int("+5") is accepted by Swift, as the schema wants.
        return Int(text).map(YAMLScalarValue.int) ?? .integerOutOfRange(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func digits() -> Int {
            let start = index
            while let byte = peek(), isDigit(byte) { index += 1 }
            return index - start
        }
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
        let whole = digits()
        var fraction = 0
        if peek() == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            if whole == 0 && fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }
}
