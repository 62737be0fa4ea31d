import Foundation
import MaplintLibrary
import MaplintManifest
import MaplintRules
import Testing

@testable import MaplintSwift

/// `libraryVersion` of extracted manifests: `--library-version`, else the nearest lock file at or
/// above the paths (Package.resolved, also Xcode's inside a project, Podfile.lock, Cartfile.resolved).
@Suite struct LibraryVersionDetectionTests {
    /// A table screen and a collection screen, one file each.
    static let screens = [
        "App/Sources/Table.swift": """
        final class TableScreen: DTTableViewManageable {
            func viewDidLoad() { manager.register(PostCell.self) }
        }
        class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        """,
        "App/Sources/Collection.swift": """
        final class GridScreen: DTCollectionViewManageable {
            func viewDidLoad() { manager.register(TileCell.self) }
        }
        class TileCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
        """,
    ]

    static let packageResolvedV2 = """
        {
          "originHash" : "0d1f",
          "pins" : [
            {
              "identity" : "dtcollectionviewmanager",
              "kind" : "remoteSourceControl",
              "location" : "https://github.com/DenTelezhkin/DTCollectionViewManager.git",
              "state" : {
                "revision" : "9b2c",
                "version" : "11.0.0"
              }
            },
            {
              "identity" : "dttableviewmanager",
              "kind" : "remoteSourceControl",
              "location" : "https://github.com/DenTelezhkin/DTTableViewManager",
              "state" : {
                "revision" : "1a2b",
                "version" : "11.0.1"
              }
            }
          ],
          "version" : 3
        }
        """

    static let packageResolvedV1 = """
        {
          "object": {
            "pins": [
              {
                "package": "DTTableViewManager",
                "repositoryURL": "https://github.com/DenTelezhkin/DTTableViewManager.git",
                "state": {
                  "branch": null,
                  "revision": "3c4d",
                  "version": "10.0.0"
                }
              }
            ]
          },
          "version": 1
        }
        """

    static let podfileLock = """
        PODS:
          - DTModelStorage (8.1.0)
          - DTTableViewManager (7.2.0):
            - DTModelStorage (~> 8.1.0)
          - SnapKit (5.0.1)

        DEPENDENCIES:
          - DTTableViewManager (~> 7.0)

        COCOAPODS: 1.10.1
        """

    /// Writes `files` under a new temporary folder and returns it. The folder is a repository (it
    /// holds `.git`): lock files are looked for up to its root, above the folders named.
    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// `VERSION from FILE:LINE` (FILE relative to `root`) or `VERSION from --library-version` for
    /// the manifest named `name`; nil when it has no version.
    static func version(_ name: String, in result: ExtractionResult, root: URL) throws -> String? {
        let manifest = try #require(result.manifests.first { $0.name == name })
        guard let detected = manifest.libraryVersion else { return nil }
        guard case .lockFile(let location) = detected.origin else {
            return "\(detected.version) from --library-version"
        }
        let file = location.file.replacingOccurrences(of: root.standardizedFileURL.path + "/", with: "")
        return "\(detected.version) from \(file):\(location.line)"
    }

