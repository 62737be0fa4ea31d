/// Turns the findings of a lint run into one output format. One type per format.
public protocol FindingsReporter: Sendable {
    /// The name given to `--format`.
    static var identifier: String { get }
    func report(_ result: LintResult) -> String
}

extension DiagnosticTextFormatter: FindingsReporter {
    public static let identifier = "text"
    public func report(_ result: LintResult) -> String { format(result) }
}

extension DiagnosticJSONFormatter: FindingsReporter {
    public static let identifier = "json"
    public func report(_ result: LintResult) -> String { format(result) }
}

/// Escaping for the XML formats.
enum XML {
    /// Text for an attribute value or element content. Characters XML 1.0 cannot carry
    /// (most C0 controls) become U+FFFD.
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
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
