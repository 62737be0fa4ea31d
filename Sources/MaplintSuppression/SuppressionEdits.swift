import MaplintFindings
import MaplintYAML

/// The fix of an `unused-suppression` finding: the dead rule ids leave their comments. A comment
/// left with no rule id goes entirely: its whole line when it is alone on it, otherwise only the
/// comment (and the blanks before it).
enum SuppressionEdits {
    static func fix(
        removing places: [Suppressions.RuleIDPlace], from comments: [SuppressionComment], file: String,
        marker: String, text: SourceText, summary given: String? = nil
    ) -> Fix? {
        var edits: [TextEdit] = []
        var parts: [String] = []
        var byComment: [Int: Set<Int>] = [:]
        for place in places { byComment[place.comment, default: []].insert(place.rule) }
        for (commentIndex, removed) in byComment.sorted(by: { $0.key < $1.key }) {
            guard comments.indices.contains(commentIndex) else { return nil }
            let comment = comments[commentIndex]
            guard let edit = edit(removing: removed, from: comment, in: text, file: file) else { return nil }
            edits.append(edit)
            var named: Set<String> = []
            let ids = removed.sorted().filter { comment.rules.indices.contains($0) }.map { comment.rules[$0].value }
                .filter { named.insert($0).inserted }
            parts.append(
                removed.count == comment.rules.count
                    ? "removed '\(marker) \(shortSpelling(comment))'"
                    : "removed \(ids.joined(separator: ", ")) from '\(marker) \(shortSpelling(comment))'")
        }
        guard !edits.isEmpty else { return nil }
        let summary = given ?? parts.joined(separator: " and ")
        return Fix(summary: summary, file: file, edits: edits)
    }

    /// How a comment reads, its rule ids cut short past the first ten.
    static func shortSpelling(_ comment: SuppressionComment) -> String {
        guard comment.rules.count > 10 else { return comment.spelling }
        let shown = comment.rules.prefix(10).map(\.value)
        return (["maplint:" + comment.directive.rawValue] + shown + ["…"]).joined(separator: " ")
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
