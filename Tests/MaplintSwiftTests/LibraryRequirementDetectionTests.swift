import Foundation
import Testing

@testable import MaplintSwift

/// With no lock file naming the library, `libraryVersion` comes from the app's requirement in a `Podfile`,
/// `Package.swift`, Xcode project (`project.pbxproj`) or `Cartfile`: an exact pin gives that version, a requirement whose versions share one major gives
/// the bare major, anything wider gives nothing. The comment says it was a requirement.
@Suite struct LibraryRequirementDetectionTests {
    typealias Detection = LibraryVersionDetectionTests

    /// `VERSION from FILE:LINE requirement WRITTEN` for the manifest named `name`; nil without a version.
    static func version(_ name: String, in result: ExtractionResult, root: URL) throws -> String? {
        let manifest = try #require(result.manifests.first { $0.name == name })
        guard let detected = manifest.libraryVersion else { return nil }
        let relative = { (file: String) in
            file.replacingOccurrences(of: root.standardizedFileURL.path + "/", with: "")
        }
        switch detected.origin {
        case .commandLine: return "\(detected.version) from --library-version"
        case .configuration(let location): return "\(detected.version) from library_version in \(location.file)"
        case .lockFile(let location): return "\(detected.version) from \(relative(location.file)):\(location.line)"
        case .requirement(let location, let written):
            return "\(detected.version) from \(relative(location.file)):\(location.line) requirement \(written)"
        case .inferred(let inferred): return "\(detected.version) of \(inferred.range), \(inferred.words)"
        }
    }

    private func extract(_ files: [String: String]) throws -> (ExtractionResult, URL) {
        let root = try Detection.tree(Detection.screens.merging(files) { $1 })
        return (SwiftExtractor.extract(paths: [root.appendingPathComponent("App").path]), root)
    }

