/// The bytes of a file with its lines, to move between byte offsets and the 1-based lines and
/// columns (in Unicode scalars) findings use. Line breaks are LF, CRLF or a lone CR, as libyaml
/// counts them; a byte order mark is not part of the first line's columns.
package struct SourceText: Sendable {
    package let bytes: [UInt8]
    /// Byte offset of the start of each line (0-based lines).
    package let lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        self.init(bytes, lineStarts: Self.lineStarts(of: bytes))
    }

    /// With the line starts `lineStarts(of:)` gave for these bytes (a loaded document's), so
    /// they are not counted again.
    package init(_ bytes: [UInt8], lineStarts starts: [Int]) {
        self.bytes = bytes
        var starts = starts
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { starts[0] = 3 }
        lineStarts = starts
    }

    /// The byte offset where each line starts, the first at 0 (libyaml's lines: a byte order
    /// mark is part of the first).
    package static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { text in
            var index = 0
            while index < text.count {
                let byte = text[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        return starts
    }

    package var lineCount: Int { lineStarts.count }

    /// The byte offset of a 1-based line and column; nil when the line is not in the file or the
    /// column is past its end.
    package func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        var offset = lineStarts[line - 1]
        let end = contentEnd(ofLine: line - 1)
        var remaining = column - 1
        while remaining > 0 {
            guard offset < end else { return nil }
            offset += 1
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }

    package func offset(of location: SourceLocation) -> Int? { offset(line: location.line, column: location.column) }

    /// The 1-based line and column of a byte offset (the end of the file included).
    package func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        let line = self.line(ofOffset: offset)
        var column = 1
        var index = lineStarts[line]
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line + 1, column)
    }

    /// The 0-based line holding a byte offset.
    package func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = low + (high - low) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// The byte offset where a 0-based line starts.
    package func start(ofLine line: Int) -> Int { lineStarts[min(max(0, line), lineStarts.count - 1)] }

    /// Where a 0-based line's text ends, before its line break.
    package func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// Where a 0-based line ends, after its line break.
    package func end(ofLine line: Int) -> Int { line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count }

    /// The bytes to remove to take out lines `first` through `last` (0-based) whole. When the last
    /// of them ends the file without a line break, the line break before them goes instead of
    /// theirs, so the file still ends without one.
    package func wholeLines(_ first: Int, through last: Int) -> Range<Int> {
        let end = end(ofLine: last)
        if first > 0, end == contentEnd(ofLine: last), end == bytes.count {
            return contentEnd(ofLine: first - 1)..<end
        }
        return start(ofLine: first)..<end
    }

    /// The line break the file uses: that of the given line when it has one, else the first one.
    package func lineBreak(preferringLine line: Int? = nil) -> String {
        func breakOf(_ line: Int) -> String? {
            let content = contentEnd(ofLine: line)
            let end = self.end(ofLine: line)
            guard end > content else { return nil }
            return String(decoding: bytes[content..<end], as: UTF8.self)
        }
        if let line, line >= 0, line < lineStarts.count, let found = breakOf(line) { return found }
        for candidate in 0..<lineStarts.count {
            if let found = breakOf(candidate) { return found }
        }
        return "\n"
    }

    /// Whether the 0-based line holds only spaces and tabs outside `range` (byte offsets).
    package func lineIsBlank(_ line: Int, outside range: Range<Int>) -> Bool {
        for offset in start(ofLine: line)..<contentEnd(ofLine: line) where !range.contains(offset) {
            if bytes[offset] != 0x20 && bytes[offset] != 0x09 { return false }
        }
        return true
    }
}

/// One change to a file: the bytes in `range` replaced by `replacement`. `start` and `end` are the
/// same places as 1-based lines and columns (Unicode scalars) of the file before the change, the
/// end just past the replaced text (an insertion has `start == end`).
package struct TextEdit: Hashable, Sendable {
    package var range: Range<Int>
    package var replacement: String
    package var start: SourceLocation
    package var end: SourceLocation

    package init(_ range: Range<Int>, with replacement: String, in text: SourceText, file: String) {
        self.range = range
        self.replacement = replacement
        let (startLine, startColumn) = text.position(ofOffset: range.lowerBound)
        let (endLine, endColumn) = text.position(ofOffset: range.upperBound)
        start = SourceLocation(file: file, line: startLine, column: startColumn)
        end = SourceLocation(file: file, line: endLine, column: endColumn)
    }
}

/// The change that fixes one finding: what it does, in a few words, and its edits to one file.
/// A fix changes only what its finding names; `maplint lint --fix` applies it.
package struct Fix: Hashable, Sendable {
    package var summary: String
    package var file: String
    /// Sorted by position; never overlapping.
    package var edits: [TextEdit]

    package init(summary: String, file: String, edits: [TextEdit]) {
        self.summary = summary
        self.file = file
        self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Whether two fixes change overlapping bytes, or insert at the same place (whose order
    /// would be a guess). An insertion where a replaced range starts or ends does not overlap it.
    package func overlaps(_ other: Fix) -> Bool {
        guard file == other.file else { return false }
        for edit in edits {
            for otherEdit in other.edits where Self.overlap(edit.range, otherEdit.range) { return true }
        }
        return false
    }

    package static func overlap(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        switch (a.isEmpty, b.isEmpty) {
        case (true, true): a.lowerBound == b.lowerBound
        case (true, false): a.lowerBound > b.lowerBound && a.lowerBound < b.upperBound
        case (false, true): b.lowerBound > a.lowerBound && b.lowerBound < a.upperBound
        case (false, false): a.overlaps(b)
        }
    }

    /// `bytes` with the fixes' edits applied; the fixes must not overlap (an edit that overlaps
    /// one before it is left out). One pass builds the new text, however many edits there are;
    /// where an insertion and a replaced range start at one place, the insertion comes first.
    package static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> [UInt8] {
        let edits = fixes.flatMap(\.edits).sorted {
            ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for edit in edits where edit.range.upperBound <= bytes.count && edit.range.lowerBound >= copied {
            result.append(contentsOf: bytes[copied..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement.utf8)
            copied = edit.range.upperBound
        }
        result.append(contentsOf: bytes[copied...])
        return result
    }
}

/// What a rule asks to change, before it is turned into edits of the file the finding is in (a
/// manifest, or the Swift code a manifest was extracted from).
package enum FixAction: Hashable, Sendable {
    /// Give registration entry `entry` the reuse identifier `identifier`.
    case setReuseIdentifier(entry: Int, identifier: String)
    /// Take the deprecated event `name`, written at `location`, out of entry `entry`: its
    /// closure belongs in the handler of the register call, which the manifest does not list.
    case removeEvent(entry: Int, name: String, location: SourceLocation)
}
