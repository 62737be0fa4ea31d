import Foundation
import Testing

@testable import MaplintAnalysis
@testable import MaplintConfiguration
@testable import MaplintFindings
@testable import MaplintInterfaceBuilder
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintRules

/// Runs every rule's documented examples: a triggering example yields findings of the rule
/// exactly at its `↓` markers, a non-triggering example yields none.
@Suite struct RuleExampleTests {
    static let ruleIDs = Rules.all.map(\.id.rawValue)

    struct Position: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var column: Int
        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
        var description: String { "\(line):\(column)" }
    }

    /// Lints an example like a manifest file, suppression comments included; returns every finding.
    /// Attached Interface Builder files are written to a fresh folder given as `--resources`.
    static func findings(in example: RuleExample) -> (decoded: Bool, diagnostics: [Diagnostic]) {
        let loaded = ManifestLoader.load(bytes: Array(example.text.utf8), file: "example.maplint.yml")
        guard loaded.manifest != nil else { return (false, loaded.diagnostics) }
        var resources: InterfaceBuilderResources?
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        if !example.resources.isEmpty {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (name, text) in example.resources {
                    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
                }
            } catch {
                Issue.record("cannot write the example's resources: \(error)")
            }
            resources = InterfaceBuilderResources.load(folders: [folder.path])
        }
        return (true, Linter.lint(bytes: Array(example.text.utf8), file: "example.maplint.yml", resources: resources))
    }

    @Test(arguments: ruleIDs)
    func triggeringExamplesFindAtTheMarkers(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        for (number, example) in rule.triggeringExamples.enumerated() {
            let (decoded, diagnostics) = Self.findings(in: example)
            if rule.id != .invalidManifest {
                #expect(
                    decoded, "triggering example \(number) of \(id) does not load: \(diagnostics.map(\.message))",
                    sourceLocation: example.sourceLocation)
            }
            let expected = example.markers.map { Position(line: $0.line, column: $0.column) }.sorted()
            let found = diagnostics.filter { $0.rule == rule.id }.map {
                Position(line: $0.location.line, column: $0.location.column)
            }.sorted()
            #expect(
                !expected.isEmpty, "triggering example \(number) of \(id) has no ↓ marker",
                sourceLocation: example.sourceLocation)
            #expect(
                found == expected,
                "triggering example \(number) of \(id): findings at \(found), markers at \(expected)\n\(example.text)",
                sourceLocation: example.sourceLocation)
            for diagnostic in diagnostics where diagnostic.rule == rule.id {
                #expect(diagnostic.severity == rule.severity, sourceLocation: example.sourceLocation)
                #expect(!diagnostic.message.isEmpty, sourceLocation: example.sourceLocation)
            }
        }
    }

    @Test(arguments: ruleIDs)
    func nonTriggeringExamplesFindNothing(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        for (number, example) in rule.nonTriggeringExamples.enumerated() {
            #expect(
                example.markers.isEmpty, "non-triggering example \(number) of \(id) has a ↓ marker",
                sourceLocation: example.sourceLocation)
            let (decoded, diagnostics) = Self.findings(in: example)
            #expect(
                decoded, "non-triggering example \(number) of \(id) does not load: \(diagnostics.map(\.message))",
                sourceLocation: example.sourceLocation)
            let found = diagnostics.filter { $0.rule == rule.id }
            #expect(
                found.isEmpty,
                "non-triggering example \(number) of \(id): \(found.map { "\($0.location): \($0.message)" })",
                sourceLocation: example.sourceLocation)
        }
    }

    /// A rule run alone (every other rule disabled, so only what its `needs` declares is worked
    /// out) finds exactly what it finds in a full run: its declared needs are enough.
    @Test(arguments: ruleIDs)
    func ruleAloneFindsTheSameAsInAFullRun(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        var alone = LintConfiguration()
        alone.disabledRules = Set(LintConfiguration.configurableRules.filter { $0 != rule.id })
        for example in rule.triggeringExamples where example.resources.isEmpty {
            let bytes = Array(example.text.utf8)
            let full = Linter.lint(bytes: bytes, file: "example.maplint.yml").filter { $0.rule == rule.id }
            let only = Linter.lint(bytes: bytes, file: "example.maplint.yml", configuration: alone).filter {
                $0.rule == rule.id
            }
            #expect(only == full, "\(id) alone: \(only.map(\.message)) against \(full.map(\.message))")
        }
    }

    /// Disabling the pair rules leaves the pairs and reachability unworked.
    @Test func disabledPairRulesSkipThePairAnalysis() throws {
        let rules = Rules.all.filter {
            $0.id != IntersectingConditionsRule.id && $0.id != UnreachableRegistrationRule.id
                && $0.id != UndecidedConditionsRule.id
        }
        let needs = rules.reduce(into: AnalysisNeeds()) { $0.formUnion($1.description.needs) }
        #expect(needs.isDisjoint(with: [.pairs, .reachability]))
        let text = """
            version: 1
            host: tableView
            registrations:
              - cell: ACell
                model: Int
              - cell: BCell
                model: Int
            """
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").manifest)
        let skipped = AnalysisContext(manifest: manifest, needs: needs)
        #expect(skipped.pairs.isEmpty && skipped.reachability.isEmpty)
        let full = AnalysisContext(manifest: manifest)
        #expect(full.pairs.count == 1 && full.isUnreachable(1))
    }

    /// Every example (but the broken manifests of invalid-manifest) must be a valid manifest.
    @Test(arguments: ruleIDs)
    func examplesAreValidManifests(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        let examples = (rule.id == .invalidManifest ? [] : rule.triggeringExamples) + rule.nonTriggeringExamples
        for example in examples {
            let loaded = ManifestLoader.load(bytes: Array(example.text.utf8), file: "example.maplint.yml")
            #expect(
                loaded.manifest != nil,
                "an example of \(id) does not load: \(loaded.diagnostics.map(\.message))\n\(example.text)",
                sourceLocation: example.sourceLocation)
        }
    }

    /// Each correction of a fixable rule: `lint --fix` with only that rule's fixes turns the text
    /// before into the text after, and the text after has no finding of the rule.
    @Test(arguments: ruleIDs)
    func correctionsAreWhatTheFixMakes(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        let file = "example.maplint.yml"
        for correction in rule.corrections {
            let run = FixRun.run([file: Array(correction.before.utf8)], fixableRules: [rule.id]) { texts in
                Linter.lint(bytes: texts[file] ?? [], file: file)
            }
            let fixed = String(decoding: run.fixed[file] ?? Array(correction.before.utf8), as: UTF8.self)
            #expect(
                !run.applied.isEmpty, "a correction of \(id) fixes nothing", sourceLocation: correction.sourceLocation)
            #expect(
                fixed == correction.after, "a correction of \(id) fixes to:\n\(fixed)",
                sourceLocation: correction.sourceLocation)
            let left = Linter.lint(bytes: Array(correction.after.utf8), file: file).filter { $0.rule == rule.id }
            #expect(
                left.isEmpty, "after a correction of \(id): \(left.map(\.message))",
                sourceLocation: correction.sourceLocation)
        }
    }

    @Test func anExampleKnowsWhereItIsWritten() {
        let example = RuleExample("a: ↓b\n")
        #expect(example.line == #line - 1)
        #expect(example.fileID.hasSuffix("RuleExampleTests.swift"))
        let rule = ReuseIdentifierCollisionRule.description
        #expect(rule.triggeringExamples.allSatisfy { $0.fileID.hasSuffix("ReuseIdentifierCollisionRule.swift") })
    }

    @Test func markersAreRemovedAndPositionedInUnicodeScalars() {
        let example = RuleExample("a: ↓b\n  - é↓c ↓d\n")
        #expect(example.text == "a: b\n  - éc d\n")
        #expect(
            example.markers.map { Position(line: $0.line, column: $0.column) } == [
                Position(line: 1, column: 4), Position(line: 2, column: 6), Position(line: 2, column: 8),
            ])
    }
}

