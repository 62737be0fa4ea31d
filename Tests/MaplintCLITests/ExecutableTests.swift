import Foundation
import MaplintCLI
import Testing

/// One executable, `maplint`, reads manifests and Swift sources alike.
@Suite struct ExecutableTests {
    static let app = "Fixtures/swift/FeedApp"

    /// Whether the executable holds a symbol of the SwiftSyntax module (its mangled prefix).
    static func linksSwiftSyntax(_ executable: URL) throws -> Bool {
        let bytes = try Data(contentsOf: executable)
        return bytes.range(of: Data("11SwiftSyntax".utf8)) != nil
    }

    @Test func maplintReadsSwiftItself() throws {
        #expect(try Self.linksSwiftSyntax(maplintExecutable()))
    }

    /// A `maplint` copied alone into an empty folder (or reached through a link) does everything:
    /// nothing is looked for beside it.
    @Test func aCopyAloneReadsManifestsAndSwift() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("maplint")
        try FileManager.default.copyItem(at: maplintExecutable(), to: alone)
        let link = folder.appendingPathComponent("linked-maplint")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: maplintExecutable())
        for executable in [alone, link] {
            let manifest = try runMaplint(["lint", "Fixtures/feed.maplint.yml"], executable: executable)
            #expect(manifest.status == 0)
            #expect(manifest.stdout.hasSuffix("1 file checked: 0 errors, 2 warnings, 0 notes (3 related)\n"))
            let swift = try runMaplint(["lint", "--swift", Self.app], executable: executable)
            #expect(swift.status == 1)
            #expect(
                swift.stdout.hasSuffix("24 files checked: 5 errors, 2 warnings, 7 notes (23 related)\n"),
                "\(swift.stdout)")
            let extract = try runMaplint(["extract", Self.app], executable: executable)
            #expect(extract.status == 0)
            #expect(extract.stdout.contains("registrations:"))
        }
    }

    /// `maplint version` prints what `maplint --version` prints.
    @Test func versionSubcommandPrintsTheVersion() throws {
        let subcommand = try runMaplint(["version"])
        let flag = try runMaplint(["--version"])
        #expect(subcommand.status == 0)
        #expect(subcommand.stdout == flag.stdout)
        #expect(subcommand.stdout.hasSuffix("\n") && subcommand.stdout.count > 1)
        #expect(subcommand.stderr.isEmpty)
    }

    /// A folder of manifests named `extract` is linted as manifests.
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
        #expect(
            output.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes (3 related)\n"), "\(output.stdout)")
    }
}
