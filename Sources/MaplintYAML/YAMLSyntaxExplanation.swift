import MaplintFindings

/// Turns one of libyaml's structural errors into what went wrong and the likely fix, read from
/// the text around the error: the indentation and keys of the lines above it, the character it
/// stopped on, an unclosed quote or bracket. Every look is a bounded scan of a few lines, or one
/// pass over the lines above the error (to name the entry it is in): linear, no recursion.
struct YAMLSyntaxExplanation {
    /// libyaml's words for the error, and where it is (0-based line, column in Unicode scalars).
    var problem: String
    var line: Int
    var column: Int
    /// What libyaml was reading, and where that started.
    var context: String?
    var contextLine: Int
    var contextColumn: Int

    private let text: SourceText

    init(
        problem: String, line: Int, column: Int, context: String?, contextLine: Int, contextColumn: Int,
        source: [UInt8]
    ) {
        self.problem = problem
        self.line = line
        self.column = column
        self.context = context
        self.contextLine = contextLine
        self.contextColumn = contextColumn
        self.text = SourceText(source)
    }

    /// The message: where, what and the fix, then libyaml's own words. Nil when there is
    /// nothing better to say than libyaml's.
    var message: String? {
        guard let explanation = explanation() else { return nil }
        var message = "YAML syntax error"
        if let entry = entryName() { message += " in " + entry }
        return message + ": " + explanation + " (libyaml: " + problem + ")"
    }

    // MARK: - The kinds of error

    private func explanation() -> String? {
        switch problem {
        case "mapping values are not allowed in this context": return mappingValueNotAllowed()
        case "did not find expected '-' indicator": return missingDash()
        case "did not find expected key": return missingKey()
        case "could not find expected ':'": return missingColon()
        case "found unexpected end of stream" where context == "while scanning a quoted scalar":
            let quote = character(line: contextLine, column: contextColumn).map { String($0) } ?? "\""
            return
                "the `\(quote)` opened at line \(contextLine + 1), column \(contextColumn + 1) is never closed; end the value with `\(quote)`"
        case "did not find expected ',' or ']'": return unclosed(open: "[", close: "]", noun: "list")
        case "did not find expected ',' or '}'": return unclosed(open: "{", close: "}", noun: "mapping")
        case "block sequence entries are not allowed in this context":
            let key = keyInfo(line).map { "`\($0.key):`" } ?? "a value"
            return
                "a list entry `- ` cannot follow \(key) on the same line; start each entry on a line of its own, indented under the key, or write the list as `[a, b]`"
        case "found unknown escape character":
            // libyaml points at the backslash.
            let escaped = character(line: line, column: column) == "\\" ? column + 1 : column
            let escape = character(line: line, column: escaped).map { "`\\\(Self.shown(String($0)))`" } ?? "this"
            return
                "\(escape) is not an escape of a double-quoted value; write `\\\\` for a backslash, or use single quotes, in which `\\` is an ordinary character"
        case "found character that cannot start any token": return cannotStartToken()
        case "found a tab character that violates indentation",
            "found a tab character where an indentation space is expected":
            return "a tab indents this line; YAML indents with spaces only: replace the tab with spaces"
        case "did not find expected alphabetic or numeric character" where context == "while scanning an anchor":
            return
                "`&` starts an anchor and needs a name right after it (`&name`); put the value in quotes if the `&` is part of it"
        case "did not find expected alphabetic or numeric character" where context == "while scanning an alias":
            return
                "`*` starts an alias and needs the name of an anchor right after it (`*name`); put the value in quotes if the `*` is part of it"
        case "did not find expected node content":
            if let found = character(line: line, column: column), "]},".unicodeScalars.contains(found) {
                return
                    "`\(found)` closes or separates nothing here; put the value in quotes if the `\(found)` is part of it"
            }
            return "a value is missing here; put it in quotes if it is text that YAML reads as punctuation"
        case "did not find expected comment or line break" where context == "while scanning a block scalar":
            return
                "only `-` or `+`, an indentation digit and a comment may follow `|` or `>` on its line; the text of a block value starts on the next line"
        default: return nil
        }
    }

