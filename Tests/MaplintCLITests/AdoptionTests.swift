import Foundation
import Testing

/// What a team meets when it adopts maplint at its repository's root: one run checks the app and
/// the manifests together, `init` writes the configuration, `included` / `excluded` hold for
/// Xcode targets, fixes are checked against the xibs, and the recipes print what Xcode needs.
@Suite struct AdoptionTests {
    /// A copy of Fixtures/apps/Monorepo (three errors in `admin/`) in a fresh folder.
    static func monorepo() throws -> URL {
        let folder = try temporaryFolder()
        let copy = folder.appendingPathComponent("Monorepo")
        try FileManager.default.copyItem(
            at: AppCommandTests.apps.appendingPathComponent("Monorepo"), to: copy)
        return copy
    }

    static let targetLines = """
        maplint: Admin (admin/Admin.xcodeproj): 1 Swift file, 2 registrations, DTTableViewManager 7.2.0 from admin/Podfile.lock
        maplint: Shop (apps/shop/Shop.xcodeproj): 2 Swift files, 2 registrations, DTCollectionViewManager 11.0.0 from apps/shop/Podfile.lock
        maplint: ShopWidget (apps/shop/Shop.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)
        maplint: SettingsKit (packages/SettingsKit/Package.swift): 1 Swift file, 2 registrations, DTTableViewManager 10.0.2 from packages/SettingsKit/Package.resolved
        maplint: Swift files in no project or package (.): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)

        """

