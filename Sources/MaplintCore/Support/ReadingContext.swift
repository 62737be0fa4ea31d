#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file being parsed, kept where a signal handler can read it without allocating: if a
/// parser ever runs out of stack on a file beyond every limit checked before parsing, the run
/// ends with a message that names that file and status 2 (`FatalSignals` in the command line),
/// not with a signal.
public enum ReadingContext {
    /// Room for a path of up to 4,095 bytes and its terminating zero.
    public static let capacity = 4096

    /// The path, NUL-terminated; empty when nothing is being read.
    nonisolated(unsafe) public static let path: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()

    /// Runs `body` with `file` recorded as the file being read. The handler writes it as it is,
    /// so callers pass it escaped for the terminal (`OutputEscaping.terminal`).
    public static func reading<T>(_ file: String, _ body: () throws -> T) rethrows -> T {
        let bytes = Array(file.utf8.prefix(capacity - 1))
        // The first byte last, so that a signal during the copy sees an empty path, never a mixed one.
        path[0] = 0
        for index in bytes.indices.dropFirst() { path[index] = CChar(bitPattern: bytes[index]) }
        path[bytes.count] = 0
        if let first = bytes.first { path[0] = CChar(bitPattern: first) }
        defer { path[0] = 0 }
        return try body()
    }
}
