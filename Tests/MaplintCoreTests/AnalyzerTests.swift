import Testing

@testable import MaplintAnalysis
@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintRules
@testable import MaplintSolver

/// Loads a manifest from text, failing the test when it does not decode.
func decodeManifest(_ text: String, file: String = "Screen.maplint.yml") throws -> Manifest {
    let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: file)
    return try #require(loaded.manifest, "\(loaded.diagnostics.map(\.message))")
}

@Suite struct AnalyzerTests {
    static let twoPostCells = """
        version: 1
        host: tableView
        models:
          Post: {properties: {title: String, containsVideo: Bool}}
        registrations:
          - cell: PostCell
            model: Post
          - cell: VideoPostCell
            model: Post
            condition: "model.containsVideo"
        """

    static let videoWitness = Witness(
        model: .object(type: "Post", properties: ["title": .string(""), "containsVideo": .bool(true)]),
        indexPath: ItemIndexPath(section: 0, item: 0), constrainedProperties: ["containsVideo"])

    /// A context whose only pair has `verdict`, and whose second registration is covered or not.
    func context(verdict: PairVerdict, covered: Bool) throws -> AnalysisContext {
        let manifest = try decodeManifest(Self.twoPostCells)
        let registrations = manifest.registrations
        let first = try #require(registrations.first)
        let second = try #require(registrations.last)
        return AnalysisContext(
            manifest: manifest, solver: ConditionSolver(manifest: manifest),
            pairs: [RegistrationPair(first: first, second: second, verdict: verdict)],
            reachability: [
                second.index: Reachability(
                    registration: second, verdict: covered ? .covered : .reachable(Self.videoWitness),
                    covering: covered ? [first] : [])
            ])
    }

