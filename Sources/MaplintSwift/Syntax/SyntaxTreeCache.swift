import Foundation
import MaplintConcurrency

/// The trees parsed again on demand (`SwiftSourceFile.tree` after `releaseTree()`): the most
/// recently used few are held, the older ones released. A screen's setup code, its superclasses'
/// and the files every screen shares (a base controller, the cells) are asked for again and again;
/// the rest of an app is parsed once more at most, and the memory held is that of a few files
/// per thread whatever the size of the app. An extraction makes one and lets it go when it ends,
/// and with it the files (and trees) it held, before the manifests are linted.
final class SyntaxTreeCache: @unchecked Sendable {
    /// A few trees per thread that may be putting a manifest together.
    static let defaultCapacity = 4 * ParallelWork.defaultThreads + 4

    /// How many trees are held at most.
    let capacity: Int
    /// The files holding a tree for this cache, the most recently used last.
    private var files: [SwiftSourceFile] = []
    private let lock = NSLock()

    init(capacity: Int) { self.capacity = max(capacity, 1) }

    /// `file` was just asked for its tree: it is the most recent; the oldest beyond the capacity
    /// release theirs.
    func hold(_ file: SwiftSourceFile) {
        lock.lock()
        if let position = files.lastIndex(where: { $0 === file }) { files.remove(at: position) }
        files.append(file)
        let released = files.count > capacity ? Array(files.prefix(files.count - capacity)) : []
        files.removeFirst(released.count)
        lock.unlock()
        for old in released { old.releaseTree() }
    }

    /// The files whose trees this cache holds, the most recently used last.
    var heldFiles: [SwiftSourceFile] {
        lock.lock()
        defer { lock.unlock() }
        return files
    }
}
