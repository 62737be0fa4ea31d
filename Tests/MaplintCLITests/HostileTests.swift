import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile file systems and payloads (issue 17): each case is built in a temporary folder and run
/// through the built binary with a hang guard, so a run that blocks fails instead of stalling the suite.
@Suite struct HostileTests {
    static let cleanManifest = """
        version: 1
        host: tableView
        models: {}
        registrations:
          - cell: C
            model: Int

        """

    // MARK: - Item 1: links

    @Test func linksToTheFolderAndItsParentVisitEachManifestOnce() throws {
        let folder = try temporaryFolder()
        try write(Self.cleanManifest, to: "a.maplint.yml", in: folder)
        try link(".", at: "loop1", in: folder)
        try link(".", at: "loop2", in: folder)
        try link("..", at: "up", in: folder)
        let output = try runGuarded(["lint", "."], in: folder)
        let parent = try #require(realPath(folder.deletingLastPathComponent().path))
        #expect(output.status == 2)
        #expect(
            output.stdout == """
                up:1:1: error: this symbolic link leads out of the folders searched (to '\(parent)'), so maplint does not follow it; name its target instead, or pass --follow-links [invalid-manifest]
                1 file checked: 1 error, 0 warnings, 0 notes

                """)
    }

    @Test func linksOutOfTheTreeAreReportedAndFollowedOnlyWhenAsked() throws {
        let folder = try temporaryFolder()
        try write("SECRET_TOKEN: hunter2\n", to: "outside/secret.maplint.yml", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("tree"), withIntermediateDirectories: true)
        try link("../outside/secret.maplint.yml", at: "tree/link.maplint.yml", in: folder)
        try link("../outside", at: "tree/shared", in: folder)
        let outside = try #require(realPath(folder.appendingPathComponent("outside").path))

        let output = try runGuarded(["lint", "tree"], in: folder)
        #expect(output.status == 2)
        #expect(!output.stdout.contains("SECRET"))
        #expect(
            output.stdout == """
                tree/link.maplint.yml:1:1: error: this symbolic link leads out of the folders searched (to '\(outside)/secret.maplint.yml'), so maplint does not follow it; name its target instead, or pass --follow-links [invalid-manifest]
                tree/shared:1:1: error: this symbolic link leads out of the folders searched (to '\(outside)'), so maplint does not follow it; name its target instead, or pass --follow-links [invalid-manifest]
                0 files checked: 2 errors, 0 warnings, 0 notes

                """)

        // Followed, the one real file is checked once, though two paths lead to it.
        let followed = try runGuarded(["lint", "tree", "--follow-links"], in: folder)
        #expect(followed.status == 2)
        #expect(followed.stdout.hasPrefix("tree/link.maplint.yml:1:1: error: unknown key 'SECRET_TOKEN'"))
        #expect(followed.stdout.hasSuffix("1 file checked: 3 errors, 0 warnings, 0 notes\n"))
    }

    // MARK: - Item 2: special files

    @Test func fifosAreReportedAndNeverOpened() throws {
        let folder = try temporaryFolder()
        try write(Self.cleanManifest, to: "ok.maplint.yml", in: folder)
        try fifo("pipe.maplint.yml", in: folder)
        let fifoMessage = "this is a FIFO (named pipe), not a regular file: maplint reads only regular files"

        let searched = try runGuarded(["lint", "."], in: folder)
        #expect(searched.status == 2)
        #expect(
            searched.stdout == """
                pipe.maplint.yml:1:1: error: \(fifoMessage) [invalid-manifest]
                1 file checked: 1 error, 0 warnings, 0 notes

                """)

        let named = try runGuarded(["lint", "pipe.maplint.yml"], in: folder)
        #expect(named.status == 2)
        #expect(named.stdout.hasPrefix("pipe.maplint.yml:1:1: error: \(fifoMessage) [invalid-manifest]\n"))

        let resolve = try runGuarded(["resolve", "pipe.maplint.yml"], in: folder)
        #expect(resolve.status == 2)
        #expect(resolve.stderr.hasPrefix("pipe.maplint.yml:1:1: error: \(fifoMessage) [invalid-manifest]\n"))

        // The configuration file, an Interface Builder file and a Swift file.
        let configuration = try temporaryFolder()
        try write(Self.cleanManifest, to: "ok.maplint.yml", in: configuration)
        try fifo(".maplint.yml", in: configuration)
        let config = try runGuarded(["lint"], in: configuration)
        #expect(config.status == 2)
        #expect(config.stderr.hasPrefix(".maplint.yml:1:1: error: \(fifoMessage)"))

        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("res"), withIntermediateDirectories: true)
        try fifo("res/PostCell.xib", in: folder)
        let resources = try runGuarded(["lint", "ok.maplint.yml", "--resources", "res"], in: folder)
        #expect(resources.status == 2)
        #expect(resources.stdout.hasPrefix("res/PostCell.xib:1:1: error: \(fifoMessage) [invalid-manifest]\n"))
        let report = try runGuarded(["report", "ok.maplint.yml", "--resources", "res"], in: folder)
        #expect(report.status == 2)
        #expect(report.stderr == "res/PostCell.xib:1:1: error: \(fifoMessage) [invalid-manifest]\n")

        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("src"), withIntermediateDirectories: true)
        try fifo("src/Screen.swift", in: folder)
        let swift = try runGuarded(["lint", "--swift", "src"], in: folder)
        #expect(swift.status == 2)
        #expect(swift.stdout.hasPrefix("src/Screen.swift:1:1: error: \(fifoMessage) [invalid-manifest]\n"))
    }

    @Test func devicesAndOversizedLinkTargetsAreRefused() throws {
        let folder = try temporaryFolder()
        try link("/dev/zero", at: "zero.maplint.yml", in: folder)
        let zero = try runGuarded(["lint", "zero.maplint.yml"], in: folder)
        #expect(zero.status == 2)
        #expect(
            zero.stdout == """
                zero.maplint.yml:1:1: error: this is a character device, not a regular file: maplint reads only regular files [invalid-manifest]
                1 file checked: 1 error, 0 warnings, 0 notes

                """)

        // A sparse 300 MB file behind a small link: the size is checked on the file opened.
        let big = folder.appendingPathComponent("big.bin")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        #expect(truncate(big.path, 300_000_000) == 0)
        try link("big.bin", at: "big.maplint.yml", in: folder)
        let oversized = try runGuarded(["lint", "big.maplint.yml"], in: folder)
        #expect(oversized.status == 2)
        #expect(
            oversized.stdout.hasPrefix(
                "big.maplint.yml:1:1: error: the file is 300000000 bytes, over the limit of 268435456 bytes [invalid-manifest]\n"
            ))

        let data = try runGuarded(["lint", "zero.maplint.yml", "--data", "/dev/zero"], in: folder)
        #expect(data.status == 2)
    }

    // MARK: - Item 7: no false clean

    @Test func danglingLinksAndNamesThatAreNotUTF8AreReported() throws {
        let folder = try temporaryFolder()
        try write(Self.cleanManifest, to: "ok.maplint.yml", in: folder)
        try link("missing.maplint.yml", at: "dangling.maplint.yml", in: folder)
        let name: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".maplint.yml".utf8)
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)

        let output = try runGuarded(["lint", "."], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stdout == """
                bad\\xFF.maplint.yml:1:1: error: the name of this file is not valid UTF-8, so maplint cannot name it in its output and does not read it; rename it [invalid-manifest]
                dangling.maplint.yml:1:1: error: this is a symbolic link to 'missing.maplint.yml', which does not exist [invalid-manifest]
                1 file checked: 2 errors, 0 warnings, 0 notes

                """)
    }

    /// As root every folder is readable, so the binary runs as `nobody` through setpriv.
    @Test(
        .enabled(
            if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "running as root without /usr/bin/setpriv: folders without permissions are still readable")
    )
    func unreadableFoldersAndFilesAreErrorsNotAClean() throws {
        let runAsNobody = getuid() == 0
        let folder = try temporaryFolder()
        try write(
            adCellManifest, to: "app/screen.maplint.yml", in: folder)
        try write(Self.cleanManifest, to: "app/locked/hidden.maplint.yml", in: folder)
        try write("<document/>\n", to: "res/AdCell.xib", in: folder)
        try write("<document/>\n", to: "res/locked/Other.xib", in: folder)
        try write("class A {}\n", to: "src/locked/A.swift", in: folder)
        for locked in ["app/locked", "res/locked", "src/locked", "res/AdCell.xib"] {
            #expect(chmod(folder.appendingPathComponent(locked).path, 0) == 0)
        }
        defer {
            for locked in ["app/locked", "res/locked", "src/locked"] {
                chmod(folder.appendingPathComponent(locked).path, 0o755)
            }
        }

        let lint = try runGuarded(["lint", "app", "--resources", "res"], in: folder, asNobody: runAsNobody)
        #expect(lint.status == 2)
        let lines = lint.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(2) == [
                "app/locked:1:1: error: this folder cannot be read (permission denied), so the manifests in it are not checked [invalid-manifest]",
                "res/locked:1:1: error: this folder cannot be read (permission denied), so the Interface Builder files in it are not checked [invalid-manifest]",
            ])
        #expect(
            lint.stdout.contains(
                "AdCell.xib, loaded for AdCell (entry 0), cannot be read: it was not checked [invalid-ib-file]\n"
            ))
        #expect(
            lint.stdout.contains(
                "note: AdCell.xib, loaded for AdCell (entry 0, line 5), cannot be read, so it was not checked: the file "
                    + "cannot be read: permission denied\n"))
        #expect(lint.stdout.contains("note: fix: make it a readable regular file and run maplint again\n"))
        #expect(!lint.stdout.contains("there is no AdCell.xib"))

        let unreadableResources = try runGuarded(
            ["resolve", "app/screen.maplint.yml", "--resources", "res/locked"], in: folder, asNobody: runAsNobody)
        #expect(unreadableResources.status == 2)
        #expect(
            unreadableResources.stderr
                == "res/locked:1:1: error: this folder cannot be read (permission denied), so the Interface Builder files in it are not checked [invalid-manifest]\n"
        )

        // A folder of Swift is read as the app run reads it: its xibs and storyboards too.
        let swift = try runGuarded(["lint", "--swift", "src"], in: folder, asNobody: runAsNobody)
        #expect(swift.status == 2)
        #expect(
            swift.stdout.hasPrefix(
                "src/locked:1:1: error: this folder cannot be read (permission denied), so the Interface Builder files in it are not checked [invalid-manifest]\n"
                    + "src/locked:1:1: error: this folder cannot be read (permission denied), so the Swift files in it are not checked [invalid-manifest]\n"
            ))
    }

    // MARK: - Item 4: extract --output

    @Test func extractWritesOnlySafeNamesInsideTheOutputFolder() throws {
        let folder = try temporaryFolder()
        let long = String(repeating: "L", count: 300)
        try write(
            """
            class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
            class `x/../../../OUTSIDE`: UIViewController, DTTableViewManageable {
                func viewDidLoad() { manager.register(PostCell.self) }
            }
            class \(long): UIViewController, DTTableViewManageable {
                func viewDidLoad() { manager.register(PostCell.self) }
            }
            class Evil: UIViewController, DTTableViewManageable {
                func viewDidLoad() { manager.register(PostCell.self) }
            }

            """, to: "src/Screens.swift", in: folder)
        try write("keep\n", to: "victim.txt", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try link("../victim.txt", at: "out/Evil.maplint.yml", in: folder)

        let output = try runGuarded(["extract", "src", "--output", "out"], in: folder)
        #expect(output.status == 2)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .sorted()
        let longName = try #require(written.first { $0.hasPrefix("LLL") })
        #expect(longName.utf8.count == 255)
        #expect(longName.hasSuffix(".maplint.yml"))
        #expect(written.contains("_x_.._.._.._OUTSIDE_.maplint.yml"))
        #expect(written.count == 3)
        #expect(
            output.stderr.contains(
                "maplint: cannot write out/Evil.maplint.yml: it is a symbolic link (to '../victim.txt'); maplint does not write through links: remove it or name another file\n"
            ))
        #expect(output.stderr.contains("wrote out/_x_.._.._.._OUTSIDE_.maplint.yml\n"))
        #expect(
            try String(contentsOf: folder.appendingPathComponent("victim.txt"), encoding: .utf8) == "keep\n")
        let parent = folder.deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("OUTSIDE.maplint.yml").path))
    }

    // MARK: - Item 6: writes

    @Test func reportNeverOverwritesItsInputAndLeavesNoTemporaryFile() throws {
        let folder = try temporaryFolder()
        try write(Self.cleanManifest, to: "screen.maplint.yml", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let refused = try runGuarded(
            ["report", "screen.maplint.yml", "--output", "sub/../screen.maplint.yml"], in: folder)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "maplint: cannot write sub/../screen.maplint.yml: it is an input of this run (screen.maplint.yml); maplint does not overwrite its inputs\n"
        )
        #expect(
            try String(contentsOf: folder.appendingPathComponent("screen.maplint.yml"), encoding: .utf8)
                == Self.cleanManifest)

        let written = try runGuarded(["report", "screen.maplint.yml", "--output", "report.md"], in: folder)
        #expect(written.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["report.md", "screen.maplint.yml", "sub"])
    }

    @Test func initDoesNotWriteThroughADanglingLink() throws {
        let folder = try temporaryFolder()
        try link("nowhere.maplint.yml", at: "app.maplint.yml", in: folder)
        let plain = try runGuarded(["init"], in: folder)
        #expect(plain.status == 1)
        #expect(plain.stderr == "maplint: app.maplint.yml already exists; use --force to overwrite it\n")
        let forced = try runGuarded(["init", "--force"], in: folder)
        #expect(forced.status == 1)
        #expect(
            forced.stderr
                == "maplint: cannot write app.maplint.yml: it is a symbolic link (to 'nowhere.maplint.yml'); maplint does not write through links: remove it or name another file\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.maplint.yml").path))
    }

    @Test func aBaselineThatCannotBeWrittenStillPrintsTheFindings() throws {
        let folder = try temporaryFolder()
        try write(Self.cleanManifest, to: "screen.maplint.yml", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("baseline.json"), withIntermediateDirectories: true)
        let output = try runGuarded(["lint", "--write-baseline", "baseline.json"], in: folder)
        #expect(output.status == 2)
        #expect(output.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(output.stderr == "maplint: cannot write the baseline baseline.json: it is a folder\n")

        let input = try runGuarded(["lint", "--write-baseline", "screen.maplint.yml"], in: folder)
        #expect(input.status == 2)
        #expect(
            input.stderr
                == "maplint: cannot write the baseline screen.maplint.yml: it is an input of this run (screen.maplint.yml); maplint does not overwrite its inputs\n"
        )
    }

    /// A standard output that refuses the bytes (here /dev/full: "No space left on device") is
    /// named on the standard error with status 2, for every command that writes one.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")),
        arguments: [
            ["lint", "screen.maplint.yml"], ["lint", "screen.maplint.yml", "--format", "json"],
            ["resolve", "screen.maplint.yml"], ["rules"], ["schema"],
        ])
    func aStandardOutputThatCannotBeWrittenIsReportedNotACrash(_ arguments: [String]) throws {
        let folder = try temporaryFolder()
        try write(Self.cleanManifest, to: "screen.maplint.yml", in: folder)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let output = try runGuarded(arguments, in: folder, standardOutput: full)
        #expect(output.status == 2)
        #expect(output.stderr == "maplint: cannot write to the standard output: No space left on device\n")
    }

    // MARK: - Item 5: output that cannot be injected

    static let injectedIdentifier = """
        version: 1
        host: tableView
        models: {}
        registrations:
          - cell: A
            model: Int
            reuseIdentifier: "x\\r\\n::error file=evil.swift::injected <img src=x onerror=alert(1)> | cell"
          - cell: B
            model: String
            reuseIdentifier: "x\\r\\n::error file=evil.swift::injected <img src=x onerror=alert(1)> | cell"

        """

    @Test func crlfInANameCannotStartAWorkflowCommand() throws {
        let folder = try temporaryFolder()
        try write(Self.injectedIdentifier, to: "screen.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "screen.maplint.yml", "--format", "github"], in: folder)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("::error file=screen.maplint.yml,") || line.hasPrefix("::warning file=screen"))
        }
        #expect(!output.stdout.contains("\r"))
        #expect(output.stdout.contains("x%0D%0A::error file=evil.swift::injected"))
    }

    @Test func markdownKeepsItsTableAndHasNoRawHTML() throws {
        let folder = try temporaryFolder()
        try write(Self.injectedIdentifier, to: "screen.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "screen.maplint.yml", "--format", "markdown"], in: folder)
        #expect(output.status == 1)
        // Only the escaped form: GitHub shows `\<img` as text.
        #expect(!output.stdout.replacingOccurrences(of: "\\<", with: "").contains("<img"))
        #expect(
            output.stdout.contains("'x<br>::error file=evil.swift::injected \\<img src=x onerror=alert(1)\\> \\| cell'")
        )
        for line in output.stdout.split(separator: "\n") where line.hasPrefix("| ") {
            #expect(line.hasSuffix(" |"))
        }
        let report = try runGuarded(["report", "screen.maplint.yml"], in: folder)
        #expect(report.status == 0)
        #expect(!report.stdout.contains("\r"))
    }

    @Test func htmlReportAndMermaidDiagramHaveNoRawMarkupOrLineBreaks() throws {
        let folder = try temporaryFolder()
        try write(Self.injectedIdentifier, to: "screen.maplint.yml", in: folder)
        let html = try runGuarded(["report", "screen.maplint.yml", "--format", "html"], in: folder)
        #expect(html.status == 0)
        #expect(!html.stdout.contains("<img"))
        #expect(!html.stdout.contains("\r"))
        #expect(html.stdout.components(separatedBy: "<script").count == 2)
        // In the diagram the line break is drawn as U+FFFD; the tooltip keeps it as character references.
        #expect(html.stdout.contains(">x\u{FFFD}\u{FFFD}::error file=evil.swift::i…</text>"))
        #expect(html.stdout.contains("<title>reuse identifier x&#13;&#10;::error file=evil.swift::injected &lt;img"))
        let markdown = try runGuarded(["report", "screen.maplint.yml"], in: folder)
        let mermaid = try #require(markdown.stdout.components(separatedBy: "```mermaid\n").dropFirst().first)
        let block = try #require(mermaid.components(separatedBy: "\n```").first)
        #expect(!block.contains("<") && !block.contains("|") && !block.contains("\r"))
        #expect(block.contains("    i0{{\"x#65533;#65533;::error file#61;evil.swift::i#8230;\"}}\n"))
    }

    @Test func textOutputEscapesControlCharacters() throws {
        let folder = try temporaryFolder()
        let name = "a\u{1B}[31mred\r.maplint.yml"
        try write("version: 2\n", to: name, in: folder)
        let output = try runGuarded(["lint", name], in: folder)
        #expect(output.status == 2)
        #expect(!output.stdout.contains("\u{1B}"))
        #expect(!output.stdout.contains("\r"))
        #expect(
            output.stdout.hasPrefix(
                "a\\u{1B}[31mred\\r.maplint.yml:1:1: error: the manifest needs 'host: tableView' or 'host: collectionView'"
            ))

        try write(Self.injectedIdentifier, to: "screen.maplint.yml", in: folder)
        let text = try runGuarded(["lint", "screen.maplint.yml"], in: folder)
        #expect(text.status == 1)
        #expect(!text.stdout.contains("\r"))
        #expect(text.stdout.contains("x\\r\\n::error file=evil.swift::injected"))
    }

    @Test func csvCellsCannotBeFormulas() throws {
        let folder = try temporaryFolder()
        try write(
            """
            version: 1
            host: tableView
            models: {}
            registrations:
              - cell: C
                model: Int
                reuseIdentifier: "=HYPERLINK(\\"http://x\\",\\"y\\")"
            sample:
              sections:
                - items: [1]

            """, to: "screen.maplint.yml", in: folder)
        let output = try runGuarded(["resolve", "screen.maplint.yml", "--format", "csv"], in: folder)
        #expect(output.status == 0)
        let rows = output.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.last == #"0,0,cell,,Int,0,0,C,"'=HYPERLINK(""http://x"",""y"")",0,"#)
    }

    // MARK: - Item 10: YAML tags

    @Test(arguments: [
        ("!!bool 1", "7:14: error: the tag '!!bool' needs true or false, but the value is '1'"),
        ("!!float 1", "7:14: error: 'section' must be an integer, not a number ('1')"),
        ("!!str 1", "7:14: error: 'section' must be an integer, not a string ('1')"),
        ("!!null 1", "7:14: error: the tag '!!null' needs null, but the value is '1'"),
        ("!!int x", "7:14: error: the tag '!!int' needs an integer, but the value is 'x'"),
        (
            "!custom 1",
            "7:14: error: the tag '!custom' is not supported: maplint reads the core schema tags !!str, !!int, !!float, !!bool and !!null on values, !!seq and !!map on lists and mappings"
        ),
        ("!!map [1]", "7:14: error: the tag '!!map' does not fit a list"),
    ])
    func yamlTagsAreHonouredOrRejected(value: String, expected: String) throws {
        let folder = try temporaryFolder()
        try write(
            """
            version: 1
            host: tableView
            models: {}
            registrations:
              - cell: C
                model: Int
                section: \(value)

            """, to: "t.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "t.maplint.yml"], in: folder)
        #expect(output.status == 2)
        #expect(output.stdout.hasPrefix("t.maplint.yml:" + expected), "\(output.stdout)")
    }

    @Test func honouredTagsLoad() throws {
        let folder = try temporaryFolder()
        try write(
            """
            version: !!int 1
            host: !!str tableView
            models: !!map {}
            registrations: !!seq
              - cell: C
                model: Int
                section: !!int "1"

            """, to: "t.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "t.maplint.yml"], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
    }

    /// One cell whose xib, AdCell, the IB cases put under `--resources`.
    private let adCellManifest = """
        version: 1
        host: tableView
        models: {}
        registrations:
          - cell: AdCell
            model: Int
            xib: AdCell

        """

    // MARK: - Item 9: XML

    @Test func anAttributeOverLibxml2sLimitIsNamedAsSuch() throws {
        let folder = try temporaryFolder()
        try write(
            adCellManifest, to: "screen.maplint.yml", in: folder)
        let huge = String(repeating: "A", count: 10_000_100)
        try write(
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<document><objects><tableViewCell id="c" customClass=""# + huge + "\"/></objects></document>\n",
            to: "res/AdCell.xib", in: folder)
        let output = try runGuarded(["lint", "screen.maplint.yml", "--resources", "res"], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                "screen.maplint.yml:7:10: warning: AdCell.xib, loaded for AdCell (entry 0), cannot be read: it was not checked [invalid-ib-file]\n"
            ))
        #expect(
            output.stdout.contains(
                "screen.maplint.yml:7:10: note: AdCell.xib, loaded for AdCell (entry 0, line 5), cannot be read, so it was not checked: it holds a text or attribute value of 10000137 bytes, over the 10000000 bytes that libxml2, the XML parser maplint uses, reads in one value\n"
                    + "screen.maplint.yml:7:10: note: fix: Xcode may still compile it, but maplint cannot check it: check this file by hand\n"
            ))
        #expect(!output.stdout.contains("Xcode cannot compile it either"))
    }

    // MARK: - Item 8: output that grows with pairs

    /// 16,000 identical registrations (a 416 KB file) once took minutes and ran out of memory:
    /// registrations of one shape are decided once, so the run stops at the pair limit at once,
    /// inside a 4 GiB address space.
    @Test func identicalRegistrationsStopAtThePairLimit() throws {
        let folder = try temporaryFolder()
        var text = "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n"
        text += String(repeating: "  - {cell: C, model: Int}\n", count: 16_000)
        text += "sample:\n  sections:\n    - items: [1, 2, 3]\n"
        try write(text, to: "same.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "same.maplint.yml"], in: folder, addressSpace: 4 << 30)
        #expect(output.status == 2)
        #expect(
            output.stdout.hasPrefix(
                "same.maplint.yml:1419:6: error: the registrations up to C (entry 1414, line 1419) can both match one item in more than 1000000 pairs"
            ), "\(output.stdout.prefix(300))")
        // Without the pair rules there is no pair limit: each later registration is unreachable,
        // named with the first one, which covers it alone.
        let unpaired = try runGuarded(
            [
                "lint", "same.maplint.yml", "--disabled-rules",
                "intersecting-conditions,undecided-conditions,ambiguous-item",
            ], in: folder, addressSpace: 4 << 30)
        #expect(unpaired.status == 1)
        let unreachable = unpaired.stdout.split(separator: "\n").filter { $0.hasSuffix("[unreachable-registration]") }
        #expect(unreachable.count == 15_999)
        #expect(
            unreachable.first
                == "same.maplint.yml:6:6: error: C (entry 1) repeats C (entry 0) for the same view: this mapping is never chosen [unreachable-registration]"
        )
    }

    /// Registrations split by `model % 250 == k` are disjoint by their pinned residues: no pair is
    /// searched, and only the item no residue takes is reported.
    @Test func remainderPartitionsAreDisjointByTheirResidues() throws {
        let folder = try temporaryFolder()
        var text = "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n"
        for k in 0..<250 {
            text += "  - cell: C\(k)\n    model: Int\n    condition: \"model % 250 == \(k)\"\n"
        }
        text += "sample:\n  sections:\n    - items: [1, 249, 250, -3]\n"
        try write(text, to: "residues.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "residues.maplint.yml"], in: folder, addressSpace: 4 << 30)
        // -3 % 250 is -3 in Swift: no registration takes it; 1, 249 and 250 resolve.
        #expect(output.status == 1)
        #expect(
            output.stdout.split(separator: "\n").map(String.init) == [
                "residues.maplint.yml:757:28: error: item 3 of section 0 (an Int) matches no registration: nothing will be displayed (runtime anomaly noCellMappingFound); the conditions of C0 (entry 0, line 5), C1 (entry 1, line 8), C2 (entry 2, line 11) and 247 more do not hold at section 0, item 3; widen a condition or register a cell for Int without one [unresolved-item]",
                "residues.maplint.yml:5:5: note: C0 (entry 0, line 5): condition does not hold here",
                "residues.maplint.yml:8:5: note: C1 (entry 1, line 8): condition does not hold here",
                "residues.maplint.yml:11:5: note: C2 (entry 2, line 11): condition does not hold here",
                "1 file checked: 1 error, 0 warnings, 0 notes (3 related)",
            ])
        let resolved = try runGuarded(["resolve", "residues.maplint.yml", "--format", "csv"], in: folder)
        #expect(
            resolved.stdout.split(separator: "\n").dropFirst().map(String.init) == [
                "0,0,cell,,Int,1,1,C1,C1,1,", "0,1,cell,,Int,249,249,C249,C249,249,", "0,2,cell,,Int,0,0,C0,C0,0,",
                "0,3,cell,,Int,,,,,,unresolved-item",
            ])
    }

    @Test func intersectingFindingsPerRegistrationAreCapped() throws {
        let folder = try temporaryFolder()
        var text = "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n"
        // Prime moduli: no condition implies another, so no registration is unreachable.
        for k in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41] {
            text += "  - cell: C\(k)\n    model: Int\n    condition: \"model % \(k) == 0\"\n"
        }
        try write(text, to: "mod.maplint.yml", in: folder)
        let output = try runGuarded(["lint", "mod.maplint.yml"], in: folder)
        #expect(output.status == 0)
        let findings = output.stdout.split(separator: "\n").filter { $0.hasSuffix("[intersecting-conditions]") }
        // Entries 1...12 meet every earlier one: 1 + 2 + ... + 10, then 10 + a summary for entries 11 and 12.
        #expect(findings.count == 55 + 11 + 11)
        #expect(
            findings.last
                == "mod.maplint.yml:41:5: warning: C41 (entry 12) is shadowed by 2 more earlier registrations (entries 10, 11) [intersecting-conditions]"
        )
    }
}

