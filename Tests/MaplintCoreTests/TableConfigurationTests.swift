import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

private func load(_ text: String) -> ManifestLoadResult {
    ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml")
}

/// The errors of a manifest, as "line:column: message".
private func errors(_ text: String) -> [String] {
    let result = load(text)
    #expect(result.manifest == nil)
    return result.diagnostics.filter { $0.severity == .error }.map {
        "\($0.location.line):\($0.location.column): \($0.message)"
    }
}

/// "section.item element model → view" for each resolved sample element, or "… title" / "… unresolved".
private func resolved(_ text: String) throws -> [String] {
    let manifest = try decodeManifest(text)
    return Resolver(manifest: manifest).resolve().items.map { element in
        let outcome =
            element.shownAsTitle
            ? (element.problems.isEmpty ? "title" : "nothing")
            : element.isNil ? "nil" : (element.view ?? "unresolved")
        return
            "\(element.section).\(element.item) \(element.element.elementName) \(element.model ?? "nil") → \(outcome)"
    }
}

private func findings(_ text: String, rule: RuleID) throws -> [String] {
    Analyzer.analyze(try decodeManifest(text)).filter { $0.rule == rule }.map {
        "\($0.location.line):\($0.location.column): \($0.explanation.isEmpty ? $0.message : $0.explanation)"
    }
}

