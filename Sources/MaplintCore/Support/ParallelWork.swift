#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work spread over the machine's cores on threads of maplint's own, each with a stack large
/// enough for the parser's recursion within `SwiftNesting`'s limits (the default of a thread pool
/// is 512 KiB to 8 MiB) and a stack for the fault handler.
public enum ParallelWork {
    /// Each worker's stack: reserved address space, of which a run touches what it needs.
    public static let stackSize = 256 << 20

    /// `body(index)` for every index below `count`, in any order and on up to `threads` threads at
    /// once; the results in index order. One thread, or one item, runs on the caller's thread.
    public static func map<T>(_ count: Int, threads: Int = defaultThreads, _ body: @escaping (Int) -> T) -> [T] {
        let workers = min(max(threads, 1), count, ReadingContext.slotCount - 1)
        guard workers > 1 else { return (0..<count).map(body) }
        let state = State<T>(count: count, body: body)
        var started: [pthread_t] = []
        for worker in 1...workers {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, stackSize)
            let context = Unmanaged<Runnable>.passRetained(Worker(state: state, slot: worker)).toOpaque()
            #if canImport(Glibc)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let result = pthread_create(
                &thread, &attributes,
                { context in
                    let pointer: UnsafeMutableRawPointer? = context
                    Unmanaged<Runnable>.fromOpaque(pointer!).takeRetainedValue().run()
                    return nil
                }, context)
            pthread_attr_destroy(&attributes)
            if result == 0 {
                #if canImport(Glibc)
                started.append(thread)
                #else
                if let thread { started.append(thread) }
                #endif
            } else {
                Unmanaged<Runnable>.fromOpaque(context).release()
            }
        }
        // With no thread to be had (an address space too small), the caller does the work.
        if started.isEmpty { Worker(state: state, slot: 0).run() }
        for thread in started { pthread_join(thread, nil) }
        return state.results.map { $0! }
    }

    /// The cores online, at most 8.
    public static var defaultThreads: Int {
        min(max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1), 8)
    }

    private final class State<T>: @unchecked Sendable {
        let count: Int
        let body: (Int) -> T
        var results: [T?]
        private var next = 0
        private var lock = pthread_mutex_t()

        init(count: Int, body: @escaping (Int) -> T) {
            self.count = count
            self.body = body
            results = Array(repeating: nil, count: count)
            pthread_mutex_init(&lock, nil)
        }

        deinit { pthread_mutex_destroy(&lock) }

        /// The next index to work on, or nil when all are taken.
        func take() -> Int? {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: T, at index: Int) {
            pthread_mutex_lock(&lock)
            results[index] = value
            pthread_mutex_unlock(&lock)
        }
    }

    /// What a thread runs: not generic, since a C function cannot name a generic type.
    private class Runnable: @unchecked Sendable {
        func run() {}
    }

    private final class Worker<T>: Runnable, @unchecked Sendable {
        let state: State<T>
        let slot: Int

        init(state: State<T>, slot: Int) {
            self.state = state
            self.slot = slot
        }

        override func run() {
            if slot > 0 {
                ReadingContext.assign(slot)
                AlternateSignalStack.install()
            }
            while let index = state.take() { state.store(state.body(index), at: index) }
        }
    }
}

/// A stack of its own for the fault handler on the calling thread: a handler cannot run on a
/// stack that is full, and each thread has its own (`sigaltstack`).
public enum AlternateSignalStack {
    public static func install() {
        let size = 256 << 10
        guard let memory = malloc(size) else { return }
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }
}
