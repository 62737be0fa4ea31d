/// The exit statuses of every `maplint` command: one table, printed by `--help` and in
/// docs/commands.md ("Exit status"), each row with its test in `ExitStatusTests`. Bad command-line
/// arguments keep swift-argument-parser's usage status, 64.
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// No finding of severity error (nor warning, when strict); also a run with nothing to check.
    case passed = 0
    /// At least one such finding.
    case findings = 1
    /// Some input could not be checked (the rest still is): a path that does not exist, an
    /// unreadable file or folder, YAML syntax or schema errors, a configuration, baseline or
    /// version pin that cannot be read, or an output that could not be written.
    case invalidInput = 2

    /// The usage status of swift-argument-parser.
    static let usage: Int32 = 64

    /// The rows of the table: status and meaning.
    package static let table: [(status: Int32, meaning: String)] = [
        (
            passed.rawValue,
            "no finding of severity error (nor warning, with --strict), including a run with nothing to check "
                + "(no manifest, project, package or DT code)"
        ),
        (findings.rawValue, "at least one such finding"),
        (
            invalidInput.rawValue,
            "some input could not be checked, and the rest was: a path that does not exist, an unreadable file or "
                + "folder, a YAML or JSON syntax error, a schema error, a configuration, baseline or version pin "
                + "that cannot be read, or an output that could not be written"
        ),
        (usage, "bad command-line arguments"),
    ]

    /// The table as `--help` prints it.
    package static var help: String {
        "Exit status: " + table.map { "\($0.status) \($0.meaning)" }.joined(separator: "; ") + "."
    }
}
