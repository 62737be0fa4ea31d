import MaplintFindings
import MaplintYAML

/// Turns a rule's `FixAction` into edits of the manifest's bytes. Only the bytes of what the
/// finding names change: comments, key order, quoting, indentation, flow or block style and line
/// breaks stay as written. Anything unusual (an alias or anchor) gives no fix rather than a guess.
enum ManifestEdits {
    /// `text` is `SourceText(document.source)`, made once per document by the caller.
    static func fix(for action: FixAction, in document: YAMLDocument, text: SourceText) -> Fix? {
        let isJSON = document.file.hasSuffix(".json")
        guard let entries = document.root.mapping?.first(where: { $0.key.scalar?.text == "registrations" })?.value,
            let items = entries.sequence
        else { return nil }
        let builder = Builder(text: text, file: document.file, isJSON: isJSON)
        switch action {
        case .setReuseIdentifier(let entry, let identifier):
            guard items.indices.contains(entry), builder.isWritten(items[entry]) else { return nil }
            guard let edit = builder.setReuseIdentifier(identifier, in: items[entry]) else { return nil }
            return Fix(
                summary: "set reuseIdentifier: \(identifier) (entry \(entry))", file: document.file, edits: [edit])
        case .removeEvent(let entry, let name, let location):
            guard items.indices.contains(entry), builder.isWritten(items[entry]),
                let pairs = items[entry].mapping
            else { return nil }
            // A manager-level `event:` entry goes as a whole; a mapping's event leaves its `events` list.
            if let first = pairs.first, first.key.scalar?.text == "event",
                document.location(of: first.value) == location
            {
                guard items.count > 1, let edit = builder.removeItem(at: entry, of: entries) else { return nil }
                return Fix(
                    summary: "removed the deprecated event '\(name)' (entry \(entry))", file: document.file,
                    edits: [edit])
            }
            guard let events = pairs.first(where: { $0.key.scalar?.text == "events" }),
                let list = events.value.sequence,
                let position = list.firstIndex(where: { document.location(of: $0) == location })
            else { return nil }
            let edit: TextEdit?
            if list.count == 1 {
                edit =
                    builder.isFlow(events.value)
                    ? builder.replace(events.value, with: "[]") : builder.removePair(events, of: items[entry])
            } else {
                edit = builder.removeItem(at: position, of: events.value)
            }
            guard let edit else { return nil }
            return Fix(
                summary: "removed the deprecated event '\(name)' (entry \(entry))", file: document.file, edits: [edit])
        }
    }

    private struct Builder {
        let text: SourceText
        let file: String
        let isJSON: Bool

        var bytes: [UInt8] { text.bytes }

        func offset(_ mark: YAMLMark) -> Int? { text.offset(line: mark.line + 1, column: mark.column + 1) }

        /// Whether the node is written where it is used (not reached through an alias).
        func isWritten(_ node: YAMLNode) -> Bool {
            guard let start = offset(node.start), start < bytes.count else { return false }
            return bytes[start] != UInt8(ascii: "*") && bytes[start] != UInt8(ascii: "&")
                && bytes[start] != UInt8(ascii: "!")
        }

