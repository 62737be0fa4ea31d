import Foundation
import MaplintFiles
import MaplintFindings
import Testing

@testable import MaplintSwift

/// Issue #45: Xcode projects written to make a run slow. A target listed thousands of times is
/// read once; a target of tens of thousands of files is read in time linear in their number.
@Suite struct HostileProjectTests {
    /// `XcodeProjectTests.pbxproj` with its targets listed `times` times each, and the first
    /// target's build files listed twice.
    static func repeatedTargets(_ times: Int) -> String {
        let targets = Array(repeating: "T1, T2", count: times).joined(separator: ", ")
        return XcodeProjectTests.pbxproj
            .replacingOccurrences(of: "targets = (T1, T2);", with: "targets = (\(targets));")
            .replacingOccurrences(of: "files = (F1, F2, F3);", with: "files = (F1, F2, F3, F1, F2, F3);")
    }

    @Test func aTargetListedThreeThousandTimesIsReadOnce() throws {
        let start = Date()
        let project = try XcodeProject.parse(Data(Self.repeatedTargets(3_000).utf8), projectPath: "/p/Feed.xcodeproj")
            .get()
        // A generous bound on reading the 6,000 listings.
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(project.targets.map(\.name) == ["Feed", "FeedKit"])
        #expect(
            project.targets.first?.swiftFiles == ["/p/App/Feed.swift", "/p/App/Profile.swift", "/p/App/Token.swift"])
    }

    /// The app's folder with the project of `repeatedTargets(3_000)`: one line for the target.
    @Test func aTargetListedThreeThousandTimesIsExtractedOnce() throws {
        let root = try XcodeProjectTests.makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(Self.repeatedTargets(3_000).utf8).write(
            to: root.appendingPathComponent("Feed.xcodeproj/project.pbxproj"))
        let start = Date()
        let found = AppDiscovery.units(in: root.path)
        #expect(Date().timeIntervalSince(start) < 20)
        // Tests aside, every target with files is a unit, once.
        #expect(found.units.map(\.name) == ["Feed", "FeedKit"], "\(found.units.map(\.name).prefix(5))")
    }

    /// A project whose one target compiles `count` files of one group, none on disk.
    static func largeTarget(_ count: Int) -> String {
        var objects: [String] = []
        var references: [String] = []
        var buildFiles: [String] = []
        for index in 0..<count {
            references.append("R\(index)")
            buildFiles.append("F\(index)")
            objects.append("R\(index) = {isa = PBXFileReference; path = F\(index).swift; sourceTree = \"<group>\"; };")
            objects.append("F\(index) = {isa = PBXBuildFile; fileRef = R\(index); };")
        }
        objects += [
            "G1 = {isa = PBXGroup; children = (\(references.joined(separator: ", "))); path = App; sourceTree = \"<group>\"; };",
            "G0 = {isa = PBXGroup; children = (G1); sourceTree = \"<group>\"; };",
            "P1 = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };",
            "T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; productType = \"com.apple.product-type.application\"; };",
            "X1 = {isa = PBXProject; mainGroup = G0; targets = (T1); };",
        ]
        return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n"
            + objects.joined(separator: "\n") + "\n}; rootObject = X1; }\n"
    }

    /// `largeTarget(count)` written as `App.xcodeproj` in a new folder (no Swift file on disk).
    static func writeLargeProject(_ count: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-large-\(UUID().uuidString)")
        let project = root.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(largeTarget(count).utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        return root
    }

    /// Each screen asks for its file's deployment target: one lookup, where it was a walk of the
    /// target's 40,000 files for each (800 million comparisons for all of them).
    @Test func theTargetOfEachOfFortyThousandFilesIsOneLookup() throws {
        let root = try Self.writeLargeProject(40_000)
        defer { try? FileManager.default.removeItem(at: root) }
        var problems: [Diagnostic] = []
        let project = try #require(
            ProjectFiles.select(
                paths: [root.appendingPathComponent("App.xcodeproj").path], target: nil, problems: &problems))
        #expect(problems.isEmpty)
        let files = project.targets[0].swiftFiles
        #expect(files.count == 40_000)
        let start = Date()
        let found = files.filter { project.deploymentTarget(of: $0) == nil }
        let elapsed = Date().timeIntervalSince(start)
        // The project sets no deployment target: every file is found, and has none.
        #expect(found.count == 40_000)
        #expect(elapsed < 20, "\(elapsed) s")
    }

    /// A project whose target lists 40,000 files none of which is on disk: each is one note's
    /// worth, found by one lookup in the listed files (a walk of them each was quadratic: 20,000
    /// took 40 s, 40,000 took 106 s).
    @Test func fortyThousandListedFilesNotOnDiskAreOneNote() throws {
        let root = try Self.writeLargeProject(40_000)
        defer { try? FileManager.default.removeItem(at: root) }
        let start = Date()
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App.xcodeproj").path])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.problems.isEmpty)
        let notes = result.notes.map(\.message).filter { $0.contains("not on disk") }
        #expect(notes.count == 1)
        #expect(
            notes.first?.hasPrefix("40000 Swift files that App.xcodeproj compiles are not on disk") == true, "\(notes)")
        #expect(elapsed < 60, "\(elapsed) s")
    }

    /// A target of `count` files at absolute paths outside the repository, one object a line, the
    /// file references from line 3 on. With `quotedKeys`, each file reference spans two lines and
    /// writes its key `"path"`, and no object ends its line with `};`.
    static func filesOutside(_ count: Int, quotedKeys: Bool = false) -> String {
        var references: [String] = []
        var buildFiles: [String] = []
        for index in 0..<count {
            references.append(
                quotedKeys
                    ? "R\(index) = {isa = PBXFileReference; sourceTree = \"<absolute>\";\n\"path\" = /elsewhere/F\(index).swift; }\n;"
                    : "R\(index) = {isa = PBXFileReference; path = /elsewhere/F\(index).swift; sourceTree = \"<absolute>\"; };"
            )
            buildFiles.append("F\(index)")
        }
        let objects =
            references + (0..<count).map { "F\($0) = {isa = PBXBuildFile; fileRef = R\($0); };" } + [
                "P1 = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };",
                "T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; productType = \"com.apple.product-type.application\"; };",
                "X1 = {isa = PBXProject; targets = (T1); };",
            ]
        return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n"
            + objects.joined(separator: "\n")
            + "\n}; rootObject = X1; }\n"
    }

    /// Each file that leaves the repository is an error at its `path`. The lines of the project
    /// are indexed once: looking each object up by a walk of the lines from the top was quadratic
    /// (2,000 such files took 9.6 s, 8,000 took 150 s, in a debug build).
    @Test func twentyThousandFilesOutsideTheRepositoryArePlacedInLinearTime() throws {
        let boundary = RepositoryBoundary(roots: ["/p"])
        let start = Date()
        let project = try XcodeProject.parse(
            Data(Self.filesOutside(20_000).utf8), projectPath: "/p/App.xcodeproj", boundary: boundary
        ).get()
        let elapsed = Date().timeIntervalSince(start)
        #expect(project.targets.first?.swiftFiles == [])
        #expect(project.problems.count == 20_000)
        let last = try #require(project.problems.last)
        #expect(last.location == SourceLocation(file: "/p/App.xcodeproj/project.pbxproj", line: 20_002, column: 35))
        #expect(
            last.message
                == "the file '/elsewhere/F19999.swift' of the target App leaves the repository (/p), so maplint does not read it"
        )
        #expect(elapsed < 60, "\(elapsed) s")
    }

    /// A project with CR LF (or lone CR) line endings places each problem at the same line and
    /// column as with LF: `\r\n` is one `Character`, and splitting the text at "\n" left it one
    /// line, so every problem was at 1:1.
    @Test(arguments: ["\r\n", "\r"]) func problemsAreAtTheirPathsWithOtherLineEndings(_ ending: String) throws {
        let boundary = RepositoryBoundary(roots: ["/p"])
        let text = Self.filesOutside(3).replacingOccurrences(of: "\n", with: ending)
        let project = try XcodeProject.parse(Data(text.utf8), projectPath: "/p/App.xcodeproj", boundary: boundary)
            .get()
        let file = "/p/App.xcodeproj/project.pbxproj"
        #expect(project.problems.map(\.location) == [3, 4, 5].map { SourceLocation(file: file, line: $0, column: 31) })
    }

    /// An object defined twice under one identifier is read as its last definition (the reader
    /// keeps the later value of a repeated key), so the problem is placed at that definition's
    /// `path`, the one its message quotes, not at the first.
    @Test func anObjectDefinedTwiceIsPlacedAtTheDefinitionRead() throws {
        let boundary = RepositoryBoundary(roots: ["/p"])
        let text = Self.filesOutside(1).replacingOccurrences(
            of: "R0 = {isa = PBXFileReference; path = /elsewhere/F0.swift;",
            with: "R0 = {isa = PBXFileReference; path = /elsewhere/First.swift; sourceTree = \"<absolute>\"; };\n"
                + "R0 = {isa = PBXFileReference; path = /elsewhere/F0.swift;")
        let project = try XcodeProject.parse(Data(text.utf8), projectPath: "/p/App.xcodeproj", boundary: boundary)
            .get()
        let problem = try #require(project.problems.first)
        #expect(project.problems.count == 1)
        #expect(problem.message.contains("'/elsewhere/F0.swift'"), "\(problem.message)")
        #expect(problem.location == SourceLocation(file: "/p/App.xcodeproj/project.pbxproj", line: 4, column: 31))
    }

    /// An object whose `path` the placement cannot find (a quoted key, no `};` to end the object)
    /// is placed at its definition, after a look at no more than `ProjectText.objectLines` lines.
    @Test func aPathThatCannotBeFoundIsPlacedAtItsObjectAfterABoundedLook() throws {
        let boundary = RepositoryBoundary(roots: ["/p"])
        let project = try XcodeProject.parse(
            Data(Self.filesOutside(3_000, quotedKeys: true).utf8), projectPath: "/p/App.xcodeproj", boundary: boundary
        ).get()
        #expect(project.problems.count == 3_000)
        #expect(project.problems.map(\.location.line).prefix(3) == [3, 6, 9])
        #expect(project.problems.allSatisfy { $0.location.column == 1 })
    }
}
