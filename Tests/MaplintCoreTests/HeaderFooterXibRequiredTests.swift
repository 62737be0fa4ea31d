import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintRules

/// DTTableViewManager 6 and 7 register a header or footer only from a xib: `registerHeader(_:)` calls
/// `registerNibNamed(String(describing: T.self), forHeaderClass:)`, which asserts
/// `UINib.nibExists(withNibName:inBundle:)` (TableViewFactory.swift, `registerHeaderClass`,
/// `registerNibNamed(_:forHeaderClass:mappingBlock:)`, 6.0.0 under Source/, 6.6.0, 7.2.0). From 8.0 the class
/// is registered when the nib is missing (TableViewFactory.swift, `registerSupplementaryClass`, 11.0.1).
@Suite struct HeaderFooterXibRequiredTests {
    private func findings(
        _ version: String, _ registration: String, xibs: [String]?, rule: RuleID = MissingXibRule.id
    ) -> [String] {
        let text = """
            version: 1
            host: tableView
            libraryVersion: "\(version)"
            registrations:
            \(registration)

            """
        let resources = xibs.map { EffectiveViewSourceTests.resources(xibs: $0) }
        return Linter.lint(bytes: Array(text.utf8), file: "feed.maplint.yml", resources: resources)
            .filter { $0.rule == rule }
            .map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.message)" }
    }

    private let header = """
          - header: FeedHeader
            model: String
        """

    @Test func aHeaderWithoutItsClassNamedXibAssertsBefore8() {
        for version in ["6.6.0", "7.2.0"] {
            let major = version.prefix(1)
            #expect(
                findings(version, header, xibs: ["OtherView"]) == [
                    "5:13 error there is no FeedHeader.xib for FeedHeader (entry 0): DTTableViewManager \(major) asserts when it "
                        + "registers the header"
                ])
        }
        // The explanation words the debug assertion and the release crash.
        let text = """
            version: 1
            host: tableView
            libraryVersion: "7.2.0"
            registrations:
            \(header)

            """
        let finding = Linter.lint(
            bytes: Array(text.utf8), file: "feed.maplint.yml",
            resources: EffectiveViewSourceTests.resources(xibs: [])
        ).first { $0.rule == MissingXibRule.id }
        #expect(
            finding?.related.map(\.message) == [
                "FeedHeader (entry 0, line 5) is registered with the xib FeedHeader, but there is no "
                    + "FeedHeader.xib under --resources: DTTableViewManager 7 registers a header through "
                    + "registerNibNamed(_:forHeaderClass:), which asserts that the nib exists, so a debug build stops at "
                    + "this registration, and a release build skips the assertion and raises \"Could not load NIB\" when "
                    + "it loads FeedHeader for the first header (a crash)",
                "fix: add FeedHeader.xib to the app target, correct the name, or write `xib: null` "
                    + "(registerNiblessHeader / registerNiblessFooter) if the view is made in code",
            ])
    }

    @Test func theXibExistingOrNiblessOr8RegistersFine() {
        #expect(findings("7.2.0", header, xibs: ["FeedHeader"]).isEmpty)
        #expect(findings("7.2.0", header + "\n    xib: null", xibs: []).isEmpty)
        #expect(findings("8.0.0", header, xibs: []).isEmpty)
        #expect(findings("11.0.1", header, xibs: []).isEmpty)
        // Without --resources nothing is known about the files.
        #expect(findings("7.2.0", header, xibs: nil).isEmpty)
    }

    @Test func aFooterAndANamedXibToo() {
        let footer = """
              - footer: FeedFooter
                model: String
                xib: FeedFooterCompact
            """
        #expect(
            findings("6.6.0", footer, xibs: ["FeedFooter"]) == [
                "7:10 error there is no FeedFooterCompact.xib for FeedFooter (entry 0): DTTableViewManager 6 asserts when it "
                    + "registers the footer"
            ])
        #expect(findings("6.6.0", footer, xibs: ["FeedFooterCompact"]).isEmpty)
    }

    /// A plain UIView header is reported once, by missing-xib: before 8 its missing xib raises, it is not
    /// "never shown".
    @Test func aPlainHeaderBefore8IsMissingXibNotPlainViewWithoutXib() {
        let plain = header + "\n    headerFooterView: false"
        #expect(findings("7.2.0", plain, xibs: []).count == 1)
        #expect(findings("7.2.0", plain, xibs: [], rule: PlainViewWithoutXibRule.id).isEmpty)
        #expect(findings("11.0.1", plain, xibs: [], rule: PlainViewWithoutXibRule.id).count == 1)
    }
}

extension HeaderFooterXibRequiredTests {
    /// A plain UIView header whose named xib exists registers, but `dt_loadFromXib()` shows it from the
    /// class-named xib (TableViewFactory.swift, `headerFooterView(of:model:atIndexPath:)`, 7.2.0).
    @Test func aPlainHeaderIsShownFromItsClassNamedXib() {
        let plain = header + "\n    headerFooterView: false\n    xib: WideHeader"
        #expect(
            findings("7.2.0", plain, xibs: ["WideHeader"]) == [
                "8:10 error there is no FeedHeader.xib for FeedHeader (entry 0): DTTableViewManager 7 raises when it "
                    + "shows the header"
            ])
        #expect(findings("7.2.0", plain, xibs: ["WideHeader", "FeedHeader"]).isEmpty)
    }
}

extension HeaderFooterXibRequiredTests {
    /// From 8 a plain UIView header's missing xib is passed to `Bundle.loadNibNamed`, which raises
    /// (TableViewHeaderFooterViewModelMapping.swift, `loadViewFromXib(viewClass:)`, 11.0.1); `xib: null` shows nothing.
    @Test func from8APlainHeaderWithAMissingXibCrashes() {
        let plain = header + "\n    headerFooterView: false"
        #expect(
            findings("11.0.1", plain, xibs: [], rule: PlainViewWithoutXibRule.id) == [
                "5:13 error FeedHeader (entry 0) crashes when shown: a plain UIView header whose xib is missing"
            ])
        #expect(
            findings("11.0.1", plain + "\n    xib: null", xibs: nil, rule: PlainViewWithoutXibRule.id) == [
                "8:10 error FeedHeader (entry 0) is never shown: a plain UIView header with no xib to load"
            ])
    }
}