    /// A `key:` where YAML is in the middle of a value: the line is indented more than the key
    /// above it, that key has no space after its `:`, or a value holds `: `.
    private func mappingValueNotAllowed() -> String? {
        let current = lineScalars(line)
        // `title: Note: read`: a second `: ` on the line of a key.
        if let info = keyInfo(line), info.valueColumn < column {
            let value = Self.snippet(current, from: info.valueColumn, upTo: current.count)
            return
                "the value of `\(info.key):` holds `: `, which YAML reads as the start of another key; put the value in quotes (`\(info.key): \"\(value)\"`)"
        }
        guard let above = previousContentLine(before: line) else { return nil }
        let aboveScalars = lineScalars(above)
        if let glued = gluedKey(aboveScalars) {
            return
                "`\(glued.written)` on line \(above + 1) has no space after `:`, so YAML reads it as text and not as a key; write `\(glued.fixed)`"
        }
        if let info = keyInfo(line), let upper = keyInfo(above), info.column > upper.column {
            return
                "`\(info.key):` is indented more than `\(upper.key):` above it, so YAML reads it as part of the value of `\(upper.key):`; keys of one mapping start in the same column: move `\(info.key):` to column \(upper.column + 1)"
        }
        if let info = keyInfo(line) {
            return
                "`\(info.key):` follows a value that YAML does not end before it; start it on a line of its own, in the column of the keys it belongs with"
        }
        return nil
    }

    /// A line in a list that is neither an entry (`- `) nor inside one.
    private func missingDash() -> String? {
        let dash = contextColumn
        let indent = indentation(line)
        let current = lineScalars(line)
        let first = indent < current.count ? current[indent] : nil
        guard first != "-" else { return nil }
        let key = keyInfo(line).map { "`\($0.key):`" } ?? "this line"
        if indent == dash {
            return
                "\(key) is in the column of the list's `-` (column \(dash + 1)) but has no `- ` before it; start a new entry with `- `, or indent it like the keys of the entry above"
        }
        if indent > dash, let above = previousContentLine(before: line), let upper = keyInfo(above),
            upper.column > indent
        {
            return
                "\(key) is indented less than `\(upper.key):` above it (column \(upper.column + 1)) and more than the list's `-` (column \(dash + 1)); keys of one entry start in the same column: move it to column \(upper.column + 1)"
        }
        return
            "\(key) is not in the column of the list's `-` (column \(dash + 1)) nor in that of an entry's keys; line it up with one of them"
    }

    /// A mapping that meets something other than a key: a list entry among its keys, text after
    /// a quoted value, or a key indented between two levels.
    private func missingKey() -> String? {
        let current = lineScalars(line)
        let indent = indentation(line)
        if column < current.count, current[column] == "-", column == indent {
            if let above = previousContentLine(before: line), let upper = keyInfo(above),
                upper.column == column, upper.valueColumn < lineScalars(above).count
            {
                return
                    "a list entry `- ` is in the column of the keys of this mapping, after `\(upper.key):`, which already has a value; a list belongs under a key with nothing after its `:`, indented more than it"
            }
            return
                "a list entry `- ` is in the column of the keys of a mapping; a list belongs under a key with nothing after its `:`, indented more than it"
        }
        if column > indent {
            var before = column - 1
            while before > indent, current[before] == " " { before -= 1 }
            if current[before] == "\"" || current[before] == "'" {
                return
                    "text follows the closing `\(current[before])` of the value; put the whole value inside the quotes"
            }
            return nil
        }
        guard let above = previousContentLine(before: line), let upper = keyInfo(above), upper.column > indent,
            indent > contextColumn
        else { return nil }
        let key = keyInfo(line).map { "`\($0.key):`" } ?? "this line"
        var message =
            "\(key) is indented less than `\(upper.key):` above it (column \(upper.column + 1))"
        if let parent = parentKey(above: above, indentedLessThan: indent) {
            message += " and more than `\(parent.key):` (column \(parent.column + 1))"
        }
        return message
            + "; keys of one mapping start in the same column: line it up with the keys it belongs with"
    }

    /// A key libyaml started reading that has no `:` by the end of its line.
    private func missingColon() -> String? {
        let keyLine = lineScalars(contextLine)
        if let glued = gluedKey(keyLine) {
            return "`\(glued.written)` needs a space after `:`; write `\(glued.fixed)`"
        }
        let written = Self.snippet(keyLine, from: contextColumn, upTo: Self.contentEnd(keyLine))
        if column > 1024 { return nil }
        return
            "`\(written)` on line \(contextLine + 1) has no `:`, so it is neither a key nor in a list; write `key: value`, or put it in the value above with the same indentation as that value"
    }

    /// An unclosed `[` or `{`, or two of its values without a `,` between them.
    private func unclosed(open: Character, close: Character, noun: String) -> String {
        let start = "the `\(open)` at line \(contextLine + 1), column \(contextColumn + 1)"
        if line == contextLine {
            return
                "the values of \(start) are separated by `,`: one is missing before this, or the \(noun) ends without `\(close)`"
        }
        return
            "\(start) is not closed: end the \(noun) with `\(close)` (a \(noun) in `\(open)` `\(close)` may span lines, but its values are separated by `,`)"
    }

