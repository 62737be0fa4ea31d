import ArgumentParser
import MaplintLint
import MaplintOutput
import MaplintReport
import MaplintResolver

/// A `--format` value: the formatter of that name in one of the lists of `OutputFormats`, which
/// gives the accepted values, the help text, the default and the completions.
protocol FormatOption: ExpressibleByArgument {
    associatedtype Subject
    static var formats: OutputFormatList<Subject> { get }
    var formatter: any OutputFormatter<Subject>.Type { get }
    init(formatter: any OutputFormatter<Subject>.Type)
}

extension FormatOption {
    init?(argument: String) {
        guard let formatter = Self.formats.formatter(identifier: argument) else { return nil }
        self.init(formatter: formatter)
    }

    static var `default`: Self { Self(formatter: formats.defaultFormatter) }

    static var help: ArgumentHelp { ArgumentHelp("Output format: \(formats.listed).") }

    static var allValueStrings: [String] { formats.identifiers }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    var identifier: String { formatter.identifier }

    var defaultValueDescription: String { identifier }

    func format(_ subject: Subject, colour: Bool) -> String {
        formatter.init(colour: colour).format(subject)
    }

    /// `format(_:colour:)` as UTF-8 bytes.
    func formatUTF8(_ subject: Subject, colour: Bool) -> [UInt8] {
        formatter.init(colour: colour).formatUTF8(subject)
    }

    /// The diagnostics of a manifest that cannot be checked, in the `lint` format of the same
    /// name, or nil when `lint` has no such format.
    func formatDiagnostics(_ result: LintResult) -> String? {
        OutputFormats.findings.formatter(identifier: identifier).map { $0.init(colour: false).format(result) }
    }
}

/// `lint --format`.
struct FindingsFormat: FormatOption {
    static var formats: OutputFormatList<LintResult> { OutputFormats.findings }
    let formatter: any OutputFormatter<LintResult>.Type
}

/// `resolve --format`.
struct ResolutionFormat: FormatOption {
    static var formats: OutputFormatList<Resolution> { OutputFormats.resolution }
    let formatter: any OutputFormatter<Resolution>.Type
}

/// `report --format`.
struct CollisionReportFormat: FormatOption {
    static var formats: OutputFormatList<CollisionReport> { OutputFormats.collisionReport }
    let formatter: any OutputFormatter<CollisionReport>.Type
}

/// `rules --format`.
struct RulesFormat: FormatOption {
    static var formats: OutputFormatList<RuleListing> { OutputFormats.rules }
    let formatter: any OutputFormatter<RuleListing>.Type
}
