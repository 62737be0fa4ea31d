import Testing

@testable import MaplintCore

@Suite struct ResolverReuseTests {
    typealias F = Fixture

    private func groups(_ manifest: Manifest) -> [ReuseIdentifierGroup] {
        ReuseIdentifierTable(manifest: manifest).groups
    }

    @Test func tableCellsShareOneNamespaceAndTheLastRegistrationWins() {
        let resolution = F.resolve(
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
            ], sections: [F.Section(items: [F.object("Post"), F.object("Author")])])
        #expect(resolution.items.map(\.resolved) == [0, 1])
        #expect(resolution.items.map(\.dequeuedFrom) == [1, 1])
        #expect(resolution.items.map(\.dequeuedView) == ["AuthorCell", "AuthorCell"])
        #expect(resolution.items.map(\.problemRules) == [["reuse-identifier-collision"], []])
        #expect(
            resolution.groups == [
                ReuseIdentifierGroup(
                    identifier: "Cell", namespace: .cell, registrations: [0, 1], collision: true, winner: 1)
            ])
        #expect(resolution.groups.first?.namespace.name == "cell")
    }

    @Test func defaultReuseIdentifierIsTheViewClass() {
        let table = ReuseIdentifierTable(
            manifest: F.manifest([F.cell("PostCell", "Post"), F.cell("AuthorCell", "Author")]))
        #expect(table.groups.map(\.identifier) == ["PostCell", "AuthorCell"])
        #expect(table.groups.map(\.collision) == [false, false])
    }

    @Test func unregisteredRegistrationStillHoldsTheHostIdentifier() {
        let items = F.resolveItems(
            [
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
                F.unregister("AuthorCell"),
            ], items: [F.object("Post")])
        #expect(items.first?.resolved == 0)
        #expect(items.first?.dequeuedFrom == 1)
        #expect(items.first?.problemRules == ["reuse-identifier-collision"])
    }

    @Test func plainViewTableHeadersAreNotRegisteredForReuse() {
        let manifest = F.manifest(
            [
                F.register(.header, "PlainHeader", model: "String", reuseIdentifier: "Title", headerFooterView: false),
                F.register(.footer, "TitleFooter", model: "String", reuseIdentifier: "Title"),
            ], sections: [F.Section(header: .string("h"), footer: .string("f"))])
        let items = Resolver(manifest: manifest).resolve().items
        #expect(items.map(\.dequeuedFrom) == [0, 1])
        #expect(items.map(\.problemRules) == [[], []])
        #expect(
            groups(manifest) == [
                ReuseIdentifierGroup(
                    identifier: "Title", namespace: .headerFooter, registrations: [1], collision: false, winner: 1)
            ])
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
        #expect(items.first?.dequeuedFrom == 1)
    }

    @Test func codeRegistrationReplacesAStoryboardPrototypeRegisteredLater() {
        let manifest = F.manifest(
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

    @Test func lastStoryboardPrototypeWinsWithoutCodeRegistration() {
        let table = ReuseIdentifierTable(
            manifest: F.manifest([
                F.cell("StoryCell", "Post", reuseIdentifier: "Cell", storyboard: true),
                F.cell("OtherStoryCell", "Author", reuseIdentifier: "Cell", storyboard: true),
            ]))
        #expect(table.groups.first?.winner == 1)
        #expect(table.dequeuedFrom(0) == 1)
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
                ], items: [F.object("Post")])
            #expect(items.first?.dequeuedFrom == 1)
            #expect(items.first?.problemRules == ["reuse-identifier-collision"])
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
            ], items: [F.object("Post")])
        #expect(items.first?.dequeuedFrom == 1)
    }
}
