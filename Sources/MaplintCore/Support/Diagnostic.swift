public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The stable identifier of a rule, which users see and disable findings by. Each rule declares its own.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The one id every loading stage reports under (see `InvalidManifestRule`). Those stages
    /// come before the rules, so it is declared here; every other rule declares its own id.
    public static let invalidManifest: RuleID = "invalid-manifest"
}

/// Another place a finding refers to, such as the other registration of a pair.
public struct RelatedLocation: Hashable, Sendable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// One finding: a positioned message under a rule id.
public struct Diagnostic: Hashable, Sendable {
    public var rule: RuleID
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// 0-based indexes of the registration entries the finding is about.
    public var registrations: [Int]
    public var related: [RelatedLocation]
    /// What the rule would change to fix the finding, when it can (a fixable rule's finding).
    public var fixAction: FixAction?
    /// That change as edits of the file the finding is in, once the file's text is known.
    public var fix: Fix?

    public init(
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

    public static func invalidManifest(
        _ message: String, at location: SourceLocation, registrations: [Int] = []
    ) -> Diagnostic {
        Diagnostic(
            rule: .invalidManifest, severity: .error, message: message, location: location, registrations: registrations
        )
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file position, then rule id, so output is stable.
    public func sortedByLocation() -> [Diagnostic] {
        sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }
    }
}

/// A diagnostic can stop a stage (a syntax error ends loading).
extension Diagnostic: Error {}
