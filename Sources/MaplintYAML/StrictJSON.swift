/// A file named `.json` is held to JSON (RFC 8259) before the YAML parser reads it: the YAML
/// parser accepts a trailing comma, comments, single quotes, unquoted words and anchors in flow
/// style, which JSON does not, and another JSON reader of the same file would refuse them.
///
/// The check is one pass over the bytes with an explicit stack of the open lists and mappings:
/// no recursion, whatever the nesting, and linear time (a column is counted only for the error).
/// It checks the syntax only; what the document means is the YAML loader's business, so a file
/// of whitespace only passes here and is reported as empty there.
enum StrictJSON {
    /// The first place where `bytes` are not JSON, 1-based (columns in Unicode scalars, as the
    /// YAML parser counts them), with what is wrong there; nil when they are JSON.
    static func firstError(in bytes: [UInt8]) -> (line: Int, column: Int, message: String)? {
        bytes.withUnsafeBufferPointer { buffer in
            var checker = Checker(bytes: buffer)
            guard let (offset, message) = checker.run() else { return nil }
            let (line, column) = checker.position(of: offset)
            return (line, column, "JSON syntax error: " + message)
        }
    }

    private struct Checker {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The lists and mappings open at `index`, the innermost last.
        var stack: [Open] = []
        var expecting = Expecting.value
        /// The last comma read, and whether it is the last token read.
        var lastComma = 0
        var afterComma = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// An open list or mapping: where it starts, for a file that ends inside it.
        struct Open {
            var isMapping: Bool
            var offset: Int
        }

        enum Expecting {
            case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd
        }

        /// The line and column of a byte offset (counted once, for the error).
        func position(of offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var start = 0
            var index = 0
            while index < offset {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    line += 1
                    start = index + 1
                }
                index += 1
            }
            var column = 1
            for byte in bytes[start..<max(start, offset)] where byte & 0xC0 != 0x80 { column += 1 }
            return (line, column)
        }