    /// One manifest kept under docs/ used to turn the Swift check off ("1 file checked: 0
    /// errors", status 0): now both are checked, and one line names the manifests.
    @Test func aManifestInTheTreeDoesNotTurnTheAppCheckOff() throws {
        let folder = try Self.monorepo()
        let manifest = try String(
            contentsOf: packageRoot.appendingPathComponent("Fixtures/table-reuse-collision.maplint.yml"),
            encoding: .utf8)
        try write(manifest, to: "docs/example.maplint.yml", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1)
        #expect(output.stderr == "maplint: 1 manifest: docs/example.maplint.yml\n" + Self.targetLines)
        #expect(output.stdout.contains("admin/Admin/UsersViewController.swift:13:13: error: "))
        #expect(output.stdout.contains("docs/example.maplint.yml:16:11: error: "))
        #expect(
            output.stdout.hasSuffix("7 files checked: 4 errors, 0 warnings, 0 notes (12 related)\n"), "\(output.stdout)"
        )
        // A manifest named on its own is still a manifest run.
        let alone = try runMaplint(["docs/example.maplint.yml", "-q"], in: folder)
        #expect(alone.status == 1)
        #expect(!alone.stdout.contains("admin/"))
    }

    /// A part of the tree that cannot be read (a dangling manifest link, a folder name that is not
    /// UTF-8) is one error at its place; the app is still checked, and the status says both.
    /// A project that cannot be read is an error at its place; the run does not also say that it
    /// found no Xcode project.
    @Test func anUnreadableProjectIsNotAlsoNothingFound() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        try write("not a property list (", to: "App.xcodeproj/project.pbxproj", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 2)
        #expect(output.stdout.contains("App.xcodeproj:1:1: error: project.pbxproj is not a property list"))
        #expect(!output.stderr.contains("nothing to check"), "\(output.stderr)")
    }

    @Test func onePartThatCannotBeReadDoesNotBlindTheRun() throws {
        let folder = try Self.monorepo()
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("broken.maplint.yml").path, withDestinationPath: "/nonexistent")
        // A folder whose name is the byte 0xFF, which no UTF-8 text holds.
        let badName = Array((folder.path + "/bad-").utf8).map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0xFF), 0]
        #expect(mkdir(badName, 0o755) == 0)
        let output = try runMaplint(["-q"], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "\nbroken.maplint.yml:1:1: error: this is a symbolic link to '/nonexistent', which does not exist "
                    + "[invalid-manifest]\n"), "\(output.stdout)")
        #expect(
            output.stdout.hasPrefix(
                "bad-\\xFF:1:1: error: the name of this folder is not valid UTF-8, so maplint cannot name it in its "
                    + "output and does not read it; rename it [invalid-manifest]\n"), "\(output.stdout)")
        #expect(output.stdout.contains("admin/Admin/UsersViewController.swift:13:13: error: "))
        #expect(
            output.stdout.contains(
                "packages/SettingsKit/Sources/SettingsKit/SettingsViewController.swift:10:9: error: "))
    }

    /// `init` at an app's root writes the configuration, every setting commented out, and the
    /// app's check goes on as before.
    @Test func initAtAnAppRootWritesTheConfiguration() throws {
        let folder = try Self.monorepo()
        let output = try runMaplint(["init"], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout
                == "wrote .maplint.yml, every setting commented out; run `maplint` to check the app's Swift code\n")
        let text = try String(contentsOf: folder.appendingPathComponent(".maplint.yml"), encoding: .utf8)
        #expect(text.contains("# disabled_rules:"))
        #expect(!text.split(separator: "\n").contains { !$0.hasPrefix("#") && !$0.isEmpty })
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.maplint.yml").path))
        let lint = try runMaplint([], in: folder)
        #expect(lint.status == 1)
        #expect(lint.stderr == Self.targetLines)
        #expect(lint.stdout.hasSuffix("6 files checked: 3 errors, 0 warnings, 0 notes (9 related)\n"), "\(lint.stdout)")
        // Again: the file is there.
        #expect(try runMaplint(["init"], in: folder).status == 1)
        // --host applies to manifests only.
        #expect(
            try runMaplint(["init", ".maplint.yml", "--force", "--host", "collectionView"], in: folder).status == 64)
    }

    /// `excluded:` and `--excluded` leave out an Xcode target's files, in every spelling.
    @Test(arguments: [
        "excluded:\n  - admin\n", "excluded:\n  - admin/**\n", "excluded:\n  - \"**/admin/**\"\n",
        "excluded:\n  - admin/Admin/UsersViewController.swift\n",
    ])
    func excludedHoldsForXcodeTargets(configuration: String) throws {
        let folder = try Self.monorepo()
        try write(configuration, to: ".maplint.yml", in: folder)
        let output = try runMaplint([], in: folder)
        // The package's error is left.
        #expect(output.status == 1, "\(output.stdout)")
        #expect(!output.stderr.contains("maplint: Admin "), "\(output.stderr)")
        #expect(!output.stdout.contains("admin/"))
        #expect(
            output.stdout.hasSuffix("5 files checked: 1 error, 0 warnings, 0 notes (3 related)\n"), "\(output.stdout)")
    }

    @Test func excludedOnTheCommandLineAndIncludedHoldForXcodeTargets() throws {
        let folder = try Self.monorepo()
        let excluded = try runMaplint(["--excluded", "admin"], in: folder)
        #expect(excluded.status == 1)
        #expect(!excluded.stdout.contains("admin/"))
        #expect(!excluded.stderr.contains("maplint: Admin "), "\(excluded.stderr)")
        let included = try runMaplint(["--included", "apps/**"], in: folder)
        #expect(included.status == 0)
        #expect(
            included.stderr
                == """
                maplint: Shop (apps/shop/Shop.xcodeproj): 2 Swift files, 2 registrations, DTCollectionViewManager 11.0.0 from apps/shop/Podfile.lock
                maplint: ShopWidget (apps/shop/Shop.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)

                """)
    }

    /// A folder named by its absolute path (Xcode's `$SRCROOT` in a Run Script) gives absolute
    /// paths for the files of Xcode targets too, as Xcode needs them to place findings.
    @Test func anAbsoluteFolderGivesAbsolutePaths() throws {
        let folder = try Self.monorepo()
        let output = try runMaplint(["lint", "--format", "text", folder.path], in: folder)
        #expect(output.status == 1)
        let findings = output.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.hasPrefix(folder.path + "/") }, "\(findings)")
        #expect(findings.filter { $0.hasPrefix(folder.path + "/admin/Admin/UsersViewController.swift:") }.count == 2)
    }

    /// `--fix` in an app: the fixes of every target are counted once, at the end; `--quiet` drops
    /// the count.
    @Test func fixInAnAppPrintsOneCount() throws {
        let folder = try Self.monorepo()
        let output = try runMaplint(["--fix", "--dry-run"], in: folder)
        let counts = output.stderr.split(separator: "\n").filter { $0.hasPrefix("maplint: would fix") }
        #expect(counts == ["maplint: would fix 1 finding in 1 file"], "\(output.stderr)")
        let quiet = try runMaplint(["--fix", "--dry-run", "-q"], in: folder)
        #expect(!quiet.stderr.contains("maplint: would fix"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains(": would fix: "))
    }

    /// AdminCell.xib says `reuseIdentifier="user"`: a new identifier in code would make the xib's
    /// cell raise at registration (`xib-reuse-identifier-mismatch`), so `--fix` leaves the finding
    /// with its reason, and the app's check reads the xib without `--resources`.
    @Test func fixIsCheckedAgainstTheXib() throws {
        let folder = try Self.monorepo()
        let xib = try String(
            contentsOf: packageRoot.appendingPathComponent("Fixtures/ib/table/Resources/PostCell.xib"), encoding: .utf8
        )
        .replacingOccurrences(of: "reuseIdentifier=\"post\"", with: "reuseIdentifier=\"user\"")
        .replacingOccurrences(
            of: "customClass=\"PostCell\" customModule=\"Feed\"",
            with: "customClass=\"AdminCell\" customModule=\"Admin\"")
        try write(xib, to: "admin/Admin/AdminCell.xib", in: folder)
        let swift = folder.appendingPathComponent("admin/Admin/UsersViewController.swift")
        let before = try String(contentsOf: swift, encoding: .utf8)
        let output = try runMaplint(["--fix"], in: folder)
        #expect(try String(contentsOf: swift, encoding: .utf8) == before, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "admin/Admin/UsersViewController.swift:13:13: not fixed: the fix would leave this finding or add another; fix it by hand [reuse-identifier-collision]"
            ), "\(output.stderr)")
        #expect(output.stderr.contains("maplint: fixed 0 findings in 0 files; 1 not fixed"))
        // A fix the xib agrees with is made: the same xib with no identifier of its own.
        try write(
            xib.replacingOccurrences(of: " reuseIdentifier=\"user\"", with: ""), to: "admin/Admin/AdminCell.xib",
            in: folder)
        let fixed = try runMaplint(["--fix"], in: folder)
        #expect(fixed.stderr.contains("maplint: fixed 1 finding in 1 file"), "\(fixed.stderr)")
        #expect(!fixed.stdout.contains("[reuse-identifier-collision]"), "\(fixed.stdout)")
        #expect(try String(contentsOf: swift, encoding: .utf8).contains("mapping.reuseIdentifier = \"admin-cell\""))
    }
}

