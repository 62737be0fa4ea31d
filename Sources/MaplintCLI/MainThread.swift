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
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        FatalSignals.install()
        Terminal.ignoreBrokenPipes()
        FatalSignals.installAlternateStack()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(
            &thread, &attributes,
            { context in
                let pointer: UnsafeMutableRawPointer? = context
                let box = Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue()
                FatalSignals.installAlternateStack()
                box.body()
                exit(0)
            }, context)
        pthread_attr_destroy(&attributes)
        if started != 0 {
            // No thread could be made (an address space too small for the stack): run here.
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
            exit(0)
        }
        while true { pause() }
    }
}
