import MaplintFindings
import MaplintYAML

/// A `# maplint:…` comment in a manifest.
package struct SuppressionComment: Sendable, Hashable {
    enum Directive: String, Sendable, CaseIterable {
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
    static let allRules = "all"

    var directive: Directive
    /// Rule ids as written, `all` included, each where it was written.
    var rules: [Located<String>]
    /// Where the `#` is.
    var location: SourceLocation

    init(directive: Directive, rules: [Located<String>], location: SourceLocation) {
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
        parse(
            Array(text.unicodeScalars), commentColumn: markerEnd - 1, line: lineNumber - 1, file: file,
            at: SourceLocation(file: file, line: lineNumber, column: marker + 1), unreadable: unreadable)
    }

    /// How the comment reads, for messages: `maplint:disable:next nil-model`.
    var spelling: String {
        (["maplint:" + directive.rawValue] + rules.map(\.value)).joined(separator: " ")
    }

    /// Every `maplint:` comment of a manifest, in file order, and warnings about those that cannot be read.
    static func comments(
        in scanner: YAMLComments, file: String, unreadable: (String, SourceLocation) -> Void
    ) -> [SuppressionComment] {
        var found: [SuppressionComment] = []
        scanner.forEachComment { line, column, text in
            let at = SourceLocation(file: file, line: line + 1, column: column + 1)
            if let comment = parse(text, commentColumn: column, line: line, file: file, at: at, unreadable: unreadable)
            {
                found.append(comment)
            }
        }
        return found
    }

    /// Words of the comment with their 0-based columns; commas separate words too.
    private static func words(_ text: [Unicode.Scalar], from start: Int) -> [(String, Int)] {
        var words: [(String, Int)] = []
        var current = ""
        var currentStart = start
        var index = start
        while index < text.count {
            let scalar = text[index]
            if scalar == " " || scalar == "\t" || scalar == "," {
                if !current.isEmpty { words.append((current, currentStart)) }
                current = ""
            } else {
                if current.isEmpty { currentStart = index }
                current.unicodeScalars.append(scalar)
            }
            index += 1
        }
        if !current.isEmpty { words.append((current, currentStart)) }
        return words
    }

    /// The `maplint:` comment whose marker ends at `commentColumn` of `text` (a whole line, as
    /// Unicode scalars; `line` 0-based), or nil when the comment is not one. `at` is where the
    /// marker starts.
    static func parse(
        _ text: [Unicode.Scalar], commentColumn: Int, line: Int, file: String, at: SourceLocation,
        unreadable: (String, SourceLocation) -> Void
    ) -> SuppressionComment? {
        let words = words(text, from: commentColumn + 1)
        guard let (first, firstColumn) = words.first, first.hasPrefix("maplint:") else { return nil }
        let name = String(first.dropFirst("maplint:".count))
        guard let directive = SuppressionComment.Directive(rawValue: name) else {
            unreadable(
                "unknown maplint comment '\(first)'; use maplint:disable, maplint:enable, maplint:disable:next or maplint:disable:this"
                    + Suggestion.didYouMean(name, in: SuppressionComment.Directive.allCases.map(\.rawValue)),
                SourceLocation(file: file, line: line + 1, column: firstColumn + 1))
            return nil
        }
        // `--` starts a free-text reason.
        let rules = words.dropFirst().prefix { $0.0 != "--" }.map { word, column in
            Located(word, at: SourceLocation(file: file, line: line + 1, column: column + 1))
        }
        guard !rules.isEmpty else {
            unreadable("'\(first)' names no rule; add rule ids or 'all'", at)
            return nil
        }
        return SuppressionComment(directive: directive, rules: rules, location: at)
    }
}
