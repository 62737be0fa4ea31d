import Dispatch
import Foundation
import Testing

@testable import MaplintCore

/// `Discard.later` frees what it is given, on another thread.
@Suite struct DiscardTests {
    final class Tracked: @unchecked Sendable {
        let freed: DispatchSemaphore
        let thread: UnsafeMutablePointer<pthread_t>

        init(freed: DispatchSemaphore, thread: UnsafeMutablePointer<pthread_t>) {
            self.freed = freed
            self.thread = thread
        }

        deinit {
            thread.pointee = pthread_self()
            freed.signal()
        }
    }

    @Test func aDiscardedValueIsFreedOnAnotherThread() {
        let freed = DispatchSemaphore(value: 0)
        let thread = UnsafeMutablePointer<pthread_t>.allocate(capacity: 1)
        defer { thread.deallocate() }
        thread.initialize(to: pthread_self())
        Discard.later([Tracked(freed: freed, thread: thread)])
        #expect(freed.wait(timeout: .now() + 10) == .success)
        #expect(pthread_equal(thread.pointee, pthread_self()) == 0)
    }
}