/// Keeps the registry, the rule files and docs/rules.md in step.
@Suite struct RuleRegistryTests {
    /// The rule ids handled by the analyzer (docs/rules.md), with their default severities,
    /// plus the two findings the resolver reports.
    static let specified: [(RuleID, Severity)] = [
        ("reuse-identifier-collision", .error), ("cleared-reuse-identifier", .error),
        ("intersecting-conditions", .warning), ("undecided-conditions", .note),
        ("unreachable-registration", .error), ("unresolved-item", .error), ("ambiguous-item", .warning),
        ("nil-model", .warning), ("duplicate-event", .warning), ("event-without-registration", .warning),
        ("event-requires-model-transfer", .error),
        ("model-event-with-view-class", .warning), ("flow-event-without-flow-layout", .warning),
        ("batch-insertion-count-mismatch", .warning),
        ("unknown-event", .error), ("deprecated-event", .note),
        ("title-style-hides-views", .warning), ("storyboard-with-xib", .warning),
        ("supplementary-class-name-dequeue", .error), ("plain-view-without-xib", .error),
        ("header-footer-index-path-trap", .error),
        ("registration-per-dequeue", .warning), ("ignored-xib-name", .error),
        ("section-out-of-range", .warning), ("invalid-manifest", .error),
        ("condition-error", .error), ("opaque-condition", .note), ("unused-suppression", .warning),
        ("missing-xib", .error), ("xib-class-mismatch", .warning), ("xib-reuse-identifier-mismatch", .error),
        ("overridden-reuse-identifier", .warning),
        ("empty-xib", .warning), ("storyboard-prototype-missing", .error), ("storyboard-prototype-shadowed", .error),
        ("invalid-ib-file", .warning), ("unsupported-swift", .note),
    ]

    @Test func everySpecifiedRuleIsRegisteredWithItsDefaultSeverity() {
        for (id, severity) in Self.specified {
            let rule = Rules.rule(withID: id)
            #expect(rule != nil, "\(id) is not in Rules.all")
            #expect(rule?.description.severity == severity, "\(id) should default to \(severity)")
        }
        #expect(Rules.all.count == Self.specified.count)
    }

