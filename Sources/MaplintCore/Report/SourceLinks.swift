import Foundation

/// Links from a report to the lines of the files it names: a relative path from the folder the
/// report is read in (the output file's, or the current folder for the standard output), then
/// `#L<line>`, the fragment GitHub's file view scrolls to (a browser opens the file itself).
public struct SourceLinks: Sendable, Hashable {
    /// The absolute, standardised folder the links are relative to.
    public var base: String

    /// - Parameter folder: the folder the report is read in, absolute or relative to the
    ///   current folder.
    public init(folder: String) {
        base = Self.absolute(folder)
    }

    /// `../Feed/Feed%20View.swift#L12`, or nil for a place with no file or line.
    public func href(_ location: SourceLocation) -> String? {
        guard !location.file.isEmpty, location.line > 0 else { return nil }
        return Self.relativePath(from: base, to: Self.absolute(location.file)) + "#L\(location.line)"
    }

    static func absolute(_ path: String) -> String {
        let full =
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + (path.isEmpty ? "." : path)
        return URL(fileURLWithPath: full).standardized.path
    }

    /// The path of `target` from the folder `base`, each name percent-encoded.
    static func relativePath(from base: String, to target: String) -> String {
        let from = base.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        let down = to[common...].map { encode(String($0)) }
        let path = (up + down).joined(separator: "/")
        return path.isEmpty ? "." : path
    }

    /// Every byte but the unreserved characters of RFC 3986 as `%XX`, so a name with spaces,
    /// parentheses or quotes stays one link in HTML and Markdown.
    static func encode(_ name: String) -> String {
        var encoded = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
