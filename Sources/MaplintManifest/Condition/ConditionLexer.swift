/// A positioned compile error inside a condition string.
struct ConditionError: Error, Hashable {
    var message: String
    /// Offset in Unicode scalars.
    var offset: Int
}

enum ConditionSymbol: String, Hashable, CaseIterable {
    case not = "!"
    case minus = "-"
    case star = "*"
    case slash = "/"
    case percent = "%"
    case plus = "+"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
    case coalesce = "??"
    case leftParen = "("
    case rightParen = ")"
    case leftBracket = "["
    case rightBracket = "]"
    case comma = ","
    case dot = "."
    case optionalDot = "?."
    case colon = ":"
}

struct ConditionToken: Hashable {
    enum Kind: Hashable {
        case identifier(String)
        /// Decimal digits, underscores removed; the sign is applied by the parser.
        case integer(String)
        case decimal(Double)
        case string(String)
        case symbol(ConditionSymbol)
        case end
    }

    var kind: Kind
    var range: Range<Int>
}

/// Splits a condition into tokens, with offsets in Unicode scalars.
struct ConditionLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    static func tokenize(_ scalars: [Unicode.Scalar]) throws(ConditionError) -> [ConditionToken] {
        var lexer = ConditionLexer(scalars)
        var tokens: [ConditionToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let position = index + ahead
        return position < scalars.count ? scalars[position] : nil
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private mutating func next() throws(ConditionError) -> ConditionToken {
        while let scalar = peek(), scalar.properties.isWhitespace { index += 1 }
        let start = index
        guard let scalar = peek() else { return ConditionToken(kind: .end, range: start..<start) }
        if Self.isIdentifierStart(scalar) {
            var name = String.UnicodeScalarView()
            while let part = peek(), Self.isIdentifierPart(part) {
                name.append(part)
                index += 1
            }
            return ConditionToken(kind: .identifier(String(name)), range: start..<index)
        }
        if Self.isDigit(scalar) { return try number() }
        if scalar == "\"" { return try string() }
        return try symbol()
    }

    private mutating func digits(into text: inout String) {
        while let scalar = peek(), Self.isDigit(scalar) || scalar == "_" {
            if scalar != "_" { text.unicodeScalars.append(scalar) }
            index += 1
        }
    }

    private mutating func number() throws(ConditionError) -> ConditionToken {
        let start = index
        var text = ""
        digits(into: &text)
        var isDecimal = false
        if peek() == ".", let next = peek(1), Self.isDigit(next) {
            isDecimal = true
            index += 1
            text += "."
            digits(into: &text)
        }
        if let e = peek(), e == "e" || e == "E" {
            var ahead = 1
            if let sign = peek(1), sign == "+" || sign == "-" { ahead = 2 }
            if let digit = peek(ahead), Self.isDigit(digit) {
                isDecimal = true
                text += "e"
                if ahead == 2, let sign = peek(1) { text.unicodeScalars.append(sign) }
                index += ahead
                digits(into: &text)
            }
        }
        if let trailing = peek(), Self.isIdentifierPart(trailing) {
            throw ConditionError(
                message: "invalid character '\(trailing)' in a number literal; only decimal numbers are supported",
                offset: index)
        }
        guard isDecimal else { return ConditionToken(kind: .integer(text), range: start..<index) }
        guard let value = Double(text), value.isFinite else {
            throw ConditionError(message: "the number literal \(text) does not fit in a Double", offset: start)
        }
        return ConditionToken(kind: .decimal(value), range: start..<index)
    }

    private mutating func string() throws(ConditionError) -> ConditionToken {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
                throw ConditionError(message: "unterminated string literal; close it with '\"'", offset: start)
            }
            index += 1
            if scalar == "\"" { break }
            if scalar != "\\" {
                value.append(scalar)
                continue
            }
            let escapeStart = index - 1
            guard let escaped = peek() else {
                throw ConditionError(message: "unterminated string literal; close it with '\"'", offset: start)
            }
            index += 1
            switch escaped {
            case "\"": value.append("\"")
            case "\\": value.append("\\")
            case "'": value.append("'")
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "u": value.append(try unicodeEscape(start: escapeStart))
            case "(":
                throw ConditionError(
                    message: "string interpolation is not supported in conditions", offset: escapeStart)
            default:
                throw ConditionError(
                    message: "invalid escape sequence '\\\(escaped)'; use \\\", \\\\, \\n, \\t, \\r, \\0 or \\u{…}",
                    offset: escapeStart)
            }
        }
        return ConditionToken(kind: .string(String(value)), range: start..<index)
    }

    /// `\u{1F600}`: after the `u`, one to eight hex digits in braces naming a valid scalar.
    private mutating func unicodeEscape(start: Int) throws(ConditionError) -> Unicode.Scalar {
        let invalid = ConditionError(
            message: "invalid unicode escape; write \\u{…} with 1 to 8 hex digits", offset: start)
        guard peek() == "{" else { throw invalid }
        index += 1
        var code: UInt32 = 0
        var count = 0
        while let scalar = peek(), scalar != "}" {
            guard let digit = Self.hexValue(scalar), count < 8 else { throw invalid }
            code = code * 16 + digit
            count += 1
            index += 1
        }
        guard peek() == "}", count > 0 else { throw invalid }
        index += 1
        guard let result = Unicode.Scalar(code) else {
            throw ConditionError(
                message: "\\u{\(String(code, radix: 16, uppercase: true))} is not a valid Unicode scalar", offset: start
            )
        }
        return result
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    private mutating func symbol() throws(ConditionError) -> ConditionToken {
        let start = index
        guard let first = peek() else { return ConditionToken(kind: .end, range: start..<start) }
        let second = peek(1)
        let pair = second.map { String(first) + String($0) } ?? ""
        if let symbol = ConditionSymbol(rawValue: pair), pair.unicodeScalars.count == 2 {
            index += 2
            return ConditionToken(kind: .symbol(symbol), range: start..<index)
        }
        if let symbol = ConditionSymbol(rawValue: String(first)) {
            index += 1
            return ConditionToken(kind: .symbol(symbol), range: start..<index)
        }
        let message: String
        switch first {
        case "=": message = "'=' assigns; use '==' to compare"
        case "&": message = "unknown operator '&'; use '&&'"
        case "|": message = "unknown operator '|'; use '||'"
        case "?":
            message =
                "unexpected '?'; use '?.' to reach into an optional, '??' for a default (the ternary operator is not supported)"
        case "'": message = "strings use double quotes: \"…\""
        default: message = "unexpected character '\(first.escaped(asASCII: false))'"
        }
        throw ConditionError(message: message, offset: start)
    }
}
