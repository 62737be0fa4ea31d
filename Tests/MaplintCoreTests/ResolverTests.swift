import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

@Suite struct ResolverTests {
    typealias F = Fixture

    // MARK: Live registrations

    @Test func unregisterRemovesOnlyEarlierMappings() {
        let manifest = F.manifest([
            F.cell("PostCell", "Post"),
            F.cell("OtherCell", "Post"),
            F.unregister("PostCell"),
            F.cell("PostCell", "Post"),
        ])
        let live = LiveRegistrations(manifest: manifest)
        #expect(live.live.map(\.index) == [1, 3])
        #expect(live.removedBy == [0: 2])
        #expect(!live.isLive(0) && live.isLive(3))

        let item = Resolver(manifest: manifest).resolve(sample: F.sample([F.Section(items: [F.object("Post")])])).items
        #expect(item.map(\.candidates) == [[1, 3]])
        #expect(item.map(\.resolved) == [1])
    }

    @Test func unregisterKeepsOtherViewTypesOfTheSameClass() {
        let items = F.resolve(
            [
                F.register(.header, "TitleView", model: "String"),
                F.cell("TitleView", "String"),
                F.unregister("TitleView", .cell),
            ], sections: [F.Section(header: .string("Today"), items: [.string("x")])]
        ).items
        #expect(items.map(\.resolved) == [0, nil])
        #expect(items.map(\.problemRules) == [[], ["unresolved-item"]])
    }

    @Test func sampleIsResolvedAfterTheLastEntry() {
        // The unregister comes after the registration it removes; the item sees the final state.
        let items = F.resolveItems([F.cell("PostCell", "Post"), F.unregister("PostCell")], items: [F.object("Post")])
        #expect(items.first?.resolved == nil)
        #expect(items.first?.problemRules == ["unresolved-item"])
    }

    // MARK: Candidates

    @Test func firstCandidateWinsAndTwoAreAmbiguous() {
        let items = F.resolveItems(
            [
                F.cell("FeedCell", "FeedItem"),
                F.cell("PostCell", "Post"),
            ], items: [F.object("Post")])
        #expect(items.first?.candidates == [0, 1])
        #expect(items.first?.resolved == 0)
        #expect(items.first?.view == "FeedCell")
        #expect(items.first?.problemRules == ["ambiguous-item"])
    }

    @Test func registrationOrderNotSpecificityDecides() {
        let items = F.resolveItems(
            [
                F.cell("VideoCell", "VideoPost"),
                F.cell("PostCell", "Post"),
            ], items: [F.object("Post"), F.object("VideoPost")])
        #expect(items.map(\.resolved) == [1, 0])
        #expect(items.map(\.candidates) == [[1], [0, 1]])
    }

    @Test func subclassMatchesSuperclassRegistration() {
        let items = F.resolveItems(
            [F.cell("PostCell", "Post")], items: [F.object("VideoPost"), F.object("LiveVideoPost")])
        #expect(items.map(\.resolved) == [0, 0])
        #expect(items.map(\.model) == ["VideoPost", "LiveVideoPost"])
    }

    @Test func superclassDoesNotMatchSubclassRegistration() {
        let items = F.resolveItems([F.cell("VideoCell", "VideoPost")], items: [F.object("Post")])
        #expect(items.first?.resolved == nil)
        #expect(items.first?.problemRules == ["unresolved-item"])
    }

    @Test func protocolMatchesDirectConformance() {
        let items = F.resolveItems([F.cell("FeedCell", "FeedItem")], items: [F.object("Post")])
        #expect(items.first?.resolved == 0)
    }

    @Test func protocolMatchesConformanceThroughSuperclass() {
        let items = F.resolveItems([F.cell("FeedCell", "FeedItem")], items: [F.object("LiveVideoPost")])
        #expect(items.first?.resolved == 0)
    }

    @Test func protocolMatchesThroughProtocolInheritance() {
        let items = F.resolveItems([F.cell("ShareCell", "Shareable")], items: [F.object("Photo"), F.object("Post")])
        #expect(items.map(\.resolved) == [0, nil])
    }

