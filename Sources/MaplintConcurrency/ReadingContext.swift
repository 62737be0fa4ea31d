#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files being parsed, kept where a signal handler can read them without allocating: if a
/// parser ever runs out of stack on a file beyond every limit checked before parsing, the run
/// ends with a message that names that file and status 2 (`FatalSignals` in the command line),
/// not with a signal. Each thread that parses has a slot of its own (`ParallelWork` gives its
/// workers slots 1 to `slotCount - 1`; every other thread uses slot 0).
package enum ReadingContext {
    /// Room for a path of up to 4,095 bytes and its terminating zero, per slot.
    package static let capacity = 4096
    /// Slots: the main thread's and one per worker.
    package static let slotCount = 17

    /// The paths, NUL-terminated, `capacity` bytes a slot; a slot is empty when nothing is read.
    nonisolated(unsafe) package static let paths: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slotCount)
        buffer.initialize(repeating: 0, count: capacity * slotCount)
        return buffer
    }()

    /// The calling thread's slot, as `ParallelWork` set it (0 on any other thread).
    package static var currentSlot: Int { slot }

    static var slot: Int {
        guard let value = pthread_getspecific(slotKey) else { return 0 }
        return min(Int(bitPattern: value), slotCount - 1)
    }

    /// Gives the calling thread `slot` (1 to `slotCount - 1`).
    static func assign(_ slot: Int) {
        pthread_setspecific(slotKey, UnsafeRawPointer(bitPattern: slot))
    }

    private static let slotKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` with `file` recorded as the file this thread reads. The handler writes it as
    /// it is, so callers pass it escaped for the terminal (`OutputEscaping.terminal`).
    package static func reading<T>(_ file: String, _ body: () throws -> T) rethrows -> T {
        let path = paths + slot * capacity
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
