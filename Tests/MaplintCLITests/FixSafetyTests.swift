import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lint --fix` writes the way an editor must (docs/limits-and-safety.md, "--fix"): only inside
/// the paths named, never through a link, never over a file the user may not write, keeping owner,
/// group, mode, line endings and the final newline, and the summary counts only what was written.
@Suite struct FixSafetyTests {
    /// A table screen whose second registration takes the first one's reuse identifier: the fix
    /// gives it its own.
    static let screen = """
        import UIKit
        import DTTableViewManager

        final class Post {}
        final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }

        final class FeedViewController: UIViewController, DTTableViewManageable {
            var tableView: UITableView!
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.register(PostCell.self) { mapping in
                    mapping.condition = .section(0)
                    mapping.reuseIdentifier = "same"
                }
                manager.register(OtherCell.self) { mapping in
                    mapping.condition = .section(1)
                    mapping.reuseIdentifier = "same"
                }
            }
        }

        """

    /// A project whose one target compiles a Swift file named by an absolute path.
    static func project(compiling path: String) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		F1 = {isa = PBXBuildFile; fileRef = R1; };
        		R1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "\(path)"; sourceTree = "<absolute>"; };
        		G0 = {isa = PBXGroup; children = (R1); sourceTree = "<group>"; };
        		P1 = {isa = PBXSourcesBuildPhase; files = (F1); };
        		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1); name = Feed; productType = "com.apple.product-type.application"; };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        		C1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; }; name = Release; };
        		X1 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        	};
        	rootObject = X1;
        }
        """
    }

    @Test func aFileOutsideTheProjectsFolderIsNotWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("elsewhere/FeedViewController.swift")
        try FileManager.default.createDirectory(
            at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.screen.utf8).write(to: outside)
        let project = folder.appendingPathComponent("App/Feed.xcodeproj/project.pbxproj")
        try FileManager.default.createDirectory(
            at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.project(compiling: outside.path).utf8).write(to: project)

        let output = try runMaplint(["lint", "--swift", "--fix", "App/Feed.xcodeproj"], in: folder)
        #expect(try String(contentsOf: outside, encoding: .utf8) == Self.screen)
        #expect(output.status == 2)
        #expect(
            output.stderr.contains(
                "elsewhere/FeedViewController.swift: not written: it is outside the paths named (App); maplint "
                    + "writes only there\n"),
            "\(output.stderr)")
        #expect(output.stderr.hasSuffix("maplint: fixed 0 findings in 0 files\n"), "\(output.stderr)")
        // What is printed is what is on disk: the collision is still there.
        #expect(output.stdout.contains("[reuse-identifier-collision]"), "\(output.stdout)")

        // Named itself, the same file is fixed.
        let named = try runMaplint(["lint", "--swift", "--fix", "elsewhere"], in: folder)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOf: outside, encoding: .utf8) != Self.screen)
    }

    /// A file reached through a linked folder is not written through the link.
    @Test func aFileInALinkedFolderIsNotWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real/FeedViewController.swift")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.screen.utf8).write(to: real)
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: app.appendingPathComponent("Screens"), withDestinationURL: real.deletingLastPathComponent())
        let output = try runMaplint(
            ["lint", "--swift", "--fix", "app/Screens/FeedViewController.swift"], in: folder)
        #expect(try String(contentsOf: real, encoding: .utf8) == Self.screen)
        #expect(output.stderr.contains("maplint does not write through links"), "\(output.stderr)")
        #expect(output.stderr.hasSuffix("maplint: fixed 0 findings in 0 files\n"), "\(output.stderr)")
    }

    /// Run as another user (root runs the suite in CI): a file that user may not write is not
    /// replaced, even in a folder where the rename would succeed, and the summary says nothing
    /// was fixed.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFileTheUserMayNotWriteIsNotReplaced() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("FeedViewController.swift")
        try Data(Self.screen.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let executable = try copyForEveryone(folder)
        let output = try runMaplint(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", executable.path, "lint", "--swift", "--fix",
                file.path,
            ],
            in: folder, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.screen)
        let info = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(info[.ownerAccountID] as? Int == 0)
        #expect(output.status == 2)
        #expect(
            output.stderr.contains("\(file.path): not written: you may not write it (permission denied)"),
            "\(output.stderr)")
        #expect(output.stderr.hasSuffix("maplint: fixed 0 findings in 0 files\n"), "\(output.stderr)")
    }

    /// As root, a fixed file keeps its owner and group.
    @Test(.enabled(if: geteuid() == 0))
    func aFixedFileKeepsItsOwnerAndGroup() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("FeedViewController.swift")
        try Data(Self.screen.utf8).write(to: file)
        #expect(chown(file.path, 65534, 65534) == 0)
        let output = try runMaplint(["lint", "--swift", "--fix", "FeedViewController.swift"], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) != Self.screen)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_uid == 65534 && info.st_gid == 65534)
        #expect(output.stderr.hasSuffix("maplint: fixed 1 finding in 1 file\n"), "\(output.stderr)")
    }

    /// A folded block scalar replaced by the fix keeps the line break that ends it, so the file
    /// keeps its final newline.
    @Test(arguments: ["\n", "\r\n"])
    func aFoldedIdentifierKeepsTheFinalNewline(lineBreak: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = [
            "version: 1", "host: tableView", "models:", "  Post: {}", "registrations:", "  - cell: PostCell",
            "    model: Post", "    section: 0", "  - cell: OtherCell", "    model: Post", "    section: 1",
            "    reuseIdentifier: >-", "      PostCell",
        ]
        let file = folder.appendingPathComponent("t.maplint.yml")
        try Data((lines.joined(separator: lineBreak) + lineBreak).utf8).write(to: file)
        let output = try runMaplint(["lint", "--fix", "t.maplint.yml"], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        let expected = lines.dropLast(2) + ["    reuseIdentifier: other-cell"]
        #expect(try String(contentsOf: file, encoding: .utf8) == expected.joined(separator: lineBreak) + lineBreak)
    }

    /// A copy of maplint that any user may run (the build folder may not be reachable for them).
    private func copyForEveryone(_ folder: URL) throws -> URL {
        let copy = folder.appendingPathComponent("bin/maplint")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: maplintExecutable(), to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: copy.deletingLastPathComponent().path)
        return copy
    }
}
