import Testing

@testable import MaplintLibrary
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

@Suite struct ResolverReuseTests {
    typealias F = Fixture

    private func groups(_ manifest: Manifest) -> [ReuseIdentifierGroup] {
        ReuseIdentifierTable(manifest: manifest).groups
    }

    /// DTTableViewManager dequeues the identifier before registering and registers nothing when a
    /// cell comes back, so the first registration of an identifier wins: TableViewFactory.swift,
    /// `registerCellClass`, at 6.6.0, 7.2.0, 8.0.1, 10.0.0 and 11.0.1 (the probe is in every version).
    @Test(arguments: [6, 8, 11])
    func tableCellsFirstRegistrationWins(major: Int) {
        let resolution = F.resolve(
            libraryVersion: LibraryVersion(major: major),
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
            ], sections: [F.Section(items: [F.object("Post"), F.object("Author")])])
        #expect(resolution.items.map(\.resolved) == [0, 1])
        #expect(resolution.items.map(\.dequeuedFrom) == [0, 0])
        #expect(resolution.items.map(\.dequeuedView) == ["PostCell", "PostCell"])
        #expect(resolution.items.map(\.problemRules) == [[], ["reuse-identifier-collision"]])
        #expect(
            resolution.groups == [
                ReuseIdentifierGroup(
                    identifier: "Cell", namespace: .cell, registrations: [0, 1], collision: true, winner: 0)
            ])
        #expect(resolution.groups.first?.namespace.name == "cell")
    }

    /// Collection views register unconditionally, so the last registration of an identifier wins
    /// (CollectionViewFactory.swift, `registerCellClass`, 7.2.0 and, below iOS 14, 11.0.0).
    @Test func collectionCellsLastRegistrationWins() {
        let resolution = F.resolve(
            host: .collectionView,
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
            ], sections: [F.Section(items: [F.object("Post"), F.object("Author")])])
        #expect(resolution.items.map(\.dequeuedFrom) == [1, 1])
        #expect(resolution.items.map(\.problemRules) == [["reuse-identifier-collision"], []])
    }

    /// DTCollectionViewManager before 8.0 had no generated registrations: collisions happen on
    /// iOS 14 too (CollectionViewFactory.swift, `registerCellClass`, 7.2.0 vs 8.0.0).
    @Test func collectionViewsBeforeDT8CollideOnIOS14() {
        let entries = [
            F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
            F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
        ]
        let target = DeploymentTarget(platform: .iOS, major: 15)
        let old = F.manifest(
            host: .collectionView, deploymentTarget: target, libraryVersion: LibraryVersion(major: 7), entries)
        let new = F.manifest(
            host: .collectionView, deploymentTarget: target, libraryVersion: LibraryVersion(major: 8), entries)
        #expect(groups(old).map(\.collision) == [true])
        #expect(groups(new).isEmpty)
    }

    /// From DTCollectionViewManager 8 on iOS 14, storyboard mappings still dequeue by identifier
    /// (MS ViewModelMapping.swift 9.1.2, CollectionViewCellModelMapping.swift 11.0.0), so two of
    /// them sharing an identifier still collide; code mappings do not take part.
    @Test func storyboardMappingsStillCollideWithGeneratedRegistrations() {
        let manifest = F.manifest(
            host: .collectionView, deploymentTarget: DeploymentTarget(platform: .iOS, major: 15),
            [
                F.cell("StoryCell", "Post", reuseIdentifier: "Cell", storyboard: true),
                F.cell("OtherStoryCell", "Author", reuseIdentifier: "Cell", storyboard: true),
                F.cell("CodeCell", "String", reuseIdentifier: "Cell"),
            ])
        #expect(groups(manifest).map(\.registrations) == [[0, 1]])
        #expect(groups(manifest).map(\.collision) == [true])
    }

    @Test func defaultReuseIdentifierIsTheViewClass() {
        let table = ReuseIdentifierTable(
            manifest: F.manifest([F.cell("PostCell", "Post"), F.cell("AuthorCell", "Author")]))
        #expect(table.groups.map(\.identifier) == ["PostCell", "AuthorCell"])
        #expect(table.groups.map(\.collision) == [false, false])
    }

    /// `unregister` clears only the identifier equal to the class name (TableViewFactory.swift,
    /// `unregisterCellClass`, 6.6.0 … 11.0.1): a custom identifier stays registered, so on a table a
    /// later registration under it is skipped and the old design stays.
    @Test func unregisterLeavesACustomIdentifierRegistered() {
        let items = F.resolveItems(
            [
                F.cell("PostCell", "Post", reuseIdentifier: "post"),
                F.unregister("PostCell"),
                F.cell("PostCell", "Post", xib: .named("NewPostCell"), reuseIdentifier: "post"),
            ], items: [F.object("Post")])
        #expect(items.first?.resolved == 2)
        #expect(items.first?.dequeuedFrom == 0)
        #expect(items.first?.problemRules == ["reuse-identifier-collision"])
    }

    /// The class-name identifier is cleared, so registering again after `unregister` registers anew.
    @Test func unregisterClearsTheClassNameIdentifier() {
        let items = F.resolveItems(
            [
                F.cell("PostCell", "Post"),
                F.unregister("PostCell"),
                F.cell("PostCell", "Post", xib: .named("NewPostCell")),
            ], items: [F.object("Post")])
        #expect(items.first?.resolved == 2)
        #expect(items.first?.dequeuedFrom == 2)
        #expect(items.first?.problemRules == [])
    }

    /// A plain UIView header is never registered, but its mapping first dequeues its identifier and
    /// only then loads its xib (TableViewFactory.swift `headerFooterView`, 7.2.0;
    /// TableViewHeaderFooterViewModelMapping.swift, 11.0.1): a registered footer under the same
    /// identifier answers, the cast fails, and the header shows nothing.
    @Test func plainViewTableHeaderDequeuesARegisteredIdentifierFirst() {
        let manifest = F.manifest(
            [
                F.register(.header, "PlainHeader", model: "String", reuseIdentifier: "Title", headerFooterView: false),
                F.register(.footer, "TitleFooter", model: "String", reuseIdentifier: "Title"),
            ], sections: [F.Section(header: .string("h"), footer: .string("f"))])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [1, 1])
        #expect(items.map(\.problemRules) == [[ReuseIdentifierCollisionRule.id], []])
        #expect(
            groups(manifest) == [
                ReuseIdentifierGroup(
                    identifier: "Title", namespace: .headerFooter, registrations: [0, 1], collision: true, winner: 1)
            ])
    }

    @Test func plainViewTableHeadersWithoutARegisteredIdentifierLoadTheirXib() {
        let manifest = F.manifest(
            [
                F.register(.header, "PlainHeader", model: "String", reuseIdentifier: "Title", headerFooterView: false),
                F.register(.footer, "PlainFooter", model: "String", reuseIdentifier: "Title", headerFooterView: false),
            ], sections: [F.Section(header: .string("h"), footer: .string("f"))])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [0, 1])
        #expect(groups(manifest).isEmpty)
    }

    @Test func tableHeadersAndFootersShareASecondNamespace() {
        let manifest = F.manifest(
            [
                F.register(.header, "TitleHeader", model: "String", reuseIdentifier: "Title"),
                F.register(.footer, "TitleFooter", model: "String", reuseIdentifier: "Title"),
                F.cell("TitleCell", "String", reuseIdentifier: "Title"),
            ], sections: [F.Section(header: .string("h"), footer: .string("f"), items: [.string("c")])])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.element.elementName) == ["header", "cell", "footer"])
        #expect(items.map(\.dequeuedFrom) == [1, 2, 1])
        #expect(items.map(\.problemRules) == [["reuse-identifier-collision"], [], []])
        #expect(
            groups(manifest) == [
                ReuseIdentifierGroup(
                    identifier: "Title", namespace: .headerFooter, registrations: [0, 1], collision: true, winner: 1),
                ReuseIdentifierGroup(
                    identifier: "Title", namespace: .cell, registrations: [2], collision: false, winner: 2),
            ])
    }

    @Test func collectionSupplementaryViewsHaveOneNamespacePerKind() {
        let manifest = F.manifest(
            host: .collectionView,
            [
                F.register(.header, "TitleHeader", model: "String", reuseIdentifier: "Title"),
                F.register(.footer, "TitleFooter", model: "String", reuseIdentifier: "Title"),
                F.register(.supplementary("badge"), "BadgeView", model: "Int", reuseIdentifier: "Badge"),
                F.register(.supplementary("badge"), "StarView", model: "Double", reuseIdentifier: "Badge"),
            ], sections: [F.Section(header: .string("h"), footer: .string("f"), supplementaries: [("badge", .int(1))])])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [0, 1, 3])
        #expect(items.map(\.problemRules) == [[], [], ["reuse-identifier-collision"]])
        #expect(
            groups(manifest).map(\.namespace.name) == [
                ViewType.collectionHeaderKind, ViewType.collectionFooterKind, "badge",
            ])
        #expect(groups(manifest).map(\.collision) == [false, false, true])
    }

    @Test func collectionViewsBelowIOS14ShareCellIdentifiers() {
        for target in [
            nil, DeploymentTarget(platform: .iOS, major: 13), DeploymentTarget(platform: .tvOS, major: 13, minor: 4),
        ] {
            let items = F.resolve(
                host: .collectionView, deploymentTarget: target,
                [
                    F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                    F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
                ], sections: [F.Section(items: [F.object("Post")])]
            ).items
            #expect(items.first?.dequeuedFrom == 1)
        }
    }

    @Test func collectionViewsFromIOS14GenerateTheirRegistrations() {
        let targets = [
            DeploymentTarget(platform: .iOS, major: 14), DeploymentTarget(platform: .tvOS, major: 15, minor: 2),
            DeploymentTarget(platform: .macCatalyst, major: 14),
        ]
        for target in targets {
            let resolution = F.resolve(
                host: .collectionView, deploymentTarget: target,
                [
                    F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                    F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
                    F.register(.supplementary("badge"), "BadgeView", model: "Int", reuseIdentifier: "Badge"),
                    F.register(.supplementary("badge"), "StarView", model: "Double", reuseIdentifier: "Badge"),
                ], sections: [F.Section(supplementaries: [("badge", .int(1))], items: [F.object("Post")])])
            #expect(resolution.groups.isEmpty)
            #expect(resolution.items.map(\.dequeuedFrom) == [0, 2])
            #expect(resolution.items.allSatisfy { $0.problems.isEmpty })
        }
    }

    @Test func tableViewsShareIdentifiersWhateverTheTarget() {
        let items = F.resolve(
            deploymentTarget: DeploymentTarget(platform: .iOS, major: 17),
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
            ], sections: [F.Section(items: [F.object("Post")])]
        ).items
        #expect(items.first?.dequeuedFrom == 0)
    }

    /// A table's storyboard prototype answers DTTableViewManager's dequeue-before-register, so the
    /// code registration is skipped and the prototype is used (TableViewFactory.swift,
    /// `registerCellClass`, 11.0.1: "Storyboard prototype cell").
    @Test func tablePrototypeWinsOverALaterCodeRegistration() {
        let manifest = F.manifest(
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("StoryCell", "Author", reuseIdentifier: "Cell", storyboard: true),
            ], sections: [F.Section(items: [F.object("Post"), F.object("Author")])])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [1, 1])
        #expect(items.map(\.problemRules) == [["reuse-identifier-collision"], []])
        #expect(groups(manifest).first?.winner == 1)
    }

    /// In a collection view below iOS 14 a registration in code replaces the prototype.
    @Test func codeRegistrationReplacesACollectionPrototype() {
        let manifest = F.manifest(
            host: .collectionView,
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("StoryCell", "Author", reuseIdentifier: "Cell", storyboard: true),
            ], sections: [F.Section(items: [F.object("Post"), F.object("Author")])])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [0, 0])
        #expect(items.map(\.problemRules) == [[], ["reuse-identifier-collision"]])
        #expect(groups(manifest).first?.winner == 0)
        #expect(groups(manifest).first?.collision == true)
    }

    @Test func firstStoryboardPrototypeWinsWithoutCodeRegistration() {
        let table = ReuseIdentifierTable(
            manifest: F.manifest([
                F.cell("StoryCell", "Post", reuseIdentifier: "Cell", storyboard: true),
                F.cell("OtherStoryCell", "Author", reuseIdentifier: "Cell", storyboard: true),
            ]))
        #expect(table.groups.first?.winner == 0)
        #expect(table.dequeuedFrom(1) == 0)
    }

    @Test func sameViewSourceUnderOneIdentifierIsHarmless() {
        let manifest = F.manifest(
            [
                F.cell("PostCell", "Post"),
                F.cell("PostCell", "Author"),
            ], sections: [F.Section(items: [F.object("Post"), F.object("Author")])])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [0, 1])
        #expect(items.map(\.problemRules) == [[], []])
        #expect(groups(manifest).map(\.collision) == [false])
        #expect(groups(manifest).map(\.registrations) == [[0, 1]])
    }

    @Test func sameClassFromAnotherXibIsADifferentSource() {
        let cases: [(XibName, XibName)] = [
            (.default, .named("CompactPostCell")), (.default, .none), (.named("A"), .named("B")),
        ]
        for (first, second) in cases {
            let items = F.resolveItems(
                [
                    F.cell("PostCell", "Post", xib: first),
                    F.cell("PostCell", "Author", xib: second),
                ], items: [F.object("Post"), F.object("Author")])
            #expect(items.map(\.dequeuedFrom) == [0, 0])
            #expect(items.map(\.problemRules) == [[], ["reuse-identifier-collision"]])
        }
    }

    @Test func explicitXibEqualToTheClassNameIsTheDefaultSource() {
        let items = F.resolveItems(
            [
                F.cell("PostCell", "Post"),
                F.cell("PostCell", "Author", xib: .named("PostCell")),
            ], items: [F.object("Post")])
        #expect(items.first?.dequeuedFrom == 0)
    }

    @Test func storyboardFlagIsPartOfTheSource() {
        let items = F.resolveItems(
            [
                F.cell("PostCell", "Post", storyboard: true),
                F.cell("PostCell", "Author"),
            ], items: [F.object("Post"), F.object("Author")])
        // The table keeps the prototype; the code registration is skipped.
        #expect(items.map(\.dequeuedFrom) == [0, 0])
        #expect(items.map(\.problemRules) == [[], ["reuse-identifier-collision"]])
    }
}

