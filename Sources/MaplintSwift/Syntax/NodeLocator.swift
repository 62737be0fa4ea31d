import Foundation
@_spi(RawSyntax) import SwiftSyntax

/// Finds nodes of one tree by their index in it. swift-syntax's `node(at:)` walks the children of
/// each node on the way down one by one, so finding each of 20,000 methods of one type from the
/// root was quadratic. Here the children of a node with many are listed once, with the index each
/// starts at, and searched by halves: finding a node costs the depth times the logarithm of the
/// widest node on the way, and listing the children costs each node once per tree.
final class NodeLocator: @unchecked Sendable {
    /// Nodes with more children than this have them listed (the others are walked).
    static let listedChildren = 16

    let root: Syntax
    private var lists: [UInt64: [(start: UInt64, node: Syntax)]] = [:]
    private let lock = NSLock()

    init(root: Syntax) { self.root = root }

    /// The node at `index`, or nil when the tree has none there. Indexes are compared as
    /// `toOpaque()` gives them, which in swift-syntax 602 is the node's place in a depth-first walk
    /// (the order `SyntaxIdentifier` compares in).
    func node(at index: SyntaxIdentifier.SyntaxIndexInTree) -> Syntax? {
        guard SyntaxIdentifier.fromIndexInTree(index, relativeToRoot: root) != nil else { return nil }
        let target = index.toOpaque()
        var node = root
        while true {
            let start = node.id.indexInTree.toOpaque()
            if start == target { return node }
            guard start < target, let child = child(of: node, startingAt: start, holding: target) else { return nil }
            node = child
        }
    }

    /// The child of `node` (whose index is `start`) whose nodes include `target`.
    private func child(of node: Syntax, startingAt start: UInt64, holding target: UInt64) -> Syntax? {
        guard let layout = node.raw.layoutView else { return nil }
        if layout.children.count <= Self.listedChildren {
            return node.children(viewMode: .all).last { $0.id.indexInTree.toOpaque() <= target }
        }
        lock.lock()
        let known = lists[start]
        lock.unlock()
        let list =
            known
            ?? node.children(viewMode: .all).map { (start: $0.id.indexInTree.toOpaque(), node: $0) }
        if known == nil {
            lock.lock()
            lists[start] = list
            lock.unlock()
        }
        // The last child starting at or before the target.
        var low = 0
        var high = list.count
        while low < high {
            let middle = low + (high - low) / 2
            if list[middle].start <= target { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? list[low - 1].node : nil
    }
}
