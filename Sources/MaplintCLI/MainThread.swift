import MaplintConcurrency
import MaplintFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the program on a thread of its own, with a stack of a size chosen here rather than the
/// system's default for the main thread (8 MiB on Linux, where a deeply nested Swift file would
/// otherwise end the process with a signal).
package enum MainThread {
    /// 512 MiB of address space, of which a run touches only what its deepest file needs.
    package static let stackSize = 512 << 20

    /// Runs `body` on a new thread with `stackSize` bytes of stack, then ends the process with
    /// status 0 (`body` ends it itself with any other status). Never returns.
    package static func run(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Never {
        FatalSignals.install()
        Terminal.ignoreBrokenPipes()
        // No output of the run may replace a file it read.
        FilesRead.start()
        FatalSignals.installAlternateStack()
        let thread = OwnThread.start(stackSize: stackSize) {
            body()
            exit(0)
        }
        if thread == nil {
            // No thread could be made (an address space too small for the stack): run here.
            body()
            exit(0)
        }
        while true { pause() }
    }
}
