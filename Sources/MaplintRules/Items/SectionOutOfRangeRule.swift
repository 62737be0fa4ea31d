import MaplintAnalysis
import MaplintFindings
import MaplintManifest

/// A registration for a section the sample data does not have.
struct SectionOutOfRangeRule: Rule {
    package static let description = RuleDescription(
        id: "section-out-of-range",
        name: "Section out of range",
        severity: .warning,
        summary: "A registration's section condition names a section the sample data does not have.",
        explanation: """
            A `section: n` condition (or a condition that only holds in such sections) is compared with the \
            sample data: when the sample has fewer sections, no sample item uses the registration. Either the \
            section number is wrong (sections count from 0) or the sample data is missing a section. Reported only \
            when the manifest has sample data (or `--data` gives some). Fix: correct the section number, or add the \
            section to the sample data.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    section: 0
                  - cell: FooterNoteCell
                    model: String
                    section: ↓2
                sample:
                  sections:
                    - items: ["Hello"]
                    - items: ["World"]
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    section: 1
                sample:
                  sections:
                    - items: []
                    - items: ["Hello"]
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    section: 5
                """),
        ])

    /// Custom conditions are only checked against this many sample sections (one solver query each).
    static let maxSectionsForCustomConditions = 64

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let sample = context.manifest.sample else { return [] }
        let count = sample.sections.count
        return context.registrations.live.compactMap { registration in
            switch registration.condition {
            case .section(let section) where section.value >= count:
                return finding(
                    headline(registration, section: "section \(section.value)", count: count),
                    explained: message(registration, section: "section \(section.value)", count: count),
                    at: section.location, registrations: [registration.index])
            case .custom(let condition):
                guard let section = sectionOutsideSample(registration, count: count, context: context) else {
                    return nil
                }
                return finding(
                    headline(registration, section: "section \(section)", count: count),
                    explained: message(
                        registration, section: "sections the sample data does not have (such as section \(section))",
                        count: count),
                    at: condition.location, registrations: [registration.index])
            default:
                return nil
            }
        }
    }

    /// "FooterNoteCell (entry 1) takes no sample item: section 2 is not in the sample data".
    private func headline(_ registration: Registration, section: String, count: Int) -> String {
        "\(Wording.shortName(registration)) takes no sample item: \(section) is not in the sample data"
    }

    private func message(_ registration: Registration, section: String, count: Int) -> String {
        let sections =
            count == 0 ? "no sections" : count == 1 ? "1 section (section 0)" : "\(count) sections (0 to \(count - 1))"
        return "\(Wording.name(registration)) is registered for \(section), but the sample data has \(sections): "
            + "no sample item uses it; check the section number (sections count from 0) or add the section to the sample data"
    }

    /// A section where the condition can hold, when it can hold in no sample section.
    private func sectionOutsideSample(_ registration: Registration, count: Int, context: AnalysisContext) -> Int? {
        guard count <= Self.maxSectionsForCustomConditions else { return nil }
        // A condition that never reads the section holds in section 0 if anywhere (witnesses take
        // section 0 unless the conditions constrain it), and the sample has a section 0.
        if count > 0, case .custom(let condition) = registration.condition,
            !condition.paths.contains(where: { $0.root == .section })
        {
            return nil
        }
        var anywhere = registration
        anywhere.condition = .none
        guard case .intersecting(let witness) = context.solver.verdict(registration, anywhere),
            witness.indexPath.section >= count
        else {
            return nil
        }
        for section in 0..<count {
            var pinned = registration
            pinned.condition = .section(Located(section, at: registration.location))
            guard context.solver.verdict(registration, pinned) == .disjoint else { return nil }
        }
        return witness.indexPath.section
    }
}
