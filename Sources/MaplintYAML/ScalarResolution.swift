/// Resolves plain scalars by the YAML 1.2 core schema: `yes`, `no`, `on`, `off` stay strings.
enum CoreSchema {
    static func resolve(plain text: String) -> YAMLScalarValue {
        // Most scalars are names and words: the first byte rules out every special form, which
        // saves a dozen string comparisons and an array per scalar.
        guard let first = text.utf8.first else { return .null }
        guard mayStartSpecial(first) else { return .string(text) }
        // Every special word is at most 5 bytes long, and a word starting with a letter or `~`
        // is never a number: most keys (`title`, `name`) are settled here without an array.
        if text.utf8.count <= 5, let word = word(text, first: first) { return word }
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || isDigit(first)
        else { return .string(text) }
        let scalars = Array(text.utf8)
        if let integer = integer(scalars, text: text) { return integer }
        if isFloat(scalars), let double = Double(text) { return .float(double) }
        return .string(text)
    }

    /// A scalar's bytes as `want`, when the core schema reads them as that type without doubt:
    /// the same value `resolve(plain:)` and the sample decoder give. Nil for anything else
    /// (null, another type, an integer of more than 18 digits), which the caller reads in the
    /// general way.
    static func typed(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, as want: YAMLScalarWant) -> YAMLTypedScalar? {
        switch want {
        case .string:
            if !plain { return .string(String(decoding: bytes, as: UTF8.self)) }
            guard let first = bytes.first else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            if !mayStartSpecial(first) { return .string(text) }
            guard case .string = resolve(plain: text) else { return nil }
            return .string(text)
        case .int:
            guard plain, let value = decimal(bytes) else { return nil }
            return .int(value)
        case .double:
            guard plain, let first = bytes.first else { return nil }
            if let value = decimal(bytes) { return .double(Double(value)) }
            // A sign and digits alone are an integer (perhaps out of range): the general way.
            if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || isDigit(first),
                bytes.dropFirst().allSatisfy(isDigit)
            {
                return nil
            }
            guard isFloat(bytes), let value = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            return .double(value)
        case .bool:
            guard plain, bytes.count == 4 || bytes.count == 5 else { return nil }
            switch String(decoding: bytes, as: UTF8.self) {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return nil
            }
        }
    }

    /// `[-+]?[0-9]{1,18}`: a decimal integer that fits in an Int whatever its digits.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        let digits = bytes.count - index
        guard digits >= 1, digits <= 18 else { return nil }
        var value = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        return negative ? -value : value
    }

    /// `null`, `true`, `false`, an infinity or NaN, written in one of the core schema's forms;
    /// only the forms starting with `first` are compared.
    private static func word(_ text: String, first: UInt8) -> YAMLScalarValue? {
        switch first {
        case UInt8(ascii: "~"):
            return text == "~" ? .null : nil
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return text == "null" || text == "Null" || text == "NULL" ? .null : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return text == "true" || text == "True" || text == "TRUE" ? .bool(true) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return text == "false" || text == "False" || text == "FALSE" ? .bool(false) : nil
        case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            switch text {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
            case ".nan", ".NaN", ".NAN": return .float(.nan)
            default: return nil
            }
        default:
            return nil
        }
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
    private static func isFloat<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        var index = bytes.startIndex
        func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
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
        return index == bytes.endIndex
    }
}
