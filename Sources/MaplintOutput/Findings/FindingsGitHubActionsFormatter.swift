import MaplintLint

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
/// An annotation has no related locations, so the related notes follow the message on lines of
/// their own (why and the fix as they are, other places with their position), under the first
/// clause the annotation shows.
struct FindingsGitHubActionsFormatter: PlainOutputFormatter {
    package static let identifier = "github"

    package init() {}

    package func format(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            let properties = [
                "file=" + Self.escapeProperty(diagnostic.location.file),
                "line=\(diagnostic.location.line)",
                "col=\(diagnostic.location.column)",
                "title=" + Self.escapeProperty("maplint (\(diagnostic.rule))"),
            ].joined(separator: ",")
            var message = diagnostic.message
            for note in diagnostic.related {
                message +=
                    "\n" + (note.location == diagnostic.location ? note.message : "\(note.location): \(note.message)")
            }
            output += "::\(command) \(properties)::\(Self.escapeData(message))\n"
        }
        return output
    }

    /// The message part: `%`, CR and LF are encoded (on Unicode scalars, so CRLF is caught).
    static func escapeData(_ text: String) -> String {
        OutputEscaping.githubData(text)
    }

    /// Property values also encode `:` and `,`, which delimit properties.
    static func escapeProperty(_ text: String) -> String {
        OutputEscaping.githubProperty(text)
    }
}

extension String {
    /// Replaces every occurrence of a single-character string, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var output = ""
        output.reserveCapacity(utf8.count)
        for character in self {
            if character == target { output += replacement } else { output.append(character) }
        }
        return output
    }
}
