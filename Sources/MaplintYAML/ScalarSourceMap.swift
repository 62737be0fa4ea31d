import MaplintFindings

extension YAMLDocument {
    /// Maps each Unicode scalar of a scalar node's value to where it is written in the file.
    ///
    /// The raw text between the node's marks is aligned with the value greedily: a raw scalar
    /// equal to the next value scalar is where that value scalar came from; anything else
    /// (quotes, escape backslashes, indentation, block headers) is skipped. This is exact for
    /// the way conditions are written (one line, plain or quoted, `\"` escapes) and close for
    /// folded or escaped text.
    package func sourceMap(for node: YAMLNode) -> TextSourceMap {
        switch placed(node) {
        case .map(let map):
            return map
        case .scalar(let scalar, let rawLength, let startLocation):
            let length = scalar.text.unicodeScalars.count
            if let quote = literalQuote(
                of: scalar, length: length, at: node.start, lineStart: lineStarts[node.start.line],
                rawLength: rawLength)
            {
                var first = startLocation
                first.column += quote
                return TextSourceMap(file: file, start: first, length: length)
            }
            return aligned(node, scalar: scalar, rawLength: rawLength)
        }
    }

    /// `sourceMap(for:)` worked out by aligning the raw text with the value scalar by scalar.
    func alignedSourceMap(for node: YAMLNode) -> TextSourceMap {
        switch placed(node) {
        case .map(let map): map
        case .scalar(let scalar, let rawLength, _): aligned(node, scalar: scalar, rawLength: rawLength)
        }
    }

    private func aligned(_ node: YAMLNode, scalar: YAMLScalar, rawLength: Int) -> TextSourceMap {
        let lineStart = lineStarts[node.start.line]
        let value = Array(scalar.text.unicodeScalars)
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

    private enum Placement {
        /// Not a scalar, or not on a line of the document: mapped from its start as written.
        case map(TextSourceMap)
        /// A scalar on a line of the document, the number of raw scalars it spans, its start.
        case scalar(YAMLScalar, rawLength: Int, start: SourceLocation)
    }

    private func placed(_ node: YAMLNode) -> Placement {
        let startLocation = location(of: node)
        guard let scalar = node.scalar else {
            return .map(TextSourceMap(file: file, start: startLocation, length: 0))
        }
        guard node.start.line >= 0, node.start.line < lineStarts.count else {
            return .map(TextSourceMap(file: file, start: startLocation, length: scalar.text.unicodeScalars.count))
        }
        return .scalar(scalar, rawLength: max(0, scalar.end.index - node.start.index), start: startLocation)
    }

    /// When the raw text of a scalar is its value written out on its line, unquoted (0) or
    /// between one pair of quotes (1), the columns of the value's scalars follow one another
    /// from the node's column (plus the quote): the alignment above would find exactly that.
    /// Nil for anything else (escapes, doubled quotes, more lines, a non-ASCII line prefix, an
    /// alias), which the alignment handles.
    /// `length` is the value's count of Unicode scalars.
    private func literalQuote(
        of scalar: YAMLScalar, length: Int, at start: YAMLMark, lineStart: Int, rawLength: Int
    ) -> Int? {
        let quote: Int
        switch scalar.style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        case .literal, .folded: return nil
        }
        var text = scalar.text
        return text.withUTF8 { value -> Int? in
            let rawStart = lineStart + start.column
            let rawEnd = rawStart + value.count + 2 * quote
            // An empty value has no scalar to align; the alignment places its end on the node.
            guard !value.isEmpty, start.column >= 0, rawEnd <= source.count else { return nil }
            // Columns count scalars: the line up to the node must be ASCII for the node's
            // column to be its byte offset.
            guard !source[lineStart..<rawStart].contains(where: { $0 >= 0x80 || $0 == 0x0A || $0 == 0x0D }) else {
                return nil
            }
            if quote == 1 {
                let mark: UInt8 = scalar.style == .singleQuoted ? 0x27 : 0x22
                guard source[rawStart] == mark, source[rawEnd - 1] == mark else { return nil }
            }
            guard source[(rawStart + quote)..<(rawEnd - quote)].elementsEqual(value) else { return nil }
            // A value on one line: no line break inside it.
            guard !value.contains(0x0A), !value.contains(0x0D) else { return nil }
            // The raw text spans the value's scalars and the quotes, nothing more.
            return rawLength == length + 2 * quote ? quote : nil
        }
    }
}
