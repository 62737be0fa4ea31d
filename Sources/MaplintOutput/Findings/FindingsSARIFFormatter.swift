import MaplintFindings
import MaplintLint
import MaplintManifest
import MaplintRules
import MaplintText

/// SARIF 2.1.0, the format GitHub code scanning reads.
package struct FindingsSARIFFormatter: PlainOutputFormatter {
    package static let identifier = "sarif"

    package init() {}

    package func format(_ result: LintResult) -> String {
        var lines = SourceLines()
        let rules = Rules.descriptions
        var ruleIndex: [RuleID: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
        let driver: JSONValue = .object([
            ("name", .string("maplint")),
            ("version", .string(MaplintVersion.current)),
            ("semanticVersion", .string(MaplintVersion.current)),
            ("rules", .array(rules.map(Self.descriptor))),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            (
                "results",
                .array(result.diagnostics.map { Self.result($0, ruleIndex: ruleIndex[$0.rule], lines: &lines) })
            ),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).rendered() + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func descriptor(_ rule: RuleDescription) -> JSONValue {
        .object([
            ("id", .string(rule.id.rawValue)),
            (
                "name",
                .string(rule.name.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
            ),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.explanation))])),
            ("help", .object([("text", .string(rule.explanation + " Run `maplint rules \(rule.id)` for examples."))])),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
        ])
    }

    static func result(_ diagnostic: Diagnostic, ruleIndex: Int?, lines: inout SourceLines) -> JSONValue {
        var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.rule.rawValue))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(diagnostic.message))])),
            (
                "locations",
                .array([.object([("physicalLocation", physicalLocation(diagnostic.location, lines: &lines))])])
            ),
        ]
        if !diagnostic.related.isEmpty {
            members.append(
                (
                    "relatedLocations",
                    .array(
                        diagnostic.related.enumerated().map { index, related in
                            .object([
                                ("id", .int(index + 1)),
                                ("physicalLocation", physicalLocation(related.location, lines: &lines)),
                                ("message", .object([("text", .string(related.message))])),
                            ])
                        })
                ))
        }
        members.append(("partialFingerprints", .object([("maplint/v1", .string(FindingFingerprint.of(diagnostic)))])))
        if let fix = diagnostic.fix, !fix.edits.isEmpty { members.append(("fixes", .array([Self.fix(fix)]))) }
        return .object(members)
    }

    /// The edits `maplint lint --fix` would make, as a SARIF fix. Regions use the run's columns
    /// (Unicode code points, 1-based) and end just past the deleted text; an insertion is an
    /// empty region (`endColumn` equal to `startColumn`).
    static func fix(_ fix: Fix) -> JSONValue {
        let replacements: [JSONValue] = fix.edits.map { edit in
            var members: [(String, JSONValue)] = [
                (
                    "deletedRegion",
                    .object([
                        ("startLine", .int(edit.start.line)), ("startColumn", .int(edit.start.column)),
                        ("endLine", .int(edit.end.line)), ("endColumn", .int(edit.end.column)),
                    ])
                )
            ]
            if !edit.replacement.isEmpty {
                members.append(("insertedContent", .object([("text", .string(edit.replacement))])))
            }
            return .object(members)
        }
        return .object([
            ("description", .object([("text", .string(fix.summary))])),
            (
                "artifactChanges",
                .array([
                    .object([
                        ("artifactLocation", .object([("uri", .string(uri(fix.file)))])),
                        ("replacements", .array(replacements)),
                    ])
                ])
            ),
        ])
    }

    static func physicalLocation(_ location: SourceLocation, lines: inout SourceLines) -> JSONValue {
        var region: [(String, JSONValue)] = [
            ("startLine", .int(location.line)), ("startColumn", .int(location.column)),
        ]
        if let end = lines.tokenEnd(at: location) {
            region += [("endLine", .int(location.line)), ("endColumn", .int(end))]
        }
        return .object([
            ("artifactLocation", .object([("uri", .string(uri(location.file)))])),
            ("region", .object(region)),
        ])
    }

    /// A relative URI reference: `./` dropped, characters outside RFC 3986's unreserved set
    /// and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}

/// The lines of the files findings point into, read once each, to find where the token a
/// finding points at ends (SARIF regions have an end; findings keep only their start).
struct SourceLines {
    private var files: [String: [[Unicode.Scalar]]?] = [:]

    /// The column just past the token starting at `location`: in a Swift file an identifier; in a
    /// manifest a quoted string up to its closing quote, anything else up to white space, `,`, `]`, `}`, `#`, or a `:` that ends a key.
    mutating func tokenEnd(at location: SourceLocation) -> Int? {
        if files[location.file] == nil {
            switch ManifestLoader.readFile(location.file) {
            case .success(let bytes):
                files[location.file] = String(decoding: bytes, as: UTF8.self)
                    .split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
                    .map { Array($0.unicodeScalars) }
            case .failure:
                files[location.file] = .some(nil)
            }
        }
        guard let lines = files[location.file] ?? nil, lines.indices.contains(location.line - 1) else { return nil }
        let line = lines[location.line - 1]
        let start = location.column - 1
        guard line.indices.contains(start) else { return nil }
        var index = start
        if location.file.hasSuffix(".swift") {
            // Swift (findings of extracted manifests): an identifier or keyword.
            while index < line.count,
                line[index] == "_" || line[index] == "$" || line[index].properties.isAlphabetic
                    || ("0"..."9").contains(line[index])
            { index += 1 }
            return index > start ? index + 1 : nil
        }
        if line[start] == "\"" || line[start] == "'" {
            let quote = line[start]
            index += 1
            while index < line.count {
                if line[index] == "\\" && quote == "\"" {
                    index += 2
                    continue
                }
                if line[index] == quote { return index + 2 }
                index += 1
            }
            return line.count + 1
        }
        while index < line.count {
            let scalar = line[index]
            if scalar == " " || scalar == "\t" || scalar == "," || scalar == "]" || scalar == "}" || scalar == "#" {
                break
            }
            if scalar == ":", index + 1 >= line.count || line[index + 1] == " " { break }
            index += 1
        }
        return index > start ? index + 1 : nil
    }
}
