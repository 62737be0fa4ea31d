/// JSON writes characters outside the Basic Multilingual Plane as UTF-16 surrogate pairs
/// (`"\ud83d\ude00"`), which YAML's double-quoted scalars do not accept. For a JSON document
/// each such pair is rewritten as YAML's `\U0001F600` before parsing. The rewrite is two
/// characters shorter, so columns after it on the same line move left by two.
enum JSONSurrogates {
    static func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        guard looksLikeJSON(bytes), containsSurrogateEscape(bytes) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                output.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if let high = unit(bytes, at: index), (0xD800...0xDBFF).contains(high),
                    let low = unit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low)
                {
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    let hex = String(scalar, radix: 16, uppercase: true)
                    output += Array(("\\U" + String(repeating: "0", count: 8 - hex.count) + hex).utf8)
                    index += 12
                } else {
                    // Any other escape is copied whole, so an escaped quote does not end the string.
                    output.append(byte)
                    output.append(bytes[index + 1])
                    index += 2
                }
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// The value of a `\uXXXX` escape starting at `index`.
    private static func unit(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        var value = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = hexValue(byte) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "["))
    }

    private static func containsSurrogateEscape(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 3 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                bytes[index + 2] == UInt8(ascii: "d") || bytes[index + 2] == UInt8(ascii: "D")
            {
                return true
            }
            index += 1
        }
        return false
    }
}
