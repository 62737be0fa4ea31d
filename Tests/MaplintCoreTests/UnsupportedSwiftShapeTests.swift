import Testing

@testable import MaplintAnalysis
@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

/// Long `unsupported-swift` notes start with one short clause; why and what to do follow as
/// related notes.
@Suite struct UnsupportedSwiftShapeTests {
    @Test func aLongNoteIsCutAtItsFirstColonOutsideCode() throws {
        let message =
            "`manager.register(CompactPostCell.self) { $0.condition = .section(section) }` inside a `for` loop is "
            + "not extracted: it may or may not run, so it is not checked"
        let (headline, detail, remedy) = try #require(UnsupportedSwiftRule.split(message))
        #expect(
            headline
                == "`manager.register(CompactPostCell.self) { $0.condition = .section(section) }` inside a `for` loop is not extracted"
        )
        #expect(detail == "it may or may not run, so it is not checked")
        #expect(remedy == nil)
    }

    @Test func whatFollowsTheLastSemicolonIsTheRemedy() throws {
        let message =
            "no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
            + "DTTableViewManager version: checked as DTTableViewManager 11.0.1, the newest version maplint models; "
            + "pass --library-version with the version the app uses"
        let (headline, detail, remedy) = try #require(UnsupportedSwiftRule.split(message))
        #expect(
            headline
                == "no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                + "DTTableViewManager version")
        #expect(detail == "checked as DTTableViewManager 11.0.1, the newest version maplint models")
        #expect(remedy == "pass --library-version with the version the app uses")
    }

    @Test func aShortNoteIsKeptWhole() {
        #expect(
            UnsupportedSwiftRule.split(
                "`manager.register(AdCell.self)` inside `if` is not extracted: it may or may not run") == nil)
        // Long, but without a ": " outside code: nothing to cut at.
        #expect(UnsupportedSwiftRule.split(String(repeating: "word ", count: 40)) == nil)
    }

    @Test func theRuleReportsTheCutAsRelatedNotes() throws {
        let here = SourceLocation(file: "Feed.maplint.yml", line: 3, column: 1)
        var manifest = Manifest(file: "Feed.maplint.yml", host: .tableView, types: TypeTable([]))
        manifest.extractionNotes = [
            ExtractionNote(
                message: "the manager is passed to `FeedConfigurator.configure`: registrations made there are not part "
                    + "of this screen (they are read as the screen FeedConfigurator.configure)",
                location: here)
        ]
        let findings = UnsupportedSwiftRule().check(AnalysisContext(manifest: manifest))
        let finding = try #require(findings.first)
        #expect(finding.message == "the manager is passed to `FeedConfigurator.configure`")
        #expect(
            finding.related.map(\.message) == [
                "registrations made there are not part of this screen (they are read as the screen FeedConfigurator.configure)"
            ])
        #expect(finding.related.map(\.location) == [here])
    }
}
