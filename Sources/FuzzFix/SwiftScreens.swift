import MaplintFindings
import MaplintLibrary
import MaplintLint
import MaplintRules
import MaplintSwift
import SwiftParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Swift half of the fix target: the bytes choose a screen's registration code (spellings of
/// `register` with and without mapping and handler closures, closures on one line or several,
/// statements already setting a reuse identifier, suppression comments), the library version,
/// the host, the line endings and whether the cells live in a second file. `lint --swift --fix`
/// runs on the texts in memory, and the promises are those of manifests: the fixed code parses
/// whenever the input did, a second run changes nothing, a fixed finding does not remain on its
/// registration, only the bytes of the fixes' edits change, and line endings and final newlines
/// are kept.
enum SwiftFixFuzz {
    static let screen = "Screen.swift"
    static let cellsFile = "Cells.swift"
    static let cells = ["PostCell", "TitleCell", "Archive.PostCell"]
    static let identifiers = ["PostCell", "TitleCell", "post", "title-cell-2"]
    static let versions = [
        LibraryVersion(major: 6), LibraryVersion(major: 7), LibraryVersion(major: 8), LibraryVersion(major: 9),
        LibraryVersion(major: 10), LibraryVersion(major: 11, minor: 0, patch: 1),
    ]
    static let lineComments = [
        "// a note", "// maplint:disable:next reuse-identifier-collision",
        "// maplint:disable:next reuse-identifier-collision, unresolved-item",
        "// maplint:disable reuse-identifier-collision",
        "// maplint:enable reuse-identifier-collision", "/* a block note */",
    ]
    static let trailingComments = [
        "  // pinned", "  // maplint:disable:this reuse-identifier-collision",
        "  // maplint:disable:this reuse-identifier-collision -- on purpose", "  /* inline */",
    ]

    struct Screen {
        var texts: [String: [UInt8]]
        var crlf: Bool
        var finalNewline: Bool
        var version: LibraryVersion
    }

    static func run(_ data: [UInt8]) {
        let screen = generate(data)
        check(screen)
    }

    // MARK: - The code

    static func generate(_ data: [UInt8]) -> Screen {
        var reader = ByteReader(bytes: data)
        let header = reader.next()
        let layout = reader.next()
        let crlf = layout & 1 == 1
        let finalNewline = layout & 2 == 0
        let collection = layout & 4 != 0
        let twoFiles = layout & 8 != 0
        let tabs = layout & 16 != 0
        let version = versions[(layout >> 5) % versions.count]
        let unit = tabs ? "\t" : "    "
        let mappingLabel = LibraryBehaviour(
            host: collection ? .collectionView : .tableView, version: version, deploymentTarget: nil
        ).mappingClosureLabel

        var lines: [String] = ["import UIKit", ""]
        if header & 0x40 != 0 { lines.append(reader.pick(lineComments)) }
        let manageable = collection ? "DTCollectionViewManageable" : "DTTableViewManageable"
        lines.append("final class ScreenViewController: UIViewController, \(manageable) {")
        lines.append(unit + "func setUp() {")
        let body = unit + unit
        var count = 0
        while count < 6, !reader.atEnd || count == 0 {
            count += 1
            lines += registrationLines(&reader, indent: body, unit: unit, mappingLabel: mappingLabel)
        }
        lines += [unit + "}", "}"]
        var cellLines = Self.cellLines(base: collection ? "UICollectionViewCell" : "UITableViewCell", unit: unit)
        if header & 0x20 != 0 { cellLines.append(reader.pick(lineComments)) }

        let eol = crlf ? "\r\n" : "\n"
        func bytes(_ lines: [String]) -> [UInt8] {
            Array((lines.joined(separator: eol) + (finalNewline ? eol : "")).utf8)
        }
        var texts: [String: [UInt8]] = [:]
        if twoFiles {
            texts[screen] = bytes(lines)
            texts[cellsFile] = bytes(cellLines)
        } else {
            texts[screen] = bytes(lines + [""] + cellLines)
        }
        return Screen(texts: texts, crlf: crlf, finalNewline: finalNewline, version: version)
    }

