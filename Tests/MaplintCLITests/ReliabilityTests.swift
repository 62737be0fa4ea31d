import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs named twice, control characters, unreadable lock files, links as destinations, values
/// that would make a broken manifest, oversized files and inputs that grow a walk: each case runs
/// the built binary with a hang guard (`runGuarded`).
@Suite struct ReliabilityTests {
    static let overlapping = """
        version: 1
        host: tableView
        models: {}
        registrations:
          - cell: C
            model: Int
          - cell: D
            model: Int

        """

    static let overlappingFinding =
        "error: D (entry 1) is never used: C (entry 0) takes every item it matches [unreachable-registration]"

    /// The related notes of `overlappingFinding` in the file `shown`.
    static func overlappingNotes(_ shown: String) -> String {
        """
        \(shown):5:5: note: C (entry 0, line 5) is registered earlier and matches first
        \(shown):7:5: note: every item D (entry 1, line 7) matches (Int items) is already matched by C (entry 0, line 5), registered earlier, and the first matching registration wins, so D never appears
        \(shown):7:5: note: fix: register it before that registration with mutually exclusive conditions, or remove it
        """
    }

    static let swiftOverlapping = """
        import DTTableViewManager
        struct Post {}
        final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        final class FeedVC: UIViewController, DTTableViewManageable {
            func viewDidLoad() {
                manager.register(PostCell.self)
                manager.register(OtherCell.self)
            }
        }

        """

    // MARK: - Files named twice

