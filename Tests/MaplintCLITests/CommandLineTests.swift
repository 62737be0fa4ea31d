import Foundation
import Testing

@testable import MaplintCLI
@testable import MaplintOutput
@testable import MaplintRules

/// The conventions of the command line, end to end on the built binary: a mistyped command,
/// inputs that do not exist, `--quiet`, `--output`, `--color`, `rules ID` and wrapping.
@Suite struct CommandLineTests {
    static let collision = "Fixtures/table-reuse-collision.maplint.yml"
    static let usageTail = "Usage: maplint <subcommand>\n  See 'maplint --help' for more information.\n"

    // MARK: A mistyped command

    /// `lint` is the default subcommand, so `maplint lnt feed.yml` used to lint `feed.yml` after
    /// "lnt: no such file". A word close to a command that names nothing is a usage error.
    @Test func aWordCloseToACommandIsAUsageErrorWithDidYouMean() throws {
        let cases = [
            ("lnt", "lint"), ("reprot", "report"), ("rsolve", "resolve"), ("extrct", "extract"), ("rule", "rules"),
            ("inti", "init"), ("verison", "version"),
        ]
        for (typed, meant) in cases {
            let output = try runMaplint([typed, "Fixtures/feed.maplint.yml"])
            #expect(output.status == 64, "\(typed)")
            #expect(
                output.stderr
                    == "Error: '\(typed)' is not a command, nor a file or folder (did you mean '\(meant)'?)\n"
                    + Self.usageTail)
            #expect(output.stdout.isEmpty)
        }
    }

    /// A file or folder of that name is what it names: it is linted.
    @Test func aPathNamedLikeATypoIsStillLinted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lnt = folder.appendingPathComponent("lnt")
        try FileManager.default.createDirectory(at: lnt, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent(Self.collision),
            to: lnt.appendingPathComponent("table.maplint.yml"))
        let output = try runMaplint(["lnt"], in: folder)
        #expect(output.status == 1)
        #expect(output.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes (3 related)\n"))
        #expect(output.stderr.isEmpty)
    }

    /// Words far from every command, options and paths with folders are left to the parser.
    @Test func onlyWordsCloseToACommandAreTypos() {
        let nothing: (String) -> Bool = { _ in false }
        #expect(Maplint.mistypedSubcommand("lnt", exists: nothing) == "lint")
        #expect(Maplint.mistypedSubcommand("lint", exists: nothing) == nil)
        #expect(Maplint.mistypedSubcommand("help", exists: nothing) == nil)
        #expect(Maplint.mistypedSubcommand("feed.yml", exists: nothing) == nil)
        #expect(Maplint.mistypedSubcommand("./lnt", exists: nothing) == nil)
        #expect(Maplint.mistypedSubcommand("--lnt", exists: nothing) == nil)
        #expect(Maplint.mistypedSubcommand("lnt", exists: { _ in true }) == nil)
    }

    // MARK: Inputs that do not exist

    /// Every file or folder named that does not exist is one line naming it, status 2, nothing
    /// checked, no position and no usage line, for every command and option.
    @Test func aMissingInputIsOneErrorEverywhere() throws {
        let line = "maplint: nowhere.maplint.yml: no such file or folder\n"
        let cases: [([String], String)] = [
            (["nowhere.maplint.yml"], line),
            (["lint", "nowhere.maplint.yml", Self.collision, "--format", "json"], line),
            (["lint", "--swift", "nowhere.maplint.yml"], line),
            (["extract", "nowhere.maplint.yml"], line),
            (["resolve", "nowhere.maplint.yml"], line),
            (["report", "nowhere.maplint.yml", "--format", "html"], line),
            (
                ["lint", Self.collision, "--data", "nowhere.yml"],
                "maplint: --data nowhere.yml: no such file or folder\n"
            ),
            (
                ["resolve", Self.collision, "--data", "nowhere.yml"],
                "maplint: --data nowhere.yml: no such file or folder\n"
            ),
            (
                ["lint", "a.maplint.yml", "b.maplint.yml"],
                "maplint: a.maplint.yml: no such file or folder\nmaplint: b.maplint.yml: no such file or folder\n"
            ),
            (
                ["lint", "Fixtures/feed.maplint.yml/x.maplint.yml"],
                "maplint: Fixtures/feed.maplint.yml/x.maplint.yml: no such file or folder (a part of the path is "
                    + "not a folder)\n"
            ),
        ]
        for (arguments, expected) in cases {
            let output = try runMaplint(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr == expected, "\(arguments)")
            #expect(output.stdout.isEmpty, "\(arguments)")
        }
    }

    /// A named link that leads nowhere says so.
    @Test func aDanglingLinkNamedIsAMissingInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("gone.maplint.yml").path, withDestinationPath: "missing.yml")
        let output = try runMaplint(["lint", "gone.maplint.yml"], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "maplint: gone.maplint.yml: this is a symbolic link to 'missing.yml', which does not exist\n"
        )
    }

    // MARK: --quiet

    /// `--quiet` prints the findings and nothing else: no findings of severity note, no summary.
    @Test func quietPrintsFindingsOnly() throws {
        let arguments = ["lint", "--swift", ExecutableTests.app]
        let full = try runMaplint(arguments)
        let quiet = try runMaplint(arguments + ["--quiet"])
        #expect(full.status == 1 && quiet.status == 1)
        let lines = full.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropLast().last == "24 files checked: 5 errors, 2 warnings, 7 notes (23 related)")
        // Each finding's line ends with its rule id; its related notes follow it. A finding of
        // severity note goes with its related notes.
        var groups: [[Substring]] = []
        for line in lines.dropLast(2) {
            if line.hasSuffix("]") { groups.append([line]) } else { groups[groups.count - 1].append(line) }
        }
        let kept = groups.filter { !$0[0].contains(": note: ") }.flatMap { $0 }
        #expect(groups.count(where: { $0[0].contains(": note: ") }) == 7)
        #expect(quiet.stdout == kept.map { $0 + "\n" }.joined())
        #expect(try runMaplint(arguments + ["-q"]).stdout == quiet.stdout)
        // A run with nothing to report prints nothing at all.
        let clean = try runMaplint(["lint", "Fixtures/table-reuse-collision-fixed.maplint.yml", "--quiet"])
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty && clean.stderr.isEmpty)
    }

    /// In the structured formats, `--quiet` leaves out the notes; the document keeps its shape.
    @Test func quietLeavesNotesOutOfJSON() throws {
        let arguments = ["lint", "--swift", ExecutableTests.app, "--format", "json"]
        let quiet =
            try JSONSerialization.jsonObject(
                with: Data(try runMaplint(arguments + ["--quiet"]).stdout.utf8)) as? [String: Any]
        let severities = (quiet?["diagnostics"] as? [[String: Any]])?.compactMap { $0["severity"] as? String }
        #expect(severities?.count == 7)
        #expect(severities?.contains("note") == false)
        #expect((quiet?["summary"] as? [String: Any])?["notes"] as? Int == 0)
    }

    /// `--quiet` on an app: no line per target on the standard error.
    @Test func quietLeavesOutTheLinePerTarget() throws {
        let folder = packageRoot.appendingPathComponent("Fixtures/apps/Monorepo")
        let full = try runMaplint([], in: folder)
        let quiet = try runMaplint(["--quiet"], in: folder)
        #expect(full.stderr.hasPrefix("maplint: Admin (admin/Admin.xcodeproj): 1 Swift file, 2 registrations"))
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.status == full.status)
        #expect(!quiet.stdout.isEmpty)
        #expect(full.stdout.hasPrefix(quiet.stdout))
    }

    // MARK: --output

    /// `--output FILE` writes what the standard output would get, in every format, with the same status.
    @Test(arguments: OutputFormats.findings.identifiers)
    func outputWritesWhatStdoutWouldGet(format: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("findings.out")
        let printed = try runMaplint(["lint", Self.collision, "--format", format])
        // Colour is forced on the standard output, never in the file.
        let written = try runMaplint(
            ["lint", Self.collision, "--format", format, "--output", file.path], environment: ["FORCE_COLOR": "1"])
        #expect(written.status == printed.status)
        #expect(printed.status == 1)
        #expect(written.stdout.isEmpty && written.stderr.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
    }

    @Test func outputRefusesLinksAndInputs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("t.maplint.yml")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(Self.collision), to: manifest)
        let before = try String(contentsOf: manifest, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.txt").path, withDestinationPath: "elsewhere.txt")
        let link = try runMaplint(["lint", "t.maplint.yml", "--output", "link.txt"], in: folder)
        #expect(link.status == 2)
        #expect(link.stderr.hasPrefix("maplint: cannot write link.txt: it is a symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere.txt").path))
        let input = try runMaplint(["lint", ".", "--output", "./t.maplint.yml"], in: folder)
        #expect(input.status == 2)
        #expect(
            input.stderr
                == "maplint: cannot write ./t.maplint.yml: it is an input of this run (t.maplint.yml); maplint does "
                + "not overwrite its inputs\n")
        #expect(try String(contentsOf: manifest, encoding: .utf8) == before)
        // The configuration file read from the current folder is an input too.
        try "strict: false\n".write(
            to: folder.appendingPathComponent(".maplint.yml"), atomically: true, encoding: .utf8)
        let configuration = try runMaplint(["lint", "t.maplint.yml", "--output", ".maplint.yml"], in: folder)
        #expect(configuration.status == 2)
        #expect(configuration.stderr.hasPrefix("maplint: cannot write .maplint.yml: it is an input of this run"))
        #expect(
            try String(contentsOf: folder.appendingPathComponent(".maplint.yml"), encoding: .utf8) == "strict: false\n")
        let dryRun = try runMaplint(["lint", "t.maplint.yml", "--fix", "--dry-run", "--output", "o.txt"], in: folder)
        #expect(dryRun.status == 64)
        #expect(dryRun.stderr.hasPrefix("Error: --dry-run writes nothing: it prints the diff; leave out --output\n"))
    }

    // MARK: --color

    static let escape = "\u{1B}["

    /// Through a pipe: no colour, unless forced by the environment or `--color always`;
    /// `--color never` wins over the environment.
    @Test func colourThroughAPipe() throws {
        func coloured(_ options: [String], _ environment: [String: String]) throws -> Bool {
            let output = try runMaplint(["lint", Self.collision] + options, environment: environment)
            #expect(output.status == 1)
            return output.stdout.contains(Self.escape)
        }
        #expect(try !coloured([], ["NO_COLOR": ""]))
        #expect(try coloured([], ["NO_COLOR": "", "FORCE_COLOR": "1"]))
        #expect(try coloured([], ["NO_COLOR": "", "CLICOLOR_FORCE": "1"]))
        #expect(try coloured([], ["NO_COLOR": "1", "FORCE_COLOR": "true"]))
        #expect(try !coloured([], ["NO_COLOR": "", "FORCE_COLOR": "0", "CLICOLOR_FORCE": ""]))
        #expect(try coloured(["--color", "always"], ["NO_COLOR": "1"]))
        #expect(try !coloured(["--color", "never"], ["FORCE_COLOR": "1"]))
        #expect(try !coloured(["--color", "auto"], ["NO_COLOR": ""]))
        let bad = try runMaplint(["lint", Self.collision, "--color", "sometimes"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: The value 'sometimes' is invalid for '--color <when>'"))
    }

    /// On a terminal: colour, unless NO_COLOR is set (to anything but "") or `--color never`.
    @Test func colourOnATerminal() throws {
        func coloured(_ options: String, _ environment: [String: String?]) throws -> Bool {
            try onATerminal("lint \(Self.collision) \(options)", environment: environment).contains(Self.escape)
        }
        #expect(try coloured("", ["NO_COLOR": nil]))
        #expect(try coloured("", ["NO_COLOR": ""]))
        #expect(try !coloured("", ["NO_COLOR": "1"]))
        #expect(try !coloured("--color never", ["NO_COLOR": nil]))
        #expect(try coloured("--color always", ["NO_COLOR": "1"]))
        #expect(try !coloured("", ["NO_COLOR": nil, "TERM": "dumb"]))
    }

    /// The decision, in its one place.
    @Test func theColourDecision() {
        func decide(_ mode: ColourMode, _ environment: [String: String], terminal: Bool) -> Bool {
            Terminal.colour(for: 1, mode: mode, environment: environment, isTerminal: { _ in terminal })
        }
        #expect(decide(.auto, [:], terminal: true))
        #expect(!decide(.auto, [:], terminal: false))
        #expect(!decide(.auto, ["NO_COLOR": "x"], terminal: true))
        #expect(decide(.auto, ["NO_COLOR": ""], terminal: true))
        #expect(decide(.auto, ["FORCE_COLOR": "1"], terminal: false))
        #expect(decide(.auto, ["CLICOLOR_FORCE": "yes", "NO_COLOR": "1"], terminal: false))
        #expect(!decide(.auto, ["FORCE_COLOR": "0"], terminal: false))
        #expect(!decide(.auto, ["FORCE_COLOR": ""], terminal: false))
        #expect(!decide(.auto, ["TERM": "dumb"], terminal: true))
        #expect(decide(.always, ["NO_COLOR": "1"], terminal: false))
        #expect(!decide(.never, ["FORCE_COLOR": "1"], terminal: true))
    }

    // MARK: rules ID

    @Test func anUnknownRuleIdSuggestsTheClosest() throws {
        let cases = [
            ("reuse-collision", " (did you mean 'reuse-identifier-collision'?)"),
            ("nil-modle", " (did you mean 'nil-model'?)"),
            ("intersecting-condition", " (did you mean 'intersecting-conditions'?)"),
            ("unresolved", " (did you mean 'unresolved-item'?)"),
            ("something-else", ""),
        ]
        for (typed, suggestion) in cases {
            let output = try runMaplint(["rules", typed])
            #expect(output.status == 64)
            #expect(
                output.stderr
                    == "Error: no rule '\(typed)'\(suggestion); `maplint rules` lists them\n"
                    + "Usage: maplint rules [<id>] [--format <format>]\n"
                    + "  See 'maplint rules --help' for more information.\n")
        }
        let disabled = try runMaplint(["lint", Self.collision, "--disabled-rules", "reuse-collision"])
        #expect(disabled.status == 64)
        #expect(
            disabled.stderr.hasPrefix(
                "Error: --disabled-rules: unknown rule 'reuse-collision' (did you mean 'reuse-identifier-collision'?)\n"
            ))
    }

    // MARK: Wrapping

    /// On a terminal, `rules` is wrapped to its width (COLUMNS); through a pipe, never.
    @Test func rulesTextIsWrappedOnATerminalOnly() throws {
        let piped = try runMaplint(["rules"], environment: ["COLUMNS": "60"])
        #expect(piped.stdout == RulesTextFormatter().format(.all(Rules.descriptions)))
        #expect(piped.stdout.split(separator: "\n").contains { $0.count > 60 })
        // The table's summaries keep a column of 20 characters at least, so it is wrapped at 80 here.
        for (arguments, width) in [
            ("rules", 80), ("rules reuse-identifier-collision", 60), ("rules unknown-event", 60),
        ] {
            let wrapped = try onATerminal(arguments, environment: ["COLUMNS": "\(width)"])
            let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false)
            // Examples (indented by four) are code, kept whole.
            #expect(!lines.contains { $0.count > width && !$0.hasPrefix("    ") }, "\(arguments)")
            // Nothing is lost: the same words in the same order.
            let plain = try runMaplint(arguments.split(separator: " ").map(String.init)).stdout
            #expect(wrapped.split { $0 == " " || $0 == "\n" } == plain.split { $0 == " " || $0 == "\n" })
            #expect(wrapped != plain)
        }
        let table = try onATerminal("rules", environment: ["COLUMNS": "80"])
        #expect(table.contains("\nreuse-identifier-collision        error     yes  Two registrations share a reuse\n"))
    }

    /// Runs maplint in a pseudo-terminal (`script`), in the repository root; its output with line
    /// ends as written (the terminal's CR LF made LF again).
    func onATerminal(_ arguments: String, environment: [String: String?]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(maplintExecutable().path)' \(arguments)", "/dev/null"]
        process.currentDirectoryURL = packageRoot
        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm"
        variables["NO_COLOR"] = nil
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = readAll(out.fileHandleForReading)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    // MARK: Strict JSON

    /// A `.json` manifest is JSON: what only YAML accepts is a positioned error, status 2.
    @Test func aJSONManifestIsStrictJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = #"{"version": 1, "host": "tableView", "models": {}, "#
        let cases = [
            (
                head + "\"registrations\": [],\n}\n",
                "1:70: error: JSON syntax error: a comma before '}'; JSON allows no trailing comma"
            ),
            (
                head + "\"registrations\": [{\"cell\": \"C\", \"model\": \"Int\"},]}",
                "1:98: error: JSON syntax error: a comma before ']'; JSON allows no trailing comma"
            ),
            (
                head + "\n  // cells\n  \"registrations\": []}",
                "2:3: error: JSON syntax error: a comment; JSON has no comments"
            ),
            (
                head + "'registrations': []}",
                "1:51: error: JSON syntax error: a string in single quotes; JSON strings are in double quotes"
            ),
            (
                head + "registrations: []}",
                "1:51: error: JSON syntax error: the key 'registrations' has no quotes; JSON keys are strings in "
                    + "double quotes"
            ),
            (
                "version: 1\nhost: tableView\n",
                "1:1: error: JSON syntax error: the key 'version' has no quotes; JSON keys are strings in double "
                    + "quotes"
            ),
            (
                head + "\"registrations\": &r []}",
                "1:68: error: JSON syntax error: '&' starts a YAML anchor, alias or tag, which JSON has not"
            ),
            (
                head + "\"registrations\": [",
                "1:69: error: JSON syntax error: the file ends inside the list opened at line 1, column 68; it needs "
                    + "its closing ']'"
            ),
        ]
        for (text, expected) in cases {
            try text.write(to: folder.appendingPathComponent("s.maplint.json"), atomically: true, encoding: .utf8)
            let output = try runMaplint(["lint", "s.maplint.json"], in: folder)
            #expect(output.status == 2, "\(text)")
            #expect(
                output.stdout
                    == "s.maplint.json:\(expected) [invalid-manifest]\n1 file checked: 1 error, 0 warnings, 0 notes\n",
                "\(text)")
        }
        // The same text named .yml is YAML.
        try (head + "\"registrations\": [],\n}\n").write(
            to: folder.appendingPathComponent("s.maplint.yml"), atomically: true, encoding: .utf8)
        #expect(try runMaplint(["lint", "s.maplint.yml"], in: folder).status == 0)
        #expect(try runMaplint(["lint", "Fixtures/feed.maplint.json"]).status == 0)
    }

    /// Nesting costs no recursion: 200,000 open lists are one error at the end of the file.
    @Test func deepJSONIsOneError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try String(repeating: "[", count: 200_000).write(
            to: folder.appendingPathComponent("d.maplint.json"), atomically: true, encoding: .utf8)
        let output = try runMaplint(["lint", "d.maplint.json"], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stdout.hasPrefix(
                "d.maplint.json:1:200001: error: JSON syntax error: the file ends inside the list opened at line 1, "
                    + "column 200000"))
    }
}