// MARK: - Helpers

/// A flag set from the timer thread.
private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Runs maplint like `runMaplint`, killed after `timeout` seconds: a hang fails the test instead of
/// blocking the suite (a guard only; no test asserts a speed). `asNobody` runs it as uid 65534 via
/// setpriv, so folders without permissions are unreadable to it even when the tests run as root.
/// `standardOutput` sends the standard output to that file instead of a pipe (its text is then empty).
func runGuarded(
    _ arguments: [String], in directory: URL, asNobody: Bool = false, timeout: Double = 300,
    addressSpace: Int? = nil, standardOutput: FileHandle? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ProcessOutput {
    let process = Process()
    if let addressSpace {
        // Capped like `ulimit -v`: the documented limits must hold inside it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--as=\(addressSpace)", maplintExecutable().path] + arguments
    } else if asNobody {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid=65534", "--regid=65534", "--clear-groups", maplintExecutable().path] + arguments
    } else {
        process.executableURL = maplintExecutable()
        process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = standardOutput ?? out
    process.standardError = err
    try process.run()
    let pid = process.processIdentifier
    let timedOut = TimeoutFlag()
    let guardTimer = DispatchWorkItem {
        timedOut.set()
        kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: guardTimer)
    // Without the pipe as its standard output, its write end stays open here only: nothing to read.
    let outData = standardOutput == nil ? readAll(out.fileHandleForReading) : Data()
    let errData = readAll(err.fileHandleForReading)
    process.waitUntilExit()
    guardTimer.cancel()
    #expect(!timedOut.isSet, "maplint \(arguments) did not finish within \(timeout) s", sourceLocation: sourceLocation)
    return ProcessOutput(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

private func link(_ target: String, at name: String, in folder: URL) throws {
    try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
}

private func fifo(_ name: String, in folder: URL) throws {
    #expect(mkfifo(folder.appendingPathComponent(name).path, 0o644) == 0)
}

private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
