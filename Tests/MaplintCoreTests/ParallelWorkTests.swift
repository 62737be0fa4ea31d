import Testing

@testable import MaplintCore

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
