import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintInterfaceBuilder
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// Issue #44, "Truth from DT's own code": screens where maplint disagreed with what DT's registration,
/// resolution and event code does at the tags named (git mirrors of DenTelezhkin/DTTableViewManager,
/// DTCollectionViewManager and DTModelStorage). Each screen is a fixture under `Fixtures/truth/`.
@Suite struct DTTruthTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Fixtures/truth/\(name).maplint.yml"), encoding: .utf8)
    }

    static func manifest(_ text: String) throws -> Manifest {
        try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "truth.maplint.yml").manifest)
    }

    static func lint(_ text: String, resources: InterfaceBuilderResources? = nil) -> [Diagnostic] {
        Linter.lint(bytes: Array(text.utf8), file: "truth.maplint.yml", resources: resources)
    }

    /// Every text of a finding: its message and its notes.
    static func words(_ diagnostic: Diagnostic) -> String {
        ([diagnostic.message] + diagnostic.related.map(\.message)).joined(separator: "\n")
    }

    // MARK: 1. Storyboard mappings that differ only in `xib:`

    /// TableViewFactory.swift, `registerCellClass`, 11.0.1 and 7.2.0: `if let cell =
    /// tableView.dequeueReusableCell(withIdentifier: mapping.reuseIdentifier)` — the prototype answers for both
    /// mappings, nothing is registered and `mapping.xibName` is never read. One view: no collision.
    @Test(arguments: ["11.0.1", "7.2.0"])
    func storyboardMappingsDifferingOnlyInXibShareThePrototype(version: String) throws {
        let text = try Self.text("storyboard-xib-only").replacingOccurrences(of: "11.0.1", with: version)
        let findings = Self.lint(text)
        #expect(!findings.contains { $0.rule == ReuseIdentifierCollisionRule.id })
        let table = ReuseIdentifierTable(manifest: try Self.manifest(text))
        #expect(table.collisions.isEmpty)
        #expect(table.dequeuedFrom(1) == 1)
    }

    /// CollectionViewCellModelMapping.swift 11.0.0 / CollectionViewFactory.swift `registerCellClass` 11.0.0: from
    /// iOS 14 a storyboard mapping dequeues its prototype by identifier and no xib is loaded for it.
    @Test func collectionStoryboardMappingsFromIOS14LoadNoXib() throws {
        let text = try Self.text("storyboard-xib-only")
            .replacingOccurrences(of: "host: tableView", with: "host: collectionView\ndeploymentTarget: iOS 15.0")
            .replacingOccurrences(of: "11.0.1", with: "11.0.0")
        #expect(ReuseIdentifierTable(manifest: try Self.manifest(text)).collisions.isEmpty)
    }

    // MARK: 2. unregister of a class whose registration registered nothing

    /// TableViewFactory.swift, `registerCellClass` (the probe: QuoteCell registers nothing, BlockquoteCell holds
    /// "QuoteCell") and `unregisterCellClass` (`tableView.register(nil as AnyClass?, forCellReuseIdentifier:
    /// String(describing: T.self))`), 7.2.0 and 11.0.1: the identifier is cleared, nothing holds it, and
    /// QuoteCell's xib was never registered: no collision, and nothing is dequeued from QuoteCell.
    @Test func unregisterOfASkippedRegistrationClearsWithoutACollision() throws {
        let text = try Self.text("unregister-probe-skipped")
        let rules = Self.lint(text).map(\.rule)
        #expect(rules.contains(ClearedReuseIdentifierRule.id))
        #expect(!rules.contains(ReuseIdentifierCollisionRule.id))
        let manifest = try Self.manifest(text)
        let item = try #require(Resolver(manifest: manifest).resolve().items.first)
        #expect(item.resolved == 0)
        #expect(item.dequeuedFrom == 0)
        #expect(ReuseIdentifierTable(manifest: manifest).clearedBy[0] == 2)
    }

    // MARK: 5. Events of a shadowed registration

    /// DTModelStorage EventReactions.swift, `reaction(from:signature:forModel:at:view:supplementaryKind:)`, 11.0.0:
    /// `mappings.first(where:)` a mapping whose model, view class, condition and kind fit and that has a reaction
    /// of the signature — not the mapping that made the view (DTTableViewDelegateWrapper.swift,
    /// `performCellReaction`, 11.0.1). Mapping 1 never makes a view, but its didSelect runs: no advice to remove it.
    /// `performFooterReaction` passes `DTTableViewElementSectionFooter`, `performHeaderReaction` the header kind:
    /// the footer's heightForHeader never runs, so that mapping may go.
    @Test func aShadowedRegistrationWithRunningEventsIsNotToBeRemoved() throws {
        let findings = Self.lint(try Self.text("shadowed-events")).filter { $0.rule == UnreachableRegistrationRule.id }
        let cell = try #require(findings.first { $0.registrations == [0, 1] })
        #expect(!Self.words(cell).contains("remove it"))
        #expect(!Self.words(cell).contains("have no effect"))
        #expect(Self.words(cell).contains("`didSelect` still runs"))
        let footer = try #require(findings.first { $0.registrations == [2, 3] })
        #expect(!Self.words(footer).contains("heightForHeader` still"))
    }

    /// The same event on the earlier mapping answers first (`mappings.first(where:)`, EventReactions.swift 11.0.0):
    /// the shadowed one's closure never runs, and removing the registration loses nothing.
    @Test func aShadowedEventTheEarlierMappingHasDoesNotRun() throws {
        let text = try Self.text("shadowed-events").replacingOccurrences(
            of: "  - cell: BadgeCell             # 0\n    model: Badge\n",
            with: "  - cell: BadgeCell             # 0\n    model: Badge\n    events: [didSelect]\n")
        let cell = try #require(
            Self.lint(text).first { $0.rule == UnreachableRegistrationRule.id && $0.registrations == [0, 1] })
        #expect(!Self.words(cell).contains("still runs"))
    }

    /// The lookup also asks `view?.isKind(of: mapping.viewClass)` (EventReactions.swift, 11.0.0): didSelect is given the
    /// cell (`performCellReaction(…, provideCell: true)`), a BadgeCell here, which is no GoldBadgeCell, so entry 1's
    /// didSelect never runs; heightForCell is asked without a cell (`provideCell: false`, DTTableViewDelegate.swift
    /// 11.0.1), so entry 1's heightForCell runs whatever view the earlier mapping made.
    @Test func aShadowedEventGivenTheViewRunsOnlyForItsClass() throws {
        let base = try Self.text("shadowed-events").replacingOccurrences(
            of: "  - cell: BadgeCell             # 1", with: "  - cell: GoldBadgeCell         # 1")
        let selecting = try #require(
            Self.lint(base).first { $0.rule == UnreachableRegistrationRule.id && $0.registrations == [0, 1] })
        #expect(!Self.words(selecting).contains("still run"))
        let sizing = base.replacingOccurrences(of: "events: [didSelect]", with: "events: [didSelect, heightForCell]")
        let sized = try #require(
            Self.lint(sizing).first { $0.rule == UnreachableRegistrationRule.id && $0.registrations == [0, 1] })
        #expect(Self.words(sized).contains("`heightForCell` still runs"))
        #expect(!Self.words(sized).contains("`didSelect`"))
    }

    // MARK: 4. A storyboard prototype of another class

    /// TableViewFactory.swift, `registerCellClass`, 11.0.1 and 7.2.0: the dequeue probe is answered by a prototype
    /// of any class, so RowCell's registration is skipped and its cells come from the LegacyRowCell prototype.
    @Test func aPrototypeOfAnotherClassAnswersTheProbe() throws {
        let storyboard = try Data(
            contentsOf: Self.root.appendingPathComponent("Fixtures/truth/prototype-other-class/Main.storyboard"))
        let resources = InterfaceBuilderResources(
            results: [InterfaceBuilderParser.parse(Array(storyboard), path: "Main.storyboard")])
        let findings = Self.lint(try Self.text("prototype-other-class"), resources: resources)
        let shadowed = try #require(findings.first { $0.rule == StoryboardPrototypeShadowedRule.id })
        #expect(shadowed.message.contains("LegacyRowCell"))
        #expect(shadowed.message.contains("if this table view is the one in Main.storyboard"))
    }

    // MARK: 3. registerNibNamed over a storyboard prototype (6, 7)

    /// TableViewFactory.swift, `registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0: `tableView.register(nib,
    /// forCellReuseIdentifier:)` with no dequeue probe, so CardCompactCell.xib replaces the prototype "CardCell",
    /// for mapping 0 too.
    @Test func registerNibNamedReplacesThePrototype() throws {
        let text = try Self.text("nib-over-prototype")
        let findings = Self.lint(text)
        let withXib = try #require(findings.first { $0.rule == StoryboardWithXibRule.id })
        #expect(withXib.message.contains("replaces the prototype"))
        #expect(!withXib.message.contains("no effect"))
        let table = ReuseIdentifierTable(manifest: try Self.manifest(text))
        #expect(table.dequeuedFrom(0) == 1)
        #expect(table.dequeuedFrom(1) == 1)
        #expect(findings.contains { $0.rule == ReuseIdentifierCollisionRule.id && $0.registrations == [0, 1] })
    }

    // MARK: Found by running DT: an unregister clears a storyboard prototype

    /// TableViewFactory.swift, `unregisterCellClass` (`register(nil as AnyClass?, …)`, `register(nil as UINib?, …)`
    /// under the class name) and `registerCellClass` (the dequeue probe), 7.2.0 and 11.0.1, run against the UIKit
    /// stand-in on random screens: the prototype goes with the identifier, and the later storyboard mapping's
    /// probe finds nothing, so it registers its class. Nothing is left cleared; mapping 0 dequeues TagCell.
    @Test(arguments: ["11.0.1", "7.2.0"])
    func aClearedPrototypeIsRegisteredAgainInCode(version: String) throws {
        let text = try Self.text("prototype-cleared").replacingOccurrences(of: "11.0.1", with: version)
        #expect(!Self.lint(text).contains { $0.rule == ClearedReuseIdentifierRule.id })
        let table = ReuseIdentifierTable(manifest: try Self.manifest(text))
        #expect(table.clearedBy.isEmpty)
        #expect(table.dequeuedFrom(0) == 2)
        #expect(table.dequeuedFrom(2) == 2)
    }

    // MARK: 6. Model-keyed events at 6 and 7

    /// DTTableViewDelegateWrapper.swift, `appendReaction(for modelClass:signature:…)`, 7.2.0: `EventReaction(signature:
    /// viewType: .cell, modelType: T.self)`, an events-only mapping (DTModelStorage ViewModelMapping.swift,
    /// `eventsModelMapping`, 8.1.0: viewClass NSObject, `{ $0 is T }`), found by `reaction(of:signature:forModel:view:)`
    /// (EventReactions.swift, 8.1.0) with a nil view (`heightForRowAt`, `provideCell: false`, DTTableViewDelegate.swift
    /// 7.2.0): it runs for the Int item no cell mapping shows.
    @Test(arguments: ["7.2.0", "6.6.0"])
    func aModelKeyedEventRunsWithoutACellMapping(version: String) throws {
        let text = try Self.text("model-event-without-mapping").replacingOccurrences(of: "7.2.0", with: version)
        #expect(!Self.lint(text).contains { $0.rule == EventWithoutRegistrationRule.id })
    }

    // MARK: Found by running DT: a cleared header/footer identifier before 8.0 loads the class-named xib

    /// TableViewFactory.swift, `headerFooterView(of:model:atIndexPath:)`, 7.2.0: when
    /// `dequeueReusableHeaderFooterView(withIdentifier:)` answers nil the view is `type.dt_loadFromXib()`
    /// (UIView+XibLoading.swift, 7.2.0: `loadNibNamed(String(describing: self))`), never `mapping.xibName`;
    /// `unregisterHeaderClass` registers nil under "BannerView" in the registry headers and footers share. Random
    /// screens run against the UIKit stand-in: the footer came from BannerView.xib. From 8.0 the mapping's own
    /// `xibName` is loaded (TableViewHeaderFooterViewModelMapping.swift, `loadViewFromXib`, 11.0.1): nothing to say.
    @Test(arguments: ["7.2.0", "6.6.0"])
    func aClearedHeaderFooterLoadsTheClassNamedXibBefore8(version: String) throws {
        let text = try Self.text("cleared-header-class-xib").replacingOccurrences(of: "7.2.0", with: version)
        let cleared = try #require(Self.lint(text).first { $0.rule == ClearedReuseIdentifierRule.id })
        #expect(
            cleared.message
                == "BannerView (entry 0) dequeues 'BannerView', which the unregister at entry 1 cleared: its footer comes "
                + "from BannerView.xib, not from BannerCompact.xib")
        #expect(cleared.registrations == [0, 1])
        let later = text.replacingOccurrences(of: version, with: "8.0.1")
        #expect(!Self.lint(later).contains { $0.rule == ClearedReuseIdentifierRule.id })
    }

    // MARK: Collection views and supplementary views of another class under a shared identifier

    /// CollectionViewCellModelMapping.swift, `init(cellConfiguration:mapping:)`, 11.0.0: below iOS 14 the mapping
    /// dequeues by identifier and returns `cell as? Cell`; a CountCell kept under PostCell's identifier fails the
    /// cast, `CollectionViewFactory.cellForModel` returns nil and DTCollectionViewDataSource.swift
    /// `collectionView(_:cellForItemAt:)` returns its dummy cell. CollectionSupplementaryViewModelMapping.swift,
    /// `init(kind:supplementaryConfiguration:mapping:)`, 11.0.0: `supplementary as? View` is nil and
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)` returns `UICollectionReusableView()`. DTModelStorage
    /// ViewModelMapping.swift, 10.0.0 (DTCollectionViewManager 10): the dequeued cell itself is returned.
    @Test func aCollectionViewOfAnotherClassIsNotShownFrom11() throws {
        let text = try Self.text("collection-other-class")
        let collisions = Self.lint(text).filter { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(collisions.count == 2)
        let cell = try #require(collisions.first { $0.registrations == [0, 1] })
        #expect(
            Self.words(cell).contains(
                "will show cells from CountCell.xib: the cast to PostCell fails and DTCollectionViewManager 11 shows a blank cell"
            ))
        let footer = try #require(collisions.first { $0.registrations == [2, 3] })
        #expect(
            Self.words(footer).contains(
                "the cast to TitleHeaderView fails and DTCollectionViewManager 11 returns a new UICollectionReusableView()"
            ))
        let ten = Self.lint(text.replacingOccurrences(of: "11.0.0", with: "10.0.0"))
            .filter { $0.rule == ReuseIdentifierCollisionRule.id }
        let tenCell = try #require(ten.first { $0.registrations == [0, 1] })
        #expect(Self.words(tenCell).contains("shows that cell without configuring it"))
        let tenFooter = try #require(ten.first { $0.registrations == [2, 3] })
        #expect(!Self.words(tenFooter).contains("the cast to"))
    }

    /// CollectionViewFactory.swift, `unregisterCellClass` (nil class and nil nib under `String(describing: Cell.self)`)
    /// and `registerCellClass` (nothing registered when `cellRegisteredByStoryboard`), 11.0.0, run below and from
    /// iOS 14 against the UIKit stand-in on random screens: the prototype is in the registry before any code runs,
    /// so an unregister placed before the storyboard mapping clears it too, and its first cell raises.
    @Test(arguments: ["iOS 14.0", "iOS 13.0"])
    func anUnregisterBeforeAStoryboardMappingClearsItsPrototype(target: String) throws {
        let text = try Self.text("prototype-cleared-before").replacingOccurrences(of: "iOS 14.0", with: target)
        let cleared = try #require(Self.lint(text).first { $0.rule == ClearedReuseIdentifierRule.id })
        #expect(cleared.registrations == [2, 1])
        #expect(ReuseIdentifierTable(manifest: try Self.manifest(text)).clearedBy == [2: 1])
        let registeredAgain = text.replacingOccurrences(
            of: "    storyboard: true\n", with: "    storyboard: true\n  - cell: TagCell\n    model: Post\n")
        #expect(!Self.lint(registeredAgain).contains { $0.rule == ClearedReuseIdentifierRule.id })
    }

    // MARK: 10. A plain header view with no xib

    /// MS ViewModelMapping.swift, `init(kind:headerFooterConfiguration:mapping:)` (the table header/footer dequeue
    /// closure: `dequeueReusableHeaderFooterView`, else `type.load(for: self)`) and UINib+Existance.swift,
    /// `UIView.load(for:)` (`guard let xibName = mapping.xibName else { return nil }`), 9.1.2 and 10.0.0, run with
    /// DTTableViewManager 8.0.1 and 10.0.0: a plain UIView header with `mapping.xibName = nil` and nothing registered
    /// under its identifier is resolved but no view is shown. `resolve` says so; before 8 the class-named xib loads.
    @Test(arguments: ["8.0.1", "10.0.0"])
    func aPlainHeaderWithoutXibResolvesToNoView(version: String) throws {
        let text = try Self.text("plain-header-without-xib").replacingOccurrences(of: "8.0.1", with: version)
        let header = try #require(
            Resolver(manifest: try Self.manifest(text)).resolve().items.first { $0.element != .cell })
        #expect(header.resolved == 0)
        #expect(header.dequeuedFrom == nil)
        #expect(header.problems == [.plainViewWithoutXib])
        #expect(Self.lint(text).contains { $0.rule == PlainViewWithoutXibRule.id })
        let seven = text.replacingOccurrences(of: version, with: "7.2.0").replacingOccurrences(
            of: "    xib: null\n", with: "")
        let loaded = try #require(
            Resolver(manifest: try Self.manifest(seven)).resolve().items.first { $0.element != .cell })
        #expect(loaded.dequeuedFrom == 0)
        #expect(loaded.problems.isEmpty)
    }

    // MARK: Found by running DT: a view-keyed event before 8 runs for its class's cells shown under a shared identifier

    /// TableViewFactory.swift, `registerCellClass` (the probe finds BannerCell's registration under "PostCell") and
    /// `unregisterCellClass` (nil under "BannerCell" only), 6.6.0; DTModelStorage EventReactions.swift,
    /// `reaction(of:signature:forModel:view:)` (`view.isKind(of:)` the reaction's class), 7.4.1: AdCell's items get
    /// BannerCell cells, so `didSelect(BannerCell.self)` runs though no BannerCell mapping is left.
    @Test func aViewEventBefore8RunsForItsClassShownUnderASharedIdentifier() throws {
        let text = try Self.text("event-class-shown-by-collision")
        let rules = Self.lint(text).map(\.rule)
        #expect(rules.contains(ReuseIdentifierCollisionRule.id))
        #expect(!rules.contains(EventWithoutRegistrationRule.id))
        let ownIdentifier = text.replacingOccurrences(
            of: "  - cell: AdCell                 # 2\n    model: Ad\n    reuseIdentifier: PostCell\n",
            with: "  - cell: AdCell                 # 2\n    model: Ad\n")
        #expect(Self.lint(ownIdentifier).contains { $0.rule == EventWithoutRegistrationRule.id })
    }

    // MARK: Found by running DT: before 8 the first manager-level event of a name that fits answers

    /// DTModelStorage EventReactions.swift, `reaction(of:signature:forModel:view:)` (`first(where:)` over the manager's
    /// one list of reactions), 7.4.1; DTTableViewDelegateWrapper.swift, `appendReaction(for modelClass:…)` and
    /// DTTableViewDelegate.swift, `heightForRowAt`, 6.6.0: the earlier `Post?` event takes every Post and VideoPost, so
    /// the later `Post` one never runs. A later event for a supertype still runs for the items the earlier one misses.
    @Test func anEarlierModelEventBefore8AnswersForEveryItemItFits() throws {
        let text = try Self.text("model-events-one-list")
        let shadowed = Self.lint(text).filter { $0.rule == DuplicateEventRule.id }
        #expect(shadowed.map(\.registrations) == [[0, 1]])
        let supertypeLater = text.replacingOccurrences(of: "model: \"Post?\"", with: "model: VideoPost")
        #expect(!Self.lint(supertypeLater).contains { $0.rule == DuplicateEventRule.id })
        let eight = text.replacingOccurrences(of: "6.6.0", with: "8.0.1")
        #expect(!Self.lint(eight).contains { $0.rule == DuplicateEventRule.id })
    }

    // MARK: Storyboard mappings answered by a registration in code; supplementary views of a custom kind

    /// Resources holding `storyboard` as Screen.storyboard and nothing else.
    static func storyboardResources(_ storyboard: String) -> InterfaceBuilderResources {
        InterfaceBuilderResources(
            results: [InterfaceBuilderParser.parse(Array(storyboard.utf8), path: "Screen.storyboard")])
    }

    /// CollectionViewFactory.swift, `registerNiblessCellClass` (6.6.0) and `registerCellClass` (8.2.0, 10.0.0, below
    /// iOS 14 `registerCell()` registers by identifier before the storyboard flag is read), run against the UIKit
    /// stand-in: BannerCell, registered in code under "Shared", answers the storyboard mapping's dequeue, so nothing
    /// raises there; from iOS 14 (`#available(iOS 14, *)` in `registerCellClass`, 8.2.0) the storyboard mapping gets
    /// no registration and its dequeue of "Shared" finds none. maplint said the dequeue raises on every system.
    @Test func aStoryboardMappingAnsweredInCodeRaisesOnlyFromIOS14() throws {
        let text = try Self.text("storyboard-answered-in-code")
        let none = Self.storyboardResources(InterfaceBuilderLookup.collectionStoryboard(""))
        let below14 = try #require(
            Self.lint(text, resources: none).first { $0.rule == StoryboardPrototypeMissingRule.id })
        #expect(
            below14.message
                == "PhotoCell (entry 0) has no storyboard prototype 'Shared': from iOS 14 its dequeue raises")
        #expect(
            Self.words(below14).contains(
                "below iOS 14 the BannerCell class (made in code), registered in code under 'Shared', answers the "
                    + "dequeue, but from iOS 14 DTCollectionViewManager 8 makes no registration for a storyboard mapping"
            ))
        // From iOS 14 alone the dequeue raises, as before.
        let from14 = Self.lint(text.replacingOccurrences(of: "iOS 13.0", with: "iOS 14.0"), resources: none)
            .first { $0.rule == StoryboardPrototypeMissingRule.id }
        #expect(from14?.message == "PhotoCell (entry 0) has no storyboard prototype 'Shared'")
        // With a BannerCell prototype under "Shared", iOS 14 dequeues that prototype: the wrong class, not a raise.
        let other = Self.storyboardResources(
            InterfaceBuilderLookup.collectionStoryboard(
                #"<collectionViewCell reuseIdentifier="Shared" id="p1" customClass="BannerCell"/>"#))
        let otherClass = Self.lint(text, resources: other).first { $0.rule == StoryboardPrototypeMissingRule.id }
        #expect(
            otherClass?.message
                == "PhotoCell (entry 0) gets a BannerCell from the prototype 'Shared', not a PhotoCell, from iOS 14")
        // DTCollectionViewManager 7 has no generated registrations: BannerCell is shown (the collision says so).
        let seven = Self.lint(text.replacingOccurrences(of: "8.2.0", with: "7.2.0"), resources: none)
        #expect(!seven.contains { $0.rule == StoryboardPrototypeMissingRule.id })
        #expect(seven.contains { $0.rule == ReuseIdentifierCollisionRule.id })
    }

    /// CollectionViewFactory.swift, `registerSupplementaryClass` (nothing registered without the xib) and
    /// `supplementaryViewOfKind(_:forModel:atIndexPath:)` (dequeue of kind "badge"), 6.6.0, run against the UIKit
    /// stand-in: a storyboard's `sectionHeaderView` prototype is registered for the section header kind only, so the
    /// 'badge' dequeue raises. maplint took the header prototype to serve the custom kind and said nothing.
    @Test func aSectionHeaderPrototypeDoesNotServeACustomKind() throws {
        let text = try Self.text("custom-kind-prototype")
        let resources = Self.storyboardResources(
            InterfaceBuilderLookup.collectionStoryboard(
                #"<collectionReusableView key="sectionHeaderView" reuseIdentifier="BadgeView" id="h1" customClass="BadgeView"/>"#
            ))
        let missing = try #require(
            Self.lint(text, resources: resources).first { $0.rule == StoryboardPrototypeMissingRule.id })
        #expect(
            Self.words(missing).contains(
                "a storyboard has no views of the 'badge' kind (only section headers and footers)"))
        #expect(Self.words(missing).hasSuffix("register the view in code (add BadgeView.xib, or write `xib: null`)"))
        // The same view as a section header is the prototype's.
        let header = text.replacingOccurrences(
            of: "supplementary: BadgeView\n    kind: badge", with: "header: BadgeView"
        )
        .replacingOccurrences(of: "supplementaries: {badge: 3}", with: "header: 3")
        #expect(!Self.lint(header, resources: resources).contains { $0.rule == StoryboardPrototypeMissingRule.id })
    }

    /// CollectionViewFactory.swift, `unregisterCellClass` (nil class and nil nib under the class name) and
    /// `registerCellClass` (nothing registered without the class's xib), 6.6.0, run against the UIKit stand-in: the
    /// prototype is in the registry before any code runs, so the unregister clears it, and the later mapping, which
    /// registers nothing and relies on it, raises on its first cell. maplint said nothing (it did for a
    /// `storyboard: true` mapping in the same place).
    @Test func anUnregisterClearsThePrototypeAMappingWithoutXibReliesOn() throws {
        let text = try Self.text("prototype-cleared-registers-nothing")
        let resources = Self.storyboardResources(
            InterfaceBuilderLookup.collectionStoryboard(
                #"<collectionViewCell reuseIdentifier="PhotoCell" id="p1" customClass="PhotoCell"/>"#))
        let cleared = try #require(
            Self.lint(text, resources: resources).first { $0.rule == ClearedReuseIdentifierRule.id })
        #expect(cleared.registrations == [2, 1])
        #expect(
            cleared.message
                == "PhotoCell (entry 2) dequeues 'PhotoCell', which the unregister at entry 1 cleared: a crash")
        #expect(
            Self.words(cleared).hasSuffix(
                "move the unregister after it (a prototype the unregister cleared does not come back), or register the "
                    + "view in code"))
        // Placed after the mapping, the unregister clears nothing it relies on.
        let after = text.replacingOccurrences(
            of: "  - unregister: PhotoCell\n  - cell: PhotoCell\n    model: Int\n",
            with: "  - cell: PhotoCell\n    model: Int\n  - unregister: PhotoCell\n")
        #expect(after != text)
        #expect(
            !Self.lint(after, resources: resources).contains {
                $0.rule == ClearedReuseIdentifierRule.id && $0.registrations.first == 1
            })
    }

    /// EventReactions.swift, `reaction(from:signature:forModel:at:view:)` (`view?.isKind(of: mapping.viewClass)`),
    /// DTModelStorage 9.1.2 and 10.0.0 with DTCollectionViewManager 8.2.0 and 10.0.0 (`performCellReaction` passes
    /// `cellForItem(at:)`), run against the UIKit stand-in: the Int item resolves to PostCell but shows the BannerCell
    /// kept under "Shared", so PostCell's `didSelect` never runs for it. The collision said only that the cell is
    /// not configured.
    @Test func aCollisionShowingAnotherClassLosesTheMappingsEvents() throws {
        let collision = try #require(
            Self.lint(try Self.text("collision-loses-events")).first { $0.rule == ReuseIdentifierCollisionRule.id })
        #expect(
            Self.words(collision).contains(
                "(its update(with:) is never called); its didSelect closure does not run for them either (a mapping's "
                    + "events that receive the cell run only for a cell of its class)"))
        // `sizeForCell` is looked up without a cell (`provideCell: false`): it runs, and is not named.
        let sized = try #require(
            Self.lint(
                try Self.text("collision-loses-events").replacingOccurrences(
                    of: "events: [didSelect]", with: "events: [sizeForCell]")
            ).first { $0.rule == ReuseIdentifierCollisionRule.id })
        #expect(!Self.words(sized).contains("does not run"))
        // A subclass of the mapping's class passes `isKind(of:)`: its events run.
        let subclass = try Self.text("collision-loses-events").replacingOccurrences(
            of: "version: 1\n",
            with:
                "version: 1\nmodels:\n  BannerCell: {inherits: PostCell}\n  PostCell: {inherits: UICollectionViewCell}\n"
        )
        let subclassCollision = Self.lint(subclass).first { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(subclassCollision.map { !Self.words($0).contains("does not run") } ?? true)
    }
}
