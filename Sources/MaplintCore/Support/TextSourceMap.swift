/// Maps positions inside a scalar's value (offsets in Unicode scalars) back to the file,
/// so an error inside a condition string points at the right line and column.
public struct TextSourceMap: Sendable, Hashable {
    public var file: String
    /// Line and column of each scalar of the value, plus one for the end.
    private var positions: [Position]

    struct Position: Sendable, Hashable {
        var line: Int32
        var column: Int32
    }

    /// A value written out literally from `start`, one scalar per column, on one line.
    public init(file: String, start: SourceLocation, length: Int) {
        self.file = file
        let line = Int32(clamping: start.line)
        positions = (0...max(0, length)).map { Position(line: line, column: Int32(clamping: start.column + $0)) }
    }

    init(file: String, positions: [(line: Int, column: Int)]) {
        self.file = file
        self.positions = positions.map { Position(line: Int32(clamping: $0.line), column: Int32(clamping: $0.column)) }
        if self.positions.isEmpty { self.positions = [Position(line: 1, column: 1)] }
    }

    /// The file location of the scalar at `offset` in the value (clamped to the value).
    public func location(atOffset offset: Int) -> SourceLocation {
        let position = positions[min(max(0, offset), positions.count - 1)]
        return SourceLocation(file: file, line: Int(position.line), column: Int(position.column))
    }
}
