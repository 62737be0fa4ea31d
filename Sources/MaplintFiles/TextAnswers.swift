import Foundation

/// Answers worked out from a file's text, kept for the run: an app's targets ask the same lock
/// files the same questions. An answer is kept by the file's path, the question and the text
/// itself, so a file that changed is read again.
package final class TextAnswers<Value>: @unchecked Sendable {
    private struct Key: Hashable {
        var path: String
        var question: String
        var bytes: [UInt8]

        // The length stands for the text in the hash (hashing every byte costs what comparing does).
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(question)
            hasher.combine(bytes.count)
        }
    }

    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    /// How many answers were made for each path (not found among those kept).
    private var made: [String: Int] = [:]

    package init() {}

    /// The answer to `question` on the text `bytes` of `path`, made by `make` the first time.
    package func value(path: String, question: String, bytes: [UInt8], make: () -> Value) -> Value {
        let key = Key(path: path, question: question, bytes: bytes)
        if let known = lock.withLock({ values[key] }) { return known }
        let answer = make()
        lock.withLock {
            values[key] = answer
            made[path, default: 0] += 1
        }
        return answer
    }

    /// How many answers were made for `path` rather than found.
    package func madeCount(path: String) -> Int {
        lock.withLock { made[path] ?? 0 }
    }
}
