import MaplintLint

/// JUnit XML: one test case per manifest, one failure per error or warning in it.
struct FindingsJUnitFormatter: PlainOutputFormatter {
    package static let identifier = "junit"

    package init() {}

    package func format(_ result: LintResult) -> String {
        let byFile = Dictionary(grouping: result.diagnostics.filter { $0.severity != .note }, by: \.location.file)
        let files = result.filesWithFindings
        let failures = byFile.values.reduce(0) { $0 + $1.count }
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"maplint\" tests=\"\(files.count)\" failures=\"\(failures)\">\n"
        output += "  <testsuite name=\"maplint\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for file in files {
            let findings = byFile[file] ?? []
            let name = XML.escape(file)
            if findings.isEmpty {
                output += "    <testcase classname=\"maplint\" name=\"\(name)\"/>\n"
                continue
            }
            output += "    <testcase classname=\"maplint\" name=\"\(name)\">\n"
            for diagnostic in findings {
                output +=
                    "      <failure type=\"\(XML.escape(diagnostic.rule.rawValue))\" "
                    + "message=\"\(XML.escape(diagnostic.message))\">"
                    + XML.escape(
                        "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]"
                    )
                    + "</failure>\n"
            }
            output += "    </testcase>\n"
        }
        return output + "  </testsuite>\n</testsuites>\n"
    }
}