    @Test func aPodfilePinGivesThatVersionAndTheCommentSaysItIsARequirement() throws {
        let podfile = """
            platform :ios, '12.0'
            target 'App' do
              # pod 'DTTableViewManager', '~> 5.0'
              pod 'DTTableViewManager', '6.3.0'
            end
            """
        let (result, root) = try extract(["Podfile": podfile])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.version("TableScreen", in: result, root: root) == "6.3.0 from Podfile:4 requirement '6.3.0'")
        #expect(try Self.version("GridScreen", in: result, root: root) == nil)
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        expectLoadsCleanly(table)
        let written = ManifestWriter(folder: root.appendingPathComponent("manifests").path).text(of: table)
        #expect(
            written.contains("\nlibraryVersion: \"6.3.0\"  # from ../Podfile requirement '6.3.0'\n"), "\(written)")
        // The Podfile names no DTCollectionViewManager: GridScreen says which version it is checked as.
        #expect(
            describe(result.notes) == [
                "1:13 no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                    + "DTCollectionViewManager version: checked as DTCollectionViewManager 11.0.1, the newest version maplint models; pass "
                    + "--library-version with the version the app uses"
            ])
    }

    /// `~> 7.0` allows 7.0 up to, not including, 8.0: the major is known, the version is not.
    @Test func aPessimisticPodfileRequirementGivesTheMajorOnly() throws {
        let (result, root) = try extract(["Podfile": "pod 'DTCollectionViewManager', '~> 7.0'\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.version("GridScreen", in: result, root: root) == "7 from Podfile:1 requirement '~> 7.0'")
        let grid = try #require(result.manifests.first { $0.name == "GridScreen" })
        expectLoadsCleanly(grid)
        #expect(yaml(grid).contains("\nlibraryVersion: \"7\"  # from "))
        #expect(yaml(grid).contains("/Podfile requirement '~> 7.0'\n"))
    }

    @Test func podfileRequirements() {
        func version(_ text: String) -> String? {
            DependencyRequirements.podfile("DTTableViewManager", in: text).flatMap { requirement, written, line in
                requirement.determined.map { "\($0) \(written) :\(line)" }
            }
        }
        #expect(version("pod 'DTTableViewManager', '6.3.0'") == "6.3.0 '6.3.0' :1")
        #expect(version("pod \"DTTableViewManager\", \"= 6.3.0\"") == "6.3.0 \"= 6.3.0\" :1")
        #expect(version("pod 'DTTableViewManager', '~> 6.0'") == "6 '~> 6.0' :1")
        #expect(version("pod 'DTTableViewManager', '~> 6.3.1'") == "6 '~> 6.3.1' :1")
        #expect(version("pod 'DTTableViewManager', '~> 6'") == "6 '~> 6' :1")
        #expect(version("pod 'DTTableViewManager/Core', '~> 8.0'") == "8 '~> 8.0' :1")
        #expect(version("pod 'DTTableViewManager', '>= 6.0', '< 7.0'") == "6 '>= 6.0', '< 7.0' :1")
        #expect(version("pod 'DTTableViewManager', '>= 6.0', '<= 6.6.0'") == "6 '>= 6.0', '<= 6.6.0' :1")
        #expect(
            version("pod 'DTTableViewManager', :git => 'https://github.com/x/DTTableViewManager.git', :tag => '7.2.0'")
                == "7.2.0 :tag => '7.2.0' :1")
        // Several lines of one pod are resolved to one version: their requirements are taken together.
        #expect(
            version("pod 'DTTableViewManager', '~> 6.0'\n  pod 'DTTableViewManager', '6.5.0'")
                == "6.5.0 '~> 6.0', '6.5.0' :1")
        // Wider than one major, another source without a tag, no requirement, conflicting pins: nothing.
        #expect(version("pod 'DTTableViewManager', '>= 6.0'") == nil)
        #expect(version("pod 'DTTableViewManager', '>= 6.0', '< 8.0'") == nil)
        #expect(version("pod 'DTTableViewManager', '~> 6.0', '> 7.0'") == nil)
        #expect(version("pod 'DTTableViewManager', :git => 'https://github.com/x/DTTableViewManager.git'") == nil)
        #expect(version("pod 'DTTableViewManager'") == nil)
        #expect(version("pod 'DTTableViewManager', '6.3.0'\npod 'DTTableViewManager', '6.4.0'") == nil)
        #expect(version("pod 'DTTableViewManager', 'latest'") == nil)
        #expect(version("pod 'DTTableViewManagerExtras', '1.0'") == nil)
        #expect(version("# pod 'DTTableViewManager', '6.3.0'") == nil)
    }

    @Test func packageSwiftRequirements() {
        func version(_ requirement: String) -> String? {
            let text = """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(url: "https://github.com/DenTelezhkin/DTTableViewManager.git", \(requirement)),
                    ]
                )
                """
            let file = try! SwiftSourceFile.parse(path: "Package.swift", bytes: Array(text.utf8)).get()
            return DependencyRequirements.packageSwift("DTTableViewManager", in: file).flatMap {
                requirement, written, line in requirement.determined.map { "\($0) \(written) :\(line)" }
            }
        }
        #expect(version(#"from: "8.0.0""#) == #"8 from: "8.0.0" :6"#)
        #expect(version(#"exact: "8.0.1""#) == #"8.0.1 exact: "8.0.1" :6"#)
        #expect(version(#".exact("10.0.0")"#) == #"10.0.0 .exact("10.0.0") :6"#)
        #expect(version(#".upToNextMajor(from: "11.0.0")"#) == #"11 .upToNextMajor(from: "11.0.0") :6"#)
        #expect(version(#".upToNextMinor(from: "8.1.0")"#) == #"8 .upToNextMinor(from: "8.1.0") :6"#)
        #expect(version(#""8.0.0"..<"9.0.0""#) == #"8 "8.0.0"..<"9.0.0" :6"#)
        #expect(version(#""8.0.0"..."8.2.0""#) == #"8 "8.0.0"..."8.2.0" :6"#)
        #expect(version(#""8.0.0"..<"10.0.0""#) == nil)
        #expect(version(#""8.0.0"..."9.0.0""#) == nil)
        #expect(version(#"branch: "master""#) == nil)
        #expect(version(#"revision: "3c4d""#) == nil)
    }

    @Test func aPackageSwiftRequirementGivesTheMajor() throws {
        let package = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [
                    .package(url: "https://github.com/DenTelezhkin/DTTableViewManager.git", from: "8.0.0"),
                    .package(url: "https://github.com/DenTelezhkin/DTCollectionViewManager", exact: "8.0.1"),
                ]
            )
            """
        let (result, root) = try extract(["App/Package.swift": package])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            try Self.version("TableScreen", in: result, root: root)
                == #"8 from App/Package.swift:6 requirement from: "8.0.0""#)
        #expect(
            try Self.version("GridScreen", in: result, root: root)
                == #"8.0.1 from App/Package.swift:7 requirement exact: "8.0.1""#)
        // DTModelStorage comes from lock files only.
        #expect(result.manifests.allSatisfy { $0.modelStorageVersion == nil })
    }

    /// An Xcode project's Swift package reference, as Xcode writes it in `project.pbxproj`; `requirement` is
    /// the body of its `requirement = { … };` and the `repositoryURL` is on line 12.
    static func pbxproj(
        _ requirement: String, url: String = "https://github.com/DenTelezhkin/DTTableViewManager"
    )
        -> String
    {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin XCRemoteSwiftPackageReference section */
        \t\t4A1B2C3D4E5F60718293A4B5 /* XCRemoteSwiftPackageReference "DTTableViewManager" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "\(url)";
        \t\t\trequirement = {
        \(requirement.split(separator: "\n").map { "\t\t\t\t" + $0 }.joined(separator: "\n"))
        \t\t\t};
        \t\t};
        /* End XCRemoteSwiftPackageReference section */
        \t\t4A1B2C3D4E5F60718293A4B6 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tpackageReferences = (
        \t\t\t\t4A1B2C3D4E5F60718293A4B5 /* XCRemoteSwiftPackageReference "DTTableViewManager" */,
        \t\t\t);
        \t\t\ttargets = (
        \t\t\t);
        \t\t};
        \t};
        \trootObject = 4A1B2C3D4E5F60718293A4B6 /* Project object */;
        }
        """
    }

    /// Xcode's `XCRemoteSwiftPackageReference.requirement`: `upToNextMajorVersion` and `upToNextMinorVersion`
    /// from `minimumVersion`, `exactVersion` with `version`, `versionRange` from `minimumVersion` up to (not
    /// including) `maximumVersion`; `branch` and `revision` name no version.
    @Test func xcodeProjectRequirements() {
        func version(
            _ requirement: String, url: String = "https://github.com/DenTelezhkin/DTTableViewManager"
        )
            -> String?
        {
            DependencyRequirements.xcodeProject("DTTableViewManager", in: Self.pbxproj(requirement, url: url))
                .flatMap { requirement, written, line in requirement.determined.map { "\($0) \(written) :\(line)" } }
        }
        #expect(
            version("kind = upToNextMajorVersion;\nminimumVersion = 8.0.0;") == "8 upToNextMajorVersion 8.0.0 :12")
        #expect(
            version("kind = upToNextMinorVersion;\nminimumVersion = 8.1.0;") == "8 upToNextMinorVersion 8.1.0 :12")
        #expect(version("kind = exactVersion;\nversion = 10.0.0;") == "10.0.0 exactVersion 10.0.0 :12")
        #expect(version("kind = exactVersion;\nversion = \"11.0.1\";") == "11.0.1 exactVersion 11.0.1 :12")
        #expect(
            version("kind = versionRange;\nmaximumVersion = 9.0.0;\nminimumVersion = 8.0.0;")
                == "8 versionRange 8.0.0..<9.0.0 :12")
        #expect(
            version(
                "kind = upToNextMajorVersion;\nminimumVersion = 8.0.0;",
                url: "git@github.com:DenTelezhkin/DTTableViewManager.git") == "8 upToNextMajorVersion 8.0.0 :12")
        // Wider than one major, a branch or a commit, another package: nothing.
        #expect(version("kind = versionRange;\nmaximumVersion = 10.0.0;\nminimumVersion = 8.0.0;") == nil)
        #expect(version("branch = main;\nkind = branch;") == nil)
        #expect(version("kind = revision;\nrevision = 3c4d5e6f;") == nil)
        #expect(
            version(
                "kind = upToNextMajorVersion;\nminimumVersion = 8.0.0;",
                url: "https://github.com/DenTelezhkin/DTTableViewManagerExtras") == nil)
        #expect(DependencyRequirements.xcodeProject("DTTableViewManager", in: "not a property list {") == nil)
    }

    /// Carthage's `Cartfile`: `~>` (as CocoaPods), `==` an exact version, `>=` open above; a quoted branch,
    /// tag or commit names no version.
    @Test func cartfileRequirements() {
        func version(_ text: String) -> String? {
            DependencyRequirements.cartfile("DTTableViewManager", in: text).flatMap { requirement, written, line in
                requirement.determined.map { "\($0) \(written) :\(line)" }
            }
        }
        #expect(version("github \"DenTelezhkin/DTTableViewManager\" ~> 6.0") == "6 ~> 6.0 :1")
        #expect(version("github \"DenTelezhkin/DTTableViewManager\" ~> 6.3.1") == "6 ~> 6.3.1 :1")
        #expect(version("github \"DenTelezhkin/DTTableViewManager\" == 6.3.0") == "6.3.0 == 6.3.0 :1")
        #expect(
            version("# The table manager\ngithub \"DenTelezhkin/DTTableViewManager\" ~> 7.0 # pinned for iOS 11")
                == "7 ~> 7.0 :2")
        #expect(
            version("git \"https://github.com/DenTelezhkin/DTTableViewManager.git\" == 8.0.1") == "8.0.1 == 8.0.1 :1")
        #expect(version("github \"DenTelezhkin/DTTableViewManager\" >= 6.0") == nil)
        #expect(version("github \"DenTelezhkin/DTTableViewManager\" \"develop\"") == nil)
        #expect(version("github \"DenTelezhkin/DTTableViewManager\"") == nil)
        #expect(version("# github \"DenTelezhkin/DTTableViewManager\" == 6.3.0") == nil)
        #expect(version("github \"DenTelezhkin/DTModelStorage\" ~> 7.0") == nil)
        #expect(
            version(
                "github \"DenTelezhkin/DTTableViewManager\" ~> 6.0\ngithub \"DenTelezhkin/DTTableViewManager\" ~> 7.0")
                == nil)
    }

    @Test func anXcodeProjectOrCartfileRequirementGivesTheVersion() throws {
        let (result, root) = try extract([
            "App/App.xcodeproj/project.pbxproj": Self.pbxproj("kind = upToNextMajorVersion;\nminimumVersion = 8.0.0;"),
            "Cartfile": "github \"DenTelezhkin/DTCollectionViewManager\" == 7.2.0\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            try Self.version("TableScreen", in: result, root: root)
                == "8 from App/App.xcodeproj/project.pbxproj:12 requirement upToNextMajorVersion 8.0.0")
        #expect(try Self.version("GridScreen", in: result, root: root) == "7.2.0 from Cartfile:1 requirement == 7.2.0")
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        expectLoadsCleanly(table)
        let written = ManifestWriter(folder: root.appendingPathComponent("manifests").path).text(of: table)
        #expect(
            written.contains(
                "\nlibraryVersion: \"8\"  # from ../App/App.xcodeproj/project.pbxproj requirement upToNextMajorVersion 8.0.0\n"
            ), "\(written)")
        #expect(result.notes.isEmpty)
    }

    /// A lock file anywhere the search reaches comes before a requirement, even a nearer one.
    @Test func lockFilesKeepPriority() throws {
        let (result, root) = try extract([
            "Podfile.lock": Detection.podfileLock, "App/Podfile": "pod 'DTTableViewManager', '~> 6.0'\n",
            "App/Cartfile": "github \"DenTelezhkin/DTTableViewManager\" == 6.3.0\n",
            "App/App.xcodeproj/project.pbxproj": Self.pbxproj("kind = exactVersion;\nversion = 6.4.0;"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.version("TableScreen", in: result, root: root) == "7.2.0 from Podfile.lock:3")
        // The lock file does not name the collection manager, nor does the Podfile.
        #expect(try Self.version("GridScreen", in: result, root: root) == nil)
    }

    /// A requirement older than 6.0 is checked as 6 and says so, once, at the requirement's line.
    @Test func anOlderRequirementIsCheckedAsTheOldestModelled() throws {
        let (result, root) = try extract(["Podfile": "target 'App' do\n  pod 'DTTableViewManager', '~> 5.0'\nend\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let table = try #require(result.manifests.first { $0.name == "TableScreen" })
        expectLoadsCleanly(table)
        #expect(
            yaml(table).contains(
                "\nlibraryVersion: \"6\"  # from \(root.standardizedFileURL.path)/Podfile requirement '~> 5.0': "
                    + "checked as the oldest version maplint models\n"), "\(yaml(table))")
        #expect(
            describe(result.notes) == [
                "2:1 the app requires DTTableViewManager '~> 5.0', older than 6.0, the oldest version maplint "
                    + "models: its screens are checked as 6.0 (no mapping conditions, events matched when they fire)",
                "1:13 no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                    + "DTCollectionViewManager version: checked as DTCollectionViewManager 11.0.1, the newest version maplint models; pass "
                    + "--library-version with the version the app uses",
            ])
    }

    /// Targets of one Podfile that require a manager at different majors: CocoaPods installs one version of a
    /// pod for all the targets of a Podfile (one `Pods` project, one `Podfile.lock` whose `PODS:` lists the pod
    /// once), so `pod install` fails and no lock file can pin both. The Podfile names no version, and a note at
    /// its first requirement says why, instead of the note that nothing names the version.
    @Test func targetsRequiringDifferentMajorsNameNoVersion() throws {
        let podfile = """
            platform :ios, '13.0'

            target 'A' do
              pod 'DTTableViewManager', '~> 7.0'
            end

            target 'B' do
              pod 'DTTableViewManager', '~> 11.0'
            end

            """
        let (result, root) = try extract(["Podfile": podfile])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.version("TableScreen", in: result, root: root) == nil)
        let notes = result.notes.map { "\(($0.location.file as NSString).lastPathComponent):\(describe([$0])[0])" }
        let expected: String =
            "Podfile:4:1 this Podfile requires DTTableViewManager at '~> 7.0' (line 4) and '~> 11.0' (line 8), "
            + "which no one version meets: CocoaPods installs one version of a pod for all the targets of a "
            + "Podfile, so it names no version; checked as DTTableViewManager 11.0.1, the newest version maplint "
            + "models; give the targets one requirement, or pass --library-version with the version the app uses"
        #expect(notes.first == expected)
        #expect(notes.count == 2)
        // Requirements of two targets that one version meets are taken together, as before.
        let (agreeing, agreeingRoot) = try extract([
            "Podfile": podfile.replacingOccurrences(of: "'~> 11.0'", with: "'~> 7.2'")
        ])
        defer { try? FileManager.default.removeItem(at: agreeingRoot) }
        #expect(
            try Self.version("TableScreen", in: agreeing, root: agreeingRoot)
                == "7 from Podfile:4 requirement '~> 7.0', '~> 7.2'")
        // A Podfile.lock, which CocoaPods writes with the one version it installed, comes first.
        let (locked, lockedRoot) = try extract(["Podfile": podfile, "Podfile.lock": Detection.podfileLock])
        defer { try? FileManager.default.removeItem(at: lockedRoot) }
        #expect(try Self.version("TableScreen", in: locked, root: lockedRoot) == "7.2.0 from Podfile.lock:3")
        #expect(!locked.notes.contains { $0.message.contains("no one version meets") })
    }

    @Test func podfileConflicts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-conflict-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func conflict(_ text: String) throws -> [String]? {
            let path = folder.appendingPathComponent("Podfile").path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return DependencyRequirements.podfileConflict(of: "DTTableViewManager", in: path)?.requirements
        }
        #expect(
            try conflict("pod 'DTTableViewManager', '6.3.0'\npod 'DTTableViewManager', '6.4.0'")
                == ["'6.3.0' (line 1)", "'6.4.0' (line 2)"])
        #expect(
            try conflict("pod 'DTTableViewManager', '>= 8.0', '< 9.0'\npod 'DTTableViewManager/Core', '~> 6.0'")
                == ["'>= 8.0', '< 9.0' (line 1)", "'~> 6.0' (line 2)"])
        // One version meets them all, one line allows nothing by itself, one line only: no conflict between targets.
        #expect(try conflict("pod 'DTTableViewManager', '~> 6.0'\npod 'DTTableViewManager', '6.5.0'") == nil)
        #expect(try conflict("pod 'DTTableViewManager', '~> 6.0', '> 7.0'\npod 'DTTableViewManager', '~> 7.0'") == nil)
        #expect(try conflict("pod 'DTTableViewManager', '6.3.0'") == nil)
        #expect(try conflict("pod 'DTTableViewManager', '~> 7.0'\npod 'DTTableViewManager'") == nil)
    }
}
