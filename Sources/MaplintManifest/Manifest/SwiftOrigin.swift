import MaplintFiles
import MaplintFindings
import MaplintText
import MaplintYAML

/// What a manifest file written by `maplint extract` says, in comments, about the Swift code it
/// was read from. libyaml drops comments, so they are read from the source like suppression
/// comments, when such a file is loaded. `lint --swift` has no use for them: it builds its
/// manifests from the Swift code in memory (`ManifestBuilder`), with Swift places throughout.
///
/// - The first line is `SwiftOrigin.header`. Only then do the comments below move findings.
/// - `# swift: PATH:LINE:COLUMN` at the end of a line: that line came from this Swift place.
///   A finding on a line without one takes the nearest such comment above it.
/// - `# unsupported-swift: PATH:LINE:COLUMN: MESSAGE` on a line of its own: extraction met
///   Swift it could not translate (reported by the `unsupported-swift` rule).
/// - `# batch-insertion-count-mismatch: PATH:LINE:COLUMN: MESSAGE`: a storage call extraction
///   found wrong in the Swift code itself (reported by the rule of that name).
///
/// PATH is relative to the manifest's folder (or absolute).
package struct SwiftOrigin: Sendable {
    /// The first line of every extracted manifest.
    package static let header =
        "# Extracted from Swift sources by maplint; findings point at the lines named in `# swift:` comments."
    static let mapPrefix = "swift:"
    static let notePrefix = "unsupported-swift:"
    static let batchInsertionPrefix = "batch-insertion-count-mismatch:"

    /// An `# unsupported-swift:` comment.
    package struct Note: Sendable, Hashable {
        package var message: String
        /// Where the comment is in the manifest.
        package var location: SourceLocation
        /// The Swift code it is about.
        package var swift: SourceLocation
    }

    /// Whether the manifest starts with `header`: only then are findings moved to Swift lines.
    package var isExtracted: Bool
    package var notes: [Note]
    /// `# batch-insertion-count-mismatch:` comments.
    package var batchInsertions: [Note] = []
    /// Manifest line (1-based) → the Swift place it came from, sorted by line.
    var lines: [(line: Int, swift: SourceLocation)]

    /// The Swift place of a manifest location, when the manifest is extracted and maps it.
    func swiftLocation(for location: SourceLocation, in manifestFile: String) -> SourceLocation? {
        guard isExtracted, location.file == manifestFile else { return nil }
        var low = 0
        var high = lines.count
        while low < high {
            let middle = low + (high - low) / 2
            if lines[middle].line <= location.line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? lines[low - 1].swift : nil
    }

    /// `diagnostic` with its locations moved to the Swift code they came from. Its words name
    /// Swift already: the linter marks each registration as read from Swift before the analysis
    /// (`Manifest.wordedAsSwift`, `SourceKind`).
    package func mapped(_ diagnostic: Diagnostic, in manifestFile: String) -> Diagnostic {
        guard isExtracted else { return diagnostic }
        var result = diagnostic
        if let swift = swiftLocation(for: diagnostic.location, in: manifestFile) { result.location = swift }
        result.related = diagnostic.related.map { related in
            var moved = related
            if let swift = swiftLocation(for: related.location, in: manifestFile) { moved.location = swift }
            return moved
        }
        return result
    }

    /// Reads the comments of an extracted manifest; nil when it has none of them. Cheap for
    /// other manifests: their text is searched for the two prefixes before anything is scanned.
    package static func read(_ document: YAMLDocument) -> SwiftOrigin? {
        let isExtracted = document.source.starts(with: Array(header.utf8))
        guard
            isExtracted || ByteSearch.contains(notePrefix, pivot: 13, in: document.source)
                || ByteSearch.contains(batchInsertionPrefix, pivot: 0, in: document.source)
        else { return nil }
        let scanner = YAMLComments(document: document)
        let folder = directory(of: document.file)
        var origin = SwiftOrigin(isExtracted: isExtracted, notes: [], lines: [])
        for line in 0..<scanner.lineCount {
            guard let (column, text) = scanner.comment(onLine: line) else { continue }
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(mapPrefix), isExtracted,
                let (place, _) = parsePlace(trimmed.dropFirst(mapPrefix.count), folder: folder, needsMessage: false)
            {
                origin.lines.append((line + 1, place))
            } else if trimmed.hasPrefix(notePrefix),
                let (place, message) = parsePlace(
                    trimmed.dropFirst(notePrefix.count), folder: folder, needsMessage: true)
            {
                let at = SourceLocation(file: document.file, line: line + 1, column: column + 1)
                origin.notes.append(Note(message: message, location: at, swift: place))
                if isExtracted { origin.lines.append((line + 1, place)) }
            } else if trimmed.hasPrefix(batchInsertionPrefix),
                let (place, message) = parsePlace(
                    trimmed.dropFirst(batchInsertionPrefix.count), folder: folder, needsMessage: true)
            {
                let at = SourceLocation(file: document.file, line: line + 1, column: column + 1)
                origin.batchInsertions.append(Note(message: message, location: at, swift: place))
                if isExtracted { origin.lines.append((line + 1, place)) }
            }
        }
        return origin
    }

    /// `PATH:LINE:COLUMN` (then `: MESSAGE` when `needsMessage`), PATH resolved against `folder`.
    static func parsePlace(_ text: Substring, folder: String, needsMessage: Bool) -> (SourceLocation, String)? {
        let body = text.trimmingBlanks()
        // The place ends at the first `:LINE:COLUMN` followed by the end (or by `: ` before a message).
        let scalars = Array(body.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == ":", let (line, column, end) = numbers(in: scalars, from: index) {
                let rest = String(String.UnicodeScalarView(scalars[end...]))
                let isEnd = rest.trimmingBlanks().isEmpty
                if needsMessage ? rest.hasPrefix(": ") : isEnd, index > 0 {
                    let path = decodedPath(String(String.UnicodeScalarView(scalars[..<index])))
                    let message = needsMessage ? String(rest.dropFirst(2)).trimmingBlanks() : ""
                    return (SourceLocation(file: FilePaths.joined(folder, path), line: line, column: column), message)
                }
            }
            index += 1
        }
        return nil
    }

    /// A path as a comment holds it: on one line and as written, whatever the file's name. `%`
    /// and every character a comment or a terminal cannot carry as it is (control characters,
    /// line breaks, the byte-order mark and noncharacters) are written as `%XX`, one per UTF-8 byte,
    /// so `decodedPath` gives back the name exactly.
    package static func encodedPath(_ path: String) -> String {
        func encoded(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x25, 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
            default: false
            }
        }
        guard path.unicodeScalars.contains(where: encoded) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            guard encoded(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// The path `encodedPath` wrote; a `%` not followed by two hexadecimal digits, or bytes that
    /// are not UTF-8, are kept as written.
    static func decodedPath(_ text: String) -> String {
        guard text.contains("%") else { return text }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self) ?? text
    }

    /// `:LINE:COLUMN` starting at `start` (which holds the first `:`): both positive integers.
    private static func numbers(in scalars: [Unicode.Scalar], from start: Int) -> (Int, Int, Int)? {
        func number(from position: Int) -> (Int, Int)? {
            var value = 0
            var index = position
            while index < scalars.count, let digit = Int(String(scalars[index])), ("0"..."9").contains(scalars[index]) {
                guard value < 100_000_000 else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return index > position && value > 0 ? (value, index) : nil
        }
        guard let (line, afterLine) = number(from: start + 1), afterLine < scalars.count, scalars[afterLine] == ":",
            let (column, end) = number(from: afterLine + 1)
        else { return nil }
        return (line, column, end)
    }

    /// The folder part of a path (`""` for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path[..<slash].isEmpty ? "/" : String(path[..<slash])
    }
}

extension Manifest {
    /// Takes in what an extracted manifest file's comments say: its notes and its batch insertions.
    mutating func apply(_ origin: SwiftOrigin) {
        swiftOrigin = origin
        extractionNotes = origin.notes.map { ExtractionNote(message: $0.message, location: $0.location) }
        batchInsertions = origin.batchInsertions.map { ExtractionNote(message: $0.message, location: $0.location) }
    }

    /// For a file marked as extracted, when it is linted: each registration marked as read from
    /// the Swift place its line names, so that findings word it as Swift. Their places are moved
    /// to Swift after the analysis (`SwiftOrigin.mapped`).
    package func wordedAsSwift() -> Manifest {
        guard let origin = swiftOrigin, origin.isExtracted else { return self }
        var manifest = self
        manifest.isReadFromSwift = true
        for position in entries.indices {
            guard case .registration(var registration) = entries[position],
                let swift = origin.swiftLocation(for: registration.location, in: file)
            else { continue }
            registration.source = .swiftExpression(swift)
            manifest.entries[position] = .registration(registration)
        }
        return manifest
    }
}
