import MaplintFindings
import MaplintLint
import MaplintManifest
import MaplintRules

// A libFuzzer target for what `lint --fix` writes: the bytes choose a manifest (or, with the first
// byte's high bit set, Swift registration code: SwiftScreens.swift) with fixable
// findings (reuse-identifier collisions, unused suppression comments, deprecated events) and how
// it is laid out (block or flow style, CRLF or LF, comments, quoting, folded scalars, a final
// newline or not). The fixes are run in memory as `lint --fix` runs them, and any broken promise
// traps: the fixed text must load when the input did, a second run must change nothing, a fixed
// finding must not remain on its registration, only the bytes the fixes' edits name may change,
// and the line endings and final newline must be kept.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFix(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FixFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The input bytes, read one at a time; past the end they read as zero.
struct ByteReader {
    var bytes: [UInt8]
    var position = 0

    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[next() % choices.count] }

    var atEnd: Bool { position >= bytes.count }
}

/// Writes a manifest line by line; the line ending and the final newline are chosen once.
struct ManifestText {
    var crlf: Bool
    var finalNewline: Bool
    var lines: [String] = []

    var bytes: [UInt8] {
        let eol = crlf ? "\r\n" : "\n"
        return Array((lines.joined(separator: eol) + (finalNewline ? eol : "")).utf8)
    }
}

enum FixFuzz {
    static let file = "fuzz.maplint.yml"
    static let cells = ["TitleCell", "PostCell", "BannerCell"]
    static let models = ["String", "Int", "Post"]
    static let identifiers = ["TitleCell", "PostCell", "title", "post-cell", "banner-cell-2"]
    static let comments = [
        "# a note", "# maplint:disable:this reuse-identifier-collision", "# maplint:disable:this deprecated-event",
        "# maplint:disable:this nil-model", "# maplint:disable:this reuse-identifier-collision, deprecated-event",
        "# maplint:disable:this nil-model -- why",
    ]
    static let lineComments = [
        "# between keys", "# maplint:disable:next reuse-identifier-collision",
        "# maplint:disable:next deprecated-event",
        "# maplint:disable:next nil-model, unresolved-item", "# maplint:disable deprecated-event",
        "# maplint:enable deprecated-event", "# maplint:disable reuse-identifier-collision",
    ]

    static var fixableRules: Set<RuleID> { Set(Rules.all.filter(\.description.isFixable).map(\.id)) }

    static func lint(_ texts: [String: [UInt8]]) -> [Diagnostic] { Linter.lint(bytes: texts[file] ?? [], file: file) }

    static func run(_ data: [UInt8]) {
        // A first byte with its high bit set asks for Swift code instead of a manifest.
        if let first = data.first, first & 0x80 != 0 { return SwiftFixFuzz.run(data) }
        let text = generate(data)
        check(text.bytes, crlf: text.crlf, finalNewline: text.finalNewline)
    }

    // MARK: - The manifest

    /// A value as written: plain, in single quotes or in double quotes.
    static func quoted(_ value: String, _ reader: inout ByteReader) -> String {
        switch reader.next() % 4 {
        case 1: "'\(value)'"
        case 2: "\"\(value)\""
        default: value
        }
    }

    static func generate(_ data: [UInt8]) -> ManifestText {
        var reader = ByteReader(bytes: data)
        let header = reader.next()
        var text = ManifestText(crlf: header & 1 == 1, finalNewline: header & 2 == 0)
        let collection = header & 4 != 0
        if header & 8 != 0 { text.lines.append(reader.pick(lineComments)) }
        text.lines.append("version: 1")
        text.lines.append("host: " + quoted(collection ? "collectionView" : "tableView", &reader))
        if header & 16 != 0 {
            text.lines += ["models:", "  Post: {properties: {title: String}}"]
        } else {
            text.lines.append("models: {Post: {}}")
        }
        text.lines.append("registrations:")
        // A sequence indented under its key, or level with it.
        let indent = header & 32 != 0 ? "" : "  "
        let deprecated = collection ? ["configure", "configureSupplementary"] : ["configure", "configureHeader"]
        let events = deprecated + ["didSelect"]
        var count = 0
        while count < 6, !reader.atEnd || count == 0 {
            count += 1
            text.lines += generatedEntry(&reader, indent: indent, events: events)
        }
        if header & 64 != 0 { text.lines.append(reader.pick(lineComments)) }
        return text
    }

