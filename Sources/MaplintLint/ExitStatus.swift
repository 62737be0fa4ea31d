/// The exit statuses of every `maplint` command (docs/commands.md, exit status). Bad command-line
/// arguments keep swift-argument-parser's usage status, 64.
package enum ExitStatus: Int32, Sendable {
    /// No finding of severity error (nor warning, when strict).
    case passed = 0
    /// At least one such finding.
    case findings = 1
    /// Some input could not be checked: unreadable, YAML syntax or schema errors, or no manifest at all.
    case invalidInput = 2
}
