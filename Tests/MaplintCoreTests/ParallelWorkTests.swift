import Foundation
import Testing

@testable import MaplintConcurrency

/// `ParallelWork.map`: every index once, results in index order, whatever the number of threads;
/// each worker reads files under a slot of its own for the fault handler's message.
@Suite struct ParallelWorkTests {
    @Test(arguments: [1, 2, 3, 8])
    func resultsComeInIndexOrder(threads: Int) {
        let squares = ParallelWork.map(1_000, threads: threads) { $0 * $0 }
        #expect(squares == (0..<1_000).map { $0 * $0 })
        #expect(ParallelWork.map(0, threads: threads) { $0 }.isEmpty)
        #expect(ParallelWork.map(1, threads: threads) { $0 + 42 } == [42])
    }

    /// `ParallelWork.stream`: every index produced once and consumed in index order on the caller's
    /// thread, with producers never more than `ahead` results past the consumer.
    @Test(arguments: [1, 2, 3, 8])
    func streamedResultsAreConsumedInOrderWithinTheWindow(threads: Int) {
        final class Counts: @unchecked Sendable {
            let lock = NSLock()
            var made = 0
            var consumed = 0
            var mostWaiting = 0
        }
        for (count, ahead) in [(0, 4), (1, 4), (500, 4), (500, 1), (37, 100)] {
            let counts = Counts()
            var order: [Int] = []
            ParallelWork.stream(count, threads: threads, ahead: ahead) { index -> Int in
                counts.lock.lock()
                counts.made += 1
                counts.mostWaiting = max(counts.mostWaiting, counts.made - counts.consumed)
                counts.lock.unlock()
                return index * 3
            } consume: { index, value in
                #expect(value == index * 3)
                order.append(index)
                counts.lock.lock()
                counts.consumed += 1
                counts.lock.unlock()
            }
            #expect(order == Array(0..<count))
            #expect(counts.made == count)
            // One more than the window: the result being made when the consumer takes its turn.
            #expect(counts.mostWaiting <= max(ahead, min(threads, 8)) + 1, "\(count) ahead \(ahead)")
        }
    }

    @Test func workersReadUnderSlotsOfTheirOwn() {
        let slots = ParallelWork.map(64, threads: 4) { _ in ReadingContext.currentSlot }
        #expect(Set(slots).isSubset(of: Set(1...4)))
        #expect(ParallelWork.map(3, threads: 1) { _ in ReadingContext.currentSlot } == [0, 0, 0])
        let seen = ParallelWork.map(8, threads: 2) { index in
            ReadingContext.reading("file\(index).swift") {
                String(cString: ReadingContext.paths + ReadingContext.currentSlot * ReadingContext.capacity)
            }
        }
        #expect(seen == (0..<8).map { "file\($0).swift" })
    }
}

/// `OwnThread.run`: the result of work done on a thread whose stack is the size asked for, deep
/// enough for a recursion that the 8 MiB of Linux's main thread (and the 512 KiB of a test
/// runner's thread) cannot hold.
@Suite struct OwnThreadTests {
    /// Depth of a recursion that is not a tail call: a million frames, tens of MiB of stack.
    static func depth(_ remaining: Int) -> Int {
        guard remaining > 0 else { return 0 }
        return 1 + depth(remaining - 1)
    }

    @Test func runsDeepWorkOnAStackOfTheSizeAsked() {
        #expect(OwnThread.run(stackSize: 512 << 20) { Self.depth(1_000_000) } == 1_000_000)
        #expect(OwnThread.run(stackSize: 1 << 20) { 7 * 6 } == 42)
    }
}
