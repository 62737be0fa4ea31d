/// A unified diff of two texts (`diff -u` style, three lines of context), as `maplint lint --fix
/// --dry-run` prints it. Lines keep their own line breaks, so a CRLF file's diff applies with
/// `patch`; a last line without one is marked `\ No newline at end of file`.
package enum UnifiedDiff {
    package static func diff(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        // `a/` and `b/` before the path as written (`./` dropped; an absolute path from `/`), for `patch -p1`.
        var shown = Substring(path)
        while shown.hasPrefix("./") { shown = shown.dropFirst(2) }
        while shown.hasPrefix("/") { shown = shown.dropFirst() }
        var output = "--- a/\(shown)\n+++ b/\(shown)\n"
        // Group the script into hunks: changes with up to `context` equal lines around them.
        var index = 0
        while index < script.count {
            guard let change = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var start = max(index, change - context)
            if start < index { start = index }
            var end = change
            var lastChange = change
            while end < script.count {
                if script[end].kind != .same {
                    lastChange = end
                } else if end - lastChange > 2 * context {
                    break
                }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldStart = hunk.first.map(\.oldLine) ?? 0
            let newStart = hunk.first.map(\.newLine) ?? 0
            let oldCount = hunk.count { $0.kind != .insert }
            let newCount = hunk.count { $0.kind != .delete }
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                let (prefix, line) =
                    switch step.kind {
                    case .same: (" ", a[step.oldLine])
                    case .delete: ("-", a[step.oldLine])
                    case .insert: ("+", b[step.newLine])
                    }
                output += prefix + String(decoding: line, as: UTF8.self)
                if line.last != 0x0A && line.last != 0x0D { output += "\n\\ No newline at end of file\n" }
            }
            index = end
        }
        return output
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // Lines are 1-based; an empty range names the line before it.
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// The lines of a text, each with its line break (LF, CRLF or CR).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                result.append(bytes[start...index])
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    struct Step {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// The line of the old text (for `insert`, the old line before which it goes).
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script (Myers' algorithm), after the common start and end are set aside.
    static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        let middle = steps(back: trace(x, y), n: x.count, m: y.count, offset: prefix)
        var steps = (0..<prefix).map { Step(kind: .same, oldLine: $0, newLine: $0) }
        steps += middle.reversed()
        steps += (0..<suffix).map { Step(kind: .same, oldLine: a.count - suffix + $0, newLine: b.count - suffix + $0) }
        return steps
    }

    /// The furthest column reached on each diagonal before each depth, up to the depth that
    /// reaches the end of both texts; empty when they are both empty.
    private static func trace(_ x: [ArraySlice<UInt8>], _ y: [ArraySlice<UInt8>]) -> [[Int]] {
        let n = x.count
        let m = y.count
        let maximum = n + m
        guard maximum > 0 else { return [] }
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        for depth in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -depth, through: depth, by: 2) {
                var column: Int
                if k == -depth || (k != depth && frontier[k - 1 + maximum] < frontier[k + 1 + maximum]) {
                    column = frontier[k + 1 + maximum]
                } else {
                    column = frontier[k - 1 + maximum] + 1
                }
                var row = column - k
                while column < n, row < m, x[column] == y[row] {
                    column += 1
                    row += 1
                }
                frontier[k + maximum] = column
                if column >= n, row >= m { return trace }
            }
        }
        return trace
    }

    /// The steps of the middle part, last first: the trace walked back from the end. Lines are
    /// numbered from `offset`.
    private static func steps(back trace: [[Int]], n: Int, m: Int, offset prefix: Int) -> [Step] {
        let maximum = n + m
        var middle: [Step] = []
        var column = n
        var row = m
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[depth]
            let k = column - row
            let previousK =
                (k == -depth || (k != depth && previous[k - 1 + maximum] < previous[k + 1 + maximum])) ? k + 1 : k - 1
            let previousColumn = previous[previousK + maximum]
            let previousRow = previousColumn - previousK
            while column > previousColumn, row > previousRow {
                column -= 1
                row -= 1
                middle.append(Step(kind: .same, oldLine: prefix + column, newLine: prefix + row))
            }
            if depth > 0 {
                if column == previousColumn {
                    row -= 1
                    middle.append(Step(kind: .insert, oldLine: prefix + column, newLine: prefix + row))
                } else {
                    column -= 1
                    middle.append(Step(kind: .delete, oldLine: prefix + column, newLine: prefix + row))
                }
            }
        }
        return middle
    }
}
