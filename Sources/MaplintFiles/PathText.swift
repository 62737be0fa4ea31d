import Foundation

/// Paths worked out on their bytes. A run names each of an app's files several times (its
/// target, its module, its configuration, its place in a finding); splitting the path into
/// characters or going through `URL` each time costs more than reading the file. Only ASCII
/// paths are handled here (the callers keep their own way for the others), so a result is
/// the one the character-by-character way gives: a `/` is one byte and one character there.
package enum PathText {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// Whether every byte of `text` is ASCII.
    package static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `path` joined to `folder` and tidied: `a/b/../c` is `a/c`, `.` parts and repeated slashes
    /// go, and `..` above a relative start is kept (above `/`, dropped). Nil unless both are ASCII.
    package static func joined(_ folder: String, _ path: String) -> String? {
        guard isASCII(folder), isASCII(path) else { return nil }
        let full: [UInt8] =
            path.utf8.first == slash || folder.isEmpty
            ? Array(path.utf8) : Array(folder.utf8) + [slash] + Array(path.utf8)
        let absolute = full.first == slash
        let parts = tidiedParts(full, absolute: absolute)
        return text(parts, in: full, absolute: absolute)
    }

    /// `path` as seen from `folder`, both relative to `current` unless they start with `/`;
    /// `.` when they are the same. Nil unless all three are ASCII and `current` is absolute.
    package static func relative(_ path: String, from folder: String, current: String) -> String? {
        guard current.utf8.first == slash, isASCII(path), isASCII(folder), isASCII(current) else { return nil }
        func parts(_ text: String) -> (bytes: [UInt8], parts: [Range<Int>]) {
            let full: [UInt8] =
                text.utf8.first == slash ? Array(text.utf8) : Array(current.utf8) + [slash] + Array(text.utf8)
            return (full, tidiedParts(full, absolute: full.first == slash))
        }
        let target = parts(path)
        let base = parts(folder)
        var common = 0
        while common < target.parts.count, common < base.parts.count,
            target.bytes[target.parts[common]].elementsEqual(base.bytes[base.parts[common]])
        {
            common += 1
        }
        var result: [UInt8] = []
        for _ in common..<base.parts.count {
            if !result.isEmpty { result.append(slash) }
            result += [dot, dot]
        }
        for part in target.parts[common...] {
            if !result.isEmpty { result.append(slash) }
            result += target.bytes[part]
        }
        return result.isEmpty ? "." : String(decoding: result, as: UTF8.self)
    }

    /// `path` made absolute from the current folder (`current`, as `getcwd` gives it) when both
    /// are plain: ASCII, no `.` or `..` part, no empty part, no slash at the end. Then it is what
    /// `URL(fileURLWithPath:).standardizedFileURL.path` gives, without its work; nil otherwise.
    package static func plainAbsolute(_ path: String, current: String) -> String? {
        guard isPlain(path) else { return nil }
        if path.utf8.first == slash { return path }
        guard current.utf8.first == slash, isPlain(current) else { return nil }
        return current + "/" + path
    }

    /// The current folder, as `FileManager` gives it.
    package static var current: String { FileManager.default.currentDirectoryPath }

    /// ASCII, not empty, and no part is empty (but a leading `/`), `.` or `..`; no `/` at the end.
    static func isPlain(_ path: String) -> Bool {
        var partLength = 0
        var dots = 0
        var first = true
        for byte in path.utf8 {
            guard byte < 0x80, byte != 0 else { return false }
            if byte == slash {
                if first {
                    first = false
                    continue
                }
                guard partLength > 0, dots != partLength || dots > 2 else { return false }
                partLength = 0
                dots = 0
            } else {
                first = false
                partLength += 1
                if byte == dot { dots += 1 }
            }
        }
        return partLength > 0 && (dots != partLength || dots > 2)
    }

    /// The ranges of `bytes` that are the parts of the tidied path.
    private static func tidiedParts(_ bytes: [UInt8], absolute: Bool) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        func isDotDot(_ range: Range<Int>) -> Bool {
            range.count == 2 && bytes[range.lowerBound] == dot && bytes[range.lowerBound + 1] == dot
        }
        var start = 0
        func take(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if range.count == 1, bytes[range.lowerBound] == dot { return }
            if isDotDot(range) {
                if let last = parts.last, !isDotDot(last) {
                    parts.removeLast()
                    return
                }
                if absolute { return }
            }
            parts.append(range)
        }
        for index in bytes.indices where bytes[index] == slash {
            take(start..<index)
            start = index + 1
        }
        take(start..<bytes.count)
        return parts
    }

    private static func text(_ parts: [Range<Int>], in bytes: [UInt8], absolute: Bool) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        for part in parts {
            if !result.isEmpty || absolute { result.append(slash) }
            result += bytes[part]
        }
        if result.isEmpty { return absolute ? "/" : "." }
        return String(decoding: result, as: UTF8.self)
    }
}
