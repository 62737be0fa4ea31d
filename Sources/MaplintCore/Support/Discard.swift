import Dispatch

/// Frees large values on another thread. Releasing a large manifest's objects at the end of its
/// lint (regs-10k: 10,004 registrations with their conditions, patterns and names) takes a few
/// percent of the run; on a utility queue it overlaps what is left (the rules, the output) on
/// another core, and the memory is freed all the same.
enum Discard {
    static func later<Value>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.drop() }
    }

    /// Holds the only reference to the value once it is handed over, so the value's objects are
    /// released where `drop()` runs; no other thread reads or writes it.
    private final class Box<Value>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }

        func drop() {
            value = nil
        }
    }
}
