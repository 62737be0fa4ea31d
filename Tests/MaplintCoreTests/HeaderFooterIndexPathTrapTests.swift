import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

/// DTTableViewManager 6.0.0 … 7.2.0 look a header or footer mapping up at `IndexPath(index: section)`
/// (DTTableViewDelegate.swift, `tableView(_:viewForHeaderInSection:)` and
/// `tableView(_:viewForFooterInSection:)`); DTModelStorage evaluates the condition of every mapping
/// whose view kind and model type match (ViewModelMapping.swift, `mappingCandidates(for:withModel:at:)`,
/// and `MappingCondition.isCompatible(with:model:)`, `.section` reads `indexPath.section`, 7.2.0).
/// UIKit's `IndexPath.section` / `.row` require two elements, so those reads trap. From 8.0.0 the
/// lookup passes `IndexPath(row: 0, section: section)` (DTTableViewDelegate.swift, 8.0.0, 11.0.1).
@Suite struct HeaderFooterIndexPathTrapTests {
    private func findings(_ version: String, _ body: String) throws -> [Diagnostic] {
        let manifest = try #require(
            ManifestLoader.load(
                bytes: Array(
                    """
                    version: 1
                    host: tableView
                    libraryVersion: "\(version)"
                    models:
                      Banner: {properties: {wide: Bool}}
                    \(body)
                    """.utf8), file: "m.maplint.yml"
            ).manifest)
        return Analyzer.analyze(manifest).filter { $0.rule == HeaderFooterIndexPathTrapRule.id }
    }

    @Test func dt6And7HeaderSectionConditionsReadAOneElementIndexPath() throws {
        let body = """
            registrations:
              - header: FirstSectionHeader
                model: Banner
                section: 0
            """
        let found = try findings("7.2.0", body)
        #expect(
            found.map(\.explanation) == [
                "FirstSectionHeader (entry 0, line 7): DTTableViewManager 7 chooses a header at "
                    + "IndexPath(index: section), an index path of one element, and `section: 0` reads "
                    + "indexPath.section, which traps: the app crashes when a header whose model is a Banner is "
                    + "shown; choose the header by its model, or update to DTTableViewManager 8 or later"
            ])
        #expect(found.first?.severity == .error)
        #expect(found.first?.location == SourceLocation(file: "m.maplint.yml", line: 9, column: 14))
        #expect(try findings("6.0.0", body).count == 1)
        #expect(try findings("8.0.0", body).isEmpty)
        #expect(try findings("11.0.1", body).isEmpty)
    }

    @Test func dt6And7FooterConditionsReadingTheRowTrapButModelOnesDoNot() throws {
        let reading = """
            registrations:
              - footer: BannerFooter
                model: Banner
                condition: "model.wide && indexPath.row == 0"
              - footer: PlainFooter
                model: Banner
                condition: "!model.wide"
            """
        let found = try findings("6.6.0", reading)
        #expect(found.count == 1)
        #expect(found.first?.explanation.contains("its condition reads indexPath.row") == true)
        #expect(found.first?.explanation.contains("and the condition gets there") == true)
        #expect(found.first?.location == SourceLocation(file: "m.maplint.yml", line: 9, column: 17))
        #expect(try findings("8.0.1", reading).isEmpty)
    }

    @Test func cellsAndTitleStyleHeadersAreNotLookedUpThatWay() throws {
        // Cells are chosen at their own two-element index path.
        #expect(
            try findings(
                "7.2.0",
                """
                registrations:
                  - cell: BannerCell
                    model: Banner
                    section: 0
                """
            ).isEmpty)
        // In title style no header view is looked up (`viewForHeaderInSection` returns nil first).
        #expect(
            try findings(
                "7.2.0",
                """
                configuration:
                  sectionHeaderStyle: title
                registrations:
                  - header: FirstSectionHeader
                    model: Banner
                    section: 0
                """
            ).isEmpty)
    }
}