/// Table section titles: `sectionHeaderStyle` / `sectionFooterStyle` default to `.title` and
/// every header (footer) registration switches that one to `.view` (TableViewConfiguration.swift
/// and DTTableViewManager+Registration.swift `registerHeader`, 6.6.0 … 11.0.1); in `.title` style
/// `titleForHeaderInSection` shows `headerModel as? String` (DTTableViewDataSource.swift, 11.0.1).
@Suite struct TableSectionTitleTests {
    typealias F = Fixture

    @Test func stringHeaderWithoutHeaderViewIsTheSectionTitle() {
        let items = F.resolve(
            [F.cell("CountCell", "Int")],
            sections: [F.Section(header: .string("Today"), footer: .string("3 items"), items: [.int(1)])]
        ).items
        #expect(items.map(\.element.elementName) == ["header", "cell", "footer"])
        #expect(items.map(\.shownAsTitle) == [true, false, true])
        #expect(items.map(\.problemRules) == [[], [], []])
        #expect(items.map(\.resolved) == [nil, 0, nil])
    }

    @Test func nonStringHeaderWithoutHeaderViewShowsNothing() {
        let resolution = F.resolve(
            [F.cell("CountCell", "Int")], sections: [F.Section(header: .int(7), items: [.int(1)])])
        #expect(resolution.items.first?.shownAsTitle == true)
        #expect(resolution.items.first?.problemRules == ["unresolved-item"])
    }