/// A cell class nested in a view controller: DT names its xib and default reuse identifier with
/// `String(describing:)`, the class's own name (`BigAvatarCell.xib`, not
/// `ProfileViewController.BigAvatarCell.xib`; ViewModelMapping's `xibName`, DTModelStorage 11.0.0).
@Suite struct NestedViewClassTests {
    @Test func aNestedCellsXibIsFoundUnderItsOwnName() throws {
        let folder = try temporaryFolder()
        try write(
            """
            import UIKit
            import DTTableViewManager

            final class ProfileViewController: UIViewController, DTTableViewManageable {
                var tableView: UITableView!

                final class AvatarCell: UITableViewCell, ModelTransfer {
                    func update(with model: Int) {}
                }

                final class BigAvatarCell: UITableViewCell, ModelTransfer {
                    func update(with model: String) {}
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(AvatarCell.self) { $0.reuseIdentifier = "avatar" }
                    manager.register(BigAvatarCell.self) { $0.reuseIdentifier = "avatar" }
                }
            }

            """, to: "ProfileViewController.swift", in: folder)
        let xib = try String(
            contentsOf: packageRoot.appendingPathComponent("Fixtures/ib/table/Resources/PostCell.xib"), encoding: .utf8
        )
        .replacingOccurrences(of: "reuseIdentifier=\"post\"", with: "reuseIdentifier=\"avatar\"")
        .replacingOccurrences(
            of: "customClass=\"PostCell\" customModule=\"Feed\"",
            with: "customClass=\"BigAvatarCell\" customModule=\"P\"")
        try write(xib, to: "BigAvatarCell.xib", in: folder)
        let output = try runMaplint(["--library-version", "11.0.1", "-q"], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stdout.hasPrefix(
                "ProfileViewController.swift:18:48: error: 'avatar' names two views: ProfileViewController.BigAvatarCell "
                    + "(entry 1) shows the ProfileViewController.AvatarCell class (made in code) instead of "
                    + "BigAvatarCell.xib [reuse-identifier-collision]\n"), "\(output.stdout)")
        #expect(!output.stdout.contains("ProfileViewController.BigAvatarCell.xib"))
    }
}

