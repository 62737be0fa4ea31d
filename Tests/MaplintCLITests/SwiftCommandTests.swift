import Foundation
import Testing

/// `maplint extract` and `maplint lint --swift` on the Swift app under Fixtures/swift/FeedApp.
@Suite struct SwiftCommandTests {
    static let app = "Fixtures/swift/FeedApp"
    static let screens = "Fixtures/swift/FeedApp/Sources/FeedApp/Screens"
    static let manifests = [
        "FeedViewController", "GalleryViewController", "ProfileViewController", "SearchViewController",
        "SectionHeadersViewController", "SectionedFeedViewController", "SettingsViewController",
        "FeedConfigurator.configure",
    ]

    /// The Swift files of the app, as the build plugin names a target's files: named, they are
    /// read as one target, without the xibs and storyboards a folder's app run reads.
    static func sources(under folder: String = SwiftCommandTests.app) throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(
            atPath: packageRoot.appendingPathComponent(folder).path)
        return names.filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }.sorted().map { folder + "/" + $0 }
    }

    @Test func extractPrintsTheManifestsAndTheNotes() throws {
        let output = try runMaplint(["extract", Self.app])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, "extract/FeedApp.txt")
        try expectGolden(output.stderr, "extract/FeedApp-notes.txt")
    }

    @Test func extractWritesOneLoadableManifestPerManagedView() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-extract-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try runMaplint(["extract", Self.app, "--output", folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == Self.manifests.map { $0 + ".maplint.yml" }.sorted())
        // Every manifest is accepted by lint: no invalid-manifest, and the findings point into Swift.
        let lint = try runMaplint(["lint", folder.path, "--format", "json"])
        #expect(lint.status == 1, "\(lint.stdout)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(!diagnostics.contains { $0["rule"] as? String == "invalid-manifest" })
        for diagnostic in diagnostics {
            let file = try #require(diagnostic["file"] as? String)
            #expect(file.hasSuffix(".swift"), "\(file) is not a Swift file")
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(file).path)
                    || file.hasPrefix("/"))
        }
    }

    /// The documented pitfalls, each found at the Swift line that causes it (in the files named:
    /// the app run of the folder also reads its xibs, and the xibs these screens name are absent).
    @Test func findingsPointAtTheSwiftLines() throws {
        let output = try runMaplint(["lint", "--swift"] + Self.sources())
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let expected = [
            // An unconditional mapping before a conditional one.
            "\(Self.screens)/FeedViewController.swift:16:9: error: ", "[unreachable-registration]",
            // Manager-level event before registration.
            "\(Self.screens)/ProfileViewController.swift:16:9: warning: ", "[event-without-registration]",
            // Headers and footers sharing a view.
            "\(Self.screens)/SectionHeadersViewController.swift:23:9: error: ", "[reuse-identifier-collision]",
            // The same cell for two sections with a custom xib.
            "\(Self.screens)/SectionedFeedViewController.swift:23:9: error: ", "[reuse-identifier-collision]",
            // The same event twice on one mapping.
            "\(Self.screens)/FeedViewController.swift:23:21: warning: ", "[duplicate-event]",
        ]
        for pair in stride(from: 0, to: expected.count, by: 2) {
            #expect(
                lines.contains { $0.hasPrefix(expected[pair]) && $0.hasSuffix(expected[pair + 1]) },
                "no line starting \(expected[pair]) for \(expected[pair + 1])")
        }
        // Messages name Swift lines, not manifest lines.
        #expect(output.stdout.contains("PostCell (entry 0, FeedViewController.swift:15)"))
        #expect(!output.stdout.contains(", line "))
    }

    @Test(arguments: ["text", "json", "sarif", "github", "checkstyle"])
    func lintSwiftMatchesGolden(format: String) throws {
        let output = try runMaplint(["lint", "--swift", Self.app, "--format", format])
        #expect(output.status == 1, "\(output.stderr)")
        try expectGolden(output.stdout, "lint-swift/FeedApp.\(format)")
    }

    /// Linting the committed extracted manifests gives exactly the findings of `lint --swift` on
    /// the files they were extracted from (named, so read as one extraction, as `extract` reads
    /// them): the `# swift:` comments carry every position.
    @Test func extractedManifestsLintLikeTheSwiftSources() throws {
        let fromSwift = try runMaplint(["lint", "--swift"] + Self.sources() + ["--format", "json"])
        let fromManifests = try runMaplint(["lint", "Fixtures/swift/extracted", "--format", "json"])
        func diagnostics(_ output: ProcessOutput) throws -> String {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let list = try #require(document["diagnostics"] as? [Any])
            return String(
                decoding: try JSONSerialization.data(withJSONObject: list, options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(fromSwift.status == fromManifests.status)
        #expect(try diagnostics(fromSwift) == diagnostics(fromManifests))
    }

    /// A Swift file whose name holds a line break, a `%` and a control character: its extracted
    /// manifest keeps the name in the `# swift:` comments (as `%XX`), so linting the manifest
    /// points at the same file and lines as `lint --swift` of the file.
    @Test func extractedPlacesKeepFileNamesWithLineBreaks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-odd-name-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "Feed\nScreen 100%\u{1B}.swift"
        try write(
            """
            final class FeedViewController: DTTableViewManageable {
                func setUp() {
                    manager.register(PostCell.self) { $0.condition = .section(0) }
                    manager.register(PostCell.self) { $0.condition = .section(1); $0.xibName = "WidePostCell" }
                }
            }
            final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            struct Post { var title: String }

            """, to: "src/" + name, in: folder)
        let extracted = try runMaplint(["extract", "src", "--output", "out"], in: folder)
        #expect(extracted.status == 0)
        let manifest = try String(
            contentsOf: folder.appendingPathComponent("out/FeedViewController.maplint.yml"), encoding: .utf8)
        #expect(manifest.contains("# swift: ../src/Feed%0AScreen 100%25%1B.swift:3:9\n"))
        func places(_ output: ProcessOutput) throws -> [String] {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let list = try #require(document["diagnostics"] as? [[String: Any]])
            // The note that no lock file names a version goes to the standard error of `extract`.
            return list.filter { $0["rule"] as? String != "unsupported-swift" }.map {
                "\($0["file"] ?? "") \($0["line"] ?? "") \($0["rule"] ?? "")"
            }
        }
        let fromSwift = try runMaplint(["lint", "--swift", "src/" + name, "--format", "json"], in: folder)
        let fromManifest = try runMaplint(["lint", "out", "--format", "json"], in: folder)
        #expect(fromSwift.status == 1)
        #expect(try places(fromSwift) == ["src/\(name) 4 reuse-identifier-collision"])
        #expect(try places(fromManifest) == places(fromSwift))
    }

    @Test func notesCanBeDisabledLikeAnyRule() throws {
        let output = try runMaplint(["lint", "--swift", Self.app, "--disabled-rules", "unsupported-swift"])
        #expect(!output.stdout.contains("[unsupported-swift]"))
        #expect(output.stdout.contains("[unreachable-registration]") && output.stdout.contains("[missing-xib]"))
        let named = try runMaplint(["lint", "--swift"] + Self.sources() + ["--disabled-rules", "unsupported-swift"])
        #expect(!named.stdout.contains("[unsupported-swift]"))
        #expect(named.stdout.contains("[reuse-identifier-collision]"))
    }

    @Test func deploymentTargetOptionOverridesPackageSwift() throws {
        // From iOS 14 collection views generate their own identifiers; tables are unaffected.
        let ios13 = try runMaplint([
            "extract", "\(Self.screens)/GalleryViewController.swift", "Fixtures/swift/FeedApp/Sources/FeedApp/Cells",
            "Fixtures/swift/FeedApp/Sources/FeedApp/Models",
        ])
        #expect(ios13.stdout.contains("deploymentTarget: iOS 13.0"))
        let ios15 = try runMaplint([
            "extract", "\(Self.screens)/GalleryViewController.swift", "--deployment-target", "iOS 15.0",
        ])
        #expect(ios15.stdout.contains("deploymentTarget: iOS 15.0"))
    }

    @Test func deploymentTargetOptionAcceptsWhatTheManifestAccepts() throws {
        // The manifest's parser and schema allow spaces around and between the parts; so does the option.
        let spaced = try runMaplint([
            "extract", "\(Self.screens)/GalleryViewController.swift", "--deployment-target", " iOS  13",
        ])
        #expect(spaced.status == 0, "\(spaced.stderr)")
        #expect(spaced.stdout.contains("deploymentTarget: iOS 13\n"))
    }

    @Test func badInputIsExitStatusTwoWithAReason() throws {
        // Nothing to extract passes (the exit status table), with the reason.
        let nothing = try runMaplint(["extract", "Fixtures/swift/FeedApp/Sources/FeedApp/Models"])
        #expect(nothing.status == 0)
        #expect(
            nothing.stderr.contains(
                "maplint: nothing to extract: no registration code found in Fixtures/swift/FeedApp/Sources/FeedApp/Models (6 Swift files read; "
                    + "no type conforming to DTTableViewManageable or DTCollectionViewManageable, no manager property or parameter)"
            ), "\(nothing.stderr)")

        // Linting Swift without DT code is nothing to check, not a failure: the build plugin lints
        // every target of a package, naming its files.
        let models = "Fixtures/swift/FeedApp/Sources/FeedApp/Models"
        let files = try Self.sources(under: models)
        #expect(files.count == 6)
        let lintNothing = try runMaplint(["lint", "--swift"] + files)
        #expect(lintNothing.status == 0)
        #expect(lintNothing.stdout == "6 files checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            lintNothing.stderr
                == "maplint: nothing to check: no registration code found in \(files.joined(separator: ", ")) (6 Swift "
                + "files read; no type conforming to DTTableViewManageable or DTCollectionViewManageable, no manager "
                + "property or parameter)\n")
        // The folder is read as the app run reads it: its target's line says there is nothing to check.
        let folder = try runMaplint(["lint", "--swift", models])
        #expect(folder.status == 0)
        #expect(folder.stdout == "6 files checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            folder.stderr
                == "maplint: Swift files in no project or package (\(models)): 6 Swift files, nothing to check (no "
                + "DTTableViewManager or DTCollectionViewManager code)\n")
    }

    /// A Swift path that does not exist is an input that cannot be read, like a missing manifest:
    /// status 2, one line naming it, nothing checked and no usage line.
    @Test func aMissingSwiftPathIsAnInputThatCannotBeRead() throws {
        let missing = try runMaplint(["extract", "Fixtures/swift/no-such-folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "maplint: Fixtures/swift/no-such-folder: no such file or folder\n")
        #expect(missing.stdout.isEmpty)
        let lintMissing = try runMaplint(["lint", "--swift", "Fixtures/swift/no-such-folder", "--format", "json"])
        #expect(lintMissing.status == 2)
        #expect(lintMissing.stderr == "maplint: Fixtures/swift/no-such-folder: no such file or folder\n")
        #expect(lintMissing.stdout.isEmpty)
    }

    /// `--excluded` (and `--included`, and the configuration file) choose the Swift files found in folders.
    @Test func includedAndExcludedFilterSwiftFiles() throws {
        let all = try runMaplint(["lint", "--swift", Self.app, "--format", "json"])
        #expect(all.stdout.contains("Screens/FeedViewController.swift"))
        let excluded = try runMaplint([
            "lint", "--swift", Self.app, "--format", "json", "--excluded", "**/FeedViewController.swift",
        ])
        #expect(!excluded.stdout.contains("Screens/FeedViewController.swift"), "\(excluded.stdout)")
        #expect(excluded.stdout.contains("ProfileViewController.swift"))
        let included = try runMaplint([
            "lint", "--swift", Self.app, "--format", "json", "--included", "**/ProfileViewController.swift",
            "--included", "**/Cells", "--included", "**/Models",
        ])
        #expect(included.stdout.contains("ProfileViewController.swift"))
        #expect(!included.stdout.contains("Screens/FeedViewController.swift"))
    }

    @Test func theLibraryVersionOption() throws {
        let output = try runMaplint([
            "extract", "\(Self.screens)/GalleryViewController.swift", "--library-version", "7.2.0",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\nlibraryVersion: \"7.2.0\"  # from --library-version\n"))
        #expect(
            try runMaplint(["extract", Self.app, "--library-version", "seven"]).status == 64)
        #expect(
            try runMaplint(["lint", "Fixtures/feed.maplint.yml", "--library-version", "7.2.0"]).status == 64)
    }

    @Test func badArgumentsAreUsageErrors() throws {
        #expect(try runMaplint(["extract", Self.app, "--deployment-target", "iOS thirteen"]).status == 64)
        #expect(try runMaplint(["lint", "Fixtures/feed.maplint.yml", "--deployment-target", "iOS 13.0"]).status == 64)
        #expect(
            try runMaplint(["lint", "--swift", Self.app, "--data", "Fixtures/data/feed-more.sample.yml"]).status == 64)
        #expect(try runMaplint(["extract"]).status == 64)
    }
}
