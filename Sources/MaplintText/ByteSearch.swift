import Foundation

/// Searching a file's bytes for a short ASCII marker without looking at every byte in Swift:
/// `memchr` jumps between the occurrences of one letter of the marker (best a rare one), and
/// each is compared with the whole marker.
package enum ByteSearch {
    /// Whether `marker` occurs in `bytes`. `pivot` is the position in `marker` of the letter
    /// to jump between.
    package static func contains(_ marker: String, pivot: Int, in bytes: [UInt8]) -> Bool {
        let needle = Array(marker.utf8)
        precondition(needle.indices.contains(pivot), "the pivot is a position in the marker")
        return bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress, text.count >= needle.count else { return false }
            var offset = pivot
            while offset < text.count {
                guard let found = memchr(base + offset, Int32(needle[pivot]), text.count - offset) else {
                    return false
                }
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                if at - pivot + needle.count <= text.count, memcmp(base + at - pivot, needle, needle.count) == 0 {
                    return true
                }
                offset = at + 1
            }
            return false
        }
    }
}
