#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of maplint's own, with a stack of a size chosen here rather than the system's
/// default (8 MiB for Linux's main thread, 512 KiB to 8 MiB for a pool's): the parser's recursion
/// on a file within `SwiftNesting`'s limits needs more. The program's main work
/// (`MainThread`) and the parsing workers (`ParallelWork`) run on such threads.
public struct OwnThread {
    #if canImport(Glibc)
    private let thread: pthread_t
    #else
    private let thread: pthread_t?
    #endif

    /// Starts `body` on a new thread with `stackSize` bytes of stack (reserved address space, of
    /// which a run touches what it needs); nil when no thread could be made (an address space
    /// too small for the stack).
    public static func start(stackSize: Int, _ body: @escaping () -> Void) -> OwnThread? {
        final class Box: @unchecked Sendable {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(
            &thread, &attributes,
            { context in
                let pointer: UnsafeMutableRawPointer? = context
                Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue().body()
                return nil
            }, context)
        pthread_attr_destroy(&attributes)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        return OwnThread(thread: thread)
    }

    /// Waits for the thread to end.
    public func join() {
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }

    /// `body`'s result, computed on a new thread with `stackSize` bytes of stack (with a stack of
    /// its own for the fault handler), or on the caller's thread when no thread could be made.
    public static func run<T>(stackSize: Int, _ body: @escaping () -> T) -> T {
        let result = ResultBox<T>()
        guard
            let thread = start(
                stackSize: stackSize,
                {
                    AlternateSignalStack.install()
                    result.value = body()
                })
        else { return body() }
        thread.join()
        return result.value!
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