    /// One register call in one of the spellings `--fix` edits, with the mapping's statements the
    /// bytes choose; `indent` is the call's indentation.
    static func registrationLines(
        _ reader: inout ByteReader, indent body: String, unit: String, mappingLabel: String
    ) -> [String] {
        var lines: [String] = []
        let form = reader.next()
        let options = reader.next()
        let cell = reader.pick(cells)
        if options & 0x80 != 0 { lines.append(body + reader.pick(lineComments)) }
        let trailing = options & 0x40 != 0 ? reader.pick(trailingComments) : ""
        // The mapping's statements, each as `name.key = value`.
        var statements: [(key: String, value: String)] = []
        if options & 1 != 0 { statements.append(("condition", ".section(\(reader.next() % 3))")) }
        if options & 2 != 0 { statements.append(("xibName", "\"\(reader.pick(["Wide", "Tall"]))Cell\"")) }
        if options & 4 != 0 { statements.append(("reuseIdentifier", "\"\(reader.pick(identifiers))\"")) }
        let call = "manager.register(\(cell).self"
        let handler = "cell, model, indexPath in"
        switch form % 7 {
        case 0:
            lines.append(body + call + ")" + trailing)
        case 1:
            // A trailing mapping closure over several lines.
            lines.append(body + call + ") { mapping in" + trailing)
            for (offset, statement) in statements.enumerated() {
                if options & 8 != 0, offset > 0 { lines.append(body + unit + "// between statements") }
                lines.append(body + unit + "mapping.\(statement.key) = \(statement.value)")
            }
            lines.append(body + "}")
        case 2:
            // A labelled mapping closure on one line, with `$0`.
            let written = statements.map { "$0.\($0.key) = \($0.value)" }.joined(separator: "; ")
            lines.append(body + call + ", \(mappingLabel): { \(written) })" + trailing)
        case 3:
            lines.append(body + call + ", handler: { \(handler) })" + trailing)
        case 4:
            // A labelled mapping closure, then the handler as a trailing closure.
            lines.append(body + call + ", \(mappingLabel): { mapping in" + trailing)
            for statement in statements {
                lines.append(body + unit + "mapping.\(statement.key) = \(statement.value)")
            }
            lines.append(body + "}) { \(handler)")
            lines.append(body + unit + "_ = cell")
            lines.append(body + "}")
        case 5:
            // The handler as the trailing closure.
            lines.append(body + call + ") { \(handler)" + trailing)
            lines.append(body + unit + "_ = model")
            lines.append(body + "}")
        default:
            // A one-line trailing closure with a named parameter.
            let written = statements.map { "m.\($0.key) = \($0.value)" }.joined(separator: "; ")
            lines.append(body + call + ") { m in \(written) }" + trailing)
        }
        return lines
    }

    /// The cells and the model the screen uses (`base`: the cell class they inherit).
    static func cellLines(base: String, unit: String) -> [String] {
        var cellLines: [String] = []
        cellLines += [
            "final class PostCell: \(base), ModelTransfer {", unit + "func update(with model: Post) {}", "}", "",
        ]
        cellLines += [
            "final class TitleCell: \(base), ModelTransfer {", unit + "func update(with model: String) {}", "}", "",
        ]
        cellLines += [
            "enum Archive {", unit + "final class PostCell: \(base), ModelTransfer {",
            unit + unit + "func update(with model: Post) {}", unit + "}", "}", "",
        ]
        cellLines += ["struct Post {", unit + "var title: String", "}"]
        return cellLines
    }

    // MARK: - The promises

    static func extract(_ texts: [String: [UInt8]], version: LibraryVersion) -> ExtractionResult {
        SwiftExtractor.extract(
            sources: texts.keys.sorted().map { ($0, texts[$0] ?? []) }, libraryVersions: .given(version))
    }

    static func lint(_ texts: [String: [UInt8]], version: LibraryVersion) -> [Diagnostic] {
        SwiftExtractor.lint(extract(texts, version: version), sources: texts).diagnostics
    }

    static func parses(_ bytes: [UInt8]) -> Bool {
        !Parser.parse(source: String(decoding: bytes, as: UTF8.self)).hasError
    }

