import Foundation
import Testing

@testable import MaplintManifest
@testable import MaplintOutput
@testable import MaplintReport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The manifests of Fixtures, and the Swift screens of Fixtures/swift/FeedApp as `maplint extract` writes them.
private func fixtures() -> [String] {
    ["Fixtures", "Fixtures/swift/extracted"].flatMap { folder in
        let path = root.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.contains(".maplint.") }.sorted().map { folder + "/" + $0 }
    }
}

/// A screen with no sample still has a picture (SPEC.md, 2026-12-07): every fixture, its sample
/// taken away, is pictured with the items maplint makes.
@Suite struct SynthesizedSampleTests {
    /// Each live registration that is not dead gets an item that resolves to it (when its condition
    /// holds, for one maplint cannot read), and each dead one is marked on the page.
    @Test(arguments: fixtures())
    func everyLiveRegistrationIsPicturedAndEveryDeadOneMarked(name: String) throws {
        var manifest = try #require(
            ManifestLoader.load(path: root.appendingPathComponent(name).path).manifest)
        manifest.sample = nil
        let report = CollisionReport(manifest: manifest)
        let synthesized = try #require(report.synthesized)
        #expect(report.resolution.items.count == synthesized.items.count)
        // An item made for an opaque condition reaches its registration when that condition holds.
        let resolvedTo = Set(report.resolution.items.compactMap { $0.whenConditionHolds ?? $0.resolved })
        for index in report.liveRegistrations
        where report.unreachable[index] == nil && !synthesized.unmade.contains(index) {
            #expect(resolvedTo.contains(index), "\(name): no item reaches #\(index)")
        }
        let html = CollisionReportHTMLFormatter().format(report)
        for index in report.unreachable.keys {
            #expect(
                html.contains("<span class=\"badge dead\"><a href=\"#registration-\(index)\">"), "\(name): #\(index)")
        }
        #expect(html.contains("Items maplint made"))
        #expect(!html.contains("has no sample data.</p>"))
        #expect(!html.contains("no overlapping registrations to show"))
    }

    /// A manifest with its sample keeps it: nothing is made up.
    @Test func aSampleIsNotReplaced() throws {
        let manifest = try #require(
            ManifestLoader.load(path: root.appendingPathComponent("Fixtures/feed.maplint.yml").path).manifest)
        #expect(manifest.sample != nil)
        #expect(CollisionReport(manifest: manifest).synthesized == nil)
    }
}
