import Dispatch

/// Frees large values on another thread. Releasing a large manifest's objects at the end of its
/// lint (regs-10k: 10,004 registrations with their conditions, patterns and names) takes a few
/// percent of the run; on a queue of its own it overlaps what is left (the rules, the output) on
/// another core. A serial queue gets a thread of its own even while `Linter.lint(files:)` keeps
/// every core busy, so the manifests of a many-file run are freed as they finish, one after the
/// other, not at the end.
enum Discard {
    private static let queue = DispatchQueue(label: "maplint.discard")

    static func later<Value>(_ value: consuming Value) {
        let box = Box(value)
        queue.async { box.drop() }
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
