import ArgumentParser
import MaplintConfiguration
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLint
import MaplintManifest
import MaplintRules
import MaplintText

/// `lint --fix` and `--dry-run`: the fixes of the findings, applied to the files or shown as a diff.
struct FixOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Fix the findings that can be fixed (see `maplint rules`), then report those left.",
            discussion: "Files are rewritten in place, atomically; what was fixed goes to the standard error."))
    var fix = false

    @Flag(name: .customLong("dry-run"), help: "With --fix: print the fixes as a unified diff and write nothing.")
    var dryRun = false

    func validate() throws {
        if dryRun && !fix { throw ValidationError("--dry-run applies to --fix; add --fix") }
    }

    /// Where `--fix` may write for a path the user named: a folder or file as named, an Xcode
    /// project or workspace as the folder it is in.
    static func writableRoot(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcworkspace") else { return path }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    static var fixableRules: Set<RuleID> { Set(Rules.all.filter(\.description.isFixable).map(\.id)) }

    /// Fixes each manifest on its own, then writes (or, dry, prints) the changes. The result holds
    /// the findings left in the fixed files.
    func fixManifests(
        _ files: [String], roots: [String], dataPath: String?, resources: InterfaceBuilderResources?,
        configuration: LintConfiguration, tally: FixTally
    ) throws -> (result: LintResult, unwritten: Bool) {
        var diagnostics: [Diagnostic] = []
        var runs: [FixRun] = []
        var refused: [(file: String, problem: String)] = []
        for file in files {
            let problem = FixRun.editingProblem(file)
            guard problem == nil, case .success(let bytes) = ManifestLoader.readFile(file) else {
                let findings = Linter.lint(
                    file: file, dataPath: dataPath, resources: resources, configuration: configuration)
                if let problem, findings.contains(where: { $0.fix != nil }) { refused.append((file, problem)) }
                diagnostics += findings
                continue
            }
            let run = FixRun.run([file: bytes], fixableRules: Self.fixableRules) { texts in
                Linter.lint(
                    bytes: texts[file] ?? bytes, file: file, dataPath: dataPath, resources: resources,
                    configuration: configuration)
            }
            runs.append(run)
        }
        let unwritten = try finish(runs, refused: refused, roots: roots, tally: tally)
        for run in runs { diagnostics += run.findings(unwritten: unwritten) }
        return (LintResult(files: files, diagnostics: diagnostics), !unwritten.isEmpty)
    }

    /// `--swift --fix`: the Swift files extracted from are fixed together (a registration and the
    /// one it collides with may be in different files); `lint` extracts and lints given texts.
    func fixSwift(
        _ extraction: SwiftExtraction, roots: [String], configuration: LintConfiguration, tally: FixTally,
        lint: @escaping ([String: [UInt8]]) -> LintResult
    ) throws -> (result: LintResult, unwritten: Bool) {
        var texts: [String: [UInt8]] = [:]
        var refused: [(file: String, problem: String)] = []
        for file in extraction.files {
            if let problem = FixRun.editingProblem(file) {
                refused.append((file, problem))
            } else if case .success(let bytes) = ManifestLoader.readFile(file) {
                texts[file] = bytes
            }
        }
        var last = LintResult(files: extraction.files, diagnostics: [])
        var run = FixRun.run(texts, fixableRules: Self.fixableRules) { texts in
            last = lint(texts)
            return last.diagnostics
        }
        // A file refused for writing is named once, for the findings of fixable rules in it.
        let refusedFiles = Set(refused.map(\.file))
        let touched = Set(run.diagnostics.compactMap(\.fix?.file)).union(run.notFixed.map(\.finding.location.file))
        run.notFixed.removeAll { refusedFiles.contains($0.finding.location.file) }
        let unwritten = try finish(
            [run], refused: refused.filter { touched.contains($0.file) }, roots: roots, tally: tally)
        return (LintResult(files: last.files, diagnostics: run.findings(unwritten: unwritten)), !unwritten.isEmpty)
    }

    /// Prints the diff (dry run) or writes the files, and adds what was and was not fixed to
    /// `tally`, which the command prints once at the end of the run (`FixReport`). Returns the
    /// changed files that were not written; the run then ends with status 2 (`Lint` checks
    /// `failed`).
    func finish(
        _ runs: [FixRun], refused: [(file: String, problem: String)], roots: [String], tally: FixTally
    ) throws -> Set<String> {
        var failures: [(file: String, problem: String)] = []
        var written: Set<String> = []
        for run in runs {
            if dryRun {
                for file in run.changedFiles {
                    try Terminal.write(
                        UnifiedDiff.diff(old: run.original[file] ?? [], new: run.fixed[file] ?? [], path: file))
                }
                written.formUnion(run.changedFiles)
            } else {
                let result = run.write(within: roots)
                failures += result.failures
                written.formUnion(result.written)
            }
        }
        // Only what reached the disk (or, dry, would): a file that was not written fixed nothing.
        tally.applied += runs.flatMap(\.applied).filter { written.contains($0.fix.file) }
        tally.notFixed += runs.flatMap(\.notFixed)
        tally.refused += refused
        tally.failures += failures
        tally.written.formUnion(written)
        return Set(failures.map(\.file))
    }

    /// Prints what `tally` gathered, once for the whole run: one line per fix and per finding left
    /// alone, then (unless `quiet`) the count.
    func report(_ tally: FixTally, quiet: Bool) {
        Terminal.writeError(lines: FixReport.lines(tally, dryRun: dryRun, summary: !quiet))
    }
}

/// What the fixes of one run did, over all its manifests and targets.
final class FixTally {
    var applied: [FixRun.Applied] = []
    var notFixed: [FixRun.NotFixed] = []
    var refused: [(file: String, problem: String)] = []
    var failures: [(file: String, problem: String)] = []
    var written: Set<String> = []
}

/// What `--fix` says on the standard error: one line per fix and per finding of a fixable rule
/// left alone, in the form of a finding, then a count.
enum FixReport {
    static func lines(_ tally: FixTally, dryRun: Bool, summary: Bool = true) -> [String] {
        var lines: [String] = []
        let verb = dryRun ? "would fix" : "fixed"
        let applied = tally.applied
        for item in applied.sorted(by: {
            ($0.finding.location, $0.finding.rule) < ($1.finding.location, $1.finding.rule)
        }) {
            lines.append("\(item.finding.location): \(verb): \(item.fix.summary) [\(item.finding.rule)]")
        }
        let notFixed = tally.notFixed
        for item in notFixed.sorted(by: {
            ($0.finding.location, $0.finding.rule) < ($1.finding.location, $1.finding.rule)
        }) {
            lines.append("\(item.finding.location): not fixed: \(item.reason) [\(item.finding.rule)]")
        }
        for (file, problem) in tally.refused { lines.append("\(file): not fixed: \(problem)") }
        for (file, problem) in tally.failures { lines.append("\(file): not written: \(problem)") }
        guard summary else { return lines }
        let changed = tally.written.count
        let findings = applied.count == 1 ? "1 finding" : "\(applied.count) findings"
        let filesText = changed == 1 ? "1 file" : "\(changed) files"
        var summary = "maplint: \(verb) \(findings) in \(filesText)"
        if !notFixed.isEmpty { summary += "; \(notFixed.count) not fixed" }
        lines.append(summary)
        return lines
    }
}
