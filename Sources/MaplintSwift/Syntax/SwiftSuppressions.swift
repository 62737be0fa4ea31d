import MaplintFindings
import MaplintSuppression
import MaplintYAML

/// `// maplint:disable…` comments in Swift sources, with the same directives, rule ids, `-- reason`
/// and `unused-suppression` findings as `# maplint:` comments in manifests (`Suppressions`).
enum SwiftSuppressions {
    /// The findings of `files` without those their comments silence, plus the comments that
    /// silence nothing. `read` gives a file's bytes (as fixed so far, under `--fix`).
    static func apply(to findings: [Diagnostic], files: [String], read: (String) -> [UInt8]?) -> [Diagnostic] {
        var result = findings
        for file in files {
            guard let bytes = read(file), SuppressionScanner.mayHoldComments(bytes),
                let source = commentedSource(file: file, bytes: bytes)
            else { continue }
            result = Suppressions.apply(source, to: result)
        }
        return result
    }

    /// The `maplint:` line comments of a Swift file; nil when it has none to read.
    static func commentedSource(file: String, bytes: [UInt8]) -> Suppressions.CommentedSource? {
        let comments = lineComments(bytes)
        guard !comments.isEmpty else { return nil }
        var unreadable: [(String, SourceLocation)] = []
        var found: [SuppressionComment] = []
        var commentedLines: [Int: Int] = [:]
        let lines = lineRanges(bytes)
        for comment in comments {
            commentedLines[comment.line] = comment.column
            let range = lines[comment.line]
            let text = String(decoding: bytes[range], as: UTF8.self)
            if let parsed = SuppressionComment.parse(
                line: text, lineNumber: comment.line + 1, marker: comment.column, markerEnd: comment.column + 2,
                file: file, unreadable: { unreadable.append(($0, $1)) })
            {
                found.append(parsed)
            }
        }
        guard !found.isEmpty || !unreadable.isEmpty else { return nil }
        return Suppressions.CommentedSource(
            file: file, marker: "//", comments: found, unreadable: unreadable,
            nextContentLines: { nextContentLines(bytes, lines: lines, comments: commentedLines) },
            text: { SourceText(bytes) })
    }

    /// Every `//` comment outside strings and block comments: its 0-based line and the 0-based
    /// column (in Unicode scalars) of its first `/`.
    static func lineComments(_ bytes: [UInt8]) -> [(line: Int, column: Int)] {
        var result: [(line: Int, column: Int)] = []
        var index = 0
        var line = 0
        var lineStart = 0
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        func column(of offset: Int) -> Int {
            var column = 0
            for position in lineStart..<offset where bytes[position] & 0xC0 != 0x80 { column += 1 }
            return column
        }
        func newLine(at offset: Int) {
            line += 1
            lineStart = offset + 1
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                newLine(at: index)
                index += 1
            case 0x0D:
                if at(index + 1) != 0x0A { newLine(at: index) }
                index += 1
            case 0x2F where at(index + 1) == 0x2F:
                result.append((line, column(of: index)))
                while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            case 0x2F where at(index + 1) == 0x2A:
                index = SwiftNesting.endOfBlockComment(bytes, from: index, lineBreak: newLine(at:))
            case 0x22, 0x23:
                index = endOfString(bytes, from: index, lineBreak: newLine(at:))
            default:
                index += 1
            }
        }
        return result
    }

    /// Just past the string literal (`"…"`, `"""…"""`, `#"…"#`) that starts at `start`, or past the
    /// `#`s there when no string follows them. A single-line string ends at its line's end even
    /// when it is not closed; `lineBreak` is told the offset of every line break inside.
    static func endOfString(_ bytes: [UInt8], from start: Int, lineBreak: (Int) -> Void) -> Int {
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        var end = start
        var pounds = 0
        while at(end) == 0x23 {
            pounds += 1
            end += 1
        }
        guard at(end) == 0x22 else { return max(end, start + 1) }
        let quotes = at(end + 1) == 0x22 && at(end + 2) == 0x22 ? 3 : 1
        var index = end + quotes
        while index < count {
            let current = bytes[index]
            if current == 0x5C {
                index += 2
                continue
            }
            if current == 0x0A || (current == 0x0D && at(index + 1) != 0x0A) {
                lineBreak(index)
                if quotes == 1 { return index + 1 }
            }
            if current == 0x22 {
                var close = index
                while close - index < quotes, at(close) == 0x22 { close += 1 }
                var seen = 0
                while seen < pounds, at(close) == 0x23 {
                    seen += 1
                    close += 1
                }
                if close - index - seen == quotes, seen == pounds { return close }
            }
            index += 1
        }
        return index
    }

    /// The byte range of each line, without its line break.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                ranges.append(start..<index)
                start = index + 1
            } else if bytes[index] == 0x0D {
                ranges.append(start..<index)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    /// For every line, the first line at or after it with more than blanks and a `//` comment.
    static func nextContentLines(_ bytes: [UInt8], lines: [Range<Int>], comments: [Int: Int]) -> [Int?] {
        var result = [Int?](repeating: nil, count: lines.count)
        var next: Int?
        for line in stride(from: lines.count - 1, through: 0, by: -1) {
            let range = lines[line]
            let firstContent = bytes[range].firstIndex { $0 != 0x20 && $0 != 0x09 }
            var hasContent = firstContent != nil
            if let firstContent, let comment = comments[line] {
                // Leading blanks are ASCII: their bytes are columns.
                hasContent = firstContent - range.lowerBound < comment
            }
            if hasContent { next = line }
            result[line] = next
        }
        return result
    }
}
