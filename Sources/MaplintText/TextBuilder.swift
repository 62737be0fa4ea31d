/// Text put together from many pieces as UTF-8 bytes, made into a `String` once at the end.
///
/// Appending to a `String` costs several hundred instructions a piece (it keeps its count and
/// flags up to date on each); copying the piece's bytes costs a few dozen. A manifest whose
/// registrations meet can have tens of thousands of findings, each message a dozen pieces.
package struct TextBuilder {
    private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func append(_ text: String) {
        // A Swift string's bytes are contiguous (a small one's are copied out first); any other
        // is copied through its view.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// `text`, then `literal`: how a message alternates what it names with its own words.
    package mutating func append(_ text: String, then literal: StaticString) {
        append(text)
        bytes.append(literal: literal)
    }

    package mutating func append(literal text: StaticString) {
        bytes.append(literal: text)
    }

    package mutating func append(decimal value: Int) {
        bytes.append(decimal: value)
    }

    /// The text; every piece was a whole `String`, so the bytes are valid UTF-8.
    package var string: String { String(decoding: bytes, as: UTF8.self) }
}
