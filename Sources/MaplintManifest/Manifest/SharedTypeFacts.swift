import Foundation

/// What a `TypeTable` works out about a type from its declaration and those of the types it
/// inherits, shared by the tables of several manifests that declare those types alike (the shared
/// models of one extraction, `SharedModels`): each type's properties are worked out once for all
/// the manifests, instead of once in each.
package final class SharedTypeFacts: @unchecked Sendable {
    /// The types whose facts are shared: a table that holds one of them holds the same
    /// declaration of it, and of every type it inherits.
    let names: Set<String>
    private let lock = NSLock()
    private var properties: [String: [String: PropertyDecl]] = [:]
    private var sorted: [String: [PropertyDecl]] = [:]
    private var texts: [String: String] = [:]

    init(names: Set<String>) {
        self.names = names
    }

    func properties(of name: String, _ make: () -> [String: PropertyDecl]) -> [String: PropertyDecl] {
        if let known = locked({ properties[name] }) { return known }
        let made = make()
        locked { properties[name] = made }
        return made
    }

    func sortedProperties(of name: String, _ make: () -> [PropertyDecl]) -> [PropertyDecl] {
        if let known = locked({ sorted[name] }) { return known }
        let made = make()
        locked { sorted[name] = made }
        return made
    }

    func propertyText(of name: String, _ make: () -> String) -> String {
        if let known = locked({ texts[name] }) { return known }
        let made = make()
        locked { texts[name] = made }
        return made
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
