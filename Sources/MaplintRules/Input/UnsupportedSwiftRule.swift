import MaplintAnalysis
import MaplintFindings

/// Swift code that extraction met and could not translate. `lint --swift` keeps each such place
/// with the manifest it builds, and `maplint extract` writes it as a `# unsupported-swift:` comment;
/// this rule reports them, so a user sees what was and was not checked.
package struct UnsupportedSwiftRule: Rule {
    package static let description = RuleDescription(
        id: "unsupported-swift",
        name: "Unsupported Swift",
        severity: .note,
        summary:
            "Extraction met Swift it cannot translate; says what was skipped or kept as an opaque condition.",
        explanation: """
            `maplint extract` and `maplint lint --swift` read registrations from Swift sources. Some code cannot \
            be turned into a manifest faithfully: a registration inside `if`, `switch` or a loop may or may not \
            run; a manager passed to another function or stored elsewhere is followed no further; a view or \
            model declared outside the paths given has no known model type or properties; a condition closure \
            with several statements or with captured values is outside the condition language; a deprecated \
            registration whose mapping closure the library never calls (`registerNibNamed(_:for:mapping:)` from \
            DT 8) contributes nothing from that closure; a manager-wide drag and drop closure has no manifest \
            entry. Such code is left out (or, for conditions, kept as `opaqueCondition`, which is analysed as \
            unknown, never as always true or always false) and reported here with its Swift position, so nothing \
            is skipped silently. Fix: move registrations to straight-line code in the view's setup, write conditions as \
            single expressions over `model` and `indexPath`, or include the folder that declares the type.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                ↓# unsupported-swift: Sources/FeedViewController.swift:18:13: a registration inside `if` is not extracted: it may or may not run
                registrations:
                  - cell: PostCell
                    model: String
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                # Extracted by hand: nothing to report.
                registrations:
                  - cell: PostCell
                    model: String
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.manifest.extractionNotes.map { note in
            guard let (headline, detail, remedy) = Self.split(note.message) else {
                return finding(note.message, at: note.location)
            }
            return finding(headline, detail: detail, remedy: remedy, at: note.location)
        }
    }

    /// Longest first clause kept whole, in characters: about what Xcode's issue navigator shows.
    static let headlineLimit = 120

    /// A note whose first clause (up to ". " or ";") is longer than `headlineLimit`, cut into
    /// what was met (before the first ": " outside backticks), why (after it) and, when the why
    /// ends with "; …", what to do. Nil when the note is short enough or has no such ": ".
    static func split(_ message: String) -> (headline: String, detail: String, remedy: String?)? {
        var clauseEnd = message.endIndex
        if let period = message.range(of: ". ") { clauseEnd = period.lowerBound }
        if let semicolon = message.firstIndex(of: ";") { clauseEnd = min(clauseEnd, semicolon) }
        guard message.distance(from: message.startIndex, to: clauseEnd) > headlineLimit else { return nil }
        var inCode = false
        var index = message.startIndex
        while index < message.endIndex {
            let character = message[index]
            if character == "`" { inCode.toggle() }
            let next = message.index(after: index)
            if !inCode, character == ":", next < message.endIndex, message[next] == " " {
                let headline = String(message[..<index])
                let rest = String(message[message.index(after: next)...])
                guard !headline.isEmpty, !rest.isEmpty else { return nil }
                if let cut = rest.range(of: "; ", options: .backwards) {
                    return (headline, String(rest[..<cut.lowerBound]), String(rest[cut.upperBound...]))
                }
                return (headline, rest, nil)
            }
            index = next
        }
        return nil
    }
}