        mutating func run() -> (Int, String)? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while true {
                skipWhitespace()
                guard index < bytes.count else {
                    if let open = stack.last {
                        let (line, column) = position(of: open.offset)
                        return (
                            index,
                            "the file ends inside the \(open.isMapping ? "mapping" : "list") opened at line \(line), "
                                + "column \(column); it needs its closing '\(open.isMapping ? "}" : "]")'"
                        )
                    }
                    return nil
                }
                let byte = bytes[index]
                if let problem = notJSON(byte) { return (index, problem) }
                let problem: (Int, String)?
                switch expecting {
                case .value, .valueOrEnd: problem = value(byte)
                case .key, .keyOrEnd: problem = key(byte)
                case .colon:
                    guard byte == UInt8(ascii: ":") else {
                        return (index, "expected ':' after the key, found \(describe(byte))")
                    }
                    index += 1
                    afterComma = false
                    expecting = .value
                    problem = nil
                case .commaOrEnd: problem = commaOrEnd(byte)
                }
                if let problem { return problem }
            }
        }

        /// A value starts at `byte`, or (in a list) the list ends.
        mutating func value(_ byte: UInt8) -> (Int, String)? {
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                if expecting == .valueOrEnd, byte == UInt8(ascii: "]") {
                    stack.removeLast()
                    index += 1
                    expecting = .commaOrEnd
                    return nil
                }
                if afterComma {
                    return (
                        lastComma, "a comma before '\(Character(Unicode.Scalar(byte)))'; JSON allows no trailing comma"
                    )
                }
                return (index, "expected a value, found '\(Character(Unicode.Scalar(byte)))'")
            }
            afterComma = false
            if byte == UInt8(ascii: "{") {
                stack.append(Open(isMapping: true, offset: index))
                index += 1
                expecting = .keyOrEnd
            } else if byte == UInt8(ascii: "[") {
                stack.append(Open(isMapping: false, offset: index))
                index += 1
                expecting = .valueOrEnd
            } else {
                if let problem = scalar() { return problem }
                expecting = .commaOrEnd
            }
            return nil
        }

        /// A key starts at `byte`, or (when no comma came before) the mapping ends.
        mutating func key(_ byte: UInt8) -> (Int, String)? {
            if byte == UInt8(ascii: "}") {
                if expecting == .key { return (lastComma, "a comma before '}'; JSON allows no trailing comma") }
                stack.removeLast()
                index += 1
                expecting = .commaOrEnd
            } else if byte == UInt8(ascii: "\"") {
                if let problem = string() { return problem }
                expecting = .colon
            } else if isWordStart(byte) {
                return (index, "the key '\(word())' has no quotes; JSON keys are strings in double quotes")
            } else {
                return (index, "expected a key in double quotes, found \(describe(byte))")
            }
            return nil
        }

        /// After a value: a comma, or the end of the list or mapping it is in.
        mutating func commaOrEnd(_ byte: UInt8) -> (Int, String)? {
            guard let open = stack.last else {
                return (index, "\(describe(byte)) after the end of the JSON value; a file holds one value")
            }
            let close = UInt8(ascii: open.isMapping ? "}" : "]")
            if byte == UInt8(ascii: ",") {
                lastComma = index
                afterComma = true
                index += 1
                expecting = open.isMapping ? .key : .value
            } else if byte == close {
                stack.removeLast()
                index += 1
            } else {
                return (
                    index,
                    "expected ',' or '\(Character(Unicode.Scalar(close)))' after the value, found \(describe(byte))"
                )
            }
            return nil
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09: index += 1
                case 0x0A, 0x0D:
                    if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    index += 1
                default: return
                }
            }
        }

        /// What YAML writes and JSON has not, wherever it stands.
        func notJSON(_ byte: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "#"): "a comment; JSON has no comments"
            case UInt8(ascii: "'"): "a string in single quotes; JSON strings are in double quotes"
            case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
                "'\(Character(Unicode.Scalar(byte)))' starts a YAML anchor, alias or tag, which JSON has not"
            default: nil
            }
        }

        func isWordStart(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
        }

        /// The letters, digits, `_` and `.` from `index`, at most 40 of them.
        func word() -> String {
            var end = index
            while end < bytes.count, end - index < 40,
                isWordStart(bytes[end]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
                    || bytes[end] == UInt8(ascii: ".")
            {
                end += 1
            }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }

        func describe(_ byte: UInt8) -> String {
            switch byte {
            case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
            case 0x00..<0x20, 0x7F: "a control character"
            default: "a character outside ASCII"
            }
        }

        /// A string, a number or `true`, `false` or `null` at `index`.
        mutating func scalar() -> (Int, String)? {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return string() }
            if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return number() }
            if isWordStart(byte) {
                let word = word()
                if ["true", "false", "null"].contains(word) {
                    index += word.utf8.count
                    return nil
                }
                var next = index + word.utf8.count
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
                    return (index, "the key '\(word)' has no quotes; JSON keys are strings in double quotes")
                }
                return (
                    index,
                    "'\(word)' is not a JSON value: strings are in double quotes, and the only words are true, false and null"
                )
            }
            return (index, "expected a value, found \(describe(byte))")
        }

        mutating func string() -> (Int, String)? {
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else {
                        return (start, "this string is not closed: the file ends before its '\"'")
                    }
                    let escape = bytes[index + 1]
                    if escape == UInt8(ascii: "u") {
                        let digits = bytes[min(index + 2, bytes.count)..<min(index + 6, bytes.count)]
                        guard digits.count == 4, digits.allSatisfy(Self.isHexDigit) else {
                            return (index, "'\\u' needs four hexadecimal digits")
                        }
                        index += 6
                    } else if Array("\"\\/bfnrt".utf8).contains(escape) {
                        index += 2
                    } else {
                        return (
                            index,
                            "an escape JSON has not; it has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits"
                        )
                    }
                case 0x00..<0x20:
                    return (
                        index,
                        "a control character in a string (a line break, a tab); JSON writes it as an escape (\\n, \\t)"
                    )
                default:
                    index += 1
                }
            }
            return (start, "this string is not closed: the file ends before its '\"'")
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }

        mutating func number() -> (Int, String)? {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let first = index
            let whole = digits()
            if whole == 0 {
                let next = index < bytes.count ? bytes[index] : 0x20
                if [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "-")].contains(next) {
                    return (start, "'-' starts a YAML list item or document marker, which JSON has not")
                }
                return (start, "a number needs a digit after '-'")
            }
            if whole > 1, bytes[first] == UInt8(ascii: "0") {
                return (start, "a number with a leading zero is not JSON")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                if digits() == 0 { return (start, "a number needs a digit after '.'") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                if digits() == 0 { return (start, "a number needs a digit in its exponent") }
            }
            return nil
        }
    }
}
