import Foundation
import MaplintFindings
import MaplintText

/// Finds the comments of a manifest's source, for its `# maplint:` comments (read by
/// `MaplintSuppression`) and those of an extracted manifest (`SwiftOrigin`). libyaml drops comments,
/// so the raw bytes are scanned; a `#` counts only where YAML starts a comment (at the start of a
/// line or after a space or tab) and outside every scalar the parser read, which rules out `#`
/// inside quoted, block and plain strings alike.
package struct YAMLComments {
    /// Whether `source` can hold a `maplint:` comment at all: one pass over the bytes, so a file
    /// without any (the usual case) skips the scan of its lines and scalars.
    package static func mayHoldComments(_ source: [UInt8]) -> Bool {
        // `p` is the marker's rarest letter.
        ByteSearch.contains("maplint:", pivot: 2, in: source)
    }

    let document: YAMLDocument
    /// Scalar extents as (line, column) pairs, 0-based, end exclusive; sorted and disjoint.
    private let spans: [(start: Position, end: Position)]
    /// Where each line's first comment `#` is, when it has one; computed for every line once.
    private var commentColumns: [Int?]

    struct Position: Comparable {
        var line: Int
        var column: Int
        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    /// The text of one line, without its line break.
    private func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard document.lineStarts.indices.contains(line) else { return [] }
        let start = document.lineStarts[line]
        var end = line + 1 < document.lineStarts.count ? document.lineStarts[line + 1] : document.source.count
        end = min(max(end, start), document.source.count)
        var bytes = document.source[start..<end]
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        return bytes
    }

    package var lineCount: Int { document.lineStarts.count }

    package init(document: YAMLDocument) {
        self.document = document
        var spans: [(start: Position, end: Position)] = []
        var pending = [document.root]
        while let node = pending.popLast() {
            switch node.content {
            case .scalar(let scalar):
                let start = Position(line: node.start.line, column: node.start.column)
                let end = Position(line: scalar.end.line, column: scalar.end.column)
                // A scalar reached through an alias keeps its anchor's end: not a real extent.
                if start < end { spans.append((start, end)) }
            case .sequence(let items):
                pending.append(contentsOf: items)
            case .mapping(let pairs):
                for pair in pairs { pending += [pair.key, pair.value] }
            }
        }
        for (start, end) in document.divertedScalarSpans {
            let from = Position(line: start.line, column: start.column)
            let to = Position(line: end.line, column: end.column)
            if from < to { spans.append((from, to)) }
        }
        spans.sort { $0.start < $1.start }
        self.spans = spans
        commentColumns = []
        commentColumns = (0..<document.lineStarts.count).map(commentColumn(onLine:))
    }

    /// Whether `position` lies inside a scalar.
    private func insideScalar(_ position: Position) -> Bool {
        var low = 0
        var high = spans.count
        // The last span starting at or before `position`.
        while low < high {
            let middle = low + (high - low) / 2
            if spans[middle].start <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return false }
        return position < spans[low - 1].end
    }

    /// The 0-based column (in Unicode scalars) of the `#` that starts a comment on `line`.
    private func commentColumn(onLine line: Int) -> Int? {
        var column = 0
        var previous: UInt8?
        for byte in lineBytes(line) {
            let isContinuation = byte & 0xC0 == 0x80
            if byte == UInt8(ascii: "#"),
                previous == nil || previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t"),
                !insideScalar(Position(line: line, column: column))
            {
                return column
            }
            if !isContinuation { column += 1 }
            previous = byte
        }
        return nil
    }

    /// Whether `line` (0-based) holds something other than blanks and a comment.
    /// For every line, the first line at or after it with content (nil when none): worked out
    /// once, backwards, so many `disable:next` comments in a row cost no rescanning.
    package func nextContentLines() -> [Int?] {
        var result = [Int?](repeating: nil, count: lineCount)
        var next: Int?
        for line in stride(from: lineCount - 1, through: 0, by: -1) {
            if hasContent(line) { next = line }
            result[line] = next
        }
        return result
    }

    func hasContent(_ line: Int) -> Bool {
        let bytes = lineBytes(line)
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
            return false
        }
        guard commentColumns.indices.contains(line), let comment = commentColumns[line] else { return true }
        // Text before the comment's column is content; leading blanks are ASCII, so bytes are columns.
        return first - bytes.startIndex < comment
    }

    /// The comment on `line` (0-based): the column of its `#` and its text after the `#`.
    package func comment(onLine line: Int) -> (column: Int, text: String)? {
        guard commentColumns.indices.contains(line), let column = commentColumns[line] else { return nil }
        let scalars = Array(String(decoding: lineBytes(line), as: UTF8.self).unicodeScalars)
        guard column < scalars.count else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[(column + 1)...])
        return (column, String(text))
    }

    /// Each line's comment, in file order: the line (0-based), the column of its `#` and the
    /// line's Unicode scalars.
    package func forEachComment(_ body: (_ line: Int, _ column: Int, _ text: [Unicode.Scalar]) -> Void) {
        for line in 0..<lineCount {
            guard commentColumns.indices.contains(line), let column = commentColumns[line] else { continue }
            body(line, column, Array(String(decoding: lineBytes(line), as: UTF8.self).unicodeScalars))
        }
    }
}