/// In an app's run the xibs are read without `--resources`: each target with those of its own
/// project's or package's folder. DT loads a xib from the bundle of the cell's class
/// (`UINib(nibName:bundle:)` with `Bundle(for:)`, CollectionViewFactory.swift, `registerCellClass`,
/// 11.0.0), so another package's xib of the same name is not this target's.
@Suite struct AppResourcesTests {
    static func package(_ name: String, _ code: String, in folder: URL) throws {
        try write(
            """
            // swift-tools-version:5.5
            import PackageDescription
            let package = Package(name: "\(name)", platforms: [.iOS(.v13)],
              dependencies: [.package(url: "https://github.com/DenTelezhkin/DTCollectionViewManager.git", from: "11.0.0")],
              targets: [.target(name: "\(name)", dependencies: ["DTCollectionViewManager"])])

            """, to: "\(name)/Package.swift", in: folder)
        try write(code, to: "\(name)/Sources/\(name)/\(name).swift", in: folder)
    }

    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <collectionViewCell reuseIdentifier="SomethingElse" id="c1" customClass="OtherCell" customModule="B">
                    <view key="contentView" id="c2"/>
                </collectionViewCell>
            </objects>
        </document>

        """

    @Test func aXibOfAnotherPackageIsNotThisTargets() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Self.package(
            "A",
            """
            import UIKit
            import DTCollectionViewManager

