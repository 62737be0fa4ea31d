import MaplintFindings
import MaplintYAML

/// The fix of an `unused-suppression` finding: the dead rule ids leave their comments. A comment
/// left with no rule id goes entirely: its whole line when it is alone on it, otherwise only the
/// comment (and the blanks before it).
enum SuppressionEdits {
    static func fix(
        removing places: [Suppressions.RuleIDPlace], from comments: [SuppressionComment], file: String,
        marker: String, text: SourceText
    ) -> Fix? {
        var edits: [TextEdit] = []
        var parts: [String] = []
        for commentIndex in Set(places.map(\.comment)).sorted() {
            guard comments.indices.contains(commentIndex) else { return nil }
            let comment = comments[commentIndex]
            let removed = Set(places.filter { $0.comment == commentIndex }.map(\.rule))
            guard let edit = edit(removing: removed, from: comment, in: text, file: file) else { return nil }
            edits.append(edit)
            let ids = comment.rules.enumerated().filter { removed.contains($0.offset) }.map(\.element.value)
            parts.append(
                removed.count == comment.rules.count
                    ? "removed '\(marker) \(comment.spelling)'"
                    : "removed \(ids.joined(separator: ", ")) from '\(marker) \(comment.spelling)'")
        }
        guard !edits.isEmpty else { return nil }
        let summary = parts.joined(separator: " and ")
        return Fix(summary: summary, file: file, edits: edits)
    }

    private static func edit(
        removing removed: Set<Int>, from comment: SuppressionComment, in text: SourceText, file: String
    ) -> TextEdit? {
        guard let hash = text.offset(of: comment.location) else { return nil }
        let line = text.line(ofOffset: hash)
        let lineEnd = text.contentEnd(ofLine: line)
        let kept = comment.rules.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        if kept.isEmpty {
            if text.lineIsBlank(line, outside: hash..<lineEnd) {
                return TextEdit(text.wholeLines(line, through: line), with: "", in: text, file: file)
            }
            var start = hash
            while start > text.start(ofLine: line), text.bytes[start - 1] == 0x20 || text.bytes[start - 1] == 0x09 {
                start -= 1
            }
            return TextEdit(start..<lineEnd, with: "", in: text, file: file)
        }
        // From the first rule id to the end of the last: only ids and separators, rewritten with the kept ids.
        guard let first = comment.rules.first, let last = comment.rules.last,
            let start = text.offset(of: first.location), let lastStart = text.offset(of: last.location)
        else { return nil }
        let end = lastStart + last.value.utf8.count
        guard end <= lineEnd else { return nil }
        let separator = text.bytes[start..<end].contains(UInt8(ascii: ",")) ? ", " : " "
        return TextEdit(start..<end, with: kept.map(\.value).joined(separator: separator), in: text, file: file)
    }
}