    @Test func ruleIDsAreUnique() {
        #expect(Set(Rules.all.map(\.id)).count == Rules.all.count)
    }

    @Test(arguments: RuleExampleTests.ruleIDs)
    func everyRuleIsDocumentedWithExamplesOfBothKinds(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        #expect(!rule.triggeringExamples.isEmpty)
        #expect(!rule.nonTriggeringExamples.isEmpty)
        #expect(!rule.name.isEmpty)
        #expect(!rule.summary.isEmpty && !rule.summary.contains("\n"))
        #expect(rule.explanation.count > rule.summary.count)
    }

    /// The Swift files of the core's stages under `folder` (a stage's target, or all of them when
    /// empty), path relative to Sources/ → text.
    static func files(under folder: String) throws -> [(path: String, text: String)] {
        let targets = folder.isEmpty ? try ArchitectureTests.packageStages().map(\.name) : [folder]
        return try targets.flatMap { try ArchitectureTests.files(of: $0) }
    }

    /// The types in Rules/ declared as `struct X: Rule` or `struct X: ReportedElsewhere`.
    static func declaredRuleTypes() throws -> [String] {
        var names: [String] = []
        for (_, text) in try files(under: "MaplintRules") {
            for line in text.split(separator: "\n") where line.hasPrefix("package struct ") || line.hasPrefix("struct ")
            {
                let declaration = line.split(separator: "{").first ?? ""
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let conformances = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard conformances.contains("Rule") || conformances.contains("ReportedElsewhere") else { continue }
                if let name = parts[0].split(separator: " ").last { names.append(String(name)) }
            }
        }
        return names.sorted()
    }

    @Test func everyRuleInTheRulesFolderIsRegistered() throws {
        let registered = Rules.all.map { String(describing: type(of: $0)) }
        let declared = try Self.declaredRuleTypes()
        #expect(declared.count > 20, "no rules found in Sources/MaplintRules")
        #expect(Set(declared).subtracting(registered).sorted() == [], "rules missing from Rules.all")
        #expect(Set(registered).subtracting(declared).sorted() == [], "registered rules not declared in Rules/")
        #expect(Set(registered).count == registered.count, "a rule is registered twice")
    }

    @Test(arguments: RuleExampleTests.ruleIDs)
    func everyRuleLivesInItsOwnFileAndDeclaresItsID(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id)))
        let typeName = String(describing: type(of: rule))
        let text = try #require(
            try Self.files(under: "MaplintRules").first { $0.path.hasSuffix("/\(typeName).swift") }?.text,
            "\(typeName) should live in a file of its own, MaplintRules/<group>/\(typeName).swift")
        #expect(text.contains("struct \(typeName): "))
        let declaration =
            rule.id == .invalidManifest
            ? "static let description = RuleDescription(\n        id: .invalidManifest,"
            : "static let description = RuleDescription(\n        id: \"\(id)\","
        #expect(text.contains(declaration), "Rules/\(typeName).swift should declare `\(declaration)`")
    }

    /// Rule ids are written only in their rules' files (`invalid-manifest`, reported by the
    /// loading stages, is declared next to `RuleID`; `invalid-configuration` is not a rule).
    @Test func noOtherFileDeclaresARuleID() throws {
        let allowed: Set<String> = ["MaplintFindings/Diagnostic.swift", "MaplintConfiguration/LintConfiguration.swift"]
        let ruleFiles = Set(Rules.all.map { "/\(String(describing: type(of: $0))).swift" })
        for (path, text) in try Self.files(under: "")
        where !(path.hasPrefix("MaplintRules/") && ruleFiles.contains { path.hasSuffix($0) }) && !allowed.contains(path)
        {
            #expect(!text.contains(": RuleID = \""), "\(path) declares a rule id; a rule declares its own")
            #expect(!text.contains("RuleDescription("), "\(path) describes a rule; a rule's file does")
        }
    }

    /// A rule's description says it is reported elsewhere exactly when the rule is `ReportedElsewhere`;
    /// such a rule needs nothing of the analysis.
    @Test(arguments: RuleExampleTests.ruleIDs)
    func reportedElsewhereRulesSayTheyAre(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id)))
        #expect(rule.description.isReportedElsewhere == (rule is any ReportedElsewhere))
        if rule.description.isReportedElsewhere { #expect(rule.description.needs.isEmpty) }
    }

    /// The rules `--fix` fixes are exactly those documented with corrections.
    @Test func theFixableRulesAreThoseWithCorrections() {
        #expect(
            Set(Rules.descriptions.filter(\.isFixable).map(\.id))
                == ["reuse-identifier-collision", "deprecated-event", "unused-suppression"])
    }

}

extension RuleExample {
    /// The example's place in its rule's file, for the failures it causes.
    var sourceLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension RuleCorrection {
    /// The correction's place in its rule's file, for the failures it causes.
    var sourceLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