    @Test func optionalRegisteredTypeMatchesLikeItsWrapped() {
        let items = F.resolveItems(
            [
                F.cell("NumberCell", "Int?"),
                F.cell("AuthorCell", "Author??"),
            ], items: [.int(3), F.object("Author")])
        #expect(items.map(\.resolved) == [0, 1])
        #expect(items.map(\.model) == ["Int", "Author"])
    }

    @Test func builtinsMatchOnlyTheirOwnType() {
        let items = F.resolveItems(
            [
                F.cell("TextCell", "String"),
                F.cell("DecimalCell", "Double"),
                F.cell("NumberCell", "Int"),
            ], items: [.int(42), .double(1.5), .string("a"), .bool(true)])
        #expect(items.map(\.resolved) == [2, 1, 0, nil])
    }

    @Test func enumItemsMatchByTypeName() {
        let items = F.resolveItems(
            [F.cell("StateCell", "PostState")], items: [.enumCase(type: "PostState", name: "draft")])
        #expect(items.first?.resolved == 0)
    }

    @Test func nilModelResolvesToNothing() {
        let items = F.resolve(
            [
                F.cell("PostCell", "Post?"),
                F.register(.header, "TitleView", model: "String?"),
            ], sections: [F.Section(header: Value.none, items: [.none])]
        ).items
        #expect(items.count == 2)
        for element in items {
            #expect(element.model == nil)
            #expect(element.candidates.isEmpty)
            #expect(element.resolved == nil)
            #expect(element.problemRules == ["nil-model"])
        }
    }

    @Test func sectionConditionHoldsOnlyInItsSection() {
        let items = F.resolve(
            [
                F.cell("FirstCell", "Post", condition: F.section(1)),
                F.cell("PostCell", "Post"),
            ],
            sections: [F.Section(items: [F.object("Post")]), F.Section(items: [F.object("Post"), F.object("Post")])]
        ).items
        #expect(items.map(\.section) == [0, 1, 1])
        #expect(items.map(\.item) == [0, 0, 1])
        #expect(items.map(\.candidates) == [[1], [0, 1], [0, 1]])
        #expect(items.map(\.resolved) == [1, 0, 0])
    }

    @Test func cellsAndHeadersAreSeparateViewTypes() {
        let items = F.resolve(
            [F.cell("TextCell", "String")], sections: [F.Section(header: .string("Today"), items: [.string("a")])]
        ).items
        #expect(items.map(\.element) == [.header(for: .tableView), .cell])
        #expect(items.map(\.resolved) == [nil, 0])
    }

    @Test func tableHeadersAndFootersResolveAtRowZeroOfTheirSection() {
        let items = F.resolve(
            [
                F.register(.header, "SecondHeader", model: "String", condition: F.section(2)),
                F.register(.footer, "SecondFooter", model: "String", condition: F.section(2)),
            ],
            sections: [
                F.Section(header: .string("a"), items: [.int(1), .int(2), .int(3)]),
                F.Section(),
                F.Section(header: .string("c"), footer: .string("f")),
            ]
        ).items
        let supplementary = items.filter { $0.element != .cell }
        #expect(supplementary.map(\.element.elementName) == ["header", "header", "footer"])
        #expect(supplementary.map(\.section) == [0, 2, 2])
        #expect(supplementary.map(\.item) == [0, 0, 0])
        #expect(supplementary.map(\.resolved) == [nil, 0, 1])
        #expect(supplementary.first?.element == .supplementary(kind: ViewType.tableHeaderKind))
    }

