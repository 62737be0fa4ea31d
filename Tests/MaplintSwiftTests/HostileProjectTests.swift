import Foundation
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
        let project = try XcodeProject.parse(Data(Self.repeatedTargets(3_000).utf8), projectPath: "/p/Feed.xcodeproj")
            .get()
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
        let found = AppDiscovery.units(in: root.path)
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

    /// 20,000 files in one group: each file's path used to cast the group again, bridging its
    /// 20,000 children each time (quadratic: 20,000 files took 40 s, 40,000 took 106 s).
    @Test func aTargetOfTwentyThousandFilesIsReadInOnePass() throws {
        let text = Data(Self.largeTarget(20_000).utf8)
        let start = Date()
        let project = try XcodeProject.parse(text, projectPath: "/p/App.xcodeproj").get()
        let elapsed = Date().timeIntervalSince(start)
        #expect(project.targets.first?.swiftFiles.count == 20_000)
        #expect(project.targets.first?.swiftFiles.last == "/p/App/F19999.swift")
        #expect(elapsed < 20, "\(elapsed) s")
    }
}
