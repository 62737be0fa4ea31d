import Testing

@testable import MaplintFindings
@testable import MaplintOutput
@testable import MaplintResolver
@testable import MaplintRules

/// A plain `UIView` table header with nothing registered under its identifier is loaded from a xib each
/// time it is shown: the xib named after the class before 8.0 (TableViewFactory.swift, headerFooterView,
/// `dt_loadFromXib`, 7.2.0), `mapping.xibName` from 8.0 (MS ViewModelMapping.swift,
/// `init(kind:headerFooterConfiguration:mapping:)`, 9.1.2; TableViewHeaderFooterViewModelMapping.swift,
/// loadViewFromXib, 11.0.1); nil when there is none.
@Suite struct PlainViewWithoutXibTests {
    private func findings(version: String, xib: String?, resources: [String]? = nil) throws -> [Diagnostic] {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            libraryVersion: "\(version)"
            registrations:
              - header: BannerView
                model: Int
                headerFooterView: false
            \(xib.map { "    xib: \($0)" } ?? "")
            """)
        return Analyzer.analyze(manifest, resources: resources.map { EffectiveViewSourceTests.resources(xibs: $0) })
            .filter { $0.rule == PlainViewWithoutXibRule.id }
    }

    @Test func withXibNullFrom8NothingIsShown() throws {
        #expect(
            try findings(version: "11.0.1", xib: "null").map(\.explanation) == [
                "BannerView (entry 0, line 5) is a plain UIView header (headerFooterView: false): DTTableViewManager 11 "
                    + "never registers it and, with nothing registered under 'BannerView', loads it from its xib each time; "
                    + "with `xib: null` there is none, so no header is shown; make it a UITableViewHeaderFooterView "
                    + "subclass (headerFooterView: true), or give it a xib"
            ])
        #expect(try findings(version: "8.0.1", xib: "null").count == 1)
    }

    @Test func before8TheClassNameXibIsLoadedWhateverTheMappingSays() throws {
        // Before 8 a missing class-named xib raises: missing-xib reports it (HeaderFooterXibRequiredTests).
        #expect(try findings(version: "7.2.0", xib: "BannerNib", resources: ["BannerNib"]).isEmpty)
        #expect(try findings(version: "7.2.0", xib: "BannerNib", resources: ["BannerView"]).isEmpty)
        #expect(try findings(version: "11.0.1", xib: "BannerNib", resources: ["BannerNib"]).isEmpty)
        #expect(try findings(version: "11.0.1", xib: "BannerNib", resources: ["BannerView"]).count == 1)
    }

    @Test func withoutResourcesAXibIsTakenAtItsWord() throws {
        #expect(try findings(version: "11.0.1", xib: nil).isEmpty)
    }
}

/// The anomaly system exists from 6.3.0 (DTTableViewManager.swift, `anomalyHandler`, 6.3.0); 6.0 to 6.2 pass
/// cell errors to `viewFactoryErrorHandler` and fail an assertion without one (DTTableViewDelegateWrapper.swift,
/// `handleTableViewFactoryError`; TableViewFactory.swift, `DTTableViewFactoryError`, 6.0.0).
@Suite struct RuntimeReportBefore6_3Tests {
    private func messages(version: String) throws -> [String] {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            libraryVersion: "\(version)"
            registrations:
              - cell: PostCell
                model: String
            sample:
              sections:
                - items: [1]
            """)
        return Analyzer.analyze(manifest).filter { $0.rule == UnresolvedItemRule.id }.map(\.message)
    }

    @Test func noCellMappingsGoesToTheErrorHandler() throws {
        #expect(
            try messages(version: "6.2.0").first?.contains(
                "nothing will be displayed (DTTableViewManager 6 passes the error .noCellMappings to "
                    + "viewFactoryErrorHandler, and fails an assertion in debug builds when none is set)") == true)
        #expect(try messages(version: "6.3.0").first?.contains("(runtime anomaly noCellMappingFound)") == true)
    }
}

