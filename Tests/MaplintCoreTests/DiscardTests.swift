import Dispatch
import Foundation
import Testing

@testable import MaplintCore

/// `Discard.later` frees what it is given, on another thread.
@Suite struct DiscardTests {
    /// Where a `Tracked` was freed; held by the test too, so it outlives a late free.
    final class Record: @unchecked Sendable {
        let freed = DispatchSemaphore(value: 0)
        var thread: pthread_t?
    }

    final class Tracked {
        let record: Record

        init(_ record: Record) {
            self.record = record
        }

        deinit {
            record.thread = pthread_self()
            record.freed.signal()
        }
    }

    @Test func aDiscardedValueIsFreedOnAnotherThread() throws {
        let record = Record()
        Discard.later([Tracked(record)])
        try #require(record.freed.wait(timeout: .now() + 10) == .success)
        let thread = try #require(record.thread)
        #expect(pthread_equal(thread, pthread_self()) == 0)
    }
}