    @Test func packageResolvedGivesEachHostItsLibrary() throws {
        let root = try Self.tree(Self.screens.merging(["App/Package.resolved": Self.packageResolvedV2]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App/Sources").path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "11.0.1 from App/Package.resolved:14")
        #expect(try Self.version("GridScreen", in: result, root: root) == "11.0.0 from App/Package.resolved:5")
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        expectLoadsCleanly(table)
        let written = ManifestWriter(folder: root.appendingPathComponent("manifests").path).text(of: table)
        #expect(
            written.contains(
                "\nhost: tableView\nlibraryVersion: \"11.0.1\"  # from ../App/Package.resolved\nmodels: {}\n"),
            "\(written)")
        #expect(result.notes.isEmpty)
    }

    @Test func xcodeKeepsPackageResolvedInsideTheProject() throws {
        let root = try Self.tree(
            Self.screens.merging([
                "App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": Self.packageResolvedV1
            ]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App/Sources/Table.swift").path])
        #expect(
            try Self.version("TableScreen", in: result, root: root)
                == "10.0.0 from App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved:5")
    }

    /// Which pins of the folder above a nested project are its own (`PinScope`): CocoaPods installs into the
    /// project its Podfile names (`project` / `xcodeproj`, with or without the extension), else into the one
    /// project of the Podfile's folder; another project's Swift packages are resolved in that project's bundle;
    /// a workspace holds the projects its contents name; a Cartfile is shared.
    @Test func aPinAboveANestedProjectCountsOnlyWhenItIsTheProjects() throws {
        let root = try Self.tree([
            "Outer/Outer.xcodeproj/project.pbxproj": "",
            "Outer/Outer.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": "{}",
            "Outer/All.xcworkspace/contents.xcworkspacedata": "<FileRef location = \"group:Demo/Demo.xcodeproj\">",
            "Outer/All.xcworkspace/xcshareddata/swiftpm/Package.resolved": "{}",
            "Outer/Cartfile.resolved": "",
            "Outer/Podfile": "platform :ios, '13.0'\ntarget 'Demo' do\n  xcodeproj './Demo/Demo'\nend\n",
            "Outer/Podfile.lock": "PODS:\n",
            "Outer/Demo/Demo.xcodeproj/project.pbxproj": "",
            "Outer/Demo/Podfile.lock": "PODS:\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let outer = root.appendingPathComponent("Outer").standardizedFileURL.path
        let scope = PinScope(project: outer + "/Demo/Demo.xcodeproj")
        #expect(scope.belonging(outer + "/Demo/Podfile.lock", in: outer + "/Demo") == .own)
        #expect(
            scope.belonging(
                outer + "/Outer.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", in: outer)
                == .otherProject)
        #expect(scope.belonging(outer + "/Outer.xcodeproj/project.pbxproj", in: outer) == .otherProject)
        #expect(
            scope.belonging(outer + "/All.xcworkspace/xcshareddata/swiftpm/Package.resolved", in: outer)
                == .above("in the workspace All.xcworkspace, which holds the project"))
        #expect(scope.belonging(outer + "/Cartfile.resolved", in: outer) == .above("a pin above the project's folder"))
        #expect(
            scope.belonging(outer + "/Podfile.lock", in: outer)
                == .above("the Podfile there names Demo/Demo.xcodeproj"))
        // The outer project's Podfile alone (no `project` line, a project in its folder): not the nested one's.
        try Data("target 'Outer' do\nend\n".utf8).write(to: URL(fileURLWithPath: outer + "/Podfile"))
        #expect(scope.belonging(outer + "/Podfile.lock", in: outer) == .otherProject)
        #expect(PinScope.names("project 'Demo/Demo.xcodeproj'", "Demo/Demo.xcodeproj"))
        #expect(!PinScope.names("project 'Outer'", "Demo/Demo.xcodeproj"))
    }

    @Test func podfileLockPinsTheTableManagerOnly() throws {
        let root = try Self.tree(Self.screens.merging(["Podfile.lock": Self.podfileLock]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App").path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "7.2.0 from Podfile.lock:3")
        // DTCollectionViewManager is not in the lock file: no version, the newest is modelled.
        #expect(try Self.version("GridScreen", in: result, root: root) == nil)
        let grid = try #require(result.manifests.first { $0.name == "GridScreen" })
        #expect(!yaml(grid).contains("libraryVersion"))
    }

    /// An app's targets ask the same lock file: it is read into versions once per text, and again
    /// when its text changed (a run never sees a stale pin).
    @Test func aLockFileIsReadOncePerTextAndAgainWhenItChanges() throws {
        let root = try Self.tree(Self.screens.merging(["Podfile.lock": Self.podfileLock]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let lock = root.appendingPathComponent("Podfile.lock")
        let app = root.appendingPathComponent("App").path
        let first = SwiftExtractor.extract(paths: [app])
        #expect(try Self.version("TableScreen", in: first, root: root) == "7.2.0 from Podfile.lock:3")
        let made = DependencyLockFiles.lockedVersions.madeCount(path: lock.standardizedFileURL.path)
        #expect(made > 0)
        let second = SwiftExtractor.extract(paths: [app])
        #expect(try Self.version("TableScreen", in: second, root: root) == "7.2.0 from Podfile.lock:3")
        #expect(DependencyLockFiles.lockedVersions.madeCount(path: lock.standardizedFileURL.path) == made)
        try Data(Self.podfileLock.replacingOccurrences(of: "(7.2.0)", with: "(8.0.1)").utf8).write(to: lock)
        let changed = SwiftExtractor.extract(paths: [app])
        #expect(try Self.version("TableScreen", in: changed, root: root) == "8.0.1 from Podfile.lock:3")
        #expect(DependencyLockFiles.lockedVersions.madeCount(path: lock.standardizedFileURL.path) > made)
    }

    @Test func cartfileResolved() throws {
        let cartfile = """
            github "DenTelezhkin/DTModelStorage" "8.1.0"
            github "DenTelezhkin/DTCollectionViewManager" "v7.1.3"
            git "https://github.com/DenTelezhkin/DTTableViewManager.git" "5bd0c8e1"
            """
        let root = try Self.tree(Self.screens.merging(["Cartfile.resolved": cartfile]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.path])
        #expect(try Self.version("GridScreen", in: result, root: root) == "7.1.3 from Cartfile.resolved:2")
        // A commit instead of a version says nothing about the major.
        #expect(try Self.version("TableScreen", in: result, root: root) == nil)
    }

    @Test func theNearestLockFileWins() throws {
        let root = try Self.tree(
            Self.screens.merging([
                "Podfile.lock": Self.podfileLock, "App/Package.resolved": Self.packageResolvedV2,
            ]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App/Sources").path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "11.0.1 from App/Package.resolved:14")
    }

    /// `lint --swift .` from a repository whose app keeps its `Podfile.lock` in a subfolder: the
    /// lock file is found from the Swift files read (DT 5 here, a prerelease).
    @Test func aLockFileBelowTheFolderNamedIsFoundFromTheSwiftFiles() throws {
        let podfile = """
            PODS:
              - DTModelStorage (3.0.0-beta.2)
              - DTTableViewManager (5.0.0-beta.2):
                - DTModelStorage (~> 3.0.0-beta.2)
            """
        let root = try Self.tree(Self.screens.merging(["App/Podfile.lock": podfile]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "5.0.0 from App/Podfile.lock:3")
        #expect(try Self.version("GridScreen", in: result, root: root) == nil)
    }

    /// A lock file at or above the folder named still comes first.
    @Test func aLockFileAboveTheFolderNamedComesBeforeOneBelow() throws {
        let root = try Self.tree(
            Self.screens.merging([
                "Podfile.lock": Self.podfileLock, "App/Sources/Package.resolved": Self.packageResolvedV2,
            ]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App").path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "7.2.0 from Podfile.lock:3")
        // The collection manager is not in Podfile.lock: found below, next to the files.
        #expect(
            try Self.version("GridScreen", in: result, root: root) == "11.0.0 from App/Sources/Package.resolved:5")
    }

    @Test func theCommandLineOverridesTheLockFiles() throws {
        let root = try Self.tree(Self.screens.merging(["Podfile.lock": Self.podfileLock]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(
            paths: [root.path], libraryVersion: LibraryVersion(parsing: "8.2.0"))
        #expect(try Self.version("TableScreen", in: result, root: root) == "8.2.0 from --library-version")
        #expect(try Self.version("GridScreen", in: result, root: root) == "8.2.0 from --library-version")
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        #expect(yaml(table).contains("\nlibraryVersion: \"8.2.0\"  # from --library-version\n"))
    }

    /// A Podfile.lock that pins DTModelStorage and a fork of the collection manager under another
    /// name, naming neither DT manager: each manager is taken as the newest release that requires
    /// that DTModelStorage, not the newest maplint models. DTModelStorage 8.0.0 goes with
    /// DTCollectionViewManager 7.0.0 to 7.1.3 and DTTableViewManager 7.0.0 to 7.1.0 (their podspecs
    /// require DTModelStorage `~> 8.0.0`; `~> 8.1.0` from 7.2.0). `--library-version` settles it.
    @Test func aModelStoragePinWithNoManagerNamedGivesTheManagerThatRequiresIt() throws {
        let podfile = """
            PODS:
              - DTModelStorage (8.0.0):
                - DTModelStorage/Core (= 8.0.0)
              - GridKitCollectionManager (7.5.2):
                - DTModelStorage (= 8.0.0)
            """
        let root = try Self.tree(Self.screens.merging(["Podfile.lock": podfile]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.path])
        let grid = try #require(result.manifests.first { $0.name == "GridScreen" }?.libraryVersion)
        #expect(grid.version == LibraryVersion(major: 7, minor: 1, patch: 3))
        guard case .requirement(let place, let written) = grid.origin else {
            Issue.record("the version is not inferred: \(grid.origin)")
            return
        }
        #expect(place.line == 2)
        #expect(written == "inferred from DTModelStorage 8.0.0")
        let table = try #require(result.manifests.first { $0.name == "TableScreen" }?.libraryVersion)
        #expect(table.version == LibraryVersion(major: 7, minor: 1))
        #expect(try Self.modelStorage(in: result, root: root) == "8.0.0 from Podfile.lock:2")
        #expect(describe(result.notes) == [])

        let given = SwiftExtractor.extract(paths: [root.path], libraryVersion: LibraryVersion(parsing: "7.2.0"))
        #expect(try Self.version("GridScreen", in: given, root: root) == "7.2.0 from --library-version")
        #expect(describe(given.notes) == [])
    }

    /// A lock file cut short, not in its format or unreadable gives no version, and says so: the
    /// file, what is wrong, the version assumed and where it comes from, and how to set it.
    @Test(arguments: [
        (
            "Package.resolved", String(LibraryVersionDetectionTests.packageResolvedV2.prefix(200)),
            "7:71 this Package.resolved cannot be read: it is not valid JSON (unexpected end of file during JSON "
                + "parse); it may have been cut short"
        ),
        (
            "Package.resolved", "{\"pins\": [}",
            "1:11 this Package.resolved cannot be read: it is not valid JSON (invalid value around character 10); "
                + "it may have been cut short"
        ),
        (
            "Package.resolved", "[]",
            "1:1 this Package.resolved cannot be read: it is JSON but has no list of pins, as the Package.resolved "
                + "files of format 1, 2 and 3 have"
        ),
        (
            "Podfile.lock", "",
            "1:1 this Podfile.lock cannot be read: it has no 'PODS:' section; it may have been cut short"
        ),
        (
            "Cartfile.resolved", "github \"DenTelezhkin/DTModelStorage\" \"9.0.1\"\ngithub \"DenTelezhkin/DTTableVi",
            "2:1 this Cartfile.resolved cannot be read: line 2 is not an entry like 'github \"owner/name\" "
                + "\"1.0.0\"'; the file may have been cut short"
        ),
        ("Podfile.lock", "PODS:\n  - \u{FF}", "1:1 this Podfile.lock cannot be read: it is not UTF-8 text"),
    ])
    func anUnreadableLockFileIsNoted(name: String, text: String, problem: String) throws {
        var files = Self.screens
        files["App/" + name] = text
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        if text.hasSuffix("\u{FF}") {
            // Not UTF-8: the byte 0xFF itself.
            try Data(Array("PODS:\n  - ".utf8) + [0xFF]).write(to: root.appendingPathComponent("App/" + name))
        }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App/Sources").path])
        #expect(try Self.version("TableScreen", in: result, root: root) == nil)
        #expect(
            describe(result.notes) == [
                problem + "; no library version is taken from it, so the manifests are checked as DTTableViewManager "
                    + "and DTCollectionViewManager 11.0.1 (the newest version maplint models, as no other lock file or "
                    + "requirement names it); if the app uses another version, pass it with --library-version, or "
                    + "fix the file"
            ])
        let location = try #require(result.notes.first?.location.file)
        #expect(location.hasSuffix("App/" + name))

        // --library-version sets it: the lock files are not read, and there is nothing to say.
        let given = SwiftExtractor.extract(
            paths: [root.appendingPathComponent("App/Sources").path], libraryVersion: LibraryVersion(parsing: "8.0.0"))
        #expect(given.notes.isEmpty)
    }

    /// The version assumed names where it comes from when another lock file gives it.
    @Test func anUnreadableLockFileNamesTheVersionFoundElsewhere() throws {
        let root = try Self.tree(
            Self.screens.merging(["App/Package.resolved": "{", "Podfile.lock": Self.podfileLock]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App/Sources").path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "7.2.0 from Podfile.lock:3")
        let message = try #require(result.notes.first?.message)
        #expect(message.contains("the manifests are checked as DTTableViewManager 7.2.0 (from "))
        #expect(message.contains("Podfile.lock) and DTCollectionViewManager 11.0.1 (the newest"))
    }

    /// DT 4 and 5 predate what maplint models: the manifest is checked as 6 and says so, once.
    @Test func anOlderVersionIsCheckedAsTheOldestModelled() throws {
        let podfile = """
            PODS:
              - DTModelStorage (2.6.2)
              - DTTableViewManager/Core (4.8.0):
                - DTModelStorage (~> 2.6.0)
            """
        let root = try Self.tree(Self.screens.merging(["Podfile.lock": podfile]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.path])
        #expect(try Self.version("TableScreen", in: result, root: root) == "4.8.0 from Podfile.lock:3")
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        expectLoadsCleanly(table)
        #expect(
            yaml(table).contains(
                "\nlibraryVersion: \"6\"  # from \(root.standardizedFileURL.path)/Podfile.lock: the app uses 4.8.0, "
                    + "checked as the oldest version maplint models\n"))
        #expect(
            describe(result.notes) == [
                "3:1 the app uses DTTableViewManager 4.8.0, older than 6.0, the oldest version maplint models: its "
                    + "screens are checked as 6.0 (no mapping conditions, events matched when they fire)",
                "1:13 no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                    + "DTCollectionViewManager version: checked as DTCollectionViewManager 11.0.1, the newest version maplint models; pass "
                    + "--library-version with the version the app uses",
            ])
    }

    /// `modelStorageVersion VERSION from FILE:LINE` of the extraction, FILE relative to `root`.
    static func modelStorage(in result: ExtractionResult, root: URL) throws -> String? {
        let manifest = try #require(result.manifests.first)
        guard let detected = manifest.modelStorageVersion, case .lockFile(let location) = detected.origin else {
            return nil
        }
        let file = location.file.replacingOccurrences(of: root.standardizedFileURL.path + "/", with: "")
        return "\(detected.version) from \(file):\(location.line)"
    }

    /// DTModelStorage's pin in Podfile.lock (`  - DTModelStorage (9.0.1)` under `PODS:`, as
    /// CocoaPods resolves DTCollectionViewManager 8.0.1's `~> 9.0.0`) gives every manifest
    /// `modelStorageVersion`, written after `libraryVersion` with its lock file; with 9.0.1
    /// `registration-per-dequeue` is an error (ViewModelMapping.swift, `_cellDequeueClosure`, 9.0.1).
    @Test func podfileLockGivesTheModelStorageVersion() throws {
        let podfile = """
            PODS:
              - DTCollectionViewManager (8.0.1):
                - DTModelStorage (~> 9.0.0)
              - DTModelStorage (9.0.1)
            """
        let root = try Self.tree(Self.screens.merging(["Podfile.lock": podfile]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.path])
        #expect(try Self.modelStorage(in: result, root: root) == "9.0.1 from Podfile.lock:4")
        let grid = try #require(result.manifests.first { $0.name == "GridScreen" })
        expectLoadsCleanly(grid)
        let written = ManifestWriter(folder: root.appendingPathComponent("manifests").path).text(of: grid)
        #expect(
            written.contains(
                "\nlibraryVersion: \"8.0.1\"  # from ../Podfile.lock\nmodelStorageVersion: \"9.0.1\"  # from ../Podfile.lock\n"
            ), "\(written)")
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        #expect(yaml(table).contains("\nhost: tableView\nmodelStorageVersion: \"9.0.1\"  # from "))
        let loaded = try #require(ManifestLoader.load(bytes: Array(written.utf8), file: "Grid.maplint.yml").manifest)
        #expect(loaded.modelStorageVersion == LibraryVersion(major: 9, minor: 0, patch: 1))
        #expect(
            Analyzer.analyze(loaded).filter { $0.rule == "registration-per-dequeue" }.map(\.severity) == [.error])
    }

    /// Package.resolved format 2: the `dtmodelstorage` pin's `state.version`.
    @Test func packageResolvedV2GivesTheModelStorageVersion() throws {
        let resolved = """
            {
              "pins" : [
                {
                  "identity" : "dtcollectionviewmanager",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/DenTelezhkin/DTCollectionViewManager.git",
                  "state" : {
                    "revision" : "9b2c",
                    "version" : "8.0.1"
                  }
                },
                {
                  "identity" : "dtmodelstorage",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/DenTelezhkin/DTModelStorage.git",
                  "state" : {
                    "revision" : "4e5f",
                    "version" : "9.1.2"
                  }
                }
              ],
              "version" : 2
            }
            """
        let root = try Self.tree([
            "App/Package.resolved": resolved,
            "App/Sources/Collection.swift": Self.screens["App/Sources/Collection.swift"]!,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App/Sources").path])
        #expect(try Self.version("GridScreen", in: result, root: root) == "8.0.1 from App/Package.resolved:4")
        #expect(try Self.modelStorage(in: result, root: root) == "9.1.2 from App/Package.resolved:13")
        #expect(
            DependencyLockFiles.packageResolved("DTModelStorage", in: resolved).map { "\($0):\($1)" } == "9.1.2:13")
    }

    @Test func lockFileParsers() {
        #expect(
            DependencyLockFiles.packageResolved("DTTableViewManager", in: Self.packageResolvedV1).map { "\($0):\($1)" }
                == "10.0.0:5")
        #expect(DependencyLockFiles.packageResolved("DTCollectionViewManager", in: Self.packageResolvedV1) == nil)
        #expect(DependencyLockFiles.packageResolved("DTTableViewManager", in: "{ not json") == nil)
        #expect(DependencyLockFiles.packageResolved("DTTableViewManager", in: "[1, 2]") == nil)
        #expect(
            DependencyLockFiles.podfileLock("DTTableViewManager", in: Self.podfileLock).map { "\($0):\($1)" }
                == "7.2.0:3")
        // A dependency line (four spaces in) or the DEPENDENCIES section is not the resolved pod.
        #expect(
            DependencyLockFiles.podfileLock("DTModelStorage", in: Self.podfileLock).map { "\($0):\($1)" } == "8.1.0:2")
        #expect(
            DependencyLockFiles.podfileLock("DTTableViewManager", in: "DEPENDENCIES:\n  - DTTableViewManager (~> 7.0)")
                == nil)
        #expect(DependencyLockFiles.podfileLock("DTTableViewManager", in: "PODS:\n  - DTTableViewManager (") == nil)
        #expect(DependencyLockFiles.cartfileResolved("DTTableViewManager", in: "github \"a/b\"") == nil)
        #expect(
            DependencyLockFiles.repositoryName("https://github.com/DenTelezhkin/DTTableViewManager.git")
                == "dttableviewmanager")
    }
}
