import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// A xib name the library ignores is no view source of its own, so two mappings of one class that differ
/// only in `xib:` load the same view and their shared reuse identifier is no collision.
///
/// DTTableViewManager 6 and 7: `registerCellClass` builds the mapping without a xib name, dequeues the
/// identifier, then registers the class and the nib named `String(describing: T.self)`; the caller's
/// `mapping.xibName` is never read (TableViewFactory.swift, `registerCellClass`, 6.6.0, 7.2.0). The second
/// mapping's dequeue probe finds the identifier and registers nothing, and both mappings dequeue the
/// class-name view. DTCollectionViewManager 6 likewise registers only the class-name nib
/// (CollectionViewFactory.swift, `registerCellClass`, 6.6.0). DTCollectionViewManager 7 does read it: the
/// mapping closure runs inside `ViewModelMapping.init` after `xibName` is set to the class name, and
/// `registerCellClass` registers `mapping.xibName` (CollectionViewFactory.swift, `registerCellClass`, 7.0.0,
/// 7.2.0; DTModelStorage ViewModelMapping.swift, `init(viewType:viewClass:xibName:mappingBlock:)`, 8.1.0),
/// and DTTableViewManager 8 registers `mapping.xibName` (TableViewFactory.swift, `registerCellClass`, 8.0.1): both
/// still collide.
@Suite struct IgnoredXibNameCollisionTests {
    private static func manifest(host: String, version: String) -> String {
        """
        version: 1
        host: \(host)
        libraryVersion: "\(version)"
        registrations:
          - cell: PostCell
            model: Int
            section: 0
          - cell: PostCell
            model: Int
            section: 1
            xib: CompactPostCell

        """
    }

    private func analyze(host: String, version: String, xibs: [String]? = nil) throws -> [Diagnostic] {
        let manifest = try #require(
            ManifestLoader.load(
                bytes: Array(Self.manifest(host: host, version: version).utf8), file: "m.maplint.yml"
            ).manifest)
        return Analyzer.analyze(manifest, resources: xibs.map { EffectiveViewSourceTests.resources(xibs: $0) })
    }

    private func table(host: String, version: String) throws -> ReuseIdentifierTable {
        let manifest = try #require(
            ManifestLoader.load(
                bytes: Array(Self.manifest(host: host, version: version).utf8), file: "m.maplint.yml"
            ).manifest)
        return ReuseIdentifierTable(manifest: manifest)
    }

    @Test(arguments: [("tableView", "6.6.0"), ("tableView", "7.2.0"), ("collectionView", "6.6.0")])
    func aXibNameTheLibraryIgnoresLoadsTheSameViewAndIsNoCollision(host: String, version: String) throws {
        let rules = try analyze(host: host, version: version).map(\.rule)
        #expect(rules == [IgnoredXibNameRule.id])
        let table = try table(host: host, version: version)
        #expect(table.collisions.isEmpty)
        #expect(table.dequeuedFrom(1) == 1)
        // With the resources, the class-name xib is what both load.
        let withXibs = try analyze(host: host, version: version, xibs: ["PostCell", "CompactPostCell"])
        #expect(!withXibs.contains { $0.rule == ReuseIdentifierCollisionRule.id })
    }

    @Test(arguments: [("tableView", "8.0.1"), ("tableView", "11.0.1"), ("collectionView", "7.0.0")])
    func aXibNameTheLibraryReadsIsAnotherViewAndCollides(host: String, version: String) throws {
        let rules = try analyze(host: host, version: version).map(\.rule)
        #expect(rules == [ReuseIdentifierCollisionRule.id])
        #expect(try table(host: host, version: version).collisions.map(\.registrations) == [[0, 1]])
    }

    /// DTTableViewManager 6 and 7 never register a plain `UIView` header: `headerFooterView(of:model:atIndexPath:)`
    /// loads it with `dt_loadFromXib()`, the nib named after the class, and `registerNibNamed(_:forHeaderClass:mappingBlock:)`
    /// registers nothing for it either (TableViewFactory.swift, `headerFooterView`, `registerNibNamed(_:forHeaderClass:mappingBlock:)`,
    /// 6.6.0, 7.2.0). From 8.0 the mapping loads `xibName` (TableViewHeaderFooterViewModelMapping.swift, `loadViewFromXib`, 11.0.1).
    @Test func aPlainHeaderLoadsTheClassNamedXibWhateverItsXibSays() throws {
        func findings(_ version: String, xibs: [String]?) throws -> [Diagnostic] {
            let text = """
                version: 1
                host: tableView
                libraryVersion: "\(version)"
                registrations:
                  - header: BannerView
                    model: String
                    headerFooterView: false
                    xib: WideBannerView
                """
            let manifest = try #require(
                ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").manifest)
            return Analyzer.analyze(manifest, resources: xibs.map { EffectiveViewSourceTests.resources(xibs: $0) })
        }
        let all = try findings("7.2.0", xibs: ["BannerView", "WideBannerView"])
        // The Interface Builder rules read the xib that is loaded: these test xibs have no view.
        #expect(all.map(\.rule) == [EmptyXibRule.id, IgnoredXibNameRule.id])
        #expect(all.first?.message.hasPrefix("BannerView.xib has no top-level view") == true)
        #expect(all.first?.text.contains("BannerView.xib, loaded for BannerView (entry 0, line 5)") == true)
        let found = all.filter { $0.rule == IgnoredXibNameRule.id }
        #expect(
            found.map(\.message) == [
                "BannerView (entry 0, line 5) is a plain UIView header (headerFooterView: false): DTTableViewManager 7 "
                    + "loads it with dt_loadFromXib(), which reads the xib named after the class and ignores "
                    + "`xib: WideBannerView`, however it was registered: WideBannerView.xib is never loaded and "
                    + "BannerView.xib, named after the class, is loaded instead; rename the xib after the class, or make "
                    + "the view a UITableViewHeaderFooterView subclass (headerFooterView: true) registered with "
                    + "registerNibNamed"
            ])
        #expect(found.first?.location == SourceLocation(file: "m.maplint.yml", line: 8, column: 10))
        #expect(try findings("6.6.0", xibs: nil).map(\.rule) == [IgnoredXibNameRule.id])
        // No class-name xib: dt_loadFromXib() raises on it (TableViewFactory.swift, headerFooterView, 7.2.0),
        // which missing-xib reports alone.
        #expect(try findings("7.2.0", xibs: ["WideBannerView"]).map(\.rule) == [MissingXibRule.id])
        // From 8 the named xib is loaded (and, as a test xib with no view, is empty).
        let eight = try findings("8.0.1", xibs: ["WideBannerView"])
        #expect(eight.map(\.rule) == [EmptyXibRule.id])
        #expect(eight.first?.text.contains("WideBannerView.xib, loaded for BannerView") == true)
    }
}
