import MaplintFindings

/// A `# maplint:…` comment in a manifest.
package struct SuppressionComment: Sendable, Hashable {
    package enum Directive: String, Sendable, CaseIterable {
        /// From this line until a matching `enable` (or the end of the file).
        case disable
        /// Ends a `disable` region.
        case enable
        /// The next line that is neither blank nor only a comment.
        case disableNext = "disable:next"
        /// The line the comment is on.
        case disableThis = "disable:this"
    }

    /// The word that stands for every rule.
    package static let allRules = "all"

    package var directive: Directive
    /// Rule ids as written, `all` included, each where it was written.
    package var rules: [Located<String>]
    /// Where the `#` is.
    package var location: SourceLocation

    package init(directive: Directive, rules: [Located<String>], location: SourceLocation) {
        self.directive = directive
        self.rules = rules
        self.location = location
    }

    /// Reads a comment of any language: `line` is the whole line as text, `markerEnd` the 0-based
    /// column (in Unicode scalars) just past its marker (`#`, `//`), `marker` the column where the
    /// marker starts. Nil when it is not a `maplint:` comment; one that starts `maplint:` but
    /// cannot be read is reported to `unreadable` with the reason.
    package static func parse(
        line text: String, lineNumber: Int, marker: Int, markerEnd: Int, file: String,
        unreadable: (String, SourceLocation) -> Void
    ) -> SuppressionComment? {
        SuppressionScanner.parse(
            Array(text.unicodeScalars), commentColumn: markerEnd - 1, line: lineNumber - 1, file: file,
            at: SourceLocation(file: file, line: lineNumber, column: marker + 1), unreadable: unreadable)
    }

    /// How the comment reads, for messages: `maplint:disable:next nil-model`.
    package var spelling: String {
        (["maplint:" + directive.rawValue] + rules.map(\.value)).joined(separator: " ")
    }
}
