import Foundation
import Testing

/// `library_version` in `.maplint.yml` and `--library-version [TARGET=]VERSION`: the DT version
/// of Swift targets by name, in place of what their lock files pin.
@Suite struct LibraryVersionConfigurationTests {
    /// A copy of Fixtures/apps/Monorepo as a repository of its own.
    static func monorepo() throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: AppCommandTests.apps.appendingPathComponent("Monorepo"), to: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return folder
    }

    static let otherLines = """
        maplint: ShopWidget (apps/shop/Shop.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)
        maplint: SettingsKit (packages/SettingsKit/Package.swift): 1 Swift file, 2 registrations, DTTableViewManager 10.0.2 from packages/SettingsKit/Package.resolved
        maplint: Swift files in no project or package (.): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)
        """

    /// A target named gets its version, the others keep their lock file's; a name no target has
    /// is a note with the closest target checked.
    @Test func aTargetsVersionComesFromTheConfiguration() throws {
        let folder = try Self.monorepo()
        try write("library_version:\n  Admin: \"11.0.1\"\n  Shp: 7\n", to: ".maplint.yml", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stderr == """
                maplint: Admin (admin/Admin.xcodeproj): 1 Swift file, 2 registrations, DTTableViewManager 11.0.1 from library_version in .maplint.yml
                maplint: Shop (apps/shop/Shop.xcodeproj): 2 Swift files, 2 registrations, DTCollectionViewManager 11.0.0 from apps/shop/Podfile.lock
                \(Self.otherLines)
                .maplint.yml:3:3: note: library_version names the target 'Shp', which was not checked, so its version is not used (did you mean 'Shop'?)

                """)
        // `report` and `resolve` of the app read the same versions, and say the same of a name no target has.
        for command in ["report", "resolve"] {
            let other = try runMaplint([command], in: folder)
            #expect(other.status == 0)
            #expect(
                other.stderr
                    == ".maplint.yml:3:3: note: library_version names the target 'Shp', which was not checked, so its "
                    + "version is not used (did you mean 'Shop'?)\n")
        }
        let report = try runMaplint(["report", "--format", "json"], in: folder)
        let targets = try #require(
            (try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?["targets"]
                as? [String])
        #expect(
            targets.first
                == "Admin (admin/Admin.xcodeproj): 1 Swift file, 2 registrations, DTTableViewManager 11.0.1 from "
                + "library_version in .maplint.yml")
        // The extracted manifest says where the version comes from.
        let extracted = try runMaplint(["extract", "admin/Admin.xcodeproj", "--library-version", "8"], in: folder)
        #expect(extracted.stdout.contains("libraryVersion: \"8\"  # from --library-version"))
    }

    /// The command line names targets the same way, and its version for every target applies
    /// to those the configuration does not name.
    @Test func theCommandLineSetsVersionsByTargetToo() throws {
        let folder = try Self.monorepo()
        try write("library_version: {Shop: 10}\n", to: ".maplint.yml", in: folder)
        let output = try runMaplint(["--library-version", "Admin=8.0.0", "--library-version", "9"], in: folder)
        #expect(output.status == 1)
        #expect(
            output.stderr.hasPrefix(
                """
                maplint: Admin (admin/Admin.xcodeproj): 1 Swift file, 2 registrations, DTTableViewManager 8.0.0 (--library-version)
                maplint: Shop (apps/shop/Shop.xcodeproj): 2 Swift files, 2 registrations, DTCollectionViewManager 10 from library_version in .maplint.yml
                maplint: ShopWidget (apps/shop/Shop.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)
                maplint: SettingsKit (packages/SettingsKit/Package.swift): 1 Swift file, 2 registrations, DTTableViewManager 9 (--library-version)

                """), "\(output.stderr)")
        let unknown = try runMaplint(["--library-version", "Admn=8"], in: folder)
        #expect(
            unknown.stderr.hasSuffix(
                "maplint: note: --library-version names the target 'Admn', which was not checked, so its version is "
                    + "not used (did you mean 'Admin'?)\n"), "\(unknown.stderr)")
        for (argument, error) in [
            ("Admin=seven", "'seven' is not a library version"), ("=8", "TARGET=VERSION needs a target name"),
        ] {
            let bad = try runMaplint(["--library-version", argument], in: folder)
            #expect(bad.status == 64)
            #expect(bad.stderr.hasPrefix("Error: --library-version: \(error)"), "\(bad.stderr)")
        }
    }

    /// Bad values are errors at their line and column, and nothing is checked (status 2).
    @Test func badValuesArePositionedErrors() throws {
        let folder = try Self.monorepo()
        try write(
            "library_version: {Admin: seven, Shop: [1], \"\": 8, Old: \"5.0\"}\n", to: ".maplint.yml", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(
            output.stderr == """
                .maplint.yml:1:26: error: 'seven' is not a library version; write it like "11.0.1", "6.6" or "8" [invalid-configuration]
                .maplint.yml:1:39: error: the library_version of 'Shop' must be a DTTableViewManager or DTCollectionViewManager version such as "11.0.1", "6.6" or "8", not a list [invalid-configuration]
                .maplint.yml:1:44: error: a target name must not be empty [invalid-configuration]
                .maplint.yml:1:56: error: the library_version of 'Old' is 5.0.0, older than 6.0, the oldest version maplint models; its behaviour differs (no mapping conditions before 6.0) [invalid-configuration]

                """)
        try write("library_version: [8]\n", to: ".maplint.yml", in: folder)
        let list = try runMaplint([], in: folder)
        #expect(list.status == 2)
        #expect(
            list.stderr
                == ".maplint.yml:1:18: error: 'library_version' must be a DTTableViewManager or DTCollectionViewManager "
                + "version such as \"11.0.1\", \"6.6\" or \"8\", or a mapping of target names to versions, not a list "
                + "[invalid-configuration]\n")
    }

    /// One version for every target, from the configuration, reaches `report` of the app too.
    @Test func oneVersionForEveryTargetReachesTheReport() throws {
        let folder = try Self.monorepo()
        try write("library_version: \"11.0.1\"\n", to: ".maplint.yml", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.stderr.contains("DTTableViewManager 11.0.1 from library_version in .maplint.yml\n"))
        #expect(output.stderr.contains("DTCollectionViewManager 11.0.1 from library_version in .maplint.yml\n"))
        #expect(!output.stderr.contains("Podfile.lock"))
        let report = try runMaplint(["report", "--format", "json"], in: folder)
        #expect(report.status == 0)
        let linted = try AppCommandTests.findings(runMaplint(["--format", "json"], in: folder))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let screens = try #require(document["screens"] as? [[String: Any]])
        let count = screens.reduce(0) { $0 + (($1["diagnostics"] as? [Any])?.count ?? 0) }
        #expect(count == linted.count)
    }
}
