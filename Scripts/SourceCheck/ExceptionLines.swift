/// The lines of an exceptions file (`long-functions.txt`, `package-access.txt`): three fields
/// separated by `|`, the last a reason; blank lines and lines starting with `#` are skipped.
enum ExceptionLines {
    /// The fields of each line with its number (1-based), and a message for each line that has
    /// not three non-empty fields, which says the `expected` form.
    static func read(
        _ text: String, file: String, expected: String
    ) -> (lines: [(fields: [String], line: Int)], problems: [String]) {
        var lines: [(fields: [String], line: Int)] = []
        var problems: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmed(" \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "|", maxSplits: 2).map { $0.trimmed(" \t") }
            guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty }) else {
                problems.append("\(file):\(index + 1): expected `\(expected)`")
                continue
            }
            lines.append((fields, index + 1))
        }
        return (lines, problems)
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters of `set`.
    fileprivate func trimmed(_ set: String) -> String {
        let characters = Set(set)
        let start = firstIndex { !characters.contains($0) } ?? endIndex
        let end = lastIndex { !characters.contains($0) }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}
