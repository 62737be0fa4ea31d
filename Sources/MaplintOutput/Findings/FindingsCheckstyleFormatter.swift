import MaplintLint

/// Checkstyle XML, read by many CI dashboards and code-review tools.
struct FindingsCheckstyleFormatter: PlainOutputFormatter {
    package static let identifier = "checkstyle"

    package init() {}

    package func format(_ result: LintResult) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        let byFile = Dictionary(grouping: result.diagnostics, by: \.location.file)
        for file in result.filesWithFindings {
            output += "  <file name=\"\(XML.escape(file))\">\n"
            for diagnostic in byFile[file] ?? [] {
                let severity = diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue
                output +=
                    "    <error line=\"\(diagnostic.location.line)\" column=\"\(diagnostic.location.column)\" "
                    + "severity=\"\(severity)\" message=\"\(XML.escape(diagnostic.message))\" "
                    + "source=\"maplint.\(XML.escape(diagnostic.rule.rawValue))\"/>\n"
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }
}

extension LintResult {
    /// The files checked, in order, then any other file a finding points into (a `--data` file).
    var filesWithFindings: [String] {
        let checked = Set(files)
        let others = Set(diagnostics.map(\.location.file)).subtracting(checked).sorted()
        return files + others
    }
}