    private func cannotStartToken() -> String? {
        guard let found = character(line: line, column: column) else { return nil }
        switch found {
        case "\t":
            if column <= indentation(line) {
                return "a tab indents this line; YAML indents with spaces only: replace the tab with spaces"
            }
            return "a tab cannot start a value; put a space in its place"
        case "@", "`":
            return
                "`\(found)` is reserved in YAML and cannot start a value that is not quoted; put the value in quotes"
        default: return nil
        }
    }

    // MARK: - The entry the error is in

    /// "entry 2 (`cell: PostCell`)" for an error in a registration, "section 1 of the sample"
    /// for one in a sample section, "entry 0 of 'models'" in another top-level list: one pass
    /// over the lines up to the error.
    func entryName() -> String? {
        // An unclosed quote or bracket, or a key without `:`, is where it started, not where
        // libyaml noticed it.
        let line =
            switch problem {
            case "found unexpected end of stream", "did not find expected ',' or ']'",
                "did not find expected ',' or '}'", "could not find expected ':'":
                contextLine
            default: self.line
            }
        guard line < text.lineCount, let entry = listEntry(through: line) else { return nil }
        let index = entry.index
        switch entry.owner {
        case "registrations":
            let first = lineScalars(entry.firstLine)
            let dash = indentation(entry.firstLine)
            var start = dash + 1
            while start < first.count, first[start] == " " { start += 1 }
            let summary = Self.snippet(first, from: start, upTo: Self.contentEnd(first))
            return summary.isEmpty ? "entry \(index)" : "entry \(index) (`\(summary)`)"
        case "sections": return "section \(index) of the sample"
        default: return "entry \(index) of '\(entry.owner)'"
        }
    }

    /// The list the line is in (a top-level key's, or the sample's sections), the position in it of
    /// the entry the line belongs to, and the entry's first line.
    func listEntry(through line: Int) -> (owner: String, index: Int, firstLine: Int)? {
        var topKey: String?
        var owner: String?
        var listIndent = 0
        var count = 0
        var firstLine = 0
        var last: (key: String?, indent: Int)?
        for number in 0...line {
            let bytes = lineBytes(number)
            var indent = 0
            while indent < bytes.count, bytes[bytes.startIndex + indent] == UInt8(ascii: " ") { indent += 1 }
            guard indent < bytes.count, bytes[bytes.startIndex + indent] != UInt8(ascii: "#") else { continue }
            let next = bytes.startIndex + indent + 1
            let isDash =
                bytes[bytes.startIndex + indent] == UInt8(ascii: "-")
                && (next == bytes.endIndex || bytes[next] == UInt8(ascii: " "))
            if indent == 0, !isDash {
                topKey = Self.plainKey(bytes, from: 0)
                owner = nil
                last = (topKey, 0)
                continue
            }
            if owner != nil {
                if isDash, indent == listIndent {
                    count += 1
                    firstLine = number
                } else if indent < listIndent {
                    owner = nil
                }
            } else if isDash, topKey != nil, let above = last, let key = above.key,
                above.indent < indent || indent == 0,
                above.indent == 0 || (topKey == "sample" && key == "sections")
            {
                owner = key
                listIndent = indent
                count = 1
                firstLine = number
            }
            if !isDash { last = (Self.plainKey(bytes, from: indent), indent) }
        }
        guard let owner, count > 0 else { return nil }
        return (owner, count - 1, firstLine)
    }

    // MARK: - Reading lines