    static func check(_ screen: Screen) {
        let input = screen.texts
        let lint = { (texts: [String: [UInt8]]) in Self.lint(texts, version: screen.version) }
        let run = FixRun.run(input, fixableRules: FixFuzz.fixableRules, lint: lint)
        guard run.diagnostics == lint(run.fixed) else { fatalError("the findings are not those of the fixed code") }
        func shown(_ texts: [String: [UInt8]]) -> String {
            texts.keys.sorted().map { "--- \($0) (\(screen.version)):\n" + FixFuzz.show(texts[$0] ?? []) }
                .joined(separator: "\n")
        }
        for (file, original) in input {
            guard let fixed = run.fixed[file] else { fatalError("the run lost \(file)") }
            // The fixed code parses whenever the input did.
            if parses(original), !parses(fixed) {
                fatalError("the fixed code does not parse:\n\(shown(input))\n=== fixed:\n\(shown(run.fixed))")
            }
            // Line endings and the final newline are kept.
            let lineFeeds = fixed.filter { $0 == 0x0A }.count
            let returns = fixed.filter { $0 == 0x0D }.count
            guard screen.crlf ? returns == lineFeeds : returns == 0 else {
                fatalError("the line endings changed:\n\(shown(input))\n=== fixed:\n\(shown(run.fixed))")
            }
            if !fixed.isEmpty, (fixed.last == 0x0A) != (original.last == 0x0A) {
                fatalError("the final newline changed:\n\(shown(input))\n=== fixed:\n\(shown(run.fixed))")
            }
            // Only bytes inside the fixes' edits changed.
            let ranges = run.applied.filter { $0.fix.file == file }.flatMap(\.originalRanges)
            guard FixFuzz.keepsBytes(outside: ranges, original: original, fixed: fixed) else {
                fatalError("bytes outside the fixes' edits changed:\n\(shown(input))\n=== fixed:\n\(shown(run.fixed))")
            }
        }
        if run.applied.isEmpty, run.fixed != input { fatalError("the code changed with no fix applied") }
        // `MAPLINT_FUZZ_SHOW=1 FuzzFix INPUT` shows what an input makes and what was fixed.
        if getenv("MAPLINT_FUZZ_SHOW") != nil {
            print(
                "\(shown(input))\n=== \(run.applied.count) fixes applied, \(run.notFixed.count) left:\n\(shown(run.fixed))"
            )
        }

        // Everything left is left on purpose: a second run changes nothing, and no fixed finding
        // stays on its registration.
        guard !run.notFixed.contains(where: { $0.reason.hasSuffix("run --fix again") }) else { return }
        let again = FixRun.run(run.fixed, fixableRules: FixFuzz.fixableRules, lint: lint)
        guard again.changedFiles.isEmpty else {
            fatalError(
                "a second run changed the fixed code:\n\(shown(input))\n=== fixed:\n\(shown(run.fixed))\n=== again:\n"
                    + shown(again.fixed))
        }
        let before = registrations(extract(input, version: screen.version))
        let after = registrations(extract(run.fixed, version: screen.version))
        let fixedPlaces = Set(
            run.applied.compactMap { item in
                registration(at: item.finding.location, in: before).map { "\(item.finding.rule) \($0)" }
            })
        for finding in run.diagnostics where finding.rule != UnusedSuppressionRule.id {
            guard let place = registration(at: finding.location, in: after) else { continue }
            if fixedPlaces.contains("\(finding.rule) \(place)") {
                fatalError(
                    "a fixed finding remains: \(finding.rule) \(finding.message)\n\(shown(input))\n=== fixed:\n"
                        + shown(run.fixed))
            }
        }
    }

    /// The place of each registration extracted, in order within its file.
    static func registrations(_ extraction: ExtractionResult) -> [SourceLocation] {
        var places: [SourceLocation] = []
        for manifest in extraction.manifests {
            for case .registration(let registration) in manifest.entries { places.append(registration.location) }
        }
        return places.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    /// The registration a finding is on, as its file and ordinal there: the last one that starts
    /// on or before the finding's line.
    static func registration(at location: SourceLocation, in places: [SourceLocation]) -> String? {
        let inFile = places.filter { $0.file == location.file }
        guard let index = inFile.lastIndex(where: { $0.line <= location.line }) else { return nil }
        return "\(location.file)#\(index)"
    }
}
