#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work spread over the machine's cores on threads of maplint's own, each with a stack large
/// enough for the parser's recursion within `SwiftNesting`'s limits (the default of a thread pool
/// is 512 KiB to 8 MiB) and a stack for the fault handler.
package enum ParallelWork {
    /// Each worker's stack: reserved address space, of which a run touches what it needs.
    package static let stackSize = 256 << 20

    /// `body(index)` for every index below `count`, in any order and on up to `threads` threads at
    /// once; the results in index order. One thread, or one item, runs on the caller's thread.
    package static func map<T>(_ count: Int, threads: Int = defaultThreads, _ body: @escaping (Int) -> T) -> [T] {
        let workers = min(max(threads, 1), count, ReadingContext.slotCount - 1)
        guard workers > 1 else { return (0..<count).map(body) }
        let state = State<T>(count: count, body: body)
        var started: [OwnThread] = []
        for worker in 1...workers {
            let runnable = Worker(queue: state, slot: worker)
            if let thread = OwnThread.start(stackSize: stackSize, { runnable.run() }) { started.append(thread) }
        }
        // With no thread to be had (an address space too small), the caller does the work.
        if started.isEmpty { Worker(queue: state, slot: 0).run() }
        for thread in started { thread.join() }
        return state.results.map { $0! }
    }

    /// `produce(index)` for every index below `count` on up to `threads` threads at once, and
    /// `consume(index, result)` on the caller's thread, in index order, as each result is ready:
    /// what the caller does with one result overlaps the making of the next ones. Producers run at
    /// most `ahead` indices past the last one consumed, so at most that many results (and what
    /// they hold: a file's syntax tree) exist at once. One thread, or one item, runs both on the
    /// caller's thread, one index after the other.
    package static func stream<T>(
        _ count: Int, threads: Int = defaultThreads, ahead: Int, _ produce: @escaping (Int) -> T,
        consume: (Int, T) -> Void
    ) {
        let workers = min(max(threads, 1), count, ReadingContext.slotCount - 1)
        guard workers > 1 else {
            for index in 0..<count { consume(index, produce(index)) }
            return
        }
        let queue = Queue<T>(count: count, ahead: min(max(ahead, workers), count), produce: produce)
        var started: [OwnThread] = []
        for worker in 1...workers {
            let runnable = Worker(queue: queue, slot: worker)
            if let thread = OwnThread.start(stackSize: stackSize, { runnable.run() }) { started.append(thread) }
        }
        if started.isEmpty {
            // With no thread to be had (an address space too small), the caller does the work.
            for index in 0..<count { consume(index, produce(index)) }
            return
        }
        for index in 0..<count { consume(index, queue.result(at: index)) }
        for thread in started { thread.join() }
    }

    /// The results of `stream` between producers and the consumer.
    private final class Queue<T>: WorkQueue, @unchecked Sendable {
        let count: Int
        let ahead: Int
        let work: (Int) -> T
        /// The results made and not consumed yet, by index modulo `ahead`.
        private var ready: [T?]
        /// The next index to produce, and the next to consume.
        private var next = 0
        private var consumed = 0
        private var lock = pthread_mutex_t()
        /// Signalled when a result is stored, and when one is consumed.
        private var stored = pthread_cond_t()
        private var freed = pthread_cond_t()

        init(count: Int, ahead: Int, produce: @escaping (Int) -> T) {
            self.count = count
            self.ahead = ahead
            work = produce
            ready = Array(repeating: nil, count: ahead)
            pthread_mutex_init(&lock, nil)
            pthread_cond_init(&stored, nil)
            pthread_cond_init(&freed, nil)
        }

        deinit {
            pthread_cond_destroy(&freed)
            pthread_cond_destroy(&stored)
            pthread_mutex_destroy(&lock)
        }

        /// The next index to produce, once it is fewer than `ahead` past the last consumed; nil
        /// when all are taken.
        func take() -> Int? {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            while next < count, next >= consumed + ahead { pthread_cond_wait(&freed, &lock) }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: T, at index: Int) {
            pthread_mutex_lock(&lock)
            ready[index % ahead] = value
            pthread_cond_broadcast(&stored)
            pthread_mutex_unlock(&lock)
        }

        /// The result at `index` (the next to consume), once it is made.
        func result(at index: Int) -> T {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            while ready[index % ahead] == nil { pthread_cond_wait(&stored, &lock) }
            let value = ready[index % ahead].take()!
            consumed = index + 1
            pthread_cond_broadcast(&freed)
            return value
        }
    }

    /// The cores online, at most 8.
    package static var defaultThreads: Int {
        min(max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1), 8)
    }

    private final class State<T>: WorkQueue, @unchecked Sendable {
        let count: Int
        let work: (Int) -> T
        var results: [T?]
        private var next = 0
        private var lock = pthread_mutex_t()

        init(count: Int, body: @escaping (Int) -> T) {
            self.count = count
            work = body
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

    /// What a worker takes its indices from, works on and gives its results to.
    private protocol WorkQueue<Output>: AnyObject {
        associatedtype Output
        /// The next index to work on, or nil when all are taken.
        func take() -> Int?
        var work: (Int) -> Output { get }
        func store(_ value: Output, at index: Int)
    }

    /// A thread's loop over the indices of `map` or `stream`.
    private final class Worker<Queue: WorkQueue>: @unchecked Sendable {
        let queue: Queue
        let slot: Int

        init(queue: Queue, slot: Int) {
            self.queue = queue
            self.slot = slot
        }

        func run() {
            // A worker of its own (not the caller) reads under its own slot.
            if slot > 0 { ReadingContext.assign(slot) }
            while let index = queue.take() { queue.store(queue.work(index), at: index) }
        }
    }
}
