import Foundation

/// Values worked out at most once and shared by whoever asks (one per type), for instance what
/// several rules read from one analysis context.
package final class Memo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Any] = [:]

    package init() {}

    package func value<T>(_ make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let known = values[ObjectIdentifier(T.self)] as? T { return known }
        let made = make()
        values[ObjectIdentifier(T.self)] = made
        return made
    }
}