            class Cell: UICollectionViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            class ScreenController: UIViewController, DTCollectionViewManageable {
                var collectionView: UICollectionView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(Cell.self)
                }
            }

            """, in: folder)
        try Self.package("B", "import UIKit\nclass OtherCell: UICollectionViewCell {}\n", in: folder)
        try write(Self.xib, to: "B/Sources/B/Cell.xib", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout == "2 files checked: 0 errors, 0 warnings, 0 notes\n")
        // The same xib in A's own folder is A's: its class and identifier are checked.
        try write(Self.xib, to: "A/Sources/A/Cell.xib", in: folder)
        let own = try runMaplint(["-q"], in: folder)
        #expect(own.status == 1)
        #expect(own.stdout.contains("[xib-reuse-identifier-mismatch]"), "\(own.stdout)")
    }
}

/// A table or collection view dequeues the prototypes of its own storyboard scene: another
/// controller's prototype of the identifier is not replaced by this screen's registration.
@Suite struct ScenePrototypeTests {
    static func storyboard(otherScenePrototype: Bool) -> String {
        let cells =
            otherScenePrototype
            ? """
                                    <cells>
                                        <collectionViewCell reuseIdentifier="PrototypeCell" id="p1" customClass="PrototypeCell">
                                            <view key="contentView" id="cv1"/>
                                        </collectionViewCell>
                                    </cells>

            """ : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <collectionViewController id="c1" customClass="OtherController" sceneMemberID="viewController">
                                <collectionView key="view" dataMode="prototypes" id="v1">
            \(cells)                    </collectionView>
                            </collectionViewController>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <collectionViewController id="c2" customClass="ScreenController" sceneMemberID="viewController">
                                <collectionView key="view" dataMode="prototypes" id="v2"/>
                            </collectionViewController>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
    }

    @Test func anotherScenesPrototypeIsNotReplaced() throws {
        let folder = try temporaryFolder()
        try write(
            """
            import UIKit
            import DTCollectionViewManager

            class PrototypeCell: UICollectionViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            class ScreenController: UICollectionViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(PrototypeCell.self)
                }
            }

            """, to: "App/Screen.swift", in: folder)
        try write(Self.storyboard(otherScenePrototype: true), to: "App/Main.storyboard", in: folder)
        let output = try runMaplint(["--library-version", "11.0.0", "--format", "json"], in: folder)
        #expect(output.status == 0)
        #expect(try AppCommandTests.findings(output).isEmpty)
        // The same prototype in the screen's own scene is replaced.
        let own = Self.storyboard(otherScenePrototype: true).replacingOccurrences(
            of: "customClass=\"OtherController\"", with: "customClass=\"Elsewhere\""
        )
        .replacingOccurrences(of: "customClass=\"ScreenController\"", with: "customClass=\"Unused\"")
        .replacingOccurrences(of: "customClass=\"Elsewhere\"", with: "customClass=\"ScreenController\"")
        try write(own, to: "App/Main.storyboard", in: folder)
        let shadowed = try runMaplint(["--library-version", "11.0.0", "--format", "json"], in: folder)
        #expect(shadowed.status == 1)
        #expect(try AppCommandTests.findings(shadowed).contains { $0.hasPrefix("storyboard-prototype-shadowed ") })
    }
}

/// No lock file names the manager, but one pins DTModelStorage: the manager is the newest release
/// that requires that DTModelStorage (`s.dependency 'DTModelStorage', '~> 8.0.0'` in
/// DTCollectionViewManager.podspec, 7.0.0 to 7.1.3; `'~> 8.1.0'` from 7.2.0), not the newest
/// maplint models. DT's own repositories pin only their storage.
@Suite struct ModelStoragePinTests {
    /// A repository whose `Package.resolved` pins DTModelStorage `storage` alone, with one
    /// collection screen registering `Cell` (`mapping` in the closure of `register`, when given).
    static func app(storage: String, mapping: String? = nil) throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(
            """
            {"object": {"pins": [{"package": "DTModelStorage",
              "repositoryURL": "https://github.com/DenTelezhkin/DTModelStorage",
              "state": {"branch": null, "revision": "0", "version": "\(storage)"}}]}, "version": 1}

            """, to: "Package.resolved", in: folder)
        let registration =
            mapping.map { "manager.register(Cell.self) { mapping in \($0) }" } ?? "manager.register(Cell.self)"
        try write(
            """
            import UIKit
            import DTCollectionViewManager

            class Cell: UICollectionViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            class Screen: UIViewController, DTCollectionViewManageable {
                var collectionView: UICollectionView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    \(registration)
                }
            }

            """, to: "App/Screen.swift", in: folder)
        return folder
    }

    @Test(arguments: [("8.0.0", "7.1.3"), ("8.1.0", "7.2.0"), ("9.1.2", "8.2.0"), ("11.0.2", "11.0.0")])
    func theManagerIsInferredFromTheStoragePin(storage: String, manager: String) throws {
        let folder = try Self.app(storage: storage)
        let output = try runMaplint(["-q", "--format", "json"], in: folder)
        let lines = try runMaplint(["--format", "json"], in: folder).stderr
        #expect(output.stderr.isEmpty)
        #expect(
            lines
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, "
                + "DTCollectionViewManager \(manager) from Package.resolved (inferred from DTModelStorage \(storage))\n"
        )
    }
}

/// A DTModelStorage pin the code contradicts: events on a mapping exist from DTCollectionViewManager
/// 8.0 (DTCollectionViewManager+Registration.swift, 8.0.0), so a stale DTModelStorage 8.1.0 pin
/// (DTCollectionViewManager's own repository at 8.2.0) does not make the screen a 7.2.0 one.
@Suite struct ContradictedStoragePinTests {
    @Test func eventsOnAMappingOverruleAStaleStoragePin() throws {
        let folder = try ModelStoragePinTests.app(storage: "8.1.0", mapping: "mapping.didSelect { _, _, _ in }")
        let output = try runMaplint(["--format", "json"], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(try AppCommandTests.findings(output).allSatisfy { $0.hasPrefix("unsupported-swift ") })
        // With the pin set aside, the events narrow the version: 8.0.0 and later.
        #expect(
            output.stderr.contains(
                "DTCollectionViewManager 8.0.0–11.0.0 (inferred from the API used: mapping.didSelect; checked at 8.0.0 "
                    + "and 11.0.0)"), "\(output.stderr)")
    }
}

/// No version pinned: the API the code uses narrows it. `manager.editingStyle(for: PostCell.self)`
/// exists in DTTableViewManager 6.0.0 to 6.1.1 only (DTTableViewManager+Delegate.swift,
/// `editingStyle(for cellClass:_:)`, 6.1.1; `editingStyle(forItem:_:)` from 6.2.0), so the screen
/// is read at 6.1.1, not refused at the newest version with status 2.
@Suite struct VersionEvidenceTests {
    static let feed = """
        import UIKit
        import DTTableViewManager

        final class PostCell: UITableViewCell, ModelTransfer {
            func update(with model: Int) {}
        }

        final class FeedViewController: UIViewController, DTTableViewManageable {
            var tableView: UITableView!

            override func viewDidLoad() {
                super.viewDidLoad()
                manager.register(PostCell.self)
                manager.editingStyle(for: PostCell.self) { _, _, _ in .delete }
            }
        }

        """

    @Test func anUnpinnedVersionIsInferredFromTheAPIUsed() throws {
        let folder = try temporaryFolder()
        try write(Self.feed, to: "Feed.swift", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, DTTableViewManager "
                + "5.0.0–6.1.1 (inferred from the API used: editingStyle(for: PostCell.self); checked at 6.0.0 and "
                + "6.1.1)\n")
        // A pinned version decides: 11 has no such method.
        try write("PODS:\n  - DTTableViewManager (11.0.1)\n", to: "Podfile.lock", in: folder)
        let pinned = try runMaplint(["-q"], in: folder)
        #expect(pinned.status == 2)
        #expect(pinned.stdout.contains("Feed.swift:14:9: error: 'editingStyle' is keyed by model type"))
    }

    /// `report` and `resolve` of an app take `--library-version` as `lint` does (all targets, or
    /// TARGET=VERSION); a manifest names its own version, so there it is a usage error.
    @Test func reportAndResolveOfAnAppTakeTheLibraryVersion() throws {
        let folder = try temporaryFolder()
        try write(Self.feed, to: "Feed.swift", in: folder)
        #expect(try runMaplint(["resolve"], in: folder).status == 0)
        let resolved = try runMaplint(["resolve", "--library-version", "11.0.1"], in: folder)
        #expect(resolved.status == 2)
        #expect(resolved.stdout.contains("Feed.swift:14:9: error: 'editingStyle' is keyed by model type"))
        // The screen is invalid at 11: the page is still written, and the status says so.
        let report = try runMaplint(["report", "--format", "markdown", "--library-version", "11.0.1"], in: folder)
        #expect(report.status == 2)
        #expect(
            report.stdout.contains(
                "- Swift files in no project or package (.): 1 Swift file, 1 registration, DTTableViewManager 11.0.1 "
                    + "(--library-version)\n"))
        #expect(report.stdout.contains("1 screen, 1 Swift file: 1 error, 0 warnings, 0 notes."))
        try write(
            try String(
                contentsOf: packageRoot.appendingPathComponent("Fixtures/feed.maplint.yml"), encoding: .utf8),
            to: "feed.maplint.yml", in: folder)
        for command in ["report", "resolve"] {
            let manifest = try runMaplint([command, "feed.maplint.yml", "--library-version", "7"], in: folder)
            #expect(manifest.status == 64)
            #expect(
                manifest.stderr.hasPrefix(
                    "Error: --library-version applies to an app; a manifest names its own version with 'libraryVersion:'"
                ))
            #expect(try runMaplint([command, "--library-version", "7.2.0.1"], in: folder).status == 64)
        }
    }
}
