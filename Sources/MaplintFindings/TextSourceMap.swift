/// Where each Unicode scalar of a string value (a condition) is written in the manifest.
package struct TextSourceMap: Sendable, Hashable {
    package var file: String
    private var storage: Storage

    struct Position: Sendable, Hashable {
        var line: Int32
        var column: Int32
    }

    /// A value written out literally on one line, one scalar per column (the usual condition),
    /// is held as its first position and length; anything else as one position per scalar.
    /// A map is always held in the first form when it can be, so equal maps compare equal.
    private enum Storage: Sendable, Hashable {
        /// Scalar `i` is at `column + i` of `line`, for `i` in `0...length` (the end included).
        case straight(line: Int32, column: Int32, length: Int)
        /// Line and column of each scalar of the value, plus one for the end.
        case positions([Position])
    }

    /// A value written out literally from `start`, one scalar per column, on one line.
    package init(file: String, start: SourceLocation, length: Int) {
        self.file = file
        storage = .straight(
            line: Int32(clamping: start.line), column: Int32(clamping: start.column), length: max(0, length))
    }

    package init(file: String, positions: [(line: Int, column: Int)]) {
        self.file = file
        var laid = positions.map { Position(line: Int32(clamping: $0.line), column: Int32(clamping: $0.column)) }
        if laid.isEmpty { laid = [Position(line: 1, column: 1)] }
        let first = laid[0]
        let isStraight = laid.indices.allSatisfy { index in
            laid[index].line == first.line && Int(laid[index].column) == Int(first.column) + index
        }
        storage =
            isStraight
            ? .straight(line: first.line, column: first.column, length: laid.count - 1) : .positions(laid)
    }

    /// The file location of the scalar at `offset` in the value (clamped to the value).
    package func location(atOffset offset: Int) -> SourceLocation {
        switch storage {
        case .straight(let line, let column, let length):
            let clamped = min(max(0, offset), length)
            return SourceLocation(file: file, line: Int(line), column: Int(Int32(clamping: Int(column) + clamped)))
        case .positions(let positions):
            let position = positions[min(max(0, offset), positions.count - 1)]
            return SourceLocation(file: file, line: Int(position.line), column: Int(position.column))
        }
    }
}
