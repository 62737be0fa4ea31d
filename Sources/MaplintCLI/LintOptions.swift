import ArgumentParser
import Foundation
import MaplintConfiguration
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintLint
import MaplintOutput

/// The `lint` options that have a key in the configuration file, under the same name
/// (`--disabled-rules` is `disabled_rules`), and the file itself.
struct ConfigurationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The one configuration file for every file (default: each file's nearest .maplint.yml and those above it, up to the repository root).",
            valueName: "file")
    )
    var config: String?

    @Option(
        name: .customLong("disabled-rules"),
        help: ArgumentHelp(
            "Rules whose findings are dropped; repeat it or separate ids with commas.", valueName: "rule"))
    var disabledRules: [String] = []

    @Option(help: ArgumentHelp("A rule's severity, such as nil-model=error; repeatable.", valueName: "rule=level"))
    var severity: [String] = []

    @Option(
        help: ArgumentHelp(
            "Check only manifests found in folders that match this path pattern (*, **, ?); repeatable.",
            valueName: "glob"))
    var included: [String] = []

    @Option(
        help: ArgumentHelp(
            "Skip manifests found in folders that match this path pattern; repeatable.", valueName: "glob"))
    var excluded: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: "Fail on warnings too (--no-strict overrides 'strict: true' in the configuration).")
    var strict: Bool?

    @Option(help: ArgumentHelp("Report only findings not recorded in this baseline file.", valueName: "file"))
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Record today's findings in this baseline file (JSON), then report as usual.", valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var library: TargetLibraryVersionOption

    var libraryVersion: [String] { library.libraryVersion }

    var disabledRuleNames: [String] {
        disabledRules.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }

    func validate() throws {
        for name in disabledRuleNames {
            if case .failure(let problem) = LintConfiguration.rule(named: name) {
                throw ValidationError("--disabled-rules: \(problem)")
            }
        }
        for setting in severity {
            _ = try parsedSeverity(setting)
        }
    }

    func parsedLibraryVersions() throws -> TargetLibraryVersions { try library.parsed() }

    private func parsedSeverity(_ setting: String) throws -> (RuleID, Severity) {
        let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let name = parts.first, let level = parts.last else {
            throw ValidationError("--severity takes rule=level, such as nil-model=error, not '\(setting)'")
        }
        switch (LintConfiguration.rule(named: name), LintConfiguration.severity(named: level)) {
        case (.failure(let problem), _), (_, .failure(let problem)): throw ValidationError("--severity: \(problem)")
        case (.success(let id), .success(let level)): return (id, level)
        }
    }

    /// The run's configuration. With `--config`, that file's settings and the command line's on
    /// top, for every file. Otherwise each file's configuration is looked up from its folder up to
    /// the repository root (`ConfigurationTree`), and the command line's settings go on top of
    /// each; the baseline is the one of the current folder's configuration. A configuration file
    /// that cannot be read is reported on the standard error, and `lint` stops with status 2.
    /// `paths`: those named on the command line; a configuration file above them that someone
    /// else could have written is not used (a warning on the standard error says so).
    func configuration(paths: [String] = []) throws -> LintConfiguration {
        var commandLine = LintConfiguration()
        for name in disabledRuleNames {
            if case .success(let id) = LintConfiguration.rule(named: name) { commandLine.disabledRules.insert(id) }
        }
        for setting in severity {
            let (id, level) = try parsedSeverity(setting)
            commandLine.severities[id] = level
        }
        // Patterns given here are relative to the current folder, like the paths.
        let here = LintConfiguration.absolute(".")
        commandLine.included = included.map { Self.pattern($0, from: here) }
        commandLine.excluded = excluded.map { Self.pattern($0, from: here) }
        commandLine.libraryVersion = try parsedLibraryVersions()
        guard let config else {
            let tree = ConfigurationTree(commandLine: commandLine, strict: strict, paths: paths)
            let current = tree.filesConfiguration(forFolder: ".")
            Self.warn(about: tree)
            try Self.stop(on: tree.problems)
            var configuration = commandLine
            configuration.nested = tree
            configuration.strict = strict ?? current.strict
            configuration.baseline = baseline ?? current.baseline
            configuration.baselineFolder = baseline == nil ? current.baselineFolder : nil
            // One per run, as the baseline: that of the current folder's configuration.
            configuration.libraryVersion = current.libraryVersion.merging(commandLine.libraryVersion)
            return configuration
        }
        var configuration: LintConfiguration
        switch ConfigurationLoader.load(path: config) {
        case .success(let loaded): configuration = loaded
        case .failure(let problem):
            try Self.stop(on: problem.diagnostics)
            configuration = LintConfiguration()
        }
        configuration.disabledRules.formUnion(commandLine.disabledRules)
        configuration.severities.merge(commandLine.severities) { $1 }
        configuration.included += commandLine.included
        configuration.excluded += commandLine.excluded
        if let strict { configuration.strict = strict }
        configuration.libraryVersion = configuration.libraryVersion.merging(commandLine.libraryVersion)
        if let baseline {
            configuration.baseline = baseline
        } else {
            configuration.baseline = configuration.baseline.map(configuration.resolve)
            configuration.baselineFolder = LintConfiguration.absolute(configuration.root)
        }
        return configuration
    }

    /// Prints the warnings of configuration files not used (met since the last call) on the
    /// standard error.
    static func warn(about tree: ConfigurationTree) {
        let warnings = tree.takeWarnings()
        guard !warnings.isEmpty else { return }
        let formatter = FindingsTextFormatter(colour: Terminal.stderrSupportsColour)
        Terminal.writeError(formatted: warnings.map { formatter.line($0) + "\n" }.joined())
    }

    /// Prints the errors of configuration files on the standard error and stops with status 2.
    static func stop(on problems: [Diagnostic]) throws {
        guard !problems.isEmpty else { return }
        let formatter = FindingsTextFormatter(colour: Terminal.stderrSupportsColour)
        Terminal.writeError(formatted: problems.map { formatter.line($0) + "\n" }.joined())
        throw ExitStatus.invalidInput.exitCode
    }

    /// A pattern given as an option: relative to the current folder, or to the folder its
    /// leading `/` or `../` names.
    static func pattern(_ text: String, from here: String) -> GlobPattern {
        var base = text.hasPrefix("/") ? "/" : here
        var rest = Substring(text)
        while true {
            if rest.hasPrefix("/") {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("./") {
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("../") || rest == ".." {
                base = (base as NSString).deletingLastPathComponent
                if base.isEmpty { base = "/" }
                rest = rest.dropFirst(min(3, rest.count))
            } else {
                break
            }
        }
        return GlobPattern(String(rest), base: base)
    }
}

extension ConfigurationOptions {
    /// Writes the baseline when asked, then hides the findings of the baseline in use.
    /// A baseline that cannot be read stops `lint` with status 2. One that cannot be written is an
    /// error on the standard error; the findings are still printed, and the status is 2.
    func applyBaseline(
        _ configuration: LintConfiguration, to result: LintResult, inputs: [String] = []
    ) throws -> (result: LintResult, writeFailed: Bool) {
        // Each finding meets the baseline of its file's configuration (a nested `.maplint.yml`'s
        // included); `--baseline` and `--config` give one baseline for all.
        let tree = baseline == nil ? configuration.nested : nil
        let filtered = try Baseline.filter(
            result,
            baseline: { diagnostic in
                let own =
                    diagnostic.location.file.isEmpty
                    ? configuration : tree?.configuration(for: diagnostic.location.file) ?? configuration
                return own.baseline.map { ($0, own.baselineFolder) }
            },
            load: Self.readBaseline)
        var writeFailed = false
        if let path = writeBaseline {
            let folder = (path as NSString).deletingLastPathComponent
            var problem: String?
            if !folder.isEmpty, case .failure(let failure) = AtomicFileWriter.createFolder(folder) {
                problem = "cannot create its folder: \(failure)"
            }
            var writer = AtomicFileWriter(protected: inputs + result.files)
            // The baseline in use may be brought up to date in place.
            writer.replaceable = [baseline, configuration.baseline].compactMap { $0 }
            // A baseline is only worth writing if `--baseline` can read it back.
            if problem == nil {
                switch Baseline(recording: result).renderedBytes() {
                case .failure(let failure): problem = failure.message
                case .success(let bytes):
                    if case .failure(let failure) = writer.write(bytes, to: path) { problem = failure.message }
                }
            }
            if let problem {
                Terminal.writeError(line: "maplint: cannot write the baseline \(path): \(problem)")
                writeFailed = true
            }
        }
        return (filtered, writeFailed)
    }

    /// A baseline file, read and parsed; one that cannot be is reported, and `lint` stops with status 2.
    static func readBaseline(_ path: String) throws -> Baseline {
        switch FileReader.read(path, limit: FileSizeLimit.baseline, noun: "baseline file") {
        case .failure(let problem):
            Terminal.writeError(line: "maplint: cannot read the baseline \(path): \(problem.message)")
            throw ExitStatus.invalidInput.exitCode
        case .success(let bytes):
            do {
                return try Baseline.parse(Data(bytes)).get()
            } catch {
                Terminal.writeError(line: "maplint: \(path): \(error)")
                throw ExitStatus.invalidInput.exitCode
            }
        }
    }
}