        func isFlow(_ node: YAMLNode) -> Bool {
            guard let start = offset(node.start), start < bytes.count else { return false }
            return bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[")
        }

        /// The byte offset just past a node's text.
        func end(of node: YAMLNode) -> Int? {
            switch node.content {
            case .scalar(let scalar):
                // A block scalar (`|`, `>`) ends with its last line break: its end is the start of
                // the next line, which is the only end it may have here.
                if scalar.style == .literal || scalar.style == .folded {
                    guard scalar.end.column == 0, let end = offset(scalar.end), end > 0 else { return nil }
                    return end
                }
                return offset(scalar.end)
            case .sequence(let items):
                if isFlow(node) { return offset(node.start).flatMap(flowEnd) }
                return items.last.flatMap(end)
            case .mapping(let pairs):
                if isFlow(node) { return offset(node.start).flatMap(flowEnd) }
                return pairs.last.flatMap { end(of: $0.value) }
            }
        }

        /// Just past the bracket that closes the flow collection opening at `start`.
        func flowEnd(_ start: Int) -> Int? {
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case UInt8(ascii: "\""):
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                case UInt8(ascii: "'"):
                    index += 1
                    while index < bytes.count {
                        if bytes[index] == UInt8(ascii: "'") {
                            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
                                index += 1
                            } else {
                                break
                            }
                        }
                        index += 1
                    }
                case UInt8(ascii: "#"):
                    if index > 0, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 || bytes[index - 1] == 0x0A {
                        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                        continue
                    }
                default:
                    break
                }
                index += 1
            }
            return nil
        }

        /// The identifier written as a scalar: plain when YAML reads it back as that string,
        /// double-quoted otherwise (and always in JSON), or in the style of the scalar it replaces.
        func scalar(_ value: String, like old: YAMLScalarStyle? = nil) -> String {
            let quoted = "\"" + value + "\""
            if isJSON || old == .doubleQuoted { return quoted }
            if old == .singleQuoted { return "'" + value + "'" }
            let plainSafe =
                value.first.map { $0.isLetter } == true
                && value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
                && !["true", "false", "null", "True", "False", "Null", "TRUE", "FALSE", "NULL"].contains(value)
            return plainSafe ? value : quoted
        }

        func key(_ name: String) -> String { isJSON ? "\"\(name)\"" : name }

        func replace(_ node: YAMLNode, with replacement: String) -> TextEdit? {
            guard let start = offset(node.start), let end = end(of: node), start <= end else { return nil }
            // A block scalar's text ends with its last line break, which the line keeps.
            var lineBreak = ""
            if let scalar = node.scalar, scalar.style == .literal || scalar.style == .folded,
                end > start, bytes[end - 1] == UInt8(ascii: "\n")
            {
                lineBreak = end - 1 > start && bytes[end - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n"
            }
            return TextEdit(start..<end, with: replacement + lineBreak, in: text, file: file)
        }

        func setReuseIdentifier(_ identifier: String, in entry: YAMLNode) -> TextEdit? {
            guard let pairs = entry.mapping, let last = pairs.last else { return nil }
            if let existing = pairs.first(where: { $0.key.scalar?.text == "reuseIdentifier" }) {
                guard let old = existing.value.scalar, isWritten(existing.value) else { return nil }
                return replace(existing.value, with: scalar(identifier, like: old.style))
            }
            let pair = "\(key("reuseIdentifier")): \(scalar(identifier))"
            guard let valueEnd = end(of: last.value) else { return nil }
            if isFlow(entry) {
                // One pair per line: the new one on a line of its own, indented like the last key.
                guard let keyStart = offset(last.key.start) else { return nil }
                let lastLine = text.line(ofOffset: keyStart)
                let previousLine = pairs.count > 1 ? offset(pairs[pairs.count - 2].key.start).map(text.line) : nil
                if let previousLine, previousLine != lastLine {
                    let indent = String(repeating: " ", count: last.key.start.column)
                    let lineBreak = text.lineBreak(preferringLine: lastLine)
                    return TextEdit(valueEnd..<valueEnd, with: "," + lineBreak + indent + pair, in: text, file: file)
                }
                return TextEdit(valueEnd..<valueEnd, with: ", " + pair, in: text, file: file)
            }
            // Block mapping: a new line after the last value's line, indented like the keys.
            let line = text.line(ofOffset: max(valueEnd - 1, 0))
            let indent = String(repeating: " ", count: pairs[0].key.start.column)
            let lineEnd = text.end(ofLine: line)
            let lineBreak = text.lineBreak(preferringLine: line)
            if lineEnd == text.contentEnd(ofLine: line) {
                // The last line of a file without a final line break.
                return TextEdit(lineEnd..<lineEnd, with: lineBreak + indent + pair, in: text, file: file)
            }
            return TextEdit(lineEnd..<lineEnd, with: indent + pair + lineBreak, in: text, file: file)
        }

        /// Removes item `index` of a sequence: with its comma in a flow sequence; its whole lines
        /// (comments on them included) in a block sequence.
        func removeItem(at index: Int, of sequence: YAMLNode) -> TextEdit? {
            guard let items = sequence.sequence, items.indices.contains(index), let start = offset(items[index].start),
                let end = end(of: items[index])
            else { return nil }
            if isFlow(sequence) {
                if index + 1 < items.count, let next = offset(items[index + 1].start) {
                    return TextEdit(start..<next, with: "", in: text, file: file)
                }
                guard index > 0, let previousEnd = self.end(of: items[index - 1]) else { return nil }
                return TextEdit(previousEnd..<end, with: "", in: text, file: file)
            }
            // The `- ` before the item starts its line; the item's text ends its last line.
            var dash = start
            while dash > 0, bytes[dash - 1] == 0x20 || bytes[dash - 1] == 0x09 { dash -= 1 }
            guard dash > 0, bytes[dash - 1] == UInt8(ascii: "-") else { return nil }
            return removeLines(from: dash - 1, to: end)
        }

        /// Removes a key and its value from a block mapping: their whole lines.
        func removePair(_ pair: YAMLPair, of mapping: YAMLNode) -> TextEdit? {
            guard !isFlow(mapping), let start = offset(pair.key.start), let end = end(of: pair.value) else {
                return nil
            }
            return removeLines(from: start, to: end)
        }

        /// The lines from the one holding `start` to the one holding `end`, when nothing else is
        /// on them but blanks and a trailing comment.
        func removeLines(from start: Int, to end: Int) -> TextEdit? {
            let firstLine = text.line(ofOffset: start)
            let lastLine = text.line(ofOffset: max(end - 1, start))
            guard text.lineIsBlank(firstLine, outside: start..<text.contentEnd(ofLine: firstLine)) else { return nil }
            let rest = end..<text.contentEnd(ofLine: lastLine)
            let trailing = bytes[rest].drop { $0 == 0x20 || $0 == 0x09 }
            guard trailing.isEmpty || trailing.first == UInt8(ascii: "#") else { return nil }
            return TextEdit(text.wholeLines(firstLine, through: lastLine), with: "", in: text, file: file)
        }
    }
}