    @Test func aManifestNamedTwiceIsCheckedOnceUnderItsFirstSpelling() throws {
        let folder = try temporaryFolder()
        try write(Self.overlapping, to: "t.maplint.yml", in: folder)
        for (arguments, shown) in [
            (["t.maplint.yml", "./t.maplint.yml"], "t.maplint.yml"),
            (["./t.maplint.yml", "."], "./t.maplint.yml"),
            ([".", "./t.maplint.yml"], "t.maplint.yml"),
            ([folder.path + "/t.maplint.yml", "t.maplint.yml"], folder.path + "/t.maplint.yml"),
        ] {
            let output = try runGuarded(["lint"] + arguments, in: folder)
            #expect(output.status == 1)
            #expect(
                output.stdout == """
                    \(shown):7:5: \(Self.overlappingFinding)
                    \(Self.overlappingNotes(shown))
                    1 file checked: 1 error, 0 warnings, 0 notes (3 related)

                    """, "lint \(arguments)")
        }
        // One manifest, though named twice: --data applies.
        try write("sections: []\n", to: "data.yml", in: folder)
        let withData = try runGuarded(
            ["lint", "t.maplint.yml", "./t.maplint.yml", "--data", "data.yml"], in: folder)
        #expect(withData.status == 1)
        #expect(withData.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes (3 related)\n"))
    }

    @Test func aSwiftFileNamedTwiceIsReadOnce() throws {
        let folder = try temporaryFolder()
        try write(Self.swiftOverlapping, to: "App/Feed.swift", in: folder)
        for arguments in [["App/Feed.swift", "./App/Feed.swift"], ["App", "App/Feed.swift"]] {
            let output = try runGuarded(["lint", "--swift", "--library-version", "11.0.1"] + arguments, in: folder)
            #expect(output.status == 1, "lint --swift \(arguments)")
            #expect(!output.stdout.contains("is declared here and at"), "lint --swift \(arguments)")
            #expect(
                output.stdout.components(separatedBy: "[unreachable-registration]").count == 2,
                "lint --swift \(arguments)")
            #expect(output.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes (3 related)\n"))

            let extracted = try runGuarded(["extract", "--library-version", "11.0.1"] + arguments, in: folder)
            #expect(extracted.status == 0)
            #expect(extracted.stderr == "")
        }
    }

    // MARK: - Control characters

    static func carriesRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
                || $0.value == 0x2029
        }
    }

    /// A Swift file whose name holds a colour sequence and whose comment holds another and a bell.
    static func hostileSwiftFolder() throws -> URL {
        let folder = try temporaryFolder()
        let source = """
            import DTTableViewManager
            final class FeedVC: UIViewController, DTTableViewManageable {
                func viewDidLoad() {
                    manager.register(/* \u{1B}[31mRED\u{7} */ PostCell.self)
                }
            }

            """
        try write(source, to: "a\u{1B}[32mb.swift", in: folder)
        return folder
    }

    static let hostileNote =
        #"a\u{1B}[32mb.swift:4:9: note: `manager.register(/* \u{1B}[31mRED\u{7} */ PostCell.self)` is not "#
        + "extracted: `PostCell` is not declared in the Swift files read, so its model type is unknown [unsupported-swift]"

    @Test func controlCharactersFromSwiftNamesAndCommentsAreEscaped() throws {
        let folder = try Self.hostileSwiftFolder()
        let printed = try runGuarded(["extract", ".", "--library-version", "11.0.1"], in: folder)
        #expect(printed.status == 0)
        #expect(printed.stderr == Self.hostileNote + "\n")
        #expect(!Self.carriesRawControls(printed.stdout))
        // The file's name is in the comment as `%XX` (read back exactly), the comment's text escaped.
        #expect(printed.stdout.contains(#"# unsupported-swift: a%1B[32mb.swift:4:9: `manager.register(/* \u{1B}"#))

        // The manifest written is one `lint` reads, and its notes are escaped the same way.
        let written = try runGuarded(["extract", ".", "--output", "out", "--library-version", "11.0.1"], in: folder)
        #expect(written.status == 0)
        #expect(written.stderr == Self.hostileNote + "\nwrote out/FeedVC.maplint.yml\n")
        let linted = try runGuarded(["lint", "out"], in: folder)
        #expect(linted.status == 0)
        #expect(!Self.carriesRawControls(linted.stdout + linted.stderr))
        #expect(linted.stdout.contains(#"a\u{1B}[32mb.swift:4:9: note: `manager.register(/* \u{1B}[31mRED\u{7}"#))

        let swift = try runGuarded(["lint", "--swift", ".", "--library-version", "11.0.1"], in: folder)
        #expect(swift.status == 0)
        // `lint` cuts the long note: what was met, then why as a related note.
        #expect(
            swift.stdout
                == #"a\u{1B}[32mb.swift:4:9: note: `manager.register(/* \u{1B}[31mRED\u{7} */ PostCell.self)` is not "#
                + "extracted [unsupported-swift]\n"
                + #"a\u{1B}[32mb.swift:4:9: note: `PostCell` is not declared in the Swift files read, so its model type is "#
                + "unknown\n1 file checked: 0 errors, 0 warnings, 1 note (1 related)\n")
        for format in ["json", "sarif", "checkstyle", "junit", "github", "markdown"] {
            let structured = try runGuarded(
                ["lint", "--swift", ".", "--library-version", "11.0.1", "--format", format], in: folder)
            #expect(structured.status == 0, "\(format)")
            #expect(!Self.carriesRawControls(structured.stdout), "\(format)")
        }
    }

    @Test func argumentsQuotedInUsageErrorsAreEscaped() throws {
        let folder = try temporaryFolder()
        let output = try runGuarded(["lint", "--severity", "x\u{1B}[31m\u{7}=error"], in: folder)
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix(#"Error: --severity: unknown rule 'x\u{1B}[31m\u{7}'"#))
        #expect(!Self.carriesRawControls(output.stderr))

        let initialised = try runGuarded(["init", "x\u{1B}[31m.maplint.yml"], in: folder)
        #expect(initialised.status == 0)
        #expect(initialised.stdout.hasPrefix(#"wrote x\u{1B}[31m.maplint.yml and "#))
    }

    /// On a terminal, the formatter's own colour sequences are written; those from the files are not.
    /// The file is named (the shell's glob spells its name), so no line per target comes first.
    @Test func colourOnATerminalStillWorks() throws {
        let folder = try Self.hostileSwiftFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = [
            "-qec", "'\(maplintExecutable().path)' lint --swift *.swift --library-version 11.0.1", "/dev/null",
        ]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = readAll(out.fileHandleForReading)
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[1ma\\u{1B}[32mb.swift:4:9\u{1B}[0m: \u{1B}[1;34mnote\u{1B}[0m: "))
        #expect(text.contains(#"/* \u{1B}[31mRED\u{7} */"#))
    }

    // MARK: - Destinations that are links

    @Test func anOutputFolderThatIsADanglingLinkIsRefused() throws {
        let folder = try temporaryFolder()
        try write(Self.swiftOverlapping, to: "Feed.swift", in: folder)
        try write(Self.overlapping, to: "t.maplint.yml", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out").path, withDestinationPath: "missing")
        try write("", to: "file", in: folder)
        let refusal =
            "'out' is a symbolic link to 'missing', which does not exist; maplint does not write through links: "
            + "remove it or name another folder"
        for (output, shown) in [("out", "out"), ("out/sub", "out/sub")] {
            let extracted = try runGuarded(
                ["extract", "Feed.swift", "--output", output, "--library-version", "11.0.1"], in: folder)
            #expect(extracted.status == 2)
            #expect(extracted.stderr == "maplint: cannot create the folder \(shown): \(refusal)\n")
        }
        let intoFile = try runGuarded(
            ["extract", "Feed.swift", "--output", "file/sub", "--library-version", "11.0.1"], in: folder)
        #expect(intoFile.status == 2)
        #expect(intoFile.stderr == "maplint: cannot create the folder file/sub: 'file' is a file, not a folder\n")

        let report = try runGuarded(["report", "t.maplint.yml", "--output", "out/report.md"], in: folder)
        #expect(report.status == 2)
        #expect(report.stderr == "maplint: cannot write out/report.md: \(refusal)\n")

        let baseline = try runGuarded(["lint", "t.maplint.yml", "--write-baseline", "out/b.json"], in: folder)
        #expect(baseline.status == 2)
        #expect(
            baseline.stderr == "maplint: cannot write the baseline out/b.json: cannot create its folder: \(refusal)\n")

        let initialised = try runGuarded(["init", "out/app.maplint.yml"], in: folder)
        #expect(initialised.status == 1)
        #expect(initialised.stderr == "maplint: cannot write out/app.maplint.yml: \(refusal)\n")
        // Nothing was made at the link's target.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))

        // A link to an existing folder is that folder.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("there").path, withDestinationPath: "real")
        let through = try runGuarded(
            ["extract", "Feed.swift", "--output", "there/manifests", "--library-version", "11.0.1"], in: folder)
        #expect(through.status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("real/manifests/FeedVC.maplint.yml").path))
    }

    // MARK: - init --schema

    @Test(arguments: [
        ("x\nregistrations: []", "the value holds a line break (U+000A)"),
        ("x\r\ny", "the value holds a line break (U+000D)"),
        ("x\u{85}y", "the value holds a line break (U+0085)"),
        ("x\u{2028}y", "the value holds a line break (U+2028)"),
        ("x\u{1B}[31my", "the value holds the control character U+001B"),
        ("x\ty", "the value holds the control character U+0009"),
        ("x\u{FEFF}", "the value holds the control character U+FEFF"),
        ("", "the value is empty"),
    ])
    func aSchemaValueThatWouldBreakTheManifestIsAUsageError(value: String, problem: String) throws {
        let folder = try temporaryFolder()
        let output = try runGuarded(["init", "--schema", value], in: folder)
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("Error: --schema: \(problem)"))
        #expect(!Self.carriesRawControls(output.stderr))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aSchemaValueInitAcceptsGivesAManifestLintAccepts() throws {
        let folder = try temporaryFolder()
        let output = try runGuarded(["init", "--schema", "https://example.com/schemas/v1.json#a b é"], in: folder)
        #expect(output.status == 0)
        let linted = try runGuarded(["lint", "--strict", "app.maplint.yml"], in: folder)
        #expect(linted.status == 0)
        #expect(linted.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    // MARK: - Lock files that cannot be read

    @Test func aTruncatedPackageResolvedIsNoted() throws {
        let folder = try temporaryFolder()
        try write(Self.swiftOverlapping, to: "App/Feed.swift", in: folder)
        try write(
            "{\n  \"pins\" : [\n    {\n      \"identity\" : \"dttableviewmanager\",\n", to: "App/Package.resolved",
            in: folder)
        let note =
            "App/Package.resolved:5:1: note: this Package.resolved cannot be read: it is not valid JSON (unexpected "
            + "end of file during JSON parse); it may have been cut short; no library version is taken from it, so "
            + "the manifests are checked as DTTableViewManager 11.0.1 (the newest version maplint models, as no other "
            + "lock file or requirement names it); if the app uses another version, pass it with --library-version, "
            + "or fix the file [unsupported-swift]"
        let extracted = try runGuarded(["extract", "App"], in: folder)
        #expect(extracted.status == 0)
        #expect(extracted.stderr == note + "\n")
        #expect(!extracted.stdout.contains("libraryVersion"))

        let linted = try runGuarded(["lint", "--swift", "App"], in: folder)
        #expect(linted.status == 1)
        #expect(linted.stdout.contains(note + "\n"))
        #expect(linted.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 1 note (3 related)\n"))

        let given = try runGuarded(["lint", "--swift", "App", "--library-version", "8.0.0"], in: folder)
        #expect(!given.stdout.contains("Package.resolved"))
    }

    // MARK: - Inputs that lengthen a walk

    @Test func aXibOfFortyThousandObjectsOnOneLineIsChecked() throws {
        let folder = try temporaryFolder()
        var xib = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document><objects>"
        for index in 0..<40_000 { xib += "<tableViewCell id=\"c\(index)\" customClass=\"Cell\(index)\"/>" }
        xib += "</objects></document>\n"
        try write(xib, to: "res/C.xib", in: folder)
        try write(
            "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n  - cell: C\n    model: Int\n    xib: C\n",
            to: "c.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "c.maplint.yml", "--resources", "res"], in: folder, timeout: 60)
        #expect(output.status == 0)
        #expect(
            output.stdout.contains("res/C.xib:1:58: note: the top-level tableViewCell of C.xib is Cell0\n"))
        #expect(output.stdout.hasSuffix("1 file checked: 0 errors, 1 warning, 0 notes (3 related)\n"))
    }

    @Test func anEightThousandModelInheritanceChainIsChecked() throws {
        let folder = try temporaryFolder()
        var manifest = "version: 1\nhost: tableView\nmodels:\n  M0: {}\n"
        for index in 1..<8_000 { manifest += "  M\(index): {inherits: M\(index - 1)}\n" }
        manifest += "registrations:\n  - cell: A\n    model: M0\n  - cell: B\n    model: M7999\n"
        try write(manifest, to: "chain.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "chain.maplint.yml"], in: folder, timeout: 60)
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("chain.maplint.yml:8007:5: error: B (entry 1) is never used"))
        #expect(output.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes (3 related)\n"))
    }

    // MARK: - Files over their size limits

    /// A sparse file of `size` bytes: the limit is checked on its size, so nothing is read.
    static func sparse(_ name: String, size: Int, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        #expect(truncate(url.path, off_t(size)) == 0)
    }

    @Test func eachKindOfFileHasASizeLimit() throws {
        let folder = try temporaryFolder()
        try write(Self.overlapping, to: "t.maplint.yml", in: folder)
        try Self.sparse("baseline.json", size: (64 << 20) + 1, in: folder)
        let baseline = try runGuarded(["lint", "t.maplint.yml", "--baseline", "baseline.json"], in: folder)
        #expect(baseline.status == 2)
        #expect(
            baseline.stderr
                == "maplint: cannot read the baseline baseline.json: the file is 67108865 bytes, over the limit of "
                + "67108864 bytes\n")

        try Self.sparse("big.yml", size: (1 << 20) + 1, in: folder)
        let configuration = try runGuarded(["lint", "t.maplint.yml", "--config", "big.yml"], in: folder)
        #expect(configuration.status == 2)
        #expect(
            configuration.stderr.hasPrefix(
                "big.yml:1:1: error: the file is 1048577 bytes, over the limit of 1048576 bytes"))

        try Self.sparse("res/C.xib", size: (64 << 20) + 1, in: folder)
        try write(
            "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n  - cell: C\n    model: Int\n    xib: C\n",
            to: "c.maplint.yml", in: folder)
        let xib = try runGuarded(["lint", "c.maplint.yml", "--resources", "res"], in: folder)
        #expect(xib.stdout.contains("the file is 67108865 bytes, over the limit of 67108864 bytes"))

        try Self.sparse("App/App.xcodeproj/project.pbxproj", size: (64 << 20) + 1, in: folder)
        try write(Self.swiftOverlapping, to: "App/Feed.swift", in: folder)
        let project = try runGuarded(["extract", "App/App.xcodeproj"], in: folder)
        #expect(project.status == 2)
        #expect(
            project.stderr.hasPrefix(
                "App/App.xcodeproj:1:1: error: App/App.xcodeproj/project.pbxproj cannot be read: the file is 67108865 "
                    + "bytes, over the limit of 67108864 bytes\n"))

        try Self.sparse("Big.swift", size: (8 << 20) + 1, in: folder)
        let swift = try runGuarded(["lint", "--swift", "Big.swift"], in: folder)
        #expect(swift.status == 2)
        #expect(swift.stdout.hasPrefix("Big.swift:1:1: error: the Swift file is 8388609 bytes, over maplint's limit"))

        // A data file keeps the manifest's limit.
        try Self.sparse("data.yml", size: (256 << 20) + 1, in: folder)
        let data = try runGuarded(["lint", "t.maplint.yml", "--data", "data.yml"], in: folder)
        #expect(data.status == 2)
        #expect(
            data.stdout.contains("data.yml:1:1: error: the file is 268435457 bytes, over the limit of 268435456 bytes"))
    }

    /// A xib of more objects than maplint keeps of one file is a warning at the object past the
    /// limit, read no further.
    @Test func aXibOfTooManyObjectsIsRefused() throws {
        let folder = try temporaryFolder()
        var xib = "<document><objects>"
        xib.reserveCapacity(7 * 200_001 + 40)
        for _ in 0...200_000 { xib += "<view/>" }
        xib += "</objects></document>\n"
        try write(xib, to: "res/V.xib", in: folder)
        try write(
            "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n  - cell: V\n    model: Int\n    xib: V\n",
            to: "v.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "v.maplint.yml", "--resources", "res"], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stdout.contains(
                "cannot be read, so it was not checked: it holds more than 200000 top-level objects and prototypes, "
                    + "over what maplint keeps of one file"))
        #expect(output.stdout.contains("res/V.xib:1:\(20 + 200_000 * 7): note: V.xib stops being readable here"))
    }
}
