import Foundation
import MaplintConfiguration
import Testing

/// Each file's configuration is the `.maplint.yml` of its folder merged onto those of the
/// folders above it, up to the repository root, as SwiftLint does; `--config` replaces them all.
@Suite struct NestedConfigurationTests {
    /// A repository: `App/screen.maplint.yml` and `Module/Sources/screen.maplint.yml`, each with
    /// a reuse identifier collision (an error) and a nil item (a warning).
    static func repository(root: String?, module: String?) throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(collisionAndNilManifest, to: "App/screen.maplint.yml", in: folder)
        try write(collisionAndNilManifest, to: "Module/Sources/screen.maplint.yml", in: folder)
        if let root { try write(root, to: ".maplint.yml", in: folder) }
        if let module { try write(module, to: "Module/.maplint.yml", in: folder) }
        return folder
    }

    /// "file rule severity" of each finding of a JSON run.
    static func findings(_ arguments: [String], in folder: URL) throws -> (status: Int32, findings: [String]) {
        let output = try runMaplint(["lint", "--format", "json"] + arguments, in: folder)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
            "\(output.stdout)\(output.stderr)")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        return (
            output.status,
            diagnostics.map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["severity"] ?? "")" }
        )
    }

    @Test func aRunFromASubfolderReadsTheRootConfiguration() throws {
        let folder = try Self.repository(root: "disabled_rules: [reuse-identifier-collision]\n", module: nil)
        let fromRoot = try runMaplint(["lint", "App"], in: folder)
        let fromApp = try runMaplint(["lint"], in: folder.appendingPathComponent("App"))
        #expect(fromApp.status == 0)
        #expect(fromRoot.status == 0)
        #expect(
            fromApp.stdout == """
                screen.maplint.yml:11:27: warning: item 2 of section 0 is nil: nothing will be displayed for it (runtime anomaly nilCellModel); remove the item or give it a value [nil-model]
                1 file checked: 0 errors, 1 warning, 0 notes

                """)
        // The same findings, named from the root.
        #expect(
            fromRoot.stdout
                == fromApp.stdout.replacingOccurrences(of: "screen.maplint.yml", with: "App/screen.maplint.yml"))
    }

    @Test func aNestedConfigurationAppliesToTheFilesUnderItFromTheRoot() throws {
        let folder = try Self.repository(root: nil, module: "disabled_rules: [nil-model]\n")
        let run = try Self.findings([], in: folder)
        #expect(run.status == 1)
        #expect(
            run.findings == [
                "App/screen.maplint.yml reuse-identifier-collision error",
                "App/screen.maplint.yml nil-model warning",
                "Module/Sources/screen.maplint.yml reuse-identifier-collision error",
            ])
    }

    /// Lists extend the parent's, `severity` is merged rule by rule with the nearest file winning,
    /// single values are replaced; the command line goes on top of each file's.
    @Test func theNearestConfigurationWinsAndListsExtend() throws {
        let folder = try Self.repository(
            root: "disabled_rules: [reuse-identifier-collision]\nseverity:\n  nil-model: error\n",
            module: "disabled_rules: []\nseverity:\n  nil-model: warning\nstrict: true\n")
        let run = try Self.findings([], in: folder)
        #expect(run.status == 1)
        #expect(
            run.findings == [
                "App/screen.maplint.yml nil-model error",
                "Module/Sources/screen.maplint.yml nil-model warning",
            ])
        // `strict` is the module's for its files only.
        #expect(try Self.findings(["Module"], in: folder).status == 1)
        #expect(try Self.findings(["Module", "--no-strict"], in: folder).status == 0)
        #expect(try Self.findings(["App", "--severity", "nil-model=warning"], in: folder).status == 0)
        let overridden = try Self.findings(["--severity", "nil-model=note"], in: folder)
        #expect(
            overridden.findings == [
                "App/screen.maplint.yml nil-model note", "Module/Sources/screen.maplint.yml nil-model note",
            ])
        #expect(overridden.status == 0)
    }

    @Test func patternsOfANestedConfigurationAreRelativeToItsFolder() throws {
        let folder = try Self.repository(root: nil, module: "excluded: [Sources]\n")
        try write(collisionAndNilManifest, to: "Sources/screen.maplint.yml", in: folder)
        let run = try Self.findings(["--disabled-rules", "nil-model"], in: folder)
        #expect(
            run.findings == [
                "App/screen.maplint.yml reuse-identifier-collision error",
                "Sources/screen.maplint.yml reuse-identifier-collision error",
            ])
    }

    @Test func configOverridesEveryConfigurationFile() throws {
        let folder = try Self.repository(
            root: "disabled_rules: [reuse-identifier-collision]\n", module: "disabled_rules: [nil-model]\n")
        try write("disabled_rules: [unused-suppression]\n", to: "ci.yml", in: folder)
        let run = try Self.findings(["--config", "ci.yml"], in: folder)
        #expect(
            run.findings == [
                "App/screen.maplint.yml reuse-identifier-collision error",
                "App/screen.maplint.yml nil-model warning",
                "Module/Sources/screen.maplint.yml reuse-identifier-collision error",
                "Module/Sources/screen.maplint.yml nil-model warning",
            ])
    }

    @Test func aConfigurationAboveTheRepositoryRootIsNotRead() throws {
        let outer = try temporaryFolder()
        try write("disabled_rules: [reuse-identifier-collision, nil-model]\n", to: ".maplint.yml", in: outer)
        let repository = outer.appendingPathComponent("repo")
        try write(collisionAndNilManifest, to: "screen.maplint.yml", in: repository)
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(
            try Self.findings([], in: repository).findings == [
                "screen.maplint.yml reuse-identifier-collision error", "screen.maplint.yml nil-model warning",
            ])
        // Without `.git` the folder above is part of the tree.
        try FileManager.default.removeItem(at: repository.appendingPathComponent(".git"))
        #expect(try Self.findings([], in: repository).findings == [])
    }

    @Test func aNestedConfigurationThatCannotBeReadStopsTheRun() throws {
        let folder = try Self.repository(root: nil, module: "disabled_rules: [nil-modle]\n")
        let run = try runMaplint(["lint"], in: folder)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "Module/.maplint.yml:1:18: error: unknown rule 'nil-modle' (did you mean 'nil-model'?) [invalid-configuration]\n"
        )
        // From inside the module, named from there.
        let inside = try runMaplint(["lint"], in: folder.appendingPathComponent("Module/Sources"))
        #expect(inside.status == 2)
        #expect(
            inside.stderr
                == "../.maplint.yml:1:18: error: unknown rule 'nil-modle' (did you mean 'nil-model'?) [invalid-configuration]\n"
        )
    }

    @Test func aConfigurationLinkedFromOutsideTheRepositoryIsNotFollowed() throws {
        let outside = try temporaryFolder()
        try write("disabled_rules: [nil-model]\n", to: "shared.yml", in: outside)
        let folder = try Self.repository(root: nil, module: nil)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Module/.maplint.yml").path,
            withDestinationPath: outside.appendingPathComponent("shared.yml").path)
        let run = try runMaplint(["lint"], in: folder)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "Module/.maplint.yml:1:1: error: the configuration file is a symbolic link to a file outside the repository (\(folder.standardizedFileURL.path)); maplint does not follow it: copy the file, or name it with --config [invalid-configuration]\n"
        )
        // A link inside the repository is read.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Module/.maplint.yml"))
        try write("disabled_rules: [nil-model]\n", to: "shared.yml", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Module/.maplint.yml").path, withDestinationPath: "../shared.yml")
        #expect(
            try Self.findings(["Module"], in: folder).findings == [
                "Module/Sources/screen.maplint.yml reuse-identifier-collision error"
            ])
    }

    /// `maplint` at the root of an app: the configuration of each Swift file's folder applies.
    @Test func anAppsNestedConfigurationAppliesToItsSwiftFiles() throws {
        let folder = try temporaryFolder()
        let source = packageRoot.appendingPathComponent("Fixtures/apps/Monorepo")
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: source, to: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let before = try AppCommandTests.findings(runMaplint(["--format", "json"], in: folder))
        try write("disabled_rules: [reuse-identifier-collision]\n", to: "admin/.maplint.yml", in: folder)
        let after = try AppCommandTests.findings(runMaplint(["--format", "json"], in: folder))
        #expect(before.contains { $0.hasPrefix("reuse-identifier-collision admin/") })
        #expect(after == before.filter { !$0.hasPrefix("reuse-identifier-collision admin/") })
    }

    /// Every setting option of `lint` has the configuration key of the same name (`-` for `_`);
    /// `--config` and `--write-baseline` name files, and are the only ones without one.
    /// The baseline of each file's configuration hides that file's findings: a nested
    /// `.maplint.yml`'s applies to the files under it, from the root as from its own folder or
    /// below, its `file` paths relative to its folder; it replaces its parents' there.
    @Test func aNestedBaselineAppliesToTheFilesUnderIt() throws {
        let folder = try Self.repository(root: nil, module: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let module = folder.appendingPathComponent("Module")
        // Recorded in the module's folder: its paths are relative to it.
        let recorded = try runMaplint(["lint", "--write-baseline", "module-baseline.json"], in: module)
        #expect(recorded.status == 1)
        let entries = try String(contentsOf: module.appendingPathComponent("module-baseline.json"), encoding: .utf8)
        #expect(entries.contains("\"file\": \"Sources/screen.maplint.yml\""))
        try write("baseline: module-baseline.json\n", to: "Module/.maplint.yml", in: folder)
        let all = [
            "App/screen.maplint.yml reuse-identifier-collision error", "App/screen.maplint.yml nil-model warning",
        ]
        let fromRoot = try Self.findings([], in: folder)
        #expect(fromRoot.findings == all)
        #expect(fromRoot.status == 1)
        for place in ["Module", "Module/Sources"] {
            let run = try Self.findings([], in: folder.appendingPathComponent(place))
            #expect(run.findings.isEmpty, "\(place)")
            #expect(run.status == 0, "\(place)")
        }
        // From the App folder, naming the module's files with `../`.
        let fromApp = try Self.findings([".", "../Module"], in: folder.appendingPathComponent("App"))
        #expect(
            fromApp.findings == [
                "screen.maplint.yml reuse-identifier-collision error", "screen.maplint.yml nil-model warning",
            ])

        // The root's baseline records everything from the root; the module's replaces it for the module's files.
        #expect(try runMaplint(["lint", "--write-baseline", "baseline.json"], in: folder).status == 1)
        try write("baseline: baseline.json\n", to: ".maplint.yml", in: folder)
        try write(#"{"version": 1, "findings": []}"# + "\n", to: "Module/module-baseline.json", in: folder)
        let replaced = try Self.findings([], in: folder)
        #expect(
            replaced.findings == [
                "Module/Sources/screen.maplint.yml reuse-identifier-collision error",
                "Module/Sources/screen.maplint.yml nil-model warning",
            ])
        // `--baseline` is one for every file, its paths as printed.
        let given = try Self.findings(["--baseline", "baseline.json"], in: folder)
        #expect(given.findings.isEmpty && given.status == 0)
        // A nested baseline that cannot be read stops the run, naming it.
        try write("{", to: "Module/module-baseline.json", in: folder)
        let broken = try runMaplint(["lint"], in: folder)
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("maplint: Module/module-baseline.json: "), "\(broken.stderr)")
    }

    @Test func everySettingOptionHasAKeyOfTheSameName() throws {
        let help = try runMaplint(["lint", "--help"]).stdout
        let section = try #require(help.components(separatedBy: "CONFIGURATION (").last)
            .components(separatedBy: "\n\n")[0]
        let options = section.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("--") else { return nil }
            return String(trimmed.dropFirst(2).prefix { $0 != " " && $0 != "/" })
        }
        #expect(
            options == [
                "config", "disabled-rules", "severity", "included", "excluded", "strict", "baseline", "write-baseline",
                "library-version",
            ])
        let keys = options.filter { $0 != "config" && $0 != "write-baseline" }
            .map { $0.replacingOccurrences(of: "-", with: "_") }
        #expect(
            keys == ["disabled_rules", "severity", "included", "excluded", "strict", "baseline", "library_version"])
        #expect(keys == LintConfiguration.keys)
        // Each is read from the file: an unknown key would be an error (status 2).
        let folder = try temporaryFolder()
        try write(collisionAndNilManifest, to: "screen.maplint.yml", in: folder)
        try write(
            "disabled_rules: [nil-model]\nseverity: {}\nincluded: [\"**\"]\nexcluded: [Pods]\nstrict: false\n"
                + "library_version: {Feed: \"7.2.0\"}\n",
            to: ".maplint.yml", in: folder)
        #expect(try runMaplint(["lint"], in: folder).status == 1)
    }
}
