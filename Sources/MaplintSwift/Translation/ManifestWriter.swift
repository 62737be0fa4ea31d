import Foundation
import MaplintFiles
import MaplintFindings
import MaplintManifest
import MaplintOutput

/// Writes an extracted manifest as manifest v1 YAML. Every line that came from Swift ends with a
/// `# swift: PATH:LINE:COLUMN` comment (PATH relative to the folder the manifest is written to),
/// so findings on the manifest point back at the Swift code (see `SwiftOrigin`).
package struct ManifestWriter {
    /// The folder the manifest will be in, for relative paths in the comments; nil for a manifest
    /// read as if in the current folder (`lint --swift`, printing): paths are written as given.
    package var folder: String?

    package init(folder: String? = nil) {
        self.folder = folder
    }

    package func text(of manifest: ManifestDraft, notes extraNotes: [ExtractionNote] = []) -> String {
        var lines: [String] = [SwiftOrigin.header]
        // One relative path per Swift file, worked out once.
        var paths: [String: String] = [:]
        func path(_ file: String) -> String {
            if let known = paths[file] { return known }
            let path = folder.map { FilePaths.relative(file, from: $0) } ?? file
            paths[file] = path
            return path
        }
        func place(_ location: SourceLocation) -> String {
            SwiftOrigin.encodedPath(path(location.file)) + ":\(location.line):\(location.column)"
        }
        func add(_ text: String, _ location: SourceLocation? = nil) {
            lines.append(location.map { "\(text)  # swift: \(place($0))" } ?? text)
        }
        lines.append(
            "# \(manifest.host == .tableView ? "Table" : "Collection") view of `\(Self.oneLine(manifest.name))`; regenerate with `maplint extract` rather than editing."
        )
        for note in extraNotes + manifest.notes {
            lines.append("# unsupported-swift: \(place(note.location)): \(Self.oneLine(note.message))")
        }
        for mismatch in manifest.batchInsertions {
            lines.append(
                "# batch-insertion-count-mismatch: \(place(mismatch.location)): \(Self.oneLine(mismatch.message))")
        }
        add("version: 1", manifest.location)
        add("host: \(manifest.host.rawValue)")
        if let target = manifest.deploymentTarget { add("deploymentTarget: \(Self.scalar(target))") }
        if let detected = manifest.libraryVersion { add(Self.libraryVersionLine(detected, path: path), nil) }
        if let detected = manifest.modelStorageVersion, case .lockFile(let location) = detected.origin {
            add(
                "modelStorageVersion: \(Self.quoted(detected.version.description))  # from \(Self.oneLine(path(location.file)))"
            )
        }
        if !manifest.configuration.isEmpty {
            add("configuration:")
            for assignment in manifest.configuration {
                add("  \(assignment.key): \(assignment.value)", assignment.location)
            }
        }
        if let layout = manifest.layout { add("layout: \(layout.value.rawValue)", layout.location) }
        if let customizing = manifest.viewModelMappingCustomizing {
            add("viewModelMappingCustomizing: \(Self.scalar(customizing.value))", customizing.location)
        }

        if manifest.models.isEmpty {
            add("models: {}")
        } else {
            add("models:")
            for model in manifest.models { write(model, add: add) }
        }

        if manifest.entries.isEmpty {
            add("registrations: []")
        } else {
            add("registrations:")
            for entry in manifest.entries { write(entry, add: add) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one model under `models:`.
    private func write(_ model: DraftModel, add: (String, SourceLocation?) -> Void) {
        add("  \(Self.scalar(model.name)):", model.location)
        add("    kind: \(model.kind.rawValue)", nil)
        if model.kind == .class, let superclass = model.inherits.first {
            add("    inherits: \(Self.scalar(superclass.value))", superclass.location)
        } else if model.kind == .protocol, !model.inherits.isEmpty {
            add(
                "    inherits: [\(model.inherits.map { Self.scalar($0.value) }.joined(separator: ", "))]",
                model.inherits.first?.location)
        }
        if !model.conforms.isEmpty {
            add(
                "    conforms: [\(model.conforms.map { Self.scalar($0.value) }.joined(separator: ", "))]",
                model.conforms.first?.location)
        }
        if !model.cases.isEmpty {
            add(
                "    cases: [\(model.cases.map { Self.scalar($0.value) }.joined(separator: ", "))]",
                model.cases.first?.location)
        }
        if let rawType = model.rawType {
            add("    rawType: \(Self.scalar(rawType.value))", rawType.location)
        }
        if !model.rawValues.isEmpty {
            let values = model.rawValues.map { item in
                let value: String
                switch item.value {
                case .string(let text): value = Self.quoted(text)
                default: value = item.value.description
                }
                return Self.scalar(item.name) + ": " + value
            }
            add("    rawValues: {\(values.joined(separator: ", "))}", model.rawValues.first?.location)
        }
        if !model.properties.isEmpty {
            add("    properties:", nil)
            for property in model.properties {
                add("      \(Self.scalar(property.name)): \(Self.scalar(property.type))", property.location)
            }
        }
    }

    /// The `libraryVersion:` line: the version modelled, where it was read, and the version the
    /// app uses when that is not the one modelled.
    private static func libraryVersionLine(_ detected: DetectedLibraryVersion, path: (String) -> String) -> String {
        let origin: String
        switch detected.origin {
        case .commandLine: origin = "--library-version"
        case .configuration(let location): origin = oneLine("library_version in \(path(location.file))")
        case .lockFile(let location): origin = oneLine(path(location.file))
        case .requirement(let location, let written):
            origin = oneLine("\(path(location.file)) requirement \(written)")
        case .inferred(let inferred):
            origin = oneLine(
                "the API used, the newest of \(inferred.range): \(inferred.clues.map(\.api).joined(separator: ", "))")
        }
        let uses: String
        switch detected.origin {
        case .requirement, .inferred: uses = ""
        case .commandLine, .configuration, .lockFile: uses = "the app uses \(detected.version), "
        }
        let older =
            detected.modelled == detected.version
            ? "" : ": \(uses)checked as the oldest version maplint models"
        return "libraryVersion: \(quoted(detected.modelled.description))  # from \(origin)\(older)"
    }

    private func write(_ entry: DraftEntry, add: (String, SourceLocation?) -> Void) {
        switch entry {
        case .registration(let registration):
            add("  - \(registration.element.key): \(Self.scalar(registration.view))", registration.location)
            if case .supplementary(let kind) = registration.element { add("    kind: \(Self.scalar(kind))", nil) }
            if !registration.modelTransfer { add("    modelTransfer: false", nil) }
            if let flag = registration.headerFooterView, !flag { add("    headerFooterView: false", nil) }
            add("    model: \(Self.scalar(registration.model))", registration.modelLocation)
            switch registration.condition {
            case .section(let section, let location)?: add("    section: \(section)", location)
            case .expression(let text, _, let location)?: add("    condition: \(Self.quoted(text))", location)
            case .opaque(let text, let location)?: add("    opaqueCondition: \(Self.quoted(text))", location)
            case nil: break
            }
            if let xib = registration.xib { add("    xib: \(xib.name.map(Self.quoted) ?? "null")", xib.location) }
            if registration.registerNibNamed { add("    registerNibNamed: true", nil) }
            if let identifier = registration.reuseIdentifier {
                add("    reuseIdentifier: \(Self.quoted(identifier.value))", identifier.location)
            }
            if let overridden = registration.viewReuseIdentifier {
                add("    viewReuseIdentifier: \(Self.quoted(overridden.value))", overridden.location)
            }
            if let storyboard = registration.storyboard {
                add("    storyboard: \(storyboard.value)", storyboard.location)
            }
            if !registration.events.isEmpty {
                add("    events:", registration.events.first?.location)
                for event in registration.events { add("      - \(Self.scalar(event.value))", event.location) }
            }
        case .unregister(let element, let view, let location):
            switch element {
            case .cell: add("  - unregister: \(Self.scalar(view))", location)
            case .header, .footer: add("  - unregister: {\(element.key): \(Self.scalar(view))}", location)
            case .supplementary(let kind):
                add("  - unregister: {supplementary: \(Self.scalar(view)), kind: \(Self.quoted(kind))}", location)
            }
        case .configuration:
            // Written as the top-level `configuration:`.
            break
        case .event(let name, let view, let model, let element, let location):
            add("  - event: \(Self.scalar(name))", location)
            if let view { add("    view: \(Self.scalar(view))", nil) }
            if let model { add("    model: \(Self.scalar(model))", nil) }
            switch element {
            case .cell: break
            case .header, .footer: add("    element: \(element.key)", nil)
            case .supplementary(let kind):
                add("    element: supplementary", nil)
                add("    kind: \(Self.quoted(kind))", nil)
            }
        }
    }

    /// A plain scalar when it is an identifier YAML reads as a string; quoted otherwise.
    static func scalar(_ text: String) -> String {
        func isLetter(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
        }
        func isAllowed(_ byte: UInt8) -> Bool {
            isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: ".")
        }
        let utf8 = text.utf8
        let isIdentifier =
            utf8.first.map(isLetter) == true && utf8.allSatisfy(isAllowed)
            && utf8.last != UInt8(ascii: " ")
            && !zip(utf8, utf8.dropFirst()).contains { $0 == UInt8(ascii: " ") && $1 == UInt8(ascii: "?") }
        return isIdentifier && !reservedScalars.contains(text) ? text : quoted(text)
    }

    /// Plain scalars YAML would read as something other than a string.
    private static let reservedScalars: Set<String> = [
        "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "y", "n",
    ]

    /// A YAML double-quoted scalar: JSON's escapes plus those YAML needs for characters it does
    /// not allow unescaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                    || value == 0xFEFF
                    || (0xFFFE...0xFFFF).contains(value)
                {
                    let hex = String(value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Text for a comment: every line break YAML knows (`\r\n`, U+0085, U+2028, …) becomes a space,
    /// so the comment cannot end early, and every other character YAML does not allow in a comment
    /// (ESC, BEL, C1 controls), bidirectional overrides and U+FEFF are escaped like terminal output
    /// (`\u{1B}`); so a Swift file name or comment cannot make the manifest unreadable or add a line.
    static func oneLine(_ text: String) -> String {
        var flat = ""
        for character in text {
            if character.isNewline {
                flat += " "
                continue
            }
            for scalar in character.unicodeScalars {
                switch scalar.value {
                case 0xFEFF, 0xFFFE, 0xFFFF: flat += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default: flat.unicodeScalars.append(scalar)
                }
            }
        }
        return OutputEscaping.terminal(flat)
    }
}
