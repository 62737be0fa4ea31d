package enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The stable identifier of a rule, which users see and disable findings by. Each rule declares its own.
package struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { self.rawValue = value }
    package var description: String { rawValue }
    package static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The one id every loading stage reports under (see `InvalidManifestRule`). Those stages
    /// come before the rules, so it is declared here; every other rule declares its own id.
    package static let invalidManifest: RuleID = "invalid-manifest"
}

/// Another place a finding refers to, such as the other registration of a pair.
package struct RelatedLocation: Hashable, Sendable {
    package var location: SourceLocation
    package var message: String

    package init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// One finding: a positioned message under a rule id.
package struct Diagnostic: Hashable, Sendable {
    package var rule: RuleID
    package var severity: Severity
    package var message: String
    package var location: SourceLocation
    /// 0-based indexes of the registration entries the finding is about.
    package var registrations: [Int]
    package var related: [RelatedLocation]
    /// What the rule would change to fix the finding, when it can (a fixable rule's finding).
    package var fixAction: FixAction?
    /// That change as edits of the file the finding is in, once the file's text is known.
    package var fix: Fix?

    package init(
        rule: RuleID, severity: Severity, message: String, location: SourceLocation,
        registrations: [Int] = [], related: [RelatedLocation] = [], fixAction: FixAction? = nil, fix: Fix? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.registrations = registrations
        self.related = related
        self.fixAction = fixAction
        self.fix = fix
    }

    package static func invalidManifest(
        _ message: String, at location: SourceLocation, registrations: [Int] = []
    ) -> Diagnostic {
        Diagnostic(
            rule: .invalidManifest, severity: .error, message: message, location: location, registrations: registrations
        )
    }
}

extension Array where Element == Diagnostic {
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file position, then rule id, so output is stable.
    package func sortedByLocation() -> [Diagnostic] {
        sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }
    }
}

/// A diagnostic can stop a stage (a syntax error ends loading).
extension Diagnostic: Error {}