/// Two storyboard mappings of a collection view sharing an identifier: one prototype answers it (from iOS 14
/// too, as storyboard mappings dequeue by identifier: MS ViewModelMapping.swift, `_cellDequeueClosure`, 9.1.2).
@Suite struct StoryboardMappingsSharingAnIdentifierTests {
    @Test func theMessageSaysOnePrototypeAnswers() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: collectionView
            deploymentTarget: iOS 14.0
            registrations:
              - cell: PostCell
                model: String
                storyboard: true
              - cell: VideoCell
                model: Int
                reuseIdentifier: PostCell
                storyboard: true
            """)
        let message = Analyzer.analyze(manifest).first { $0.rule == ReuseIdentifierCollisionRule.id }?.text
        #expect(message?.contains("a collection view has one prototype for a reuse identifier, so Int items") == true)
    }
}

/// A String header in `.title` style is the section title (DTTableViewDataSource.swift,
/// titleForHeaderInSection, 6.6.0 and 11.0.1): the summary counts it as a title, not as unresolved.
@Suite struct TitleSummaryTests {
    @Test func titlesAreNotUnresolved() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
            sample:
              sections:
                - header: "Title"
                  items: ["a"]
                - header: 5
                  items: ["b"]
                - header: null
                  items: ["c"]
            """)
        let summary = Resolver(manifest: manifest).resolve().summary
        #expect(summary.unresolved == 1)
        #expect(summary.titles == 2)
        #expect(
            ResolutionTableFormatter.summary(summary)
                == "6 elements: 3 resolved, 1 unresolved, 0 nil, 2 section titles; 1 with problems")
    }
}

/// DTCollectionViewManager 6 and 7 register a class's xib when it exists and otherwise nothing, so the view
/// comes from a storyboard prototype of its identifier (CollectionViewFactory.swift, registerCellClass,
/// 6.6.0, 7.2.0); 8.0 registers the class (CollectionViewFactory.swift, registerCellClass, 8.0.0).
@Suite struct CollectionRegistrationWithoutXibBefore8Tests {
    private func findings(version: String, prototype: Bool) -> [Diagnostic] {
        let cells =
            prototype ? #"<collectionViewCell reuseIdentifier="VideoCell" id="c1" customClass="VideoCell"/>"# : ""
        return RuleExampleTests.findings(
            in: RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "\(version)"
                deploymentTarget: iOS 13.0
                registrations:
                  - cell: VideoCell
                    model: String
                """,
                resources: [
                    "Gallery.storyboard": InterfaceBuilderLookup.collectionStoryboard(cells),
                    "Other.xib": InterfaceBuilderLookup.xib(#"<collectionViewCell id="x1" customClass="Other"/>"#),
                ])
        ).diagnostics
    }

    @Test func thePrototypeIsUsedBefore8() {
        #expect(findings(version: "7.2.0", prototype: true).isEmpty)
        let manifest = try? decodeManifest(
            """
            version: 1
            host: collectionView
            libraryVersion: "7.2.0"
            registrations:
              - cell: VideoCell
                model: String
            """)
        let table = manifest.map { ReuseIdentifierTable(manifest: $0, availableXibs: ["Other"]) }
        #expect(table.map { $0.source(of: manifest!.registrations[0]).storyboard } == true)
    }

    @Test func withoutAPrototypeTheDequeueRaisesBefore8() {
        let messages = findings(version: "6.6.0", prototype: false).map(\.text)
        #expect(messages.count == 1)
        // The folder searched is named (the example's is made for the run).
        #expect(messages.first?.contains("VideoCell (entry 0, line 6) has no VideoCell.xib under /") == true)
        #expect(
            messages.first?.contains(
                ", so DTCollectionViewManager 6 registers nothing for it and dequeues a storyboard prototype, but no "
                    + "storyboard under /") == true)
    }

    @Test func from8TheClassIsRegisteredOverThePrototype() {
        #expect(
            findings(version: "8.2.0", prototype: true).map(\.rule) == [StoryboardPrototypeShadowedRule.id])
        #expect(findings(version: "8.2.0", prototype: false).isEmpty)
    }
}

/// Index paths are never negative and section headers and footers are asked for at row 0
/// (`tableView(_:viewForHeaderInSection:)` has no row; DTTableViewDelegate.swift, 11.0.1): a condition
/// that holds at no such index path never matches.
@Suite struct ConditionHoldingNowhereTests {
    private func messages(_ registrations: String) throws -> [String] {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
            \(registrations)
            """)
        return Analyzer.analyze(manifest).filter { $0.rule == UnreachableRegistrationRule.id }.map(\.text)
    }