    /// The lines of one entry of `registrations:`: a manager-level event or a registration, in
    /// block or flow style, with comments, quoted values and block scalars as the bytes choose.
    static func generatedEntry(_ reader: inout ByteReader, indent: String, events: [String]) -> [String] {
        var lines: [String] = []
        let kind = reader.next()
        let options = reader.next()
        if kind & 0x40 != 0 { lines.append(indent + reader.pick(lineComments)) }
        let comment = kind & 0x80 != 0 ? "  " + reader.pick(comments) : ""
        if kind % 7 == 6 {
            // A manager-level event.
            let event = reader.pick(events)
            let view = reader.pick(cells)
            if options & 1 != 0 {
                lines.append(indent + "- {event: \(event), view: \(view)}" + comment)
            } else {
                lines.append(indent + "- event: " + quoted(event, &reader) + comment)
                lines.append(indent + "  view: " + quoted(view, &reader))
            }
            return lines
        }
        let cell = reader.pick(cells)
        let model = reader.pick(models)
        var pairs: [(String, String)] = [("cell", cell), ("model", model)]
        if options & 1 != 0 { pairs.append(("section", String(reader.next() % 3))) }
        if options & 2 != 0 { pairs.append(("reuseIdentifier", reader.pick(identifiers))) }
        if options & 4 != 0 { pairs.append(("xib", reader.pick(cells) + "Xib")) }
        var chosen: [String] = []
        if options & 8 != 0 {
            for _ in 0..<(1 + reader.next() % 3) { chosen.append(reader.pick(events)) }
        }
        if options & 16 != 0 {
            // Flow style, the whole entry on one line.
            var items = pairs.map { "\($0.0): \(quoted($0.1, &reader))" }
            if !chosen.isEmpty { items.append("events: [\(chosen.joined(separator: ", "))]") }
            lines.append(indent + "- {" + items.joined(separator: ", ") + "}" + comment)
            return lines
        }
        for (offset, pair) in pairs.enumerated() {
            let lead = indent + (offset == 0 ? "- " : "  ")
            if options & 32 != 0, offset > 0, reader.next() & 1 == 1 {
                lines.append(indent + "  " + reader.pick(lineComments))
            }
            if options & 64 != 0, pair.0 == "cell" || pair.0 == "reuseIdentifier" {
                // A folded or literal block scalar.
                lines.append(lead + pair.0 + ": " + reader.pick([">-", "|-", ">", "|"]))
                lines.append(indent + "    " + pair.1)
            } else {
                lines.append(lead + pair.0 + ": " + quoted(pair.1, &reader) + (offset == 0 ? comment : ""))
            }
        }
        if !chosen.isEmpty {
            if options & 128 != 0 {
                lines.append(indent + "  events: [" + chosen.joined(separator: ", ") + "]")
            } else {
                lines.append(indent + "  events:")
                for event in chosen { lines.append(indent + "    - " + event) }
            }
        }
        return lines
    }

    // MARK: - The promises

    static func check(_ input: [UInt8], crlf: Bool, finalNewline: Bool) {
        let before = lint([file: input])
        let run = FixRun.run([file: input], fixableRules: fixableRules, lint: lint)
        guard let fixed = run.fixed[file] else { fatalError("the run lost the file") }
        guard run.diagnostics == lint([file: fixed]) else { fatalError("the findings are not those of the fixed text") }

        // The fixed text loads whenever the input did.
        let invalidBefore = before.filter { $0.rule == RuleID.invalidManifest }.count
        let invalidAfter = run.diagnostics.filter { $0.rule == RuleID.invalidManifest }.count
        guard invalidAfter <= invalidBefore else {
            fatalError("the fixed text does not load:\n\(show(input))\n--- fixed:\n\(show(fixed))")
        }

        // Line endings and the final newline are kept.
        let lineFeeds = fixed.filter { $0 == 0x0A }.count
        let returns = fixed.filter { $0 == 0x0D }.count
        guard crlf ? returns == lineFeeds : returns == 0 else {
            fatalError("the line endings changed:\n\(show(input))\n--- fixed:\n\(show(fixed))")
        }
        if !fixed.isEmpty, (fixed.last == 0x0A) != finalNewline {
            fatalError("the final newline changed:\n\(show(input))\n--- fixed:\n\(show(fixed))")
        }

        // Only bytes inside the fixes' edits changed.
        let ranges = run.applied.flatMap(\.originalRanges)
        guard keepsBytes(outside: ranges, original: input, fixed: fixed) else {
            fatalError("bytes outside the fixes' edits changed:\n\(show(input))\n--- fixed:\n\(show(fixed))")
        }
        if run.applied.isEmpty, fixed != input { fatalError("the text changed with no fix applied") }

        // Everything left is left on purpose: a second run changes nothing, and no fixed finding
        // stays on its registration.
        let deferred = run.notFixed.contains { $0.reason.hasSuffix("run --fix again") }
        guard !deferred else { return }
        let again = FixRun.run([file: fixed], fixableRules: fixableRules, lint: lint)
        guard again.changedFiles.isEmpty else {
            fatalError(
                "a second run changed the fixed text:\n\(show(input))\n--- fixed:\n\(show(fixed))\n--- again:\n"
                    + show(again.fixed[file] ?? []))
        }
        let originalEntries = entryLines(input)
        let fixedEntries = entryLines(fixed)
        let fixedPlaces = Set(
            run.applied.compactMap { item in
                registration(at: item.finding.location.line, in: originalEntries).map { "\(item.finding.rule) \($0)" }
            })
        for finding in run.diagnostics where finding.rule != UnusedSuppressionRule.id {
            guard let place = registration(at: finding.location.line, in: fixedEntries) else { continue }
            if fixedPlaces.contains("\(finding.rule) \(place)") {
                fatalError(
                    "a fixed finding remains: \(finding.rule) \(finding.message)\n\(show(input))\n--- fixed:\n"
                        + show(fixed))
            }
        }
    }

