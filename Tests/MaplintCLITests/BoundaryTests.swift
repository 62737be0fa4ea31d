import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository is untrusted input (docs/limits-and-safety.md, "Trust model"): what it names
/// outside its root is a finding and never read, no output replaces a file the run read, a
/// configuration file above the folders named that someone else could have written is not used,
/// and a part that cannot be read is one positioned error while the rest is still checked.
@Suite struct BoundaryTests {
    /// A screen whose two cells share the identifier "row": one `reuse-identifier-collision` error.
    static func screen(_ name: String) -> String {
        """
        import DTTableViewManager

        final class \(name): UIViewController, DTTableViewManageable {
            override func viewDidLoad() {
                manager.register(\(name)RowCell.self) { mapping in mapping.reuseIdentifier = "row" }
                manager.register(\(name)OtherCell.self) { mapping in mapping.reuseIdentifier = "row" }
            }
        }
        struct \(name)Row {}
        final class \(name)RowCell: UITableViewCell, ModelTransfer { func update(with model: \(name)Row) {} }
        final class \(name)OtherCell: UITableViewCell, ModelTransfer { func update(with model: \(name)Row) {} }

        """
    }

    /// Writes `files` (path → text) under `folder`.
    static func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// An Xcode 16 project whose app target compiles its synchronised folder `Screens`, a folder at
    /// `synchronised` and the file reference `leaking` (relative to the project's folder).
    static func project(synchronised: String, leaking: String) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = R1; };
        		R1 = {isa = PBXFileReference; path = "\(leaking)"; sourceTree = SOURCE_ROOT; };
        		S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Screens; sourceTree = "<group>"; };
        		S2 /* Outside */ = {
        			isa = PBXFileSystemSynchronizedRootGroup;
        			path = "\(synchronised)";
        			sourceTree = "<absolute>";
        		};
        		G0 = {isa = PBXGroup; children = (S1, S2, R1); sourceTree = "<group>"; };
        		P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
        		T1 = {isa = PBXNativeTarget; buildPhases = (P1); fileSystemSynchronizedGroups = (S1, S2); name = App; productType = "com.apple.product-type.application"; };
        		X1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        	};
        	rootObject = X1;
        }

        """
    }

    /// A repository `repo` beside a folder `outside` that holds a screen of its own.
    static func repositoryBesideAnother() throws -> (base: URL, repo: URL) {
        let base = try temporaryFolder()
        let repo = base.appendingPathComponent("repo")
        try write(["Screens/Feed.swift": screen("Feed")], in: repo)
        try write(
            ["Secret.swift": screen("Secret"), "Leak.swift": screen("Leak")], in: base.appendingPathComponent("outside")
        )
        return (base, repo)
    }

    /// A synchronised folder and a file reference that leave the repository are errors at their
    /// lines of project.pbxproj, not read; the project's own screen is still checked.
    @Test func projectPathsOutsideTheRepositoryAreFindingsNotRead() throws {
        let (base, repo) = try Self.repositoryBesideAnother()
        defer { try? FileManager.default.removeItem(at: base) }
        let outside = base.appendingPathComponent("outside").path
        try Self.write(
            ["App.xcodeproj/project.pbxproj": Self.project(synchronised: outside, leaking: "../outside/Leak.swift")],
            in: repo)
        let output = try runGuarded([], in: repo, timeout: 120)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        let root = RepositoryRoot.real(repo)
        #expect(
            output.stdout.contains(
                "App.xcodeproj/project.pbxproj:7:33: error: the file '../outside/Leak.swift' of the target App leaves "
                    + "the repository (\(root)), so maplint does not read it [invalid-manifest]\n"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "App.xcodeproj/project.pbxproj:11:4: error: the synchronised folder '\(outside)' of the target App "
                    + "leaves the repository (\(root)), so maplint does not read it [invalid-manifest]\n"),
            "\(output.stdout)")
        #expect(output.stdout.contains("Screens/Feed.swift:"), "\(output.stdout)")
        #expect(!output.stdout.contains("Secret") && !output.stdout.contains("Leak.swift:"), "\(output.stdout)")
        #expect(output.stderr.hasPrefix("maplint: App (App.xcodeproj): 1 Swift file, 2 registrations"))
        #expect(output.stdout.components(separatedBy: "leaves the repository").count == 3)
        // `report` gives each once too, though the app's search and the target's extraction both meet them.
        let report = try runGuarded(["report", "--format", "markdown"], in: repo)
        #expect(report.status == 2)
        #expect(report.stdout.components(separatedBy: "leaves the repository").count == 3, "\(report.stdout)")
    }

    /// A synchronised folder at `/` is not walked: the run ends at once with the error.
    @Test func aSynchronisedFolderAtTheFileSystemRootIsNotWalked() throws {
        let (base, repo) = try Self.repositoryBesideAnother()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.write(
            ["App.xcodeproj/project.pbxproj": Self.project(synchronised: "/", leaking: "Screens/Feed.swift")], in: repo)
        let output = try runGuarded([], in: repo, timeout: 60)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "App.xcodeproj/project.pbxproj:11:4: error: the synchronised folder '/' of the target App leaves the "
                    + "repository (\(RepositoryRoot.real(repo))), so maplint does not read it [invalid-manifest]\n"),
            "\(output.stdout)")
    }

    /// A workspace that lists a project outside the repository: an error at its location, and the
    /// project is not read; the workspace's own project is.
    @Test func aWorkspaceProjectOutsideTheRepositoryIsAFinding() throws {
        let (base, repo) = try Self.repositoryBesideAnother()
        defer { try? FileManager.default.removeItem(at: base) }
        let outside = base.appendingPathComponent("outside")
        try Self.write(
            ["Other.xcodeproj/project.pbxproj": Self.project(synchronised: outside.path, leaking: "Leak.swift")],
            in: outside)
        try Self.write(
            [
                "App.xcodeproj/project.pbxproj": Self.project(synchronised: "Screens", leaking: "Screens/Feed.swift"),
                "App.xcworkspace/contents.xcworkspacedata": """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace version = "1.0">
                   <FileRef location = "group:App.xcodeproj"></FileRef>
                   <FileRef location = "group:../outside/Other.xcodeproj"></FileRef>
                </Workspace>

                """,
            ], in: repo)
        let output = try runGuarded(["lint", "--swift", "App.xcworkspace"], in: repo)
        #expect(output.status == 2, "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "App.xcworkspace/contents.xcworkspacedata:4:31: error: the project '../outside/Other.xcodeproj' of "
                    + "this workspace leaves the repository (\(RepositoryRoot.real(repo))), so maplint does not read "
                    + "it [invalid-manifest]\n"), "\(output.stdout)")
        #expect(output.stdout.contains("Screens/Feed.swift:"), "\(output.stdout)")
        #expect(!output.stdout.contains("Secret") && !output.stdout.contains("Leak"), "\(output.stdout)")
    }

    /// A package target whose `path:` climbs out of the repository is an error at that argument.
    @Test func aPackageTargetPathAboveTheRepositoryIsAFinding() throws {
        let (base, repo) = try Self.repositoryBesideAnother()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.write(
            [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Kit",
                    targets: [
                        .target(name: "Screens", path: "Screens"),
                        .target(name: "Leak", path: "../outside"),
                    ]
                )

                """
            ], in: repo)
        let output = try runGuarded([], in: repo, timeout: 120)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stdout.contains(
                "Package.swift:8:37: error: the folder '../outside' of the target Leak leaves the repository "
                    + "(\(RepositoryRoot.real(repo))), so maplint does not read it [invalid-manifest]\n"),
            "\(output.stdout)")
        #expect(output.stdout.contains("Screens/Feed.swift:"), "\(output.stdout)")
        #expect(!output.stdout.contains("Secret"), "\(output.stdout)")
    }

    /// A Podfile.lock above the repository does not decide the version its screens are checked at.
    @Test func aLockFileAboveTheRepositoryIsNotRead() throws {
        let (base, repo) = try Self.repositoryBesideAnother()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.write(["Podfile.lock": "PODS:\n  - DTTableViewManager (7.2.0)\n"], in: base)
        let output = try runGuarded([], in: repo)
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 2 registrations, "
                + "DTTableViewManager 6.0.0–11.0.1, checked as the newest (assumed: no lock file names it and no API used narrows it)\n"
        )
        // Nor through a link in the repository that leads to it: a note at the link says so.
        try FileManager.default.createSymbolicLink(
            atPath: repo.appendingPathComponent("Podfile.lock").path, withDestinationPath: "../Podfile.lock")
        let linked = try runGuarded([], in: repo)
        #expect(
            linked.stderr.contains(
                "DTTableViewManager 6.0.0–11.0.1, checked as the newest (assumed: no lock file names it and no API used narrows it)"
            ), "\(linked.stderr)")
        #expect(
            linked.stdout.contains(
                "Podfile.lock:1:1: note: this Podfile.lock cannot be read: it is a symbolic link leading out of the "
                    + "repository (\(RepositoryRoot.real(repo))), so maplint does not follow it; no library version "
                    + "is taken from it"), "\(linked.stdout)")
        try FileManager.default.removeItem(at: repo.appendingPathComponent("Podfile.lock"))
        // Inside a git repository, its root bounds the search, not the folder named.
        try FileManager.default.createDirectory(
            at: base.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let inGit = try runGuarded([], in: repo)
        #expect(
            inGit.stderr.contains("DTTableViewManager 7.2.0 from \(RepositoryRoot.real(base))/Podfile.lock"),
            "\(inGit.stderr)")
    }

    /// No output of an app run replaces a file the run read: a project, a lock file, a Swift file.
    @Test func outputsNeverReplaceWhatTheRunRead() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.write(
            [
                "Screens/Feed.swift": Self.screen("Feed"), "Podfile.lock": "PODS:\n  - DTTableViewManager (7.2.0)\n",
                "App.xcodeproj/project.pbxproj": Self.project(synchronised: "Screens", leaking: "Screens/Feed.swift"),
            ], in: base)
        for (arguments, file) in [
            (["--output", "App.xcodeproj/project.pbxproj"], "App.xcodeproj/project.pbxproj"),
            (["--write-baseline", "Podfile.lock"], "Podfile.lock"),
            (["report", "--output", "Podfile.lock"], "Podfile.lock"),
        ] {
            let before = try Data(contentsOf: base.appendingPathComponent(file))
            let output = try runGuarded(arguments, in: base)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("it is an input of this run ("), "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("maplint does not overwrite its inputs\n"), "\(arguments): \(output.stderr)")
            #expect(try Data(contentsOf: base.appendingPathComponent(file)) == before, "\(arguments)")
        }
    }

    /// A screen 2,100 folders deep has a path longer than PATH_MAX: one error at it, status 2, and
    /// the screen beside it is still checked.
    @Test func aScreenPastPathMaxIsAnErrorAndTheRestIsChecked() throws {
        let base = try temporaryFolder()
        // `rm` removes a tree whose full paths are too long to name; FileManager does not.
        defer { _ = try? runShell("rm -rf '\(base.path)'") }
        try Self.write(["Feed.swift": Self.screen("Feed")], in: base)
        // Made one folder at a time from the inside, each `chdir` relative: no path past PATH_MAX is named.
        try runShell(
            "cd '\(base.path)' && python3 -c 'import os, sys\nfor _ in range(2100):\n    os.mkdir(\"d\"); os.chdir(\"d\")\n"
                + "open(\"Deep.swift\", \"w\").write(sys.argv[1])' \"$0\"", argument: Self.screen("Deep"))
        let message =
            " bytes long, over the system's limit of 4096 bytes (PATH_MAX), so maplint cannot open it: the Swift "
            + "files at or under it are not checked [invalid-manifest]\n"
        let swift = try runGuarded(["lint", "--swift", "."], in: base)
        #expect(swift.status == 2, "\(swift.stderr)")
        #expect(swift.stdout.contains(message), "\(swift.stdout)")
        #expect(swift.stdout.contains("Feed.swift:5:"), "\(swift.stdout)")
        // Found from the app's folder: the same error, status 2.
        let app = try runGuarded([], in: base)
        #expect(app.status == 2)
        #expect(
            app.stdout.contains(message.replacingOccurrences(of: "Swift files", with: "manifests"))
                || app.stdout.contains(message), "\(app.stdout)")
    }

    /// A lock file that pins DTTableViewManager at a version maplint cannot read is an error at its
    /// line; the screens are still checked, as the newest version, and no note says that no lock
    /// file names it.
    @Test(arguments: ["7.2.0.1", "banana"])
    func aLockFileVersionThatCannotBeReadIsAnError(version: String) throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.write(
            [
                "Feed.swift": Self.screen("Feed"),
                "Podfile.lock": "PODS:\n  - DTModelStorage (9.1.0)\n  - DTTableViewManager (\(version))\n",
            ], in: base)
        let output = try runGuarded([], in: base)
        #expect(output.status == 2, "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "Podfile.lock:3:25: error: this Podfile.lock pins DTTableViewManager at '\(version)', which is not a "
                    + "version maplint can read (such as 7.2.0): the manifests are checked as 11.0.1, the newest "
                    + "version maplint models, and may not match the app; fix the lock file, or pass --library-version "
                    + "[invalid-manifest]\n"), "\(output.stdout)")
        #expect(output.stdout.contains("Feed.swift:5:"), "\(output.stdout)")
        #expect(!output.stdout.contains("no lock file"), "\(output.stdout)")
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 2 registrations, "
                + "DTTableViewManager 11.0.1 (assumed: the version in Podfile.lock cannot be read)\n")
    }

    /// Without `.git`, a `.maplint.yml` above the folder named that another user owns, or that
    /// lies in a folder anyone may write to without the sticky bit, is not used: a warning at it,
    /// and every finding stays. One in a sticky folder, owned by this user, is used.
    @Test func anUntrustedConfigurationAboveTheFolderNamedIsNotUsed() throws {
        try #require(getuid() == 0, "needs root to give the file to another user")
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let repo = base.appendingPathComponent("repo")
        try Self.write(["Feed.swift": Self.screen("Feed")], in: repo)
        let config = base.appendingPathComponent(".maplint.yml")
        try Self.write(
            [".maplint.yml": "disabled_rules: [reuse-identifier-collision, unreachable-registration]\n"], in: base)
        let shown = "../.maplint.yml"
        // Another user's file.
        #expect(chown(config.path, 4242, 4242) == 0)
        var output = try runGuarded([], in: repo)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(
            output.stderr.hasPrefix(
                "\(shown):1:1: warning: this configuration file is above the folders named and is owned by another "
                    + "user (uid 4242), so it may not be the repository's: maplint does not use it; name it with "
                    + "--config to use it [invalid-configuration]\n"), "\(output.stderr)")
        #expect(output.stdout.contains("[reuse-identifier-collision]"))
        // This user's file, in a folder anyone may write to.
        #expect(chown(config.path, 0, 0) == 0)
        #expect(chmod(base.path, 0o777) == 0)
        output = try runGuarded([], in: repo)
        #expect(output.status == 1)
        #expect(
            output.stderr.hasPrefix(
                "\(shown):1:1: warning: this configuration file is above the folders named and is in a folder anyone "
                    + "may write to, without the sticky bit (\(base.standardizedFileURL.path), mode 0777), so it may "
                    + "not be the repository's: maplint does not use it; name it with --config to use it "
                    + "[invalid-configuration]\n"), "\(output.stderr)")
        // With the sticky bit, as /tmp has it, only its owner may replace it: it is used.
        #expect(chmod(base.path, 0o1777) == 0)
        output = try runGuarded([], in: repo)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(!output.stderr.contains("warning"))
        // Inside the folder named, the owner does not matter (a checkout made by another user).
        try FileManager.default.moveItem(at: config, to: repo.appendingPathComponent(".maplint.yml"))
        #expect(chown(repo.appendingPathComponent(".maplint.yml").path, 4242, 4242) == 0)
        #expect(try runGuarded([], in: repo).status == 0)
    }
}

/// A folder's path with its links resolved, as the messages name the repository.
enum RepositoryRoot {
    static func real(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Runs `sh -c script` (with `$0` set to `argument`); fails on a non-zero status.
@discardableResult
func runShell(_ script: String, argument: String = "sh") throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, argument]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sh -c \(script)")
    return process.terminationStatus
}