    @Test func collectionHeadersResolveAtItemZeroOfTheirSection() {
        let items = F.resolve(
            host: .collectionView,
            [
                F.register(.header, "FirstHeader", model: "String", condition: F.section(1)),
                F.register(.header, "Header", model: "String"),
            ], sections: [F.Section(header: .string("a")), F.Section(header: .string("b"))]
        ).items
        #expect(
            items.map(\.element) == [
                .supplementary(kind: ViewType.collectionHeaderKind),
                .supplementary(kind: ViewType.collectionHeaderKind),
            ])
        #expect(items.map(\.item) == [0, 0])
        #expect(items.map(\.resolved) == [1, 0])
    }

    @Test func supplementaryKindsAreSeparateViewTypes() {
        let items = F.resolve(
            host: .collectionView,
            [
                F.register(.supplementary("badge"), "BadgeView", model: "Int"),
                F.register(.supplementary("ribbon"), "RibbonView", model: "Int", condition: F.section(0)),
            ], sections: [F.Section(supplementaries: [("ribbon", .int(1)), ("badge", .int(2)), ("stamp", .int(3))])]
        ).items
        #expect(items.map(\.element.customKind) == ["ribbon", "badge", "stamp"])
        #expect(items.map(\.resolved) == [1, 0, nil])
        #expect(items.map(\.view) == ["RibbonView", "BadgeView", nil])
    }

    @Test func elementsComeHeaderItemsFooterThenSupplementaries() {
        let items = F.resolve(
            host: .collectionView, [],
            sections: [
                F.Section(
                    header: .int(0), footer: .int(1), supplementaries: [("badge", .int(2))], items: [.int(3), .int(4)])
            ]
        ).items
        #expect(items.map(\.element.elementName) == ["header", "cell", "cell", "footer", "supplementary"])
        #expect(items.map(\.location.line) == [100, 105, 106, 101, 102])
    }

    // MARK: Opaque conditions

    @Test func opaqueConditionBeforeTheWinnerMakesResolutionUncertain() {
        let items = F.resolveItems(
            [
                F.cell("SpecialCell", "Post", condition: F.opaque()),
                F.cell("PostCell", "Post"),
            ], items: [F.object("Post")])
        #expect(items.first?.candidates == [1])
        #expect(items.first?.resolved == 1)
        #expect(items.first?.opaqueRegistrations == [0])
        #expect(items.first?.problemRules == ["opaque-condition"])
    }

    @Test func opaqueConditionAfterTheWinnerChangesNothing() {
        let items = F.resolveItems(
            [
                F.cell("PostCell", "Post"),
                F.cell("SpecialCell", "Post", condition: F.opaque()),
            ], items: [F.object("Post")])
        #expect(items.first?.resolved == 0)
        #expect(items.first?.problemRules == [])
        #expect(items.first?.opaqueRegistrations == [])
    }

    @Test func onlyAnOpaqueMatchIsUncertainNotUnresolved() {
        let items = F.resolveItems([F.cell("SpecialCell", "Post", condition: F.opaque())], items: [F.object("Post")])
        #expect(items.first?.resolved == nil)
        #expect(items.first?.problemRules == ["opaque-condition"])
    }

    @Test func opaqueConditionOfAnotherModelTypeIsIgnored() {
        let items = F.resolveItems(
            [
                F.cell("AuthorCell", "Author", condition: F.opaque()),
                F.cell("PostCell", "Post"),
            ], items: [F.object("Post")])
        #expect(items.first?.problemRules == [])
    }

    // MARK: Scale

    @Test func manyItemsAgainstManyRegistrations() {
        // 10,000 registrations over 100 model types, 20,000 items over 100 sections.
        var declarations = [ModelDecl(name: "Base", kind: .protocol, location: F.location(line: 1))]
        for type in 0..<100 {
            declarations.append(
                ModelDecl(
                    name: "M\(type)", kind: .class, protocols: [Located("Base", at: F.location(line: 1))],
                    location: F.location(line: 1)))
        }
        var entries: [Entry] = []
        for index in 0..<10_000 {
            let registration = Registration(
                index: index, viewType: .cell, viewClass: Located("Cell\(index)", at: F.location(line: 1)),
                modelType: Located(.model("M\(index % 100)"), at: F.location(line: 1)),
                condition: .section(Located(index / 100, at: F.location(line: 1))), location: F.location(line: 1))
            entries.append(.registration(registration))
        }
        let sections = (0..<100).map { section in
            SampleSection(
                items: (0..<200).map { item in
                    SampleValue(value: .object(type: "M\(item % 100)", properties: [:]), location: F.location(line: 1))
                }, location: F.location(line: 1))
        }
        let manifest = Manifest(
            file: F.file, host: .tableView, types: TypeTable(declarations), entries: entries,
            sample: SampleData(sections: sections, location: F.location(line: 1)))
        let resolution = Resolver(manifest: manifest).resolve()
        #expect(resolution.items.count == 20_000)
        #expect(resolution.items.allSatisfy { $0.resolved == $0.section * 100 + $0.item % 100 && $0.problems.isEmpty })
    }
}
