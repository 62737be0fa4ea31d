import Foundation
import MaplintCore
import Testing

@testable import MaplintSwift

/// With no lock file naming the library, `libraryVersion` comes from the app's requirement in a `Podfile`
/// or `Package.swift`: an exact pin gives that version, a requirement whose versions share one major gives
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
        case .lockFile(let location): return "\(detected.version) from \(relative(location.file)):\(location.line)"
        case .requirement(let location, let written):
            return "\(detected.version) from \(relative(location.file)):\(location.line) requirement \(written)"
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
        #expect(result.notes.isEmpty)
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
            let file = SwiftSourceFile(path: "Package.swift", bytes: Array(text.utf8))
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

    /// A lock file anywhere the search reaches comes before a requirement, even a nearer one.
    @Test func lockFilesKeepPriority() throws {
        let (result, root) = try extract([
            "Podfile.lock": Detection.podfileLock, "App/Podfile": "pod 'DTTableViewManager', '~> 6.0'\n",
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
                    + "models: its manifests are checked as 6.0 (no mapping conditions, events matched when they fire)"
            ])
    }
}
