import Foundation
import Testing

@testable import MaplintSwift

/// The paths of the files a search finds, split and looked into on their bytes, give what
/// `NSString` and `String.contains` give.
@Suite struct AppDiscoveryPathTests {
    static let paths = [
        "a/b.swift", "/b.swift", "/a/b/c.swift", "a/./b.swift", "a/../b.swift", "a/.", "a/..",
        "App.xcodeproj/project.pbxproj", "Écrans/Feed.swift", "a/b c/d (1).swift",
    ]

    @Test func folderAndNameAreNSStrings() {
        for path in Self.paths {
            let (folder, name) = AppDiscovery.folderAndName(path)
            #expect(folder == (path as NSString).deletingLastPathComponent, "\(path)")
            #expect(name == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    @Test func filesInsideBundles() {
        let inside = [
            "App.xcodeproj/x.swift", "a/App.xcworkspace/b/c.swift", "T.xctemplate/___FILE___.swift",
            "P.playground/Contents.swift", "Écrans/P.playground/Contents.swift",
        ]
        let outside = ["App/x.swift", "xcodeproj/x.swift", "a.xcodeproj", "Écrans/Feed.swift", ".playground"]
        #expect(inside.allSatisfy(AppDiscovery.isInsideBundle))
        #expect(!outside.contains(where: AppDiscovery.isInsideBundle))
    }
}