/// `configuration:`, the table's `TableViewConfiguration` (TableViewConfiguration.swift, 6.0.0 …
/// 11.0.1: `sectionHeaderStyle`/`sectionFooterStyle` default `.title`, `displayHeaderOnEmptySection`/
/// `displayFooterOnEmptySection` default true; `semanticHeaderHeight`/`semanticFooterHeight`
/// default true from 8.0.0-beta.1).
@Suite struct TableConfigurationTests {
    @Test func decodesEveryKey() throws {
        let result = load(
            """
            version: 1
            host: tableView
            configuration:
              sectionHeaderStyle: view
              sectionFooterStyle: title
              displayHeaderOnEmptySection: false
              displayFooterOnEmptySection: true
              semanticHeaderHeight: false
              semanticFooterHeight: true
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let configuration = try #require(result.manifest?.configuration)
        #expect(configuration.sectionHeaderStyle?.value == .view)
        #expect(configuration.sectionHeaderStyle?.location.line == 4)
        #expect(configuration.sectionFooterStyle?.value == .title)
        #expect(configuration.displayHeaderOnEmptySection?.value == false)
        #expect(configuration.displaysOnEmptySection(header: true) == false)
        #expect(configuration.displaysOnEmptySection(header: false) == true)
        #expect(configuration.semanticHeaderHeight?.value == false)
        #expect(configuration.semanticFooterHeight?.value == true)
        #expect(configuration.location.line == 3)
    }

    @Test func anEmptyOrNullConfigurationKeepsTheDefaults() throws {
        let empty = try #require(load("version: 1\nhost: tableView\nconfiguration: {}\n").manifest)
        #expect(empty.configuration?.sectionHeaderStyle == nil)
        #expect(empty.configuration?.displaysOnEmptySection(header: true) == true)
        let null = try #require(load("version: 1\nhost: tableView\nconfiguration: null\n").manifest)
        #expect(null.configuration == nil)
    }

    @Test func reportsUnknownKeysAndWrongTypesWithPositions() {
        #expect(
            errors("version: 1\nhost: tableView\nconfiguration:\n  displayHeaderOnEmptySections: false\n")
                == [
                    "4:3: unknown key 'displayHeaderOnEmptySections' in 'configuration' (did you mean 'displayHeaderOnEmptySection'?)"
                ])
        #expect(
            errors("version: 1\nhost: tableView\nconfiguration:\n  sectionHeaderStyle: views\n")
                == ["4:23: 'sectionHeaderStyle' must be title or view, not 'views' (did you mean 'view'?)"])
        #expect(
            errors("version: 1\nhost: tableView\nconfiguration:\n  displayFooterOnEmptySection: \"no\"\n")
                == ["4:32: 'displayFooterOnEmptySection' must be true or false, not a string ('no')"])
        #expect(
            errors("version: 1\nhost: tableView\nconfiguration: [title]\n")
                == ["3:16: 'configuration' must be a mapping, not a list"])
    }

    /// DTCollectionViewManager has no `configuration` property in any version (DTCollectionViewManager.swift, 6.6.0 … 11.0.0).
    @Test func aCollectionViewHasNoConfiguration() {
        #expect(
            errors("version: 1\nhost: collectionView\nconfiguration:\n  sectionHeaderStyle: view\n")
                == [
                    "3:1: 'configuration' is for table views: DTCollectionViewManager has no manager.configuration "
                        + "(TableViewConfiguration belongs to DTTableViewManager); remove it"
                ])
    }

    /// `semanticHeaderHeight` / `semanticFooterHeight` arrive in TableViewConfiguration.swift at 8.0.0-beta.1
    /// (absent at 7.2.0).
    @Test func semanticHeightsExistFromVersion8() {
        #expect(
            errors(
                "version: 1\nhost: tableView\nlibraryVersion: \"7.2.0\"\nconfiguration: {semanticHeaderHeight: false}\n"
            )
                == [
                    "4:17: 'semanticHeaderHeight' does not exist in DTTableViewManager 7.2.0: TableViewConfiguration has it from 8.0"
                ])
        #expect(
            load("version: 1\nhost: tableView\nlibraryVersion: \"8\"\nconfiguration: {semanticFooterHeight: false}\n")
                .manifest != nil)
    }

    /// `minimalHeaderHeightForTableView` is a closure `(UITableView) -> CGFloat` (TableViewConfiguration.swift,
    /// 7.0.0 … 11.0.1) used only for the height of a header that is not shown (DTTableViewDelegate.swift,
    /// heightForHeaderInSection, 11.0.1).
    @Test func minimalHeightsAreNotManifestKeys() {
        #expect(
            errors("version: 1\nhost: tableView\nconfiguration:\n  minimalHeaderHeightForTableView: 0\n")
                == [
                    "4:3: 'minimalHeaderHeightForTableView' is not a manifest key: it only sets the height of a header "
                        + "or footer that is not shown, and changes nothing maplint checks; remove it"
                ])
    }

    /// `displayHeaderOnEmptySection: false`: `headerModel(forSection:)` returns nil for a section with no
    /// items, so no title, no view and no nilHeaderModel (DTTableViewDelegateWrapper.swift,
    /// shouldDisplayHeaderView and headerModel(forSection:), 6.6.0 and 11.0.1; headerModel(forSection:), 6.0.0).
    @Test func aHeaderOfAnEmptySectionIsNotAskedForWhenDisplayOnEmptySectionIsFalse() throws {
        let manifest = """
            version: 1
            host: tableView
            configuration: {displayHeaderOnEmptySection: false}
            registrations:
              - cell: CountCell
                model: Int
              - header: HeaderView
                model: String
              - footer: FooterView
                model: String
            sample:
              sections:
                - header: 3
                  footer: "none"
                  items: []
                - header: null
                - header: "Today"
                  items: [1]
            """
        #expect(
            try resolved(manifest) == [
                "0.0 footer String → FooterView",
                "2.0 header String → HeaderView",
                "2.0 cell Int → CountCell",
            ])
        #expect(try findings(manifest, rule: UnresolvedItemRule.id).isEmpty)
        #expect(try findings(manifest, rule: NilModelRule.id).isEmpty)
        // With the default (true) the same sample's empty sections are asked for.
        let byDefault = manifest.replacingOccurrences(of: "displayHeaderOnEmptySection: false", with: "")
        #expect(try findings(byDefault, rule: UnresolvedItemRule.id).map { String($0.prefix(5)) } == ["13:15"])
        #expect(try findings(byDefault, rule: NilModelRule.id).map { String($0.prefix(5)) } == ["16:15"])
    }

    @Test func aFooterOfAnEmptySectionIsNotAskedForWhenDisplayFooterOnEmptySectionIsFalse() throws {
        #expect(
            try resolved(
                """
                version: 1
                host: tableView
                configuration: {displayFooterOnEmptySection: false}
                sample:
                  sections:
                    - header: "Empty"
                      footer: "gone"
                    - footer: "kept"
                      items: [1]
                """) == [
                    "0.0 header String → title",
                    "1.0 cell Int → unresolved",
                    "1.0 footer String → title",
                ])
    }

    /// A stated `sectionHeaderStyle: view` with no header view: every header goes through the (empty)
    /// header mappings, so a String header is noHeaderFooterMappingFound, not a title
    /// (DTTableViewDelegate.swift, viewForHeaderInSection; DTTableViewDataSource.swift,
    /// titleForHeaderInSection returns nil in `.view` style; 11.0.1).
    @Test func aStatedViewStyleLooksUpHeadersEvenWithNoHeaderView() throws {
        let manifest = """
            version: 1
            host: tableView
            configuration: {sectionHeaderStyle: view}
            registrations:
              - cell: CountCell
                model: Int
            sample:
              sections:
                - header: "Today"
                  footer: "3 items"
                  items: [1]
            """
        #expect(
            try resolved(manifest) == [
                "0.0 header String → unresolved", "0.0 cell Int → CountCell", "0.0 footer String → title",
            ])
        #expect(
            try findings(manifest, rule: UnresolvedItemRule.id) == [
                "9:15: the header of section 0 (a String) matches no registration: nothing will be displayed "
                    + "(runtime anomaly noHeaderFooterMappingFound); register a header for String"
            ])
    }

    /// A stated `sectionHeaderStyle: title` after header views were registered: `viewForHeaderInSection`
    /// returns nil at once and the title is `headerModel as? String` (DTTableViewDelegate.swift,
    /// viewForHeaderInSection; DTTableViewDataSource.swift, titleForHeaderInSection; 6.6.0 and 11.0.1).
    @Test func aStatedTitleStyleHidesRegisteredHeaderViews() throws {
        let manifest = """
            version: 1
            host: tableView
            configuration:
              sectionHeaderStyle: title
            registrations:
              - header: HeaderView
                model: String
              - header: BannerView
                model: Int
            sample:
              sections:
                - header: "Today"
                - header: 4
            """
        #expect(try resolved(manifest) == ["0.0 header String → title", "1.0 header Int → nothing"])
        #expect(
            try findings(manifest, rule: TitleStyleHidesViewsRule.id) == [
                "4:23: sectionHeaderStyle is .title, so the table never asks for a header view: HeaderView (entry 0, "
                    + "line 6) and BannerView (entry 1, line 8) are never shown, and only a String header model "
                    + "appears, as the section title; remove the .title assignment, or the header registrations"
            ])
    }

    /// In `.title` style `viewForHeaderInSection` returns nil before it reads the model, so a nil header is
    /// no title and no nilHeaderModel; in `.view` style it is the anomaly (DTTableViewDelegate.swift,
    /// viewForHeaderInSection, 6.6.0 and 11.0.1).
    @Test func aNilHeaderInTitleStyleIsNoTitleAndNoAnomaly() throws {
        let title = """
            version: 1
            host: tableView
            registrations:
              - cell: CountCell
                model: Int
            sample:
              sections:
                - header: null
                  items: [1]
            """
        #expect(try resolved(title) == ["0.0 header nil → title", "0.0 cell Int → CountCell"])
        #expect(try findings(title, rule: NilModelRule.id).isEmpty)
        let view = title.replacingOccurrences(
            of: "host: tableView", with: "host: tableView\nconfiguration: {sectionHeaderStyle: view}")
        #expect(try findings(view, rule: NilModelRule.id).count == 1)
    }
}
