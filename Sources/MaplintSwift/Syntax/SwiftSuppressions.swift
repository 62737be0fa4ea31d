import MaplintFindings
import MaplintSuppression
import MaplintText
import MaplintYAML

/// `// maplint:disable…` comments in Swift sources, with the same directives, rule ids, `-- reason`
/// and `unused-suppression` findings as `# maplint:` comments in manifests (`Suppressions`).
enum SwiftSuppressions {
    /// The findings of `files` without those their comments silence, plus the comments that
    /// silence nothing. `read` gives a file's bytes (as fixed so far, under `--fix`); `comments`
    /// the line comments extraction read from the tree of those bytes, when it kept them.
    static func apply(
        to findings: [Diagnostic], files: [String], comments: [String: SwiftFileComments] = [:],
        read: (String) -> [UInt8]?
    ) -> [Diagnostic] {
        var result = findings
        for file in files {
            guard let bytes = read(file), YAMLComments.mayHoldComments(bytes),
                let source = commentedSource(file: file, bytes: bytes, comments: comments[file])
            else { continue }
            result = Suppressions.apply(source, to: result)
        }
        return result
    }

    /// The `maplint:` line comments of a Swift file; nil when it has none to read. The comments
    /// are those of the syntax tree (`known` when they were read from these bytes, else the bytes
    /// are parsed): text inside a string literal or an interpolation is never one.
    static func commentedSource(
        file: String, bytes: [UInt8], comments known: SwiftFileComments? = nil
    )
        -> Suppressions.CommentedSource?
    {
        guard let comments = treeComments(file: file, bytes: bytes, known: known), !comments.isEmpty else {
            return nil
        }
        var unreadable: [(String, SourceLocation)] = []
        var found: [SuppressionComment] = []
        var commentedLines: [Int: Int] = [:]
        var callLines: [Int: Int] = [:]
        let lines = lineRanges(bytes)
        for comment in comments where lines.indices.contains(comment.line) {
            commentedLines[comment.line] = commentedLines[comment.line] ?? comment.column
            let range = lines[comment.line]
            guard ByteSearch.contains("maplint:", pivot: 2, in: Array(bytes[range])) else { continue }
            let text = String(decoding: bytes[range], as: UTF8.self)
            if let parsed = SuppressionComment.parse(
                line: text, lineNumber: comment.line + 1, marker: comment.column, markerEnd: comment.column + 2,
                file: file, unreadable: { unreadable.append(($0, $1)) })
            {
                found.append(parsed)
                if let call = comment.followingCall { callLines[call.lowerBound] = call.upperBound }
            }
        }
        guard !found.isEmpty || !unreadable.isEmpty else { return nil }
        var source = Suppressions.CommentedSource(
            file: file, marker: "//", comments: found, unreadable: unreadable,
            nextContentLines: { nextContentLines(bytes, lines: lines, comments: commentedLines) },
            text: { SourceText(bytes) })
        source.callLines = callLines
        return source
    }

    /// The line comments of the tree of `bytes`: `known` when it was read from a text of their
    /// length and each of its comments starts with `//` there, else those of the bytes parsed
    /// again; nil when they cannot be parsed (the file is reported as such).
    static func treeComments(file: String, bytes: [UInt8], known: SwiftFileComments?) -> [SwiftLineComment]? {
        if let known, known.byteCount == bytes.count {
            let starts = SourceText.lineStarts(of: bytes)
            let trusted = known.comments.allSatisfy { comment in
                guard starts.indices.contains(comment.line) else { return false }
                var offset = starts[comment.line]
                var column = 0
                while column < comment.column, offset < bytes.count {
                    offset += 1
                    while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                    column += 1
                }
                return offset + 1 < bytes.count && bytes[offset] == 0x2F && bytes[offset + 1] == 0x2F
            }
            if trusted { return known.comments }
        }
        guard case .success(let parsed) = SwiftSourceFile.parse(path: file, bytes: bytes) else { return nil }
        return SwiftComments.lineComments(of: parsed).comments
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
