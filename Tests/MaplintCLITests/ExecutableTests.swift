import Foundation
import MaplintCLI
import Testing

/// `maplint` is built without swift-syntax and hands `extract` and `lint --swift` to
/// `maplint-swift`, found beside it (`SwiftSources`).
@Suite struct ExecutableTests {
    static let app = "Fixtures/swift/FeedApp"

    /// Whether the executable holds a symbol of the SwiftSyntax module (its mangled prefix).
    static func linksSwiftSyntax(_ executable: URL) throws -> Bool {
        let bytes = try Data(contentsOf: executable)
        return bytes.range(of: Data("11SwiftSyntax".utf8)) != nil
    }

    @Test func onlyMaplintSwiftLinksSwiftSyntax() throws {
        #expect(try !Self.linksSwiftSyntax(maplintExecutable()))
        #expect(try Self.linksSwiftSyntax(maplintExecutable("maplint-swift")))
    }

    /// The hand-over replaces the process: output and status are those of `maplint-swift` itself.
    @Test(arguments: [
        ["extract", app], ["lint", "--swift", app], ["lint", "--swift", app, "--format", "json", "--strict"],
        ["extract", "Fixtures/swift/FeedApp/Sources/FeedApp/Models"], ["lint", "--swift", "Fixtures/swift/missing"],
    ])
    func swiftSourcesGiveWhatMaplintSwiftGives(arguments: [String]) throws {
        let handedOver = try runMaplint(arguments)
        let direct = try runMaplint(arguments, executable: maplintExecutable("maplint-swift"))
        #expect(handedOver.status == direct.status)
        #expect(handedOver.stdout == direct.stdout)
        #expect(handedOver.stderr == direct.stderr)
        #expect(!handedOver.stdout.isEmpty || !handedOver.stderr.isEmpty)
    }

    /// `maplint` hands a run over before parsing when an argument is `extract` or `--swift`; a
    /// folder of manifests named `extract` is then linted by `maplint-swift`, as `maplint` would.
    @Test func aFolderNamedExtractIsLintedAsManifests() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifests = folder.appendingPathComponent("extract")
        try FileManager.default.createDirectory(at: manifests, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Fixtures/table-reuse-collision.maplint.yml"),
            to: manifests.appendingPathComponent("table-reuse-collision.maplint.yml"))
        let output = try runMaplint(["lint", "extract"], in: folder)
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("extract/table-reuse-collision.maplint.yml:"))
        #expect(output.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes\n"), "\(output.stdout)")
    }

    /// A `maplint` copied alone still lints manifests; Swift sources stop with status 2 and say
    /// what is missing and where it was looked for.
    @Test func withoutMaplintSwiftSwiftSourcesAreAnError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("maplint")
        try FileManager.default.copyItem(at: maplintExecutable(), to: alone)

        let manifest = try runMaplint(["lint", "Fixtures/feed.maplint.yml"], executable: alone)
        #expect(manifest.status == 0)
        #expect(manifest.stdout.hasSuffix("1 file checked: 0 errors, 6 warnings, 0 notes\n"))

        let message =
            "maplint: reading Swift sources needs maplint-swift, which is not in \(folder.path); build it with "
            + "`swift build --product maplint-swift`, or install both with `make install`\n"
        for arguments in [["extract", Self.app], ["lint", "--swift", Self.app, "--format", "json"]] {
            let output = try runMaplint(arguments, executable: alone)
            #expect(output.status == 2)
            #expect(output.stdout == "")
            #expect(output.stderr == message)
        }
    }

    /// A `maplint-swift` that is another `maplint` (a copy) would hand the run on forever: the
    /// second one stops with status 2 instead.
    @Test func aMaplintSwiftThatIsMaplintStopsTheRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let maplint = folder.appendingPathComponent("maplint")
        try FileManager.default.copyItem(at: maplintExecutable(), to: maplint)
        try FileManager.default.copyItem(at: maplintExecutable(), to: folder.appendingPathComponent("maplint-swift"))
        let output = try runMaplint(["extract", Self.app], executable: maplint)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(
            output.stderr
                == "maplint: the maplint-swift beside maplint is another maplint, which handed the run back; "
                + "reinstall both with `make install`\n")
    }

    /// A link to `maplint` (as a package manager puts in a folder on the PATH) finds
    /// `maplint-swift` beside the file it leads to.
    @Test func aLinkToMaplintFindsMaplintSwiftBesideItsTarget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("maplint")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: maplintExecutable())
        let output = try runMaplint(["lint", "--swift", Self.app], executable: link)
        #expect(output.status == 1)
        #expect(output.stdout.hasSuffix("24 files checked: 3 errors, 2 warnings, 6 notes\n"))

        let target = maplintExecutable().resolvingSymlinksInPath().deletingLastPathComponent().path
        #expect(
            SwiftSources.helperCandidates(executable: link.path) == [
                folder.appendingPathComponent("maplint-swift").path, target + "/maplint-swift",
            ])
        #expect(SwiftSources.helperCandidates(executable: "/opt/tools/maplint") == ["/opt/tools/maplint-swift"])
        // Never beside a relative path, which would be the current folder.
        #expect(SwiftSources.helperCandidates(executable: "maplint") == [])
        #expect(SwiftSources.helperCandidates(executable: "bin/maplint") == [])
    }
}
