import Foundation
import Testing

@testable import MaplintSwift

/// Xcode projects: which Swift files each target compiles (`PBXSourcesBuildPhase`), deployment
/// targets, module names, `--target`, and a project found at or above a folder.
@Suite struct XcodeProjectTests {
    /// A project with an app (iOS 15) and a framework (iOS 13, module `FeedKit`); the app's
    /// folder also holds `ProfileViewController 2.swift`, a stale copy in no target.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		F1 /* Feed.swift in Sources */ = {isa = PBXBuildFile; fileRef = R1 /* Feed.swift */; };
        		F2 /* Profile.swift in Sources */ = {isa = PBXBuildFile; fileRef = R2; };
        		F3 /* Token.swift in Sources */ = {isa = PBXBuildFile; fileRef = R3; };
        		F4 /* Token.swift in Sources */ = {isa = PBXBuildFile; fileRef = R4; };
        		F5 /* UIKit.framework */ = {isa = PBXBuildFile; fileRef = R5; };
        		R1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Feed.swift; sourceTree = "<group>"; };
        		R2 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Profile.swift"; sourceTree = "<group>"; };
        		R3 = {isa = PBXFileReference; path = Token.swift; sourceTree = "<group>"; };
        		R4 = {isa = PBXFileReference; path = Kit/Token.swift; sourceTree = SOURCE_ROOT; };
        		R5 = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        		G0 = {isa = PBXGroup; children = (G1, G2, R4); sourceTree = "<group>"; };
        		G1 = {isa = PBXGroup; children = (G3, R3); path = App; sourceTree = "<group>"; };
        		G2 = {isa = PBXGroup; children = (R5); name = Frameworks; sourceTree = "<group>"; };
        		G3 = {isa = PBXGroup; children = (R1, R2); name = Screens; sourceTree = "<group>"; };
        		P1 = {isa = PBXSourcesBuildPhase; files = (F1, F2, F3); };
        		P2 = {isa = PBXSourcesBuildPhase; files = (F4, F5); };
        		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1); name = Feed; productName = Feed; productType = "com.apple.product-type.application"; };
        		T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (P2); name = FeedKit; productType = "com.apple.product-type.framework"; };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2); };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C3); };
        		L0 = {isa = XCConfigurationList; buildConfigurations = (C4); };
        		C1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 14.0; }; name = Debug; };
        		C2 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 15.0; PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
        		C3 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = FeedKit; }; name = Release; };
        		C4 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; }; name = Release; };
        		X1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1, T2); };
        	};
        	rootObject = X1;
        }
        """

    static let screen = """
        final class FeedViewController: UIViewController, DTCollectionViewManageable {
            override func viewDidLoad() { manager.register(TokenCell.self) }
        }
        class TokenCell: UICollectionViewCell, ModelTransfer { func update(with model: Token) {} }
        """

    static func makeProject() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-xcode-\(UUID().uuidString)")
        let files = [
            "Feed.xcodeproj/project.pbxproj": pbxproj,
            "App/Feed.swift": screen,
            "App/Profile.swift": "final class ProfileViewController: UIViewController {}",
            "App/ProfileViewController 2.swift": """
            final class ProfileViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() { manager.register(OldCell.self) }
            }
            """,
            "App/Token.swift": "struct Token { var id: Int }",
            "Kit/Token.swift": "public struct Token { public var name: String }",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func theProjectFileIsRead() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = try XcodeProject.load(root.appendingPathComponent("Feed.xcodeproj").path).get()
        let base = root.standardizedFileURL.path
        #expect(project.targets.map(\.name) == ["Feed", "FeedKit"])
        #expect(project.targets.map(\.moduleName) == ["Feed", "FeedKit"])
        #expect(project.targets.map(\.deploymentTarget) == ["iOS 15.0", "iOS 13.0"])
        #expect(project.targets.map(\.isApplication) == [true, false])
        #expect(
            project.targets[0].swiftFiles == [
                "\(base)/App/Feed.swift", "\(base)/App/Profile.swift", "\(base)/App/Token.swift",
            ])
        #expect(project.targets[1].swiftFiles == ["\(base)/Kit/Token.swift"])
        #expect(project.selected(nil).map(\.name) == ["Feed"])
        #expect(project.selected("FeedKit").map(\.name) == ["FeedKit"])
    }

    /// The projects of many paths at once (an app's files named one by one, each folder listed
    /// once) are each path's nearest, in order, without duplicates; a project in a subfolder is
    /// the nearest for the files below it, and the folder above it still finds its own.
    @Test func theNearestProjectsOfManyPaths() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("Kit/Sub")
        try FileManager.default.createDirectory(
            at: nested.appendingPathComponent("Sub.xcodeproj"), withIntermediateDirectories: true)
        try Data("struct S {}".utf8).write(to: nested.appendingPathComponent("S.swift"))
        let base = root.standardizedFileURL.path
        let paths = [
            "App/Feed.swift", "App/Profile.swift", "Kit/Sub/S.swift", "Kit/Token.swift", "App", "Kit/Sub",
        ].map { root.appendingPathComponent($0).path }
        #expect(
            paths.map(XcodeProject.nearest(to:)) == [
                "\(base)/Feed.xcodeproj", "\(base)/Feed.xcodeproj", "\(base)/Kit/Sub/Sub.xcodeproj",
                "\(base)/Feed.xcodeproj", "\(base)/Feed.xcodeproj", "\(base)/Kit/Sub/Sub.xcodeproj",
            ])
        #expect(XcodeProject.nearest(to: paths) == ["\(base)/Feed.xcodeproj", "\(base)/Kit/Sub/Sub.xcodeproj"])
        // Without a project anywhere above (the root's own folder is not searched here).
        #expect(XcodeProject.nearest(to: []) == [])
    }

    @Test func aProjectPathReadsTheApplicationTargets() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("Feed.xcodeproj").path])
        #expect(result.problems.isEmpty)
        // The stale copy is in no target: no manifest for it, and its ProfileViewController does not clash.
        #expect(result.manifests.map(\.name) == ["FeedViewController"])
        let manifest = try #require(result.manifests.first)
        #expect(manifest.deploymentTarget == "iOS 15.0")
        #expect(result.files.count == 3)
        // No lock file names the manager's version: the note says which one is assumed.
        #expect(
            describe(result.notes) == [
                "1:13 no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                    + "DTCollectionViewManager version: checked as DTCollectionViewManager 11.0.1, the newest version maplint models; pass "
                    + "--library-version with the version the app uses"
            ])
    }

    /// A folder inside a project: files in no target are not read (one note), and the two
    /// `Token`s, in two modules, are two types without a note.
    @Test func aProjectAboveAFolderChoosesItsFiles() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.path])
        #expect(result.manifests.map(\.name) == ["FeedViewController"])
        #expect(result.manifests.first?.deploymentTarget == "iOS 15.0")
        #expect(
            describe(result.notes) == [
                "1:1 1 Swift file is under the paths but not in any target of Feed.xcodeproj (this one first): not read",
                "1:13 no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                    + "DTCollectionViewManager version: checked as DTCollectionViewManager 11.0.1, the newest version maplint models; pass "
                    + "--library-version with the version the app uses",
            ])
        #expect(result.notes.first?.location.file.hasSuffix("App/ProfileViewController 2.swift") == true)
        let manifest = try #require(result.manifests.first)
        #expect(
            modelsYAML(manifest) == """
                models:
                  Token:
                    kind: struct
                    properties:
                      id: Int
                """)
    }

    @Test func theTargetOption() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = root.appendingPathComponent("Feed.xcodeproj").path
        let kit = SwiftExtractor.extract(paths: [project], target: "FeedKit")
        #expect(kit.files.count == 1)
        #expect(kit.manifests.isEmpty)
        let missing = SwiftExtractor.extract(paths: [project], target: "Widget")
        #expect(
            missing.problems.map(\.message) == [
                "no target named 'Widget' in \(project) (targets: Feed, FeedKit)"
            ])
    }

    /// Broken project files are refused with a reason, never trusted or crashed on.
    @Test(arguments: [
        "", "{", "// !$*UTF8*$!\n{ objects = { }; }", "{ rootObject = X; objects = { X = 3; }; }",
        "{ rootObject = X; objects = { X = {isa = PBXProject; targets = (T); }; T = {isa = PBXNativeTarget; buildPhases = (P); }; P = {isa = PBXSourcesBuildPhase; files = (B); }; B = {isa = PBXBuildFile; fileRef = R; }; R = {isa = PBXFileReference; path = A.swift; sourceTree = \"<group>\"; }; G = {isa = PBXGroup; children = (G); }; }; }",
        String(repeating: "(", count: 5000),
    ])
    func malformedProjects(text: String) {
        let result = XcodeProject.parse(Data(text.utf8), projectPath: "/tmp/X.xcodeproj")
        switch result {
        case .success(let project):
            #expect(project.targets.allSatisfy { $0.swiftFiles.allSatisfy { $0.hasSuffix(".swift") } })
        case .failure(let error): #expect(!error.description.isEmpty)
        }
    }

    @Test func workspacesListTheirProjects() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-ws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let workspace = root.appendingPathComponent("Feed.xcworkspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Feed.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """.utf8
        ).write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        #expect(XcodeProject.projectPaths(in: workspace.path) == [root.appendingPathComponent("Feed.xcodeproj").path])
    }
}
