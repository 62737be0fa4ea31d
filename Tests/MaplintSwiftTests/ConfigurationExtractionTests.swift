import MaplintManifest
import Testing

@testable import MaplintRules
@testable import MaplintSwift

/// `manager.configuration.<key> = …` in the code extraction follows becomes the manifest's
/// `configuration:` (TableViewConfiguration.swift, 6.0.0 … 11.0.1).
@Suite struct ConfigurationExtractionTests {
    private func extracted(_ body: String) throws -> ManifestDraft {
        try onlyManifest(
            extract(
                tableScreen(body)
                    + "\nfinal class TitleHeader: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }\n"
            ))
    }

    /// The part of the YAML from `configuration:` to `models:`.
    private func configurationYAML(_ manifest: ManifestDraft) -> String {
        let text = plainYAML(manifest)
        guard let start = text.range(of: "configuration:"), let end = text.range(of: "\nmodels:") else { return "" }
        return String(text[start.lowerBound..<end.lowerBound])
    }

    @Test func assignmentsOnTheManagerAreWrittenWithTheirPlaces() throws {
        let manifest = try extracted(
            """
                    manager.configuration.displayHeaderOnEmptySection = false
                    self.manager.configuration.sectionFooterStyle = SupplementarySectionStyle.view
                    manager.configuration.semanticFooterHeight = true
                    manager.configuration.displayFooterOnEmptySection = false
                    manager.configuration.displayFooterOnEmptySection = true
                    manager.register(PostCell.self)
            """)
        #expect(
            configurationYAML(manifest) == """
                configuration:
                  sectionFooterStyle: view
                  displayHeaderOnEmptySection: false
                  displayFooterOnEmptySection: true
                  semanticFooterHeight: true
                """)
        #expect(manifest.configuration.map(\.location.line) == [4, 3, 7, 5])
        #expect(manifest.notes.isEmpty, "\(describe(manifest.notes))")
        #expect(yaml(manifest).contains("  displayHeaderOnEmptySection: false  # swift: Sources/Feed.swift:3:9\n"))
    }

    /// `registerHeader` sets `sectionHeaderStyle = .view` (DTTableViewManager+Registration.swift,
    /// registerHeader(_:mapping:handler:), 11.0.1; registerHeader, 6.6.0): a `.title` assigned before it is
    /// undone, one assigned after it stays.
    @Test func aHeaderRegistrationUndoesAnEarlierStyleAssignment() throws {
        let before = try extracted(
            """
                    manager.configuration.sectionHeaderStyle = .title
                    manager.registerHeader(TitleHeader.self)
            """)
        #expect(before.configuration.isEmpty)
        let after = try extracted(
            """
                    manager.registerHeader(TitleHeader.self)
                    manager.configuration.sectionHeaderStyle = .title
            """)
        #expect(configurationYAML(after) == "configuration:\n  sectionHeaderStyle: title")
        // And lint --swift then reports the hidden header view at the assignment.
        let text = ManifestWriter().text(of: after)
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "Feed.maplint.yml")
        let manifest = try #require(loaded.manifest)
        #expect(Analyzer.analyze(manifest).map(\.rule).contains(TitleStyleHidesViewsRule.id))
    }

    @Test func valuesThatAreNotLiteralsOrMayNotRunAreNoted() throws {
        let manifest = try extracted(
            """
                    manager.configuration.semanticHeaderHeight = isCompact
                    if isCompact {
                        manager.configuration.displayHeaderOnEmptySection = false
                    }
                    manager.configuration.minimalHeaderHeightForTableView = { _ in 0 }
                    manager.register(PostCell.self)
            """)
        #expect(manifest.configuration.isEmpty)
        #expect(
            describe(manifest.notes) == [
                "3:9 `manager.configuration.semanticHeaderHeight = isCompact` is not extracted: the value is not a "
                    + "literal maplint can read, so the default is assumed",
                "5:13 `manager.configuration.displayHeaderOnEmptySection = false` inside `if` is not extracted: it "
                    + "may or may not run, so the default is assumed",
            ])
    }

    /// A value of several operands (`c ? a : b`) is not a literal: noted, as any other, and inside
    /// an `if` noted as not running for sure, with what follows in the `if` skipped too.
    @Test func aValueOfSeveralOperandsIsNoted() throws {
        let manifest = try extracted(
            """
                    manager.configuration.displayHeaderOnEmptySection = isCompact ? true : false
                    if isCompact {
                        manager.configuration.semanticHeaderHeight = isCompact ? true : false
                        manager.register(PostCell.self)
                    }
            """)
        #expect(manifest.configuration.isEmpty)
        #expect(manifest.entries.isEmpty, "\(registrationsYAML(manifest))")
        #expect(
            describe(manifest.notes) == [
                "3:9 `manager.configuration.displayHeaderOnEmptySection = isCompact ? true : false` is not extracted: "
                    + "the value is not a literal maplint can read, so the default is assumed",
                "5:13 `manager.configuration.semanticHeaderHeight = isCompact ? true : false` inside `if` is not "
                    + "extracted: it may or may not run, so the default is assumed",
                "6:13 `manager.register(PostCell.self)` inside `if` is not extracted: it may or may not run, so it "
                    + "is not checked",
            ])
    }

    /// A collection view's manager has no `configuration`: nothing is extracted from such code.
    @Test func aCollectionViewManagerHasNoConfiguration() throws {
        let result = extract(
            """
            final class GalleryViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.configuration.sectionHeaderStyle = .view
                    manager.register(PostCell.self)
                }
            }
            \(postDeclarations)
            """)
        let manifest = try onlyManifest(result)
        #expect(manifest.configuration.isEmpty)
        #expect(!plainYAML(manifest).contains("configuration"))
    }

    /// DT 6 and 7's `registerNibNamed(_:for:)` of a cell is written `registerNibNamed: true` (TableViewFactory.swift,
    /// registerNibNamed(_:forCellClass:mappingBlock:), 7.2.0); from 8 it is an ordinary registration.
    @Test func registerNibNamedIsMarkedBefore8() throws {
        let source = tableScreen("        manager.registerNibNamed(\"CompactPostCell\", for: PostCell.self)")
        let seven = try onlyManifest(extract(source, version: "7.2.0"))
        #expect(registrationsYAML(seven).hasSuffix("    xib: \"CompactPostCell\"\n    registerNibNamed: true"))
        let eight = try onlyManifest(extract(source, version: "8.0.1"))
        #expect(!registrationsYAML(eight).contains("registerNibNamed"))
    }
}
