import Foundation
import Testing

/// `maplint` typed at the root of an app's repository (Fixtures/apps: layouts written to look
/// like real ones): each target of each project and package below is checked with its own files,
/// deployment target and lock file; dependency folders are never read; one line per target says
/// what was checked.
@Suite struct AppCommandTests {
    static let apps = packageRoot.appendingPathComponent("Fixtures/apps")

    /// The findings of a JSON run, as comparable text: rule, place and message.
    static func findings(_ output: ProcessOutput) throws -> [String] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        return diagnostics.map { diagnostic in
            let place = "\(diagnostic["file"] ?? ""):\(diagnostic["line"] ?? ""):\(diagnostic["column"] ?? "")"
            return "\(diagnostic["rule"] ?? "") \(place) \(diagnostic["message"] ?? "")"
        }.sorted()
    }

    @Test func aCocoaPodsRepositoryIsCheckedWithoutItsPods() throws {
        let folder = Self.apps.appendingPathComponent("CocoaPodsApp")
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stderr == """
                maplint: Feed (Feed.xcodeproj): 2 Swift files, 2 registrations, DTTableViewManager 7.2.0 from Podfile.lock
                maplint: FeedKit (Feed.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)

                """)
        #expect(
            output.stdout.hasSuffix("3 files checked: 2 errors, 0 warnings, 1 note (6 related)\n"), "\(output.stdout)")
        // Nothing under Pods/, and the stale copy in no target is not read: one note says so.
        #expect(!output.stdout.contains("Pods/"))
        #expect(
            output.stdout.contains(
                "Feed/FeedViewController 2.swift:1:1: note: 1 Swift file is in the folder of Feed.xcodeproj but in "
                    + "none of its targets (this one first): not read [unsupported-swift]\n"))
        // The same findings as the project linted alone.
        let root = try Self.findings(runMaplint(["--format", "json"], in: folder))
        let alone = try Self.findings(
            runMaplint(["lint", "--swift", "Feed.xcodeproj", "--resources", ".", "--format", "json"], in: folder))
        #expect(root.filter { !$0.hasPrefix("unsupported-swift") } == alone)
        #expect(alone.count == 2)
    }

    /// Two apps pinning different majors, a collection-view app two folders down on iOS 15, and a
    /// package with its own Package.resolved: each gets its own version and deployment target.
    @Test func aMonorepoChecksEachAppWithItsOwnLockFile() throws {
        let folder = Self.apps.appendingPathComponent("Monorepo")
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stderr == """
                maplint: Admin (admin/Admin.xcodeproj): 1 Swift file, 2 registrations, DTTableViewManager 7.2.0 from admin/Podfile.lock
                maplint: Shop (apps/shop/Shop.xcodeproj): 2 Swift files, 2 registrations, DTCollectionViewManager 11.0.0 from apps/shop/Podfile.lock
                maplint: ShopWidget (apps/shop/Shop.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)
                maplint: SettingsKit (packages/SettingsKit/Package.swift): 1 Swift file, 2 registrations, DTTableViewManager 10.0.2 from packages/SettingsKit/Package.resolved
                maplint: Swift files in no project or package (.): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)

                """)
        // The shop's shared identifier cannot collide on iOS 15: no finding there.
        #expect(!output.stdout.contains("apps/shop"))
        let root = try Self.findings(runMaplint(["--format", "json"], in: folder))
        var alone: [String] = []
        for app in ["admin", "apps/shop", "packages/SettingsKit"] {
            alone += try Self.findings(
                runMaplint(["lint", "--swift", app, "--resources", ".", "--format", "json"], in: folder))
        }
        #expect(root == alone.sorted())
        #expect(root.count == 3)
    }

    /// Swift files with no project and no lock file: linted as a folder, and the version checked
    /// is named in a note that says how to give the real one.
    @Test func looseFilesSayWhichVersionIsAssumed() throws {
        let folder = Self.apps.appendingPathComponent("LooseFiles")
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 2 registrations, DTTableViewManager "
                + "6.0.0–11.0.1, checked as the newest (assumed: no lock file names it and no API used narrows it)\n")
        #expect(
            output.stdout.contains(
                "Screens/ListViewController.swift:4:13: note: no lock file (Podfile.lock, Package.resolved, "
                    + "Cartfile.resolved) or pinned requirement names the DTTableViewManager version: checked as "
                    + "DTTableViewManager 11.0.1, the newest version maplint models; pass --library-version with the "
                    + "version the app uses [unsupported-swift]\n"), "\(output.stdout)")
        let root = try Self.findings(runMaplint(["--format", "json"], in: folder))
        #expect(
            root
                == (try Self.findings(
                    runMaplint(["lint", "--swift", ".", "--resources", ".", "--format", "json"], in: folder))))
    }

    /// A package whose target lives where `path:` says and whose tests sit under Sources/, next to
    /// a project that compiles a generated file not on disk and a folder of Xcode file templates.
    @Test func declaredPathsTestsGeneratedFilesAndTemplates() throws {
        let folder = Self.apps.appendingPathComponent("CustomPaths")
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1, "\(output.stdout)")
        #expect(
            output.stderr == """
                maplint: Demo (Demo/Demo.xcodeproj): 1 Swift file, 1 registration, DTTableViewManager 6.0.0–11.0.1, checked as the newest (assumed: no lock file names it and no API used narrows it)
                maplint: ChatKit (Package.swift): 1 Swift file, 2 registrations, DTCollectionViewManager 10.0.0 from Package.swift (exact: "10.0.0")

                """)
        // The generated file is a note, not an error that would stop the run with status 2.
        #expect(
            output.stdout.contains(
                "Demo/Demo/R.generated.swift:1:1: note: 1 Swift file that Demo.xcodeproj compiles is not on disk (this "
                    + "one first; made by a build step, or not committed): not read [unsupported-swift]\n"))
        // The package's iOS 13 applies to its target outside Sources/: the collision is real there.
        #expect(output.stdout.contains("Library/ChatKit/MessagesViewController.swift:13:13: error: "))
        #expect(!output.stdout.contains("without deploymentTarget"))
        // Neither the test target under Sources/ nor the template is read.
        #expect(!output.stdout.contains("ChatKitTests"))
        #expect(!output.stdout.contains("xctemplate"))
        #expect(
            output.stdout.hasSuffix("2 files checked: 2 errors, 0 warnings, 2 notes (6 related)\n"), "\(output.stdout)")
    }

    /// An app without DT code passes: every target says "nothing to check".
    @Test func anAppWithoutDTCodeIsNothingToCheck() throws {
        let output = try runMaplint(["lint", "Fixtures/apps/NoDTApp"])
        #expect(output.status == 0)
        #expect(output.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            output.stderr
                == "maplint: Plain (Fixtures/apps/NoDTApp/Plain.xcodeproj): 1 Swift file, nothing to check (no "
                + "DTTableViewManager or DTCollectionViewManager code)\n")
    }

    /// An empty folder: nothing to check, status 0.
    @Test func anEmptyFolderIsNothingToCheck() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0)
        #expect(output.stdout == "0 files checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            output.stderr
                == "maplint: nothing to check: no manifest files (.maplint.yml, .maplint.yaml, .maplint.json), Xcode "
                + "projects, Swift packages or Swift files found in .\n")
        // `lint --swift` reads the folder as the app run does, but looks for no manifests.
        let swift = try runMaplint(["lint", "--swift"], in: folder)
        #expect(swift.status == 0)
        #expect(swift.stdout == "0 files checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            swift.stderr == "maplint: nothing to check: no Xcode projects, Swift packages or Swift files found in .\n")
    }

    /// A Pods folder named on the command line is read: only folders found below are skipped.
    @Test func aDependencyFolderNamedIsRead() throws {
        let output = try runMaplint(
            ["lint", "--swift", "Pods/DTTableViewManager", "--format", "json"],
            in: Self.apps.appendingPathComponent("CocoaPodsApp"))
        #expect(output.status == 1)
        #expect(try Self.findings(output).contains { $0.contains("Pods/DTTableViewManager/Sources/Example.swift") })
    }

    /// Loose Swift files of two apps, each folder with its own Podfile.lock: each folder is checked at
    /// its own pin. Read at Legacy's 7.2.0, Modern's `mapping.didSelect { … }` would be an error:
    /// events on a mapping first exist in DTTableViewManager 8.0.0 (DTTableViewManager+Delegate.swift,
    /// `extension ViewModelMapping where View: UITableViewCell`, 8.0.0; 7.2.0 has the manager-level
    /// methods only).
    @Test func looseFilesOfTwoAppsTakeTheirOwnLockFiles() throws {
        let folder = Self.apps.appendingPathComponent("LoosePins")
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stderr == """
                maplint: Swift files in no project or package (Legacy): 1 Swift file, 1 registration, DTTableViewManager 7.2.0 from Legacy/Podfile.lock
                maplint: Swift files in no project or package (Modern): 1 Swift file, 1 registration, DTTableViewManager 11.0.1 from Modern/Podfile.lock

                """)
        #expect(output.stdout == "2 files checked: 0 errors, 0 warnings, 0 notes\n")
    }

    /// `lint --swift FOLDER` reads the folder as the app run does, manifests aside: the same
    /// targets, each at its own pin, and the same findings. Read as one target, the two folders
    /// would share one lock file.
    @Test func lintSwiftOfAFolderIsTheAppRun() throws {
        let folder = Self.apps.appendingPathComponent("LoosePins")
        let app = try runMaplint(["lint", "."], in: folder)
        let swift = try runMaplint(["lint", "--swift", "."], in: folder)
        #expect(swift.status == 0, "\(swift.stdout)")
        #expect(swift.stdout == app.stdout)
        #expect(swift.stderr == app.stderr)
        #expect(swift.stderr.contains("DTTableViewManager 7.2.0 from Legacy/Podfile.lock\n"), "\(swift.stderr)")
        #expect(swift.stderr.contains("DTTableViewManager 11.0.1 from Modern/Podfile.lock\n"), "\(swift.stderr)")
    }

    /// A project nested in the folder of another: its own targets read its files (the outer project
    /// has no note about them), and the outer folder's Podfile, which names the outer project only,
    /// does not give it the outer app's `~> 7.0`. With no pin of its own it is checked at both ends
    /// of the range its events on a mapping allow, and its line says why the pin above was not taken.
    @Test func aNestedProjectIsNotCheckedAtTheOuterAppsPin() throws {
        let folder = Self.apps.appendingPathComponent("NestedProject")
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stderr == """
                maplint: Demo (Demo/Demo.xcodeproj): 1 Swift file, 1 registration, DTTableViewManager 8.0.0–11.0.1 (inferred from the API used: mapping.didSelect; checked at 8.0.0 and 11.0.1; the pin in Podfile, above the project, is another project's)
                maplint: Outer (Outer.xcodeproj): 1 Swift file, 1 registration, DTTableViewManager 7 from Podfile ('~> 7.0')

                """)
        #expect(!output.stdout.contains("in none of its targets"), "\(output.stdout)")
        // The events on a mapping narrow the version, so no note says it is assumed.
        #expect(output.stdout.hasSuffix("2 files checked: 0 errors, 0 warnings, 0 notes\n"), "\(output.stdout)")
    }

    /// The pin above a nested project is taken when it is the project's: here the outer folder's
    /// Podfile names the nested project, and its Podfile.lock pins 11.0.1; the line says so.
    @Test func aPinAboveANestedProjectThatNamesItIsTaken() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("NestedProject")
        try FileManager.default.copyItem(at: Self.apps.appendingPathComponent("NestedProject"), to: copy)
        try """
        project 'Demo/Demo.xcodeproj'

        target 'Demo' do
          pod 'DTTableViewManager', '~> 11.0'
        end
        """.write(to: copy.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
        try """
        PODS:
          - DTModelStorage (11.0.2)
          - DTTableViewManager (11.0.1)

        COCOAPODS: 1.15.2
        """.write(to: copy.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        let output = try runMaplint([], in: copy)
        #expect(
            output.stderr == """
                maplint: Demo (Demo/Demo.xcodeproj): 1 Swift file, 1 registration, DTTableViewManager 11.0.1 from Podfile.lock, the Podfile there names Demo/Demo.xcodeproj
                maplint: Outer (Outer.xcodeproj): 1 Swift file, 1 registration, DTTableViewManager 11.0.1 from Podfile.lock

                """)
        #expect(output.status == 0, "\(output.stdout)")
    }

    /// A tvOS target (`SDKROOT = appletvos`, though the project's settings carry an iOS deployment target, as
    /// Xcode's templates write them): its line and its findings are tvOS's. DTTableViewManager+Delegate.swift,
    /// 11.0.1, declares the mapping's `trailingSwipeActionsConfiguration` inside `#if os(iOS)`, and the header
    /// and footer events of a mapping in `extension SupplementaryViewModelMappingProtocolGeneric where View:
    /// UITableViewHeaderFooterView`: neither compiles here.
    @Test func aTVOSTargetsEventsAreCheckedForTVOS() throws {
        let folder = Self.apps.appendingPathComponent("TVApp")
        let output = try runMaplint(["--format", "json"], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "maplint: Shelf (TV.xcodeproj): 1 Swift file, 2 registrations, DTTableViewManager 11.0.1 from "
                + "Podfile.lock\n")
        let findings = try Self.findings(output)
        #expect(
            findings.filter { $0.hasPrefix("unknown-event") } == [
                "unknown-event TV/ShelfViewController.swift:11:21 'trailingSwipeActionsConfiguration' does not exist "
                    + "on tvOS: DTTableViewManager declares it for iOS only, so this code does not compile for the "
                    + "tvOS 15.0 target",
                "unknown-event TV/ShelfViewController.swift:14:21 'heightForHeader' does not exist on the mapping of "
                    + "ShelfHeader, a plain UIView header: DTTableViewManager declares it only for "
                    + "UITableViewHeaderFooterView mappings, so this code does not compile",
            ], "\(findings)")
    }
}
