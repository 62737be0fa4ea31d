extension YAMLDocument {
    /// Maps each Unicode scalar of a scalar node's value to where it is written in the file.
    ///
    /// The raw text between the node's marks is aligned with the value greedily: a raw scalar
    /// equal to the next value scalar is where that value scalar came from; anything else
    /// (quotes, escape backslashes, indentation, block headers) is skipped. This is exact for
    /// the way conditions are written (one line, plain or quoted, `\"` escapes) and close for
    /// folded or escaped text.
    public func sourceMap(for node: YAMLNode) -> TextSourceMap {
        let startLocation = location(of: node)
        guard let scalar = node.scalar else {
            return TextSourceMap(file: file, start: startLocation, length: 0)
        }
        let value = Array(scalar.text.unicodeScalars)
        let rawLength = max(0, scalar.end.index - node.start.index)
        guard node.start.line >= 0, node.start.line < lineStarts.count else {
            return TextSourceMap(file: file, start: startLocation, length: value.count)
        }
        let lineStart = lineStarts[node.start.line]
        let lineEnd = node.start.line + 1 < lineStarts.count ? lineStarts[node.start.line + 1] : source.count
        // Skip to the node's column within its line.
        var rawScalars = String(decoding: source[lineStart..<lineEnd], as: UTF8.self).unicodeScalars.dropFirst(
            node.start.column)
        if node.start.line + 1 < lineStarts.count {
            // The scalar may run over more lines: decode only as far as it can reach.
            let reach = min(source.count, lineEnd + rawLength * 4)
            rawScalars = String(decoding: source[lineStart..<reach], as: UTF8.self).unicodeScalars.dropFirst(
                node.start.column)
        }
        var positions: [(line: Int, column: Int)] = []
        positions.reserveCapacity(value.count + 1)
        var line = node.start.line + 1
        var column = node.start.column + 1
        var valueIndex = 0
        var consumed = 0
        var previousWasCR = false
        for raw in rawScalars {
            if consumed >= rawLength || valueIndex >= value.count { break }
            consumed += 1
            if valueIndex < value.count, raw == value[valueIndex], !(raw == "\n" && previousWasCR) {
                positions.append((line, column))
                valueIndex += 1
            }
            if raw == "\n" {
                if !previousWasCR { line += 1 }
                column = 1
            } else if raw == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previousWasCR = raw == "\r"
        }
        // Value scalars that could not be aligned (escapes such as \n) take the last known position.
        while positions.count < value.count + 1 {
            positions.append(positions.last.map { ($0.line, $0.column + 1) } ?? (line, column))
        }
        return TextSourceMap(file: file, positions: positions)
    }
}
