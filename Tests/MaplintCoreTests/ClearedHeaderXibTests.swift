import Testing

@testable import MaplintLint
@testable import MaplintRules

/// A table header whose identifier another class's `unregister` cleared is loaded from its xib each time
/// (TableViewHeaderFooterViewModelMapping.swift, `loadViewFromXib(viewClass:)`, 11.0.1: `xibName`, the class
/// name by default, through `bundle.loadNibNamed`; TableViewFactory.swift, `headerFooterView(of:model:atIndexPath:)`,
/// 7.2.0: `dt_loadFromXib()`, the class-named xib). `unregisterHeaderClass` registers nil under the class name
/// (TableViewFactory.swift, 7.2.0, 11.0.1). A missing nib makes `loadNibNamed` raise.
@Suite struct ClearedHeaderXibTests {
    private func findings(_ version: String, xib: String, xibs: [String]?) -> [String] {
        let text = """
            version: 1
            host: tableView
            libraryVersion: "\(version)"
            registrations:
              - header: SectionView
                model: String
              - footer: BannerView
                model: Int
                reuseIdentifier: SectionView\(xib)
              - unregister: {header: SectionView}

            """
        let resources = xibs.map { EffectiveViewSourceTests.resources(xibs: $0) }
        return Linter.lint(bytes: Array(text.utf8), file: "feed.maplint.yml", resources: resources)
            .filter { $0.rule == ClearedReuseIdentifierRule.id }
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func aMissingDefaultXibRaises() throws {
        #expect(
            findings("11.0.1", xib: "", xibs: ["SectionView"]) == [
                "7:13 BannerView (entry 1) dequeues 'SectionView', which the unregister at entry 2 cleared: a crash"
            ])
        let text = """
            version: 1
            host: tableView
            registrations:
              - header: SectionView
                model: String
              - footer: BannerView
                model: Int
                reuseIdentifier: SectionView
              - unregister: {header: SectionView}

            """
        let finding = try #require(
            Linter.lint(
                bytes: Array(text.utf8), file: "feed.maplint.yml",
                resources: EffectiveViewSourceTests.resources(xibs: [])
            ).first { $0.rule == ClearedReuseIdentifierRule.id })
        #expect(
            finding.related.map(\.message) == [
                "BannerView (entry 1, line 6) is still mapped, but the unregister at entry 2 registered nil "
                    + "under \"SectionView\", the identifier it dequeues, and nothing registers it again: "
                    + "DTTableViewManager 11 then loads the footer from BannerView.xib each time, but there is no "
                    + "BannerView.xib under --resources, so UIKit raises \"Could not load NIB\" on its first footer "
                    + "(a crash)",
                "fix: give it its own reuseIdentifier, or register it again after the unregister",
            ])
    }

    @Test func anExistingXibIsLoadedInstead() {
        #expect(findings("11.0.1", xib: "", xibs: ["BannerView"]).isEmpty)
        // Without --resources the default xib is taken at its word.
        #expect(findings("11.0.1", xib: "", xibs: nil).isEmpty)
        #expect(findings("11.0.1", xib: "\n    xib: BannerLarge", xibs: ["BannerLarge"]).isEmpty)
        #expect(findings("11.0.1", xib: "\n    xib: BannerLarge", xibs: ["BannerView"]).count == 1)
    }

    @Test func xibNullShowsNothingFrom8AndRaisesBefore() {
        #expect(
            findings("11.0.1", xib: "\n    xib: null", xibs: nil) == [
                "7:13 BannerView (entry 1) dequeues 'SectionView', which the unregister at entry 2 cleared: no footer is shown"
            ])
        // DTTableViewManager 7 loads the class-named xib whatever the mapping says.
        #expect(
            findings("7.2.0", xib: "\n    xib: null", xibs: nil) == [
                "7:13 BannerView (entry 1) dequeues 'SectionView', which the unregister at entry 2 cleared: a crash"
            ])
        // ... and builds it from that xib, not in code, when it exists (TableViewFactory.swift, headerFooterView, 7.2.0).
        #expect(
            findings("7.2.0", xib: "\n    xib: null", xibs: ["BannerView"]) == [
                "7:13 BannerView (entry 1) dequeues 'SectionView', which the unregister at entry 2 cleared: its footer "
                    + "comes from BannerView.xib, not from code (`xib: null`)"
            ])
    }

    /// Before 8.0 a named xib is not what the fallback loads (`dt_loadFromXib()`, the class name, TableViewFactory.swift,
    /// headerFooterView, 7.2.0); from 8.0 it is (`loadViewFromXib`, `xibName`, 11.0.1).
    @Test func aNamedXibIsNotLoadedBefore8() {
        let named = "\n    xib: BannerLarge"
        #expect(
            findings("7.2.0", xib: named, xibs: ["BannerView", "BannerLarge"]) == [
                "7:13 BannerView (entry 1) dequeues 'SectionView', which the unregister at entry 2 cleared: its footer "
                    + "comes from BannerView.xib, not from BannerLarge.xib"
            ])
        #expect(findings("7.2.0", xib: named, xibs: nil).count == 1)
        #expect(findings("7.2.0", xib: "", xibs: ["BannerView"]).isEmpty)
        #expect(findings("11.0.1", xib: named, xibs: ["BannerView", "BannerLarge"]).isEmpty)
    }
}