    @Test func intersectingPairIsReportedAtTheLoserWithTheWitness() throws {
        let found = IntersectingConditionsRule().check(
            try context(verdict: .intersecting(Self.videoWitness), covered: false))
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.location.line == 8 && finding.location.column == 5)
        #expect(finding.registrations == [0, 1])
        #expect(finding.severity == .warning)
        #expect(
            finding.message
                == "PostCell (entry 0) shadows VideoPostCell (entry 1) for a Post with containsVideo == true in any section"
        )
        #expect(finding.related.map(\.location.line) == [6, 8, 8])
        #expect(finding.related[1].message.contains("the first registered wins"))
        #expect(finding.related[2].message.hasPrefix("fix: make the two conditions mutually exclusive"))
    }

    @Test func unreachableRegistrationReplacesTheIntersection() throws {
        let analysed = try context(verdict: .intersecting(Self.videoWitness), covered: true)
        #expect(IntersectingConditionsRule().check(analysed).isEmpty)
        let found = UnreachableRegistrationRule().check(analysed)
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.registrations == [0, 1])
        #expect(
            found.first?.message
                == "VideoPostCell (entry 1) is never used: PostCell (entry 0) takes every item it matches")
        #expect(found.first?.related.map(\.location.line) == [6, 8, 8])
        #expect(found.first?.related[1].message.contains("already matched by PostCell (entry 0, line 6)") == true)
    }

    /// An undecided pair is neither intersecting nor unreachable: it is one undecided-conditions note.
    @Test func undecidedPairsAreNotesOfTheirOwn() throws {
        let analysed = try context(
            verdict: .unknown(
                reason: "'model.title.hasPrefix(\"AD\")' is outside what the analysis decides exactly",
                parts: ["'model.title.hasPrefix(\"AD\")'"]),
            covered: false)
        #expect(IntersectingConditionsRule().check(analysed).isEmpty)
        #expect(UnreachableRegistrationRule().check(analysed).isEmpty)
        let notes = UndecidedConditionsRule().check(analysed)
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.registrations == [0, 1])
        #expect(
            notes.first?.message
                == "VideoPostCell and PostCell may share items: maplint cannot decide 'model.title.hasPrefix(\"AD\")'")
        #expect(notes.first?.related.map(\.location.line) == [6, 8, 8])
    }

    /// Conditions all outside the fragment: one note per pair the report calls unknown, none silent.
    /// Past ten undecided pairs for one registration, the rest are one note that lists them.
    @Test func undecidedPairsPastTheCapAreSummedUp() throws {
        let earlier = (0..<13).map {
            "  - cell: Cell\($0)\n    model: Post\n    opaqueCondition: \"set\($0).contains(model)\"\n"
        }
        let manifest = try decodeManifest(
            "version: 1\nhost: tableView\nmodels:\n  Post: {}\nregistrations:\n" + earlier.joined()
                + "  - cell: LastCell\n    model: Post\n    opaqueCondition: \"last.contains(model)\"\n")
        let notes = Analyzer.analyze(manifest).filter {
            $0.rule == UndecidedConditionsRule.id && $0.location.line == 45
        }
        #expect(notes.count == 11)
        #expect(
            notes.last?.message
                == "LastCell: undecided whether it shares items with 3 more earlier registrations (entries 10, 11, 12); "
                + "`maplint report` lists every pair")
        #expect(notes.last?.registrations == [10, 11, 12, 13])
    }

    @Test func everyUndecidedPairIsOneNote() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String}}
            registrations:
              - cell: AdCell
                model: Post
                condition: "model.title.lowercased().hasPrefix(\\"ad\\")"
              - cell: LongTitleCell
                model: Post
                condition: "model.title.count > 3"
              - cell: PinnedCell
                model: Post
                opaqueCondition: "pinned.contains(model)"
              - cell: FeaturedCell
                model: Post
                opaqueCondition: "featured.contains(model)"
            """)
        let context = AnalysisContext(manifest: manifest)
        let undecided = context.pairs.filter { if case .unknown = $0.verdict { true } else { false } }
        #expect(undecided.count == 6)
        let notes = Analyzer.analyze(manifest).filter { $0.rule == UndecidedConditionsRule.id }
        #expect(notes.map(\.registrations) == undecided.map { [$0.first.index, $0.second.index] })
        #expect(
            notes.first?.message
                == "LongTitleCell and AdCell may share items: maplint cannot decide "
                + "'model.title.lowercased().hasPrefix(\"ad\")'")
        #expect(
            notes.last?.message
                == "FeaturedCell and PinnedCell may share items: maplint cannot read their conditions (opaque)")
        #expect(Analyzer.analyze(manifest).allSatisfy { $0.rule == UndecidedConditionsRule.id })
    }

    @Test func intersectingPairMessageIsWrittenWhole() {
        #expect(
            IntersectingConditionsRule.message(
                first: "PostCell (entry 0)", second: "VideoPostCell (entry 1)",
                example: "a Post with containsVideo == true in any section")
                == "PostCell (entry 0) shadows VideoPostCell (entry 1) for a Post with containsVideo == true in any section"
        )
        #expect(
            IntersectingConditionsRule.detail(
                first: "PostCell (entry 0, line 6)", second: "VideoPostCell (entry 1, line 8)",
                secondClass: "VideoPostCell")
                == "VideoPostCell (entry 1, line 8) and PostCell (entry 0, line 6) can both match such items; the first "
                + "registered wins, so they never show VideoPostCell")
    }

    /// The article of a type name: read from its first byte when the name starts with two ASCII
    /// bytes, from its first character otherwise (a vowel with a combining accent is not a vowel).
    @Test(arguments: [
        ("Item", "an"), ("item", "an"), ("Update", "an"), ("Post", "a"), ("U", "an"), ("P", "a"), ("", "a"),
        ("Éclair", "a"), ("A\u{301}ccent", "a"), ("Ox\u{301}", "an"), ("_Item", "a"), ("9Lives", "a"),
    ])
    func articlesOfTypeNames(_ word: String, _ article: String) {
        #expect(Wording.article(word) == article)
    }

    @Test func witnessesInPlainWords() {
        #expect(Self.videoWitness.plainDescription == "a Post with containsVideo == true in any section")
        let nested = Witness(
            model: .object(
                type: "Post",
                properties: [
                    "author": .object(type: "Author", properties: ["isVerified": .bool(false)]),
                    "state": .enumCase(type: "PostState", name: "draft"),
                ]),
            indexPath: ItemIndexPath(section: 2, item: 3),
            constrainedProperties: ["author.isVerified", "state", "rating"],
            constrainsSection: true, constrainsItem: true)
        #expect(
            nested.plainDescription
                == "a Post with author.isVerified == false, state == .draft and rating == nil at item 3 of section 2")
        let two = Witness(
            model: .object(type: "Item", properties: ["likes": .int(4)]), indexPath: ItemIndexPath(section: 0, item: 0),
            constrainedProperties: ["likes", "title"])
        #expect(two.modelDescription == "an Item with likes == 4 and title == nil")
        let int = Witness(model: .int(6), indexPath: ItemIndexPath(section: 1, item: 0), constrainsSection: true)
        #expect(int.plainDescription == "the Int 6 in section 1")
        #expect(
            Witness(
                model: .object(type: "Ad", properties: [:]), indexPath: ItemIndexPath(section: 0, item: 4),
                constrainsItem: true
            )
            .plainDescription == "any Ad at item 4 of any section")
    }

    @Test func collectionViewCollisionWithoutDeploymentTargetMentionsIOS14() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: collectionView
            registrations:
              - cell: ProductCell
                model: String
                section: 0
              - cell: ProductCell
                model: String
                section: 1
                xib: ProductWideCell
            """)
        let found = Analyzer.analyze(manifest).filter { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(found.count == 1)
        let message = try #require(found.first?.text)
        #expect(message.contains("so String items in section 0 will show cells from ProductWideCell.xib"))
        #expect(message.contains("from iOS 14"))
        #expect(message.contains("`reuseIdentifier: product-wide-cell`"))
    }

    @Test func storyboardPrototypeReplacedByCodeIsACollision() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
                section: 0
              - cell: PostCell
                model: String
                section: 1
                storyboard: true
            """)
        let found = Analyzer.analyze(manifest).filter { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(found.count == 1)
        // The prototype exists before any code runs and answers DTTableViewManager's dequeue, so
        // the code registration is skipped (TableViewFactory.swift, registerCellClass, 11.0.1).
        #expect(found.first?.location.line == 7)
        #expect(
            found.first?.text.contains("the storyboard prototype answers when DTTableViewManager dequeues") == true)
        #expect(
            found.first?.text.contains(
                "String items in section 0 will show cells from the storyboard prototype of PostCell") == true)
    }

    @Test func eventWithoutRegistrationSuggestsMovingItOrNamingTheElement() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - event: didSelect
                view: TitleCell
              - cell: TitleCell
                model: String
              - header: TitleHeaderView
                model: String
              - event: willDisplay
                view: TitleHeaderView
            """)
        let found = EventWithoutRegistrationRule().check(AnalysisContext(manifest: manifest))
        #expect(found.map(\.location.line) == [4, 10])
        #expect(found.first?.text.contains("move it after TitleCell (entry 1, line 6)") == true)
        #expect(found.first?.registrations == [0, 1])
        #expect(
            found.last?.text.contains(
                "TitleHeaderView is registered as a header\nfix: add `element: header` to the event") == true)
    }

    @Test func feedFixtureEventRegisteredTooEarly() throws {
        let found = Linter.lint(file: "../../Fixtures/feed.maplint.yml".relativeToTests)
            .filter { $0.rule == EventWithoutRegistrationRule.id }
        #expect(found.map { "\($0.location.line):\($0.location.column)" } == ["95:12"])
        #expect(found.first?.registrations == [5, 9])
    }

    @Test func unknownEventNamesTheOtherHost() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                events: [sizeForCell, didSelectt]
            """)
        let found = UnknownEventRule().check(AnalysisContext(manifest: manifest))
        #expect(
            found.map(\.explanation) == [
                "DTTableViewManager has no event named 'sizeForCell' (it is an event of DTCollectionViewManager): no such closure can be registered, so the manifest does not match the app; correct the name or remove the event",
                "DTTableViewManager has no event named 'didSelectt' (did you mean 'didSelect'?): no such closure can be registered, so the manifest does not match the app; correct the name or remove the event",
            ])
    }

    /// An event naming a view class no registration has asks for the closest registered one.
    @Test func eventForAnUnknownViewSuggestsARegisteredOne() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
              - event: didSelect
                view: TitelCell
              - event: didSelect
                view: BannerCell
            """)
        let found = EventWithoutRegistrationRule().check(AnalysisContext(manifest: manifest))
        #expect(
            found.map(\.message) == [
                "the manager-level didSelect(TitelCell.self) attaches to no mapping (did you mean 'TitleCell'?): its "
                    + "closure never runs",
                "the manager-level didSelect(BannerCell.self) attaches to no mapping: its closure never runs",
            ])
    }

    @Test func kebabCaseSuggestions() {
        #expect(ReuseIdentifierCollisionRule.kebabCase("CustomPostCell") == "custom-post-cell")
        #expect(ReuseIdentifierCollisionRule.kebabCase("URLCell2") == "urlcell2")
        #expect(ReuseIdentifierCollisionRule.kebabCase("Post_Cell") == "post-cell")
    }

    @Test func findingsAreSortedByPosition() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                events: [didSelect, didSelect, nope]
            sample:
              sections:
                - items: [null]
            """)
        let found = Analyzer.analyze(manifest)
        #expect(found.map(\.rule) == [DuplicateEventRule.id, UnknownEventRule.id, NilModelRule.id])
        #expect(found == found.sortedByLocation())
    }
}

extension String {
    /// A path relative to this test file's folder.
    var relativeToTests: String {
        (#filePath as String).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            + "/" + self
    }
}