    @Test func aNegativeItemNeverMatches() throws {
        #expect(
            try messages(
                """
                  - cell: VideoCell
                    model: String
                    condition: "indexPath.item == -1"
                  - cell: PostCell
                    model: String
                """)
                == [
                    "VideoCell (entry 0) is never used: its condition holds at no index path the table view asks for\n"
                        + "VideoCell (entry 0, line 4): `indexPath.item == -1` needs an index path the table view never "
                        + "asks for (index paths are never negative), so VideoCell never appears\n"
                        + "fix: correct the condition, or remove it"
                ])
    }

    @Test func aHeaderAtAnotherRowNeverMatches() throws {
        let found = try messages(
            """
              - header: TitleView
                model: String
                condition: "indexPath.row == 1"
            """)
        #expect(found.count == 1)
        #expect(found.first?.contains("and headers and footers are asked for at row 0") == true)
    }

    @Test func aConditionThatCanHoldIsNotReported() throws {
        #expect(
            try messages(
                """
                  - cell: VideoCell
                    model: String
                    condition: "indexPath.item >= 0 && indexPath.section == 2"
                """
            ).isEmpty)
    }

    private func modelMessages(_ condition: String) throws -> [Diagnostic] {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {n: Int, flag: Bool, title: String, score: Int?, rating: Double, kind: Kind}}
              Kind: {kind: enum, cases: [text, video]}
            registrations:
              - cell: PostCell
                model: Post
                condition: '\(condition)'
            """)
        return Analyzer.analyze(manifest).filter { $0.rule == UnreachableRegistrationRule.id }
    }

    @Test func aConditionOnTheModelAloneThatNeverHoldsIsUnreachable() throws {
        let found = try modelMessages("model.n > 5 && model.flag && model.n < 3")
        #expect(
            found.map(\.text) == [
                "PostCell (entry 0) is never used: its condition can never hold\n"
                    + "PostCell (entry 0, line 7): `model.n > 5` and `model.n < 3` are never true together for any value "
                    + "of model.n (Int), so PostCell never appears\nfix: correct the condition, or remove it"
            ])
        // At the condition's first character, inside the quotes.
        #expect(found.first?.location == SourceLocation(file: "Screen.maplint.yml", line: 9, column: 17))
        for (condition, reason) in [
            (
                "model.flag && !model.flag",
                "`model.flag` and `!model.flag` are never true together for any value of model.flag (Bool)"
            ),
            (
                "model.title == \"a\" && model.title == \"b\"",
                "`model.title == \"a\"` and `model.title == \"b\"` are never true together for any value of model.title (String)"
            ),
            (
                "model.kind == .text && model.kind == .video",
                "are never true together for any value of model.kind (Kind)"
            ),
            (
                "model.n > 9223372036854775807",
                "`model.n > 9223372036854775807` is never true for any value of model.n (Int)"
            ),
            ("model.score == nil && model.score != nil", "for any value of model.score (Int?)"),
        ] {
            let messages = try modelMessages(condition).map(\.text)
            #expect(messages.count == 1 && messages[0].contains(reason), "\(condition): \(messages)")
        }
    }

    /// Exact over the Swift types: what overflow, NaN or nil lets hold is not reported.
    @Test func aModelConditionThatHoldsForSomeSwiftValueIsNotReported() throws {
        for condition in [
            "!(model.rating < 1) && !(model.rating >= 1)", // NaN
            "model.n > 9223372036854775806 && model.n - 1 >= 9223372036854775806", // Int.max
            "model.score != 3 && model.score != 4 && model.score == nil",
            "model.title != \"a\" && model.title != \"b\"",
            "model.n * 2 == 4 || model.n * 2 == 3",
            "model.title.hasPrefix(\"a\") && model.title.hasSuffix(\"b\")",
        ] {
            #expect(try modelMessages(condition).isEmpty, "\(condition)")
        }
    }
}

/// MS 9.0.0 creates the CellRegistration inside `_cellDequeueClosure` (ViewModelMapping.swift, 9.0.0, used by
/// DTCollectionViewManager 8.0.0 and 8.0.1); MS 9.1.0 creates it once in the initialiser (9.1.2).
@Suite struct RegistrationPerDequeueTests {
    private func messages(_ version: String, host: String = "collectionView") throws -> [String] {
        let manifest = try decodeManifest(
            """
            version: 1
            host: \(host)
            libraryVersion: "\(version)"
            registrations:
              - cell: PhotoCell
                model: String
              - cell: AlbumCell
                model: Int
              - cell: StoryCell
                model: Bool
                storyboard: true
            """)
        return Analyzer.analyze(manifest).filter { $0.rule == RegistrationPerDequeueRule.id }.map(\.explanation)
    }

    @Test func only8_0CreatesThemPerDequeue() throws {
        #expect(
            try messages("8.0.0") == [
                "PhotoCell (entry 0, line 5) and the 1 other mappings made in code or from a xib dequeue through a "
                    + "CellRegistration or SupplementaryRegistration that DTCollectionViewManager 8.0.0 creates anew on "
                    + "every dequeue on iOS 14 and later when DTModelStorage is 9.0.x (as CocoaPods resolves it): views are never reused, and UIKit raises an exception for it "
                    + "from iOS 15; update DTCollectionViewManager to 8.1.0 or later"
            ])
        #expect(try messages("8.0.1").count == 1)
        for version in ["8", "8.1.0", "7.2.0", "11.0.0"] { #expect(try messages(version).isEmpty) }
        #expect(try messages("8.0.1", host: "tableView").isEmpty)
    }
}
