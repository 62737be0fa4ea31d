import Foundation

/// A reader of the old-style (OpenStep) property lists Xcode writes as `project.pbxproj`, made
/// straight into Swift values (`[String: Any]`, `[Any]`, `String`), as
/// `PropertyListSerialization` gives them once bridged: reading a large project through
/// Foundation and bridging it costs more than reading all of an app's Swift files.
///
/// Only the plain form is read: dictionaries, arrays, quoted and unquoted strings, comments and
/// the common escapes. On anything else (a data value `<…>`, an octal escape, a key given twice,
/// text that is not UTF-8, a nesting deeper than `maxDepth`, an error) it gives nil, and the
/// caller asks Foundation, whose answer (or error) stands.
enum OpenStepPropertyList {
    /// Deeper nesting is left to Foundation (a hostile project nests thousands deep).
    static let maxDepth = 256

    static func parse(_ bytes: [UInt8]) -> Any? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.failed || reader.position != buffer.count ? nil : value
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var failed = false

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Skips white space and comments; an unterminated comment fails.
        mutating func skipSpace() {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "*")
                {
                    var index = position + 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    guard index + 1 < bytes.count else {
                        failed = true
                        position = bytes.count
                        return
                    }
                    position = index + 2
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "/")
                {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) -> Any? {
            skipSpace()
            guard !failed, position < bytes.count, depth < OpenStepPropertyList.maxDepth else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return dictionary(depth: depth)
            case UInt8(ascii: "("): return array(depth: depth)
            default: return string()
            }
        }

        mutating func dictionary(depth: Int) -> [String: Any]? {
            position += 1
            var result: [String: Any] = [:]
            while true {
                skipSpace()
                guard !failed, position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return result
                }
                guard let key = string() else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return nil }
                position += 1
                guard let value = value(depth: depth + 1) else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else { return nil }
                position += 1
                guard result.updateValue(value, forKey: key) == nil else { return nil }
            }
        }

        mutating func array(depth: Int) -> [Any]? {
            position += 1
            var result: [Any] = []
            while true {
                skipSpace()
                guard !failed, position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    return result
                }
                guard let value = value(depth: depth + 1) else { return nil }
                result.append(value)
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] != UInt8(ascii: ")") {
                    return nil
                }
            }
        }

        mutating func string() -> String? {
            guard position < bytes.count else { return nil }
            let first = bytes[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return quoted(first) }
            let start = position
            while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        /// A quoted string; the escapes read are `\\`, `\"`, `\'`, `\n`, `\t`, `\r`, `\a`, `\b`,
        /// `\f`, `\v` and `\U` with one to four hexadecimal digits.
        mutating func quoted(_ quote: UInt8) -> String? {
            position += 1
            var text: [UInt8] = []
            var start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == quote {
                    text += UnsafeBufferPointer(rebasing: bytes[start..<position])
                    position += 1
                    return String(validating: text, as: UTF8.self)
                }
                guard byte == UInt8(ascii: "\\") else {
                    guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return nil }
                    position += 1
                    continue
                }
                text += UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                guard position < bytes.count, let escaped = escape() else { return nil }
                text += escaped
                start = position
            }
            return nil
        }

        /// The UTF-8 of the escape at `position` (after the backslash), moving past it.
        mutating func escape() -> [UInt8]? {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): return [byte]
            case UInt8(ascii: "n"): return [0x0A]
            case UInt8(ascii: "t"): return [0x09]
            case UInt8(ascii: "r"): return [0x0D]
            case UInt8(ascii: "a"): return [0x07]
            case UInt8(ascii: "b"): return [0x08]
            case UInt8(ascii: "f"): return [0x0C]
            case UInt8(ascii: "v"): return [0x0B]
            case UInt8(ascii: "U"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, position < bytes.count, let digit = Self.hexDigit(bytes[position]) {
                    value = value * 16 + digit
                    digits += 1
                    position += 1
                }
                guard digits > 0, let scalar = Unicode.Scalar(value) else { return nil }
                return Array(String(Character(scalar)).utf8)
            default: return nil
            }
        }

        static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// The characters of an unquoted string.
        static func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
                UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }
}
