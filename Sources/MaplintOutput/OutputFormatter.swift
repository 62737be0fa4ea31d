import MaplintLint
import MaplintReport
import MaplintResolver

/// Turns one command's result into one output format: the findings of `lint`, the resolution
/// of `resolve`, or the collision report of `report`. One type per format; `OutputFormats`
/// lists them, and the commands take their `--format` values, help and dispatch from it.
package protocol OutputFormatter<Subject>: Sendable {
    associatedtype Subject
    /// The name given to `--format`.
    static var identifier: String { get }
    /// `colour`: the output goes to a terminal that shows ANSI colours.
    init(colour: Bool)
    func format(_ subject: Subject) -> String
    /// The same text as UTF-8 bytes, ready to write: a format that builds its text as bytes (a
    /// findings document can be tens of MB) gives them without making a String first.
    func formatUTF8(_ subject: Subject) -> [UInt8]
}

extension OutputFormatter {
    package func formatUTF8(_ subject: Subject) -> [UInt8] { Array(format(subject).utf8) }
}

/// A format that never uses colour.
package protocol PlainOutputFormatter: OutputFormatter {
    init()
}

extension PlainOutputFormatter {
    package init(colour: Bool) { self.init() }
}

/// The formats of one command, in the order its help lists them, the default first.
package struct OutputFormatList<Subject>: Sendable {
    package let defaultFormatter: any OutputFormatter<Subject>.Type
    let formatters: [any OutputFormatter<Subject>.Type]

    package init(
        default defaultFormatter: any OutputFormatter<Subject>.Type, _ others: [any OutputFormatter<Subject>.Type]
    ) {
        self.defaultFormatter = defaultFormatter
        self.formatters = [defaultFormatter] + others
    }

    /// The `--format` values, such as `["table", "json", "csv"]`.
    package var identifiers: [String] { formatters.map { $0.identifier } }

    /// The format named `identifier`, or nil when there is none.
    package func formatter(identifier: String) -> (any OutputFormatter<Subject>.Type)? {
        formatters.first { $0.identifier == identifier }
    }

    /// `table, json or csv`, for help texts.
    package var listed: String {
        let names = identifiers
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// Every output format, per command.
package enum OutputFormats {
    /// `maplint lint --format`.
    package static let findings = OutputFormatList<LintResult>(
        default: FindingsTextFormatter.self,
        [
            FindingsJSONFormatter.self, FindingsSARIFFormatter.self,
            FindingsGitHubActionsFormatter.self, FindingsJUnitFormatter.self, FindingsCheckstyleFormatter.self,
            FindingsMarkdownFormatter.self,
        ])

    /// `maplint resolve --format`.
    package static let resolution = OutputFormatList<Resolution>(
        default: ResolutionTableFormatter.self, [ResolutionJSONFormatter.self, ResolutionCSVFormatter.self])

    /// `maplint rules --format`.
    package static let rules = OutputFormatList<RuleListing>(
        default: RulesTextFormatter.self, [RulesMarkdownFormatter.self])

    /// `maplint resolve --format` on an app: the same names as `resolution`.
    package static let appResolution = OutputFormatList<AppResolution>(
        default: AppResolutionTableFormatter.self, [AppResolutionJSONFormatter.self, AppResolutionCSVFormatter.self])

    /// `maplint report --format` on an app: the same names as `collisionReport`.
    package static let appReport = OutputFormatList<AppReport>(
        default: AppReportMarkdownFormatter.self, [AppReportHTMLFormatter.self, AppReportJSONFormatter.self])

    /// `maplint report --format`.
    package static let collisionReport = OutputFormatList<CollisionReport>(
        default: CollisionReportMarkdownFormatter.self,
        [CollisionReportHTMLFormatter.self, CollisionReportJSONFormatter.self])
}

/// Escaping for the XML formats.
enum XML {
    /// Text for an attribute value or element content. Characters XML 1.0 cannot carry
    /// (most C0 controls) become U+FFFD; DEL, the C1 controls and U+2028, U+2029 are written as
    /// character references, so none reaches a terminal or log raw.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n": output += "&#10;"
            case "\r": output += "&#13;"
            case "\t": output += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output.unicodeScalars.append("\u{FFFD}")
                } else if (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    output += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