    private func lineBytes(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 0, number < text.lineCount else { return [] }
        var start = text.lineStarts[number]
        var end = number + 1 < text.lineCount ? text.lineStarts[number + 1] : text.bytes.count
        if number == 0, text.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, end) }
        while end > start, text.bytes[end - 1] == UInt8(ascii: "\n") || text.bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return text.bytes[start..<end]
    }

    /// A line as Unicode scalars, so indexes are libyaml's columns.
    private func lineScalars(_ number: Int) -> [Unicode.Scalar] {
        Array(String(decoding: lineBytes(number), as: UTF8.self).unicodeScalars)
    }

    private func character(line number: Int, column: Int) -> Unicode.Scalar? {
        let scalars = lineScalars(number)
        return column >= 0 && column < scalars.count ? scalars[column] : nil
    }

    private func indentation(_ number: Int) -> Int {
        lineScalars(number).prefix { $0 == " " }.count
    }

    /// The nearest line above `number` with something other than a comment on it.
    private func previousContentLine(before number: Int) -> Int? {
        var candidate = number - 1
        while candidate >= 0 {
            let scalars = lineScalars(candidate)
            if let first = scalars.first(where: { $0 != " " }), first != "#" { return candidate }
            candidate -= 1
        }
        return nil
    }

    /// The nearest key above `number` (included) indented less than `indent`.
    private func parentKey(above number: Int, indentedLessThan indent: Int) -> (key: String, column: Int)? {
        var candidate = number
        while candidate >= 0 {
            if let info = keyInfo(candidate), info.column < indent { return (info.key, info.column) }
            candidate -= 1
        }
        return nil
    }

    /// The key a line starts (after any `- `), its column and the column of its value.
    private func keyInfo(_ number: Int) -> (key: String, column: Int, valueColumn: Int)? {
        let scalars = lineScalars(number)
        var start = 0
        while start < scalars.count {
            if scalars[start] == " " {
                start += 1
            } else if scalars[start] == "-", start + 1 < scalars.count, scalars[start + 1] == " " {
                start += 2
            } else {
                break
            }
        }
        guard start < scalars.count, !"#[{\"'|>&*!%@`".unicodeScalars.contains(scalars[start]) else { return nil }
        var index = start
        while index < scalars.count {
            if scalars[index] == ":", index + 1 == scalars.count || scalars[index + 1] == " " {
                var value = index + 1
                while value < scalars.count, scalars[value] == " " { value += 1 }
                return (Self.snippet(scalars, from: start, upTo: index), start, value)
            }
            if scalars[index] == "#", index > start, scalars[index - 1] == " " { return nil }
            index += 1
        }
        return nil
    }

    /// `version:1`: a line whose first word has a `:` followed by something other than a space,
    /// and no `: ` anywhere. The text as written and with the space.
    private func gluedKey(_ scalars: [Unicode.Scalar]) -> (written: String, fixed: String)? {
        var start = 0
        while start < scalars.count, scalars[start] == " " || scalars[start] == "-" { start += 1 }
        guard start < scalars.count, !"#[{\"'|>&*!%@`".unicodeScalars.contains(scalars[start]) else { return nil }
        let end = Self.contentEnd(scalars)
        var colon: Int?
        var index = start
        while index < end {
            if scalars[index] == ":" {
                if index + 1 >= end || scalars[index + 1] == " " { return nil }
                if colon == nil { colon = index }
            }
            if scalars[index] == " " && colon == nil { return nil }
            index += 1
        }
        guard let colon, colon > start else { return nil }
        let key = Self.snippet(scalars, from: start, upTo: colon)
        let value = Self.snippet(scalars, from: colon + 1, upTo: end)
        // `http://…` and times (`12:30`) are values, not keys.
        if value.hasPrefix("//") || key.allSatisfy(\.isNumber) { return nil }
        return (key + ":" + value, key + ": " + value)
    }

    /// The first word of a line at `start` when it is a plain `key:`.
    private static func plainKey(_ bytes: ArraySlice<UInt8>, from start: Int) -> String? {
        var index = bytes.startIndex + start
        let begin = index
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":"), index + 1 == bytes.endIndex || bytes[index + 1] == UInt8(ascii: " ") {
                return index > begin ? String(decoding: bytes[begin..<index], as: UTF8.self) : nil
            }
            if byte == UInt8(ascii: " ") { return nil }
            index += 1
        }
        return nil
    }

    /// Where a line's content ends: before a comment (` #`) and trailing spaces.
    private static func contentEnd(_ scalars: [Unicode.Scalar]) -> Int {
        var end = scalars.count
        var index = 1
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'", scalars[index - 1] == " " {
                quote = scalar
            } else if scalar == "#", scalars[index - 1] == " " {
                end = index
                break
            }
            index += 1
        }
        while end > 0, scalars[end - 1] == " " { end -= 1 }
        return end
    }

    /// Text from the file for a message: at most 40 characters, controls shown as U+FFFD.
    private static func snippet(_ scalars: [Unicode.Scalar], from start: Int, upTo end: Int) -> String {
        guard start < end, start >= 0 else { return "" }
        let limit = min(end, scalars.count)
        guard start < limit else { return "" }
        var text = String(String.UnicodeScalarView(scalars[start..<min(limit, start + 40)].map(Self.visible)))
        if limit - start > 40 { text += "…" }
        return text
    }

    private static func shown(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map(visible)))
    }

    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        default: scalar
        }
    }
}