    /// The first line of each entry of the loaded manifest, and the registration's ordinal (nil
    /// for an event or an unregistration).
    static func entryLines(_ bytes: [UInt8]) -> [(line: Int, registration: Int?)] {
        guard let manifest = ManifestLoader.load(bytes: bytes, file: file).manifest else { return [] }
        var ordinal = 0
        var result: [(line: Int, registration: Int?)] = []
        for entry in manifest.entries {
            if entry.registration != nil {
                result.append((entry.location.line, ordinal))
                ordinal += 1
            } else {
                result.append((entry.location.line, nil))
            }
        }
        return result.sorted { $0.line < $1.line }
    }

    /// The registration a line is in: the last entry that starts on or before it.
    static func registration(at line: Int, in entries: [(line: Int, registration: Int?)]) -> Int? {
        entries.last { $0.line <= line }?.registration
    }

    /// Whether `fixed` is `original` with only the bytes of `ranges` replaced (an empty range is
    /// an insertion): the pieces of `original` outside them appear in `fixed` in order, the first
    /// at the start and the last at the end.
    static func keepsBytes(outside ranges: [Range<Int>], original: [UInt8], fixed: [UInt8]) -> Bool {
        var covered = [Bool](repeating: false, count: original.count)
        var cuts: Set<Int> = []
        for range in ranges {
            guard range.lowerBound >= 0, range.upperBound <= original.count else { return false }
            for offset in range { covered[offset] = true }
            cuts.insert(range.lowerBound)
            cuts.insert(range.upperBound)
        }
        // The pieces left, split wherever an edit starts or ends.
        var pieces: [Range<Int>] = []
        var start: Int?
        for offset in 0...original.count {
            let boundary = offset == original.count || covered[offset] || cuts.contains(offset)
            if boundary, let begun = start {
                pieces.append(begun..<offset)
                start = nil
            }
            if offset < original.count, !covered[offset], start == nil { start = offset }
        }
        var position = 0
        for (index, piece) in pieces.enumerated() {
            let bytes = Array(original[piece])
            let first = piece.lowerBound == 0 && !cuts.contains(0)
            let last = index == pieces.count - 1 && piece.upperBound == original.count && !cuts.contains(original.count)
            if first || last {
                if first, !fixed.starts(with: bytes) { return false }
                if last, fixed.count - bytes.count < position || Array(fixed.suffix(bytes.count)) != bytes {
                    return false
                }
                position = last ? fixed.count : bytes.count
            } else {
                guard let found = find(bytes, in: fixed, from: position) else { return false }
                position = found + bytes.count
            }
        }
        return true
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        var offset = start
        while offset + needle.count <= haystack.count {
            if haystack[offset] == needle[0], Array(haystack[offset..<(offset + needle.count)]) == needle {
                return offset
            }
            offset += 1
        }
        return nil
    }

    static func show(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingCRLF()
    }
}

extension String {
    /// CR shown as `\r`, so the line endings of a failing case can be seen.
    func replacingCRLF() -> String {
        var result = ""
        for character in unicodeScalars { result += character == "\r" ? "\\r" : String(character) }
        return result
    }
}
