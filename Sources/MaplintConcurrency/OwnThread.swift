#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of maplint's own, with a stack of a size chosen here rather than the system's
/// default (8 MiB for Linux's main thread, 512 KiB to 8 MiB for a pool's): the parser's recursion
/// on a file within `SwiftNesting`'s limits needs more. The program's main work
/// (`MainThread`) and the parsing workers (`ParallelWork`) run on such threads.
package struct OwnThread {
    #if canImport(Glibc)
    private let thread: pthread_t
    #else
    private let thread: pthread_t?
    #endif

    /// Starts `body` on a new thread with `stackSize` bytes of stack (reserved address space, of
    /// which a run touches what it needs) and a stack of its own for the fault handler; nil when
    /// no thread could be made (an address space too small for the stack).
    package static func start(stackSize: Int, _ body: @escaping () -> Void) -> OwnThread? {
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
                AlternateSignalStack.install()
                Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue().body()
                AlternateSignalStack.remove()
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
    package func join() {
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }

    /// `body`'s result, computed on a new thread with `stackSize` bytes of stack, or on the
    /// caller's thread when no thread could be made.
    package static func run<T>(stackSize: Int, _ body: @escaping () -> T) -> T {
        let result = ResultBox<T>()
        guard
            let thread = start(stackSize: stackSize, { result.value = body() })
        else { return body() }
        thread.join()
        return result.value!
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// A stack of its own for the fault handler on the calling thread: a handler cannot run on a
/// stack that is full, and each thread has its own (`sigaltstack`).
package enum AlternateSignalStack {
    static let size = 256 << 10

    /// Maps a stack and makes it the calling thread's alternate stack.
    package static func install() {
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else { return }
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        stack.ss_flags = 0
        if sigaltstack(&stack, nil) != 0 { munmap(memory, size) }
    }

    /// Turns off the calling thread's alternate stack and unmaps it, when it is one `install`
    /// made: at the end of a thread, so nothing is left mapped (and a sanitizer that frees the
    /// stack it installed itself finds none to free).
    package static func remove() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0,
            current.ss_size == size, let memory = current.ss_sp
        else { return }
        var off = stack_t()
        off.ss_flags = Int32(SS_DISABLE)
        guard sigaltstack(&off, nil) == 0 else { return }
        munmap(memory, size)
    }
}
