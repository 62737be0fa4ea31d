import Testing

@testable import MaplintAnalysis
@testable import MaplintFindings
@testable import MaplintLibrary
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules
@testable import MaplintSolver

@Suite struct ResolverDiagnosticsTests {
    typealias F = Fixture

    /// The rules that word the resolver's problems.
    static let rules: [any Rule] = [
        UnresolvedItemRule(), AmbiguousItemRule(), NilModelRule(), ConditionErrorRule(), OpaqueConditionRule(),
    ]

    private func diagnostics(host: Host = .tableView, _ entries: [F.EntrySpec], sections: [F.Section]) -> [Diagnostic] {
        Analyzer.analyze(F.manifest(host: host, entries, sections: sections), rules: Self.rules)
    }

    @Test func unresolvedItemNamesTheTypeAndItsSupertypes() {
        let found = diagnostics(
            [F.cell("AuthorCell", "Author")],
            sections: [F.Section(items: [F.object("Author"), .int(1), F.object("VideoPost")])])
        #expect(found.count == 2)
        let last = found.last
        #expect(last?.rule == UnresolvedItemRule.id)
        #expect(last?.severity == .error)
        #expect(last?.location == F.location(line: 107, column: 11))
        #expect(last?.registrations == [])
        #expect(
            last?.message == "item 2 of section 0 (a VideoPost) matches no registration: nothing will be displayed "
                + "(runtime anomaly noCellMappingFound); register a cell for VideoPost or one of its supertypes (Post, FeedItem)"
        )
        #expect(found.first?.message.hasSuffix("register a cell for Int") == true)
    }

    @Test func unresolvedItemNamesRegistrationsWhoseConditionsFail() {
        let found = diagnostics(
            [F.cell("PostCell", "Post", condition: F.section(3))], sections: [F.Section(items: [F.object("VideoPost")])]
        )
        #expect(found.map(\.rule) == [UnresolvedItemRule.id])
        #expect(found.first?.registrations == [0])
        #expect(
            found.first?.message.contains(
                "the condition of PostCell (entry 0, line 10) does not hold at section 0, item 0") == true)
        #expect(found.first?.related.map(\.location) == [F.location(line: 10)])
    }

    @Test func unresolvedItemNamesUnregisteredMappings() {
        let found = diagnostics(
            [F.cell("AuthorCell", "Author"), F.unregister("AuthorCell")],
            sections: [F.Section(items: [F.object("Author")])])
        #expect(found.first?.registrations == [0])
        #expect(
            found.first?.message.contains("AuthorCell (entry 0, line 10) was removed by the unregister at entry 1")
                == true)
    }

    @Test func unresolvedTableHeaderUsesTheHeaderFooterAnomaly() {
        // A header view is registered, so the style is .view and the String header is looked up.
        let found = diagnostics(
            [F.register(.header, "BannerView", model: "Int")], sections: [F.Section(header: .string("a"))])
        #expect(
            found.map(\.message) == [
                "the header of section 0 (a String) matches no registration: nothing will be displayed (runtime anomaly noHeaderFooterMappingFound); register a header for String"
            ])
    }

    @Test func nonStringTableHeaderInTitleStyleShowsNothing() {
        let found = diagnostics([], sections: [F.Section(header: .int(3))])
        #expect(
            found.map(\.message) == [
                "the header of section 0 (an Int) shows nothing: no header view is registered, so the table keeps sectionHeaderStyle .title and shows only a String header model, as the section title; register a header view for Int (which switches the style to .view), or make the header model the title String"
            ])
    }

    @Test func unresolvedCollectionSupplementaryUsesTheSupplementaryAnomaly() {
        let found = diagnostics(
            host: .collectionView, [],
            sections: [F.Section(header: .string("a"), supplementaries: [("badge", .int(2))])])
        #expect(
            found.map(\.message) == [
                "the header of section 0 (a String) matches no registration: nothing will be displayed (runtime anomaly noSupplementaryMappingFound); register a header for String",
                "the 'badge' supplementary view of section 0 (an Int) matches no registration: nothing will be displayed (runtime anomaly noSupplementaryMappingFound); register a 'badge' supplementary view for Int",
            ])
        #expect(found.map(\.location.line) == [100, 102])
    }

    @Test func longListsOfRegistrationsAreShortenedInTheMessage() {
        let found = diagnostics(
            (0..<6).map { F.cell("Cell\($0)", "Post", condition: F.section($0 + 1)) },
            sections: [F.Section(items: [F.object("Post")])])
        #expect(found.first?.registrations == [0, 1, 2, 3, 4, 5])
        #expect(
            found.first?.message.contains(
                "the conditions of Cell0 (entry 0, line 10), Cell1 (entry 1, line 11), Cell2 (entry 2, line 12) and 3 more do not hold"
            ) == true)
        #expect(found.first?.related.count == 3)
    }

    @Test func ambiguousItemSaysWhichRegistrationWins() {
        let found = diagnostics(
            [F.cell("FeedCell", "FeedItem"), F.cell("PostCell", "Post")],
            sections: [F.Section(items: [F.object("Post")])])
        #expect(found.count == 1)
        #expect(found.first?.rule == AmbiguousItemRule.id)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.registrations == [0, 1])
        #expect(
            found.first?.message
                == "item 0 of section 0 (a Post) matches 2 registrations: FeedCell (entry 0) wins over PostCell (entry 1)"
        )
        #expect(
            found.first?.related.map(\.message) == [
                "FeedCell (entry 0, line 10): used", "PostCell (entry 1, line 11): also matches, never used here",
                "FeedCell (entry 0, line 10) is used because it was registered first, so PostCell (entry 1, line 11) is "
                    + "never used for it",
                "fix: make their conditions mutually exclusive or remove the registration that should not apply",
            ])
    }

    @Test func nilModelIsAWarningAtTheValue() {
        // A footer view is registered, so footers are in `.view` style, where a nil one is nilFooterModel.
        let found = diagnostics(
            [F.register(.footer, "FooterView", model: "String")],
            sections: [F.Section(footer: Value.none, items: [.none])])
        #expect(found.map(\.rule) == [NilModelRule.id, NilModelRule.id])
        #expect(found.map(\.severity) == [.warning, .warning])
        // Sorted by position, as every analysis finding is: the footer is written first.
        #expect(found.map(\.location.line) == [101, 105])
        #expect(
            found.last?.message
                == "item 0 of section 0 is nil: nothing will be displayed for it (runtime anomaly nilCellModel); remove the item or give it a value"
        )
        #expect(
            found.first?.message
                == "the footer of section 0 is nil: no footer will be displayed (runtime anomaly nilFooterModel); remove it or give it a value"
        )
    }

    @Test func nilCollectionSupplementaryUsesTheSupplementaryAnomaly() {
        let found = diagnostics(host: .collectionView, [], sections: [F.Section(header: Value.none)])
        #expect(
            found.map(\.message) == [
                "the header of section 0 is nil: no header will be displayed (runtime anomaly nilSupplementaryModel); remove it or give it a value"
            ])
    }

    @Test func opaqueConditionIsANoteNamingTheRegistration() {
        let found = diagnostics(
            [F.cell("SpecialCell", "Post", condition: F.opaque()), F.cell("PostCell", "Post")],
            sections: [F.Section(items: [F.object("Post")])])
        #expect(found.map(\.rule) == [OpaqueConditionRule.id])
        #expect(found.first?.severity == .note)
        #expect(found.first?.registrations == [0])
        #expect(found.first?.explanation.contains("may be taken by SpecialCell (entry 0, line 10)") == true)
        #expect(found.first?.explanation.contains("(otherwise PostCell (entry 1, line 11))") == true)
    }

    @Test func conditionFailureIsAnErrorAtTheValueRelatedToTheCondition() {
        let manifest = F.manifest([F.cell("PostCell", "Post")])
        let failure = ConditionFailure(
            message: "model.author is not set in the sample", location: F.location(line: 10, column: 30))
        let element = ResolvedElement(
            section: 1, item: 2, element: .cell, model: "Post", candidates: [],
            problems: [.conditionError([ResolvedConditionFailure(registration: 0, failure: failure)])],
            location: F.location(line: 130, column: 11))
        let context = AnalysisContext(
            manifest: manifest, solver: ConditionSolver(manifest: manifest), pairs: [], reachability: [:],
            resolution: Resolution(items: [element], groups: [], liveRegistrations: [0]))
        let found = ConditionErrorRule().check(context)
        #expect(found.count == 1)
        #expect(found.first?.rule == ConditionErrorRule.id)
        #expect(found.first?.severity == .error)
        #expect(found.first?.location == F.location(line: 130, column: 11))
        #expect(found.first?.registrations == [0])
        #expect(
            found.first?.explanation
                == "the condition of PostCell (entry 0, line 10) cannot be evaluated for item 2 of section 1 (a Post): "
                + "model.author is not set in the sample; the registration is treated as not matching it; fix the condition or complete the sample value"
        )
        #expect(found.first?.related.first == RelatedLocation(location: failure.location, message: failure.message))
    }

    @Test func reuseCollisionsAreLeftToTheAnalysis() {
        let found = diagnostics(
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
            ],
            sections: [F.Section(items: [F.object("Post")])])
        #expect(found.isEmpty)
    }

    @Test func resolvedItemsHaveNoFindings() {
        let found = diagnostics(
            [F.cell("PostCell", "Post")], sections: [F.Section(items: [F.object("Post"), F.object("VideoPost")])])
        #expect(found.isEmpty)
    }
}