    /// Registering a footer view switches only the footer style.
    @Test func eachRegistrationSwitchesItsOwnStyle() {
        let items = F.resolve(
            [F.cell("CountCell", "Int"), F.register(.footer, "FootnoteView", model: "String")],
            sections: [F.Section(header: .string("Today"), footer: .string("3 items"), items: [.int(1)])]
        ).items
        #expect(items.map(\.shownAsTitle) == [true, false, false])
        #expect(items.last?.resolved == 1)
    }

    /// Unregistering does not switch the style back: the header is looked up and finds nothing.
    @Test func unregisterKeepsViewStyle() {
        let items = F.resolve(
            [F.register(.header, "TitleView", model: "String"), F.unregister("TitleView", .header)],
            sections: [F.Section(header: .string("Today"))]
        ).items
        #expect(items.first?.shownAsTitle == false)
        #expect(items.first?.problemRules == ["unresolved-item"])
    }

    /// Collection views have no title style.
    @Test func collectionHeadersAreAlwaysViews() {
        let items = F.resolve(
            host: .collectionView, [F.cell("CountCell", "Int")], sections: [F.Section(header: .string("Today"))]
        ).items
        #expect(items.first?.shownAsTitle == false)
        #expect(items.first?.problemRules == ["unresolved-item"])
    }
}
