/// What DTTableViewManager and DTCollectionViewManager do differently between versions, each with where it
/// was read: the table of docs/library-versions.md ("What differs, and where it was read") is generated from
/// `LibraryDifference.all` (`LibraryMarkdown`). The checks ask `LibraryBehaviour`; a row here says in prose
/// what its answers mean for an app, and the tests that pin a row cite the same file, function and tag.
package struct LibraryDifference: Sendable {
    /// What the library does, and what maplint makes of it.
    package var behaviour: String
    /// The versions that behave so (TV: DTTableViewManager, CV: DTCollectionViewManager, MS: DTModelStorage).
    package var versions: String
    /// The version that changed it, or "never".
    package var changedIn: String
    /// Where it was read: the library, file, function and tags.
    package var readIn: [Citation]

    package init(_ behaviour: String, versions: String, changedIn: String, readIn: [Citation]) {
        self.behaviour = behaviour
        self.versions = versions
        self.changedIn = changedIn
        self.readIn = readIn
    }

    /// The DT sources a fact was read in.
    package enum Source: String, Sendable, CaseIterable {
        case table = "TV"
        case collection = "CV"
        case storage = "MS"

        package var library: String {
            switch self {
            case .table: Host.tableView.manager
            case .collection: Host.collectionView.manager
            case .storage: LibraryNames.modelStorage
            }
        }
    }

    /// One place a fact was read: a library's file, function and tags (`TableViewFactory.swift`,
    /// `registerCellClass`, 6.6.0, 11.0.1), or something else (a program run, swiftc) with no library.
    package struct Citation: Sendable, Hashable {
        package var source: Source?
        /// The file, function and tags, as written in the document.
        package var place: String

        package init(_ source: Source?, _ place: String) {
            self.source = source
            self.place = place
        }
    }

    package static let all: [LibraryDifference] = [
        .init(
            """
            A manager delegate that adopts `ViewModelMappingCustomizing` picks the mapping among the candidates \
            (`viewModelMapping(fromCandidates:forModel:)`) before the first one is taken: which registration shows \
            an item is the app's choice, so `unreachable-registration` and `intersecting-conditions` are notes and \
            `ambiguous-item` is not reported (`viewModelMappingCustomizing:`, written by `extract`). From 7.0 the \
            managers no longer ask it: the first candidate wins.
            """,
            versions: "6",
            changedIn: "7.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `DTTableViewManager.swift`, `startManaging(with:)`; `TableViewFactory.swift`, \
                    `viewModelMapping(for:model:indexPath:)`, 6.6.0 vs 7.0.0
                    """),
                .init(
                    .collection,
                    """
                    `DTCollectionViewManager.swift`, `startManaging(with:)`; `CollectionViewFactory.swift`, \
                    `viewModelMapping(for:model:at:)`, 6.6.0 vs 7.0.0
                    """),
            ]),
        .init(
            """
            Table cells: the **first** registration of a reuse identifier wins. `registerCellClass` dequeues the \
            identifier first and registers nothing when a cell comes back (a storyboard prototype, or an \
            identifier registered earlier).
            """,
            versions: "every version",
            changedIn: "never",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `registerCellClass`, 6.6.0, 7.2.0, 8.0.1, 10.0.0, 11.0.1
                    """)
            ]),
        .init(
            """
            `registerNibNamed(_:for:)` of a cell registers the nib with no dequeue probe, so a table keeps the \
            **last** registration of the identifier; a manifest says so with `registerNibNamed: true` (written \
            by `extract`; an error from 8). From 8 it calls `register` and is ordinary.
            """,
            versions: "6, 7",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `registerNibNamed(_:forCellClass:mappingBlock:)`, 6.6.0, 7.2.0
                    """),
                .init(
                    .table,
                    """
                    `DTTableViewManager+Deprecated.swift`, `registerNibNamed(_:for:mapping:)`, 8.0.1, 11.0.1
                    """),
            ]),
        .init(
            """
            The deprecated `registerNibNamed(_:for:mapping:)` of a cell (`mappingBlock:` on collections) calls \
            `register` with only `xibName` set and never calls the caller's closure: `extract` takes nothing \
            from it (reuse identifier, condition, xib name, storyboard flag, events) and says at the call what \
            was dropped. Its header, footer and supplementary twins pass the closure on.
            """,
            versions: "8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `DTTableViewManager+Deprecated.swift`, `registerNibNamed(_:for:mapping:)`, 8.0.0, 8.0.1, \
                    10.0.0, 11.0.1
                    """),
                .init(
                    .collection,
                    """
                    `DTCollectionViewManager+Deprecated.swift`, `registerNibNamed(_:for:mappingBlock:)` vs \
                    `registerNibNamed(_:forSupplementary:ofKind:mappingBlock:)`, 8.0.0, 10.0.0, 11.0.0
                    """),
            ]),
        .init(
            """
            Collection `registerNiblessHeader(_:mappingBlock:)` and `registerNiblessFooter(_:mappingBlock:)` \
            call `registerNiblessSupplementary` without the block: `extract` takes nothing from it and says so \
            at the call.
            """,
            versions: "CV 6, 7",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .collection,
                    """
                    `DTCollectionViewManager+Registration.swift`, `registerNiblessHeader(_:mappingBlock:)`, \
                    6.0.0, 6.6.0, 7.2.0
                    """),
                .init(.collection, "`DTCollectionViewManager+Deprecated.swift`, 8.0.0, 11.0.0"),
            ]),
        .init(
            """
            `mapping.xibName` set in the mapping closure is ignored by `register` (`extract` writes a cell's as \
            its `xib: Name`, which `ignored-xib-name` reports, and notes a header's or supplementary view's and \
            keeps the default). Tables register the class and then the xib named after the class, if any; \
            DTCollectionViewManager 6 registers the xib named after the class if there is one and otherwise \
            nothing (the cell is dequeued from a storyboard prototype of its identifier, or the dequeue raises), \
            for cells and supplementary views alike. A cell's `xib: Name` without `registerNibNamed: true` is \
            that closure setting: `ignored-xib-name` (an error); with `--resources` a CV 6 cell whose class-name \
            xib is missing is `storyboard-prototype-missing` when no prototype serves it. Two mappings of one \
            class that differ only in `xib:` load the same view, so sharing the identifier is no \
            `reuse-identifier-collision`. A supplementary view's `xib: Name` may be \
            `registerNibNamed(_:forHeader:)` (honoured), so it is not reported. Before 6.6 `xibName` is a \
            constant (MS before 7.4) and setting it does not compile.
            """,
            versions: "TV 6, 7; CV 6",
            changedIn: "TV 8.0.0; CV 7.0.0; settable from 6.6.0 (MS 7.4.0)",
            readIn: [
                .init(.table, "`TableViewFactory.swift`, `registerCellClass`, 6.6.0, 7.2.0"),
                .init(
                    .collection,
                    """
                    `CollectionViewFactory.swift`, `registerCellClass`, `registerSupplementaryClass`, \
                    `cellForModel(_:atIndexPath:)`, 6.0.0, 6.6.0 vs 7.0.0, 7.2.0
                    """),
                .init(.storage, "`ViewModelMapping.swift` 7.3.0 vs 7.4.0"),
            ]),
        .init(
            """
            A plain `UIView` table header or footer (`headerFooterView: false`) is loaded with \
            `dt_loadFromXib()`, the xib named after the class, whatever `xib: Name` says and however it was \
            registered: `ignored-xib-name` (when the class-name xib is missing, `plain-view-without-xib` says so \
            instead).
            """,
            versions: "TV 6, 7",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `headerFooterView`, \
                    `registerNibNamed(_:forHeaderClass:mappingBlock:)`, 6.6.0, 7.2.0
                    """)
            ]),
        .init(
            """
            Table headers and footers register unconditionally and share one namespace: the **last** \
            registration wins. Plain `UIView` headers (`headerFooterView: false`) are never registered.
            """,
            versions: "every version",
            changedIn: "never",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `registerNiblessHeaderClass` 6.6.0, `registerSupplementaryClass` \
                    11.0.1
                    """)
            ]),
        .init(
            """
            Collection views register unconditionally: the last registration of an identifier wins.
            """,
            versions: "every version (below iOS 14 from 8)",
            changedIn: "—",
            readIn: [
                .init(.collection, "`CollectionViewFactory.swift`, `registerCellClass`, 6.6.0, 11.0.0")
            ]),
        .init(
            """
            On iOS / tvOS / Mac Catalyst 14 and later collection views use a generated `CellRegistration` / \
            `SupplementaryRegistration` per mapping, so reuse identifiers cannot collide; storyboard mappings \
            still dequeue by identifier.
            """,
            versions: "CV 8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(.storage, "`ViewModelMapping.swift` initialiser 9.0.0, 9.1.2"),
                .init(.collection, "`CollectionViewCellModelMapping.swift` 11.0.0"),
            ]),
        .init(
            """
            `register` of a collection view class with no xib registers nothing (a storyboard prototype is \
            assumed). With `--resources`, a registration whose xib is not there dequeues the prototype of its \
            identifier: no `storyboard-prototype-shadowed`, and `storyboard-prototype-missing` when there is \
            none. `xib: null` is `registerNibless` (the class is registered).
            """,
            versions: "CV 6, 7",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .collection,
                    """
                    `CollectionViewFactory.swift`, `registerCellClass`, `registerSupplementaryClass`, 6.6.0, \
                    7.2.0 vs 8.0.0
                    """)
            ]),
        .init(
            """
            Collection `storyboard: true` with a xib that exists: the xib branch of `registerCellClass` comes \
            before the storyboard flag, so the xib is registered under the identifier and replaces the prototype \
            (`storyboard-with-xib` says so; on a table, and from iOS 14 from CV 8, the xib is never loaded).
            """,
            versions: "CV 6, 7 on every system; CV 8 and later below iOS 14",
            changedIn: "8.0.0",
            readIn: [
                .init(.collection, "`CollectionViewFactory.swift`, `registerCellClass`, 7.2.0, 11.0.0")
            ]),
        .init(
            """
            Code and xib mappings create their `CellRegistration` / `SupplementaryRegistration` on every dequeue \
            on iOS 14 and later: no reuse, and UIKit raises from iOS 15 (`registration-per-dequeue`).
            """,
            versions: "CV 8.0.0, 8.0.1 (MS 9.0.x; `modelStorageVersion` 9.0.x: error, 9.1 or later: none)",
            changedIn: "8.1.0 (MS 9.1.0)",
            readIn: [
                .init(
                    .storage,
                    """
                    `ViewModelMapping.swift`, `_cellDequeueClosure`, `_supplementaryDequeueClosure`, 9.0.0 vs \
                    9.1.2
                    """),
                .init(.collection, "CHANGELOG 8.1.0"),
            ]),
        .init(
            """
            `cellRegisteredByStoryboard` / `supplementaryRegisteredByStoryboard` exist. Each dequeue reads only \
            the flag of its own kind, so `extract` does not take the other kind's flag as the storyboard flag \
            (before 11 both are on the one mapping class; from 11 the other kind's flag does not compile).
            """,
            versions: "CV 8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(.storage, "`ViewModelMapping.swift` 9.1.2"),
                .init(.collection, "`CollectionViewCellModelMapping.swift` 11.0.0"),
            ]),
        .init(
            """
            `resolve` and the report show a storyboard mapping whose xib replaced the prototype as dequeuing \
            that xib (`storyboard-with-xib` in `problems`).
            """,
            versions: "CV 6, 7 on every system; CV 8 and later below iOS 14",
            changedIn: "8.0.0",
            readIn: [
                .init(.collection, "`CollectionViewFactory.swift`, `registerCellClass`, 7.2.0, 8.2.0, 11.0.0")
            ]),
        .init(
            """
            Supplementary views are registered under the mapping's `reuseIdentifier` but dequeued under the \
            class name: with a custom identifier nothing (a crash) or another registration's view is dequeued \
            (`supplementary-class-name-dequeue`).
            """,
            versions: "CV 6, 7",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .collection,
                    """
                    `CollectionViewFactory.swift`, `supplementaryViewOfKind(_:forModel:atIndexPath:)`, 6.6.0, \
                    7.2.0
                    """)
            ]),
        .init(
            """
            A supplementary mapping with `cellRegisteredByStoryboard = true` gets no \
            `SupplementaryRegistration`, so from iOS 14 it is dequeued by identifier where nothing is registered \
            (UIKit raises unless a storyboard prototype has it). `extract` says so in a note at the assignment; \
            the manifest has no key for it (see below). With a DTModelStorage version from a lock file, that \
            version decides: CV 8.0.x requires `~> 9.0.0` in its podspec but `upToNextMajor(from: "9.0.0")` in \
            its `Package.swift`, so it may run on 9.1.
            """,
            versions: "MS 9.1 to 10 (CV 8.1 to 10; CV 8.0 with MS 9.1)",
            changedIn: "8.1.0 (MS 9.1.0); gone in 11.0.0",
            readIn: [
                .init(
                    .storage,
                    """
                    `ViewModelMapping.swift`, `init(kind:supplementaryConfiguration:mapping:)`, 9.1.0, 9.1.2, \
                    10.0.0 (9.0.0 and 9.0.1 made the registration at dequeue, gated on the supplementary flag)
                    """),
                .init(.collection, "`Package.swift`, `DTCollectionViewManager.podspec`, 8.0.0, 8.0.1"),
            ]),
        .init(
            """
            Section header and footer style: `.title` by default; any header (footer) registration switches it \
            to `.view` for good. In `.title` a String model is the section title and anything else shows \
            nothing.
            """,
            versions: "every version",
            changedIn: "never",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewConfiguration.swift`, `DTTableViewManager+Registration.swift` `registerHeader`, \
                    `DTTableViewDataSource.swift` `titleForHeaderInSection`, 6.6.0, 11.0.1
                    """)
            ]),
        .init(
            """
            `TableViewConfiguration` (`configuration:`): `displayHeaderOnEmptySection` / \
            `displayFooterOnEmptySection` (default true; false: `headerModel(forSection:)` is nil for a section \
            with no items, so no title, view or `nilHeaderModel`), `sectionHeaderStyle` / `sectionFooterStyle` \
            as above.
            """,
            versions: "every version",
            changedIn: "never",
            readIn: [
                .init(.table, "`TableViewConfiguration.swift`"),
                .init(
                    .table,
                    """
                    `DTTableViewDelegateWrapper.swift`, `headerModel(forSection:)` 6.0.0, \
                    `shouldDisplayHeaderView` 6.6.0, 7.0.0, 8.0.0, 10.0.0, 11.0.1
                    """),
            ]),
        .init(
            """
            `semanticHeaderHeight` / `semanticFooterHeight` (heights only) exist; before 8 they are \
            `invalid-manifest`. The minimal-height closures exist from 7.0 and are not manifest keys.
            """,
            versions: "8 and later / 7 and later",
            changedIn: "8.0.0-beta.1 / 7.0.0-beta.1",
            readIn: [
                .init(.table, "`TableViewConfiguration.swift` 7.2.0, 8.0.0"),
                .init(.table, "`DTTableViewDelegateWrapper.swift`, `shouldEnableMethodCall`, 8.0.0, 11.0.1"),
            ]),
        .init(
            """
            Manager-level and model-keyed events attach to the mappings registered **before** them; none: \
            anomaly `eventRegistrationForUnregisteredMapping` and the closure is dropped. The reaction lives in \
            those mappings: when a later `unregister` removes them all, the closure never runs, and a mapping \
            registered after that gets none (`event-without-registration`).
            """,
            versions: "8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(.table, "`DTTableViewDelegateWrapper.swift`, `appendMappedReaction`, 8.0.1, 11.0.1"),
                .init(.collection, "same file 8.0.0, 11.0.0"),
            ]),
        .init(
            """
            Events sit in one list and are matched when they fire: order does not matter. A view-keyed event \
            reports the anomaly `unusedEventDetected` (from 6.3) only when no mapping of its view class exists, \
            of any element; a model-keyed one is never checked for a mapping: it is stored on an events-only \
            mapping and looked up by model type alone, so it runs for any item of its type, one no cell mapping \
            shows too. Messages name the anomaly only then.
            """,
            versions: "6, 7",
            changedIn: "replaced in 8.0.0",
            readIn: [
                .init(.table, "`DTTableViewDelegateWrapper.swift`, `appendReaction`, 6.6.0, 7.2.0"),
                .init(
                    .table,
                    """
                    `DTTableViewManager.swift` and CV `DTCollectionViewManager.swift`, \
                    `verifyViewEvent(for:methodName:)`, `verifyItemEvent`, 6.6.0, 7.2.0
                    """),
                .init(.storage, "`EventReactions.swift` 7.4.1"),
            ]),
        .init(
            """
            Events on a mapping (`mapping.didSelect { … }`, a registration's `events:`) exist from 8.0; before, \
            `events:` is `invalid-manifest` (write manager-level `- event:` entries).
            """,
            versions: "8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `DTTableViewManager+Delegate.swift`, CV `DTCollectionViewManager+Delegate.swift`, `extension \
                    ViewModelMapping where View: UITableViewCell` (`UICollectionViewCell`), 8.0.0 vs 7.2.0
                    """),
                .init(.storage, "`ViewModelMapping.swift` 7.4.1, 8.1.0 (no reactions)"),
            ]),
        .init(
            """
            Model-keyed events attach where `Event.self is Model.Type` holds inside the generic mapping: for a \
            protocol model only the protocol itself (its `.Protocol` metatype), not a conforming type or a \
            sub-protocol; a subclass matches its superclass; `Int?` and `Int` do not match, and an optional \
            metatype does not inherit: `VideoPost?` does not match `Post?`.
            """,
            versions: "8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(.storage, "`ViewModelMapping.swift`, `modelTypeTypeCheckingBlock`, 9.1.2, 11.0.2"),
                .init(nil, "checked by running `Tests/Programs/ModelKeyedEventMetatypes.swift`"),
            ]),
        .init(
            """
            A table mapping that dequeues a cell of another class: DT 11 shows a blank `UITableViewCell`; \
            earlier versions show the dequeued cell unconfigured.
            """,
            versions: "11 / 6–10",
            changedIn: "11.0.0",
            readIn: [
                .init(.table, "`TableViewCellModelMapping.swift` 11.0.1"),
                .init(.table, "`TableViewFactory.swift`, `cellForModel`, 7.2.0"),
            ]),
        .init(
            """
            `registerHeader(_:)` / `registerFooter(_:)` register the xib named after the class \
            (`registerNibNamed(_:forHeader:)` its own) and `assert` that it exists; there is no class fallback. \
            With `--resources` a missing one is `missing-xib`, for the default xib too: a debug build stops at \
            the registration, a release build raises "Could not load NIB" on the first header (footer) a \
            `UITableViewHeaderFooterView` subclass dequeues, or that a plain view loads from its class-named \
            xib. `xib: null` is `registerNiblessHeader`. From 8.0 the class is registered when the nib is \
            missing.
            """,
            versions: "TV 6, 7",
            changedIn: "8.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `registerHeaderClass`, `registerFooterClass`, \
                    `registerNibNamed(_:forHeaderClass:mappingBlock:)`, 6.0.0 (`Source/`), 6.6.0, 7.2.0
                    """),
                .init(.table, "`registerSupplementaryClass`, 8.0.1, 11.0.1"),
            ]),
        .init(
            """
            A mapping for an optional model (`model: Post?`) passes its condition a `Post?`: the closure of \
            `modelCondition` is `(IndexPath, Model) -> Bool` and is called after `model as? Model`. A condition \
            reads it as swiftc requires, `(model?.likes ?? 0) > 3`; `model.likes` is an error.
            """,
            versions: "7 and later (MS 7.4 and later)",
            changedIn: "—",
            readIn: [
                .init(.storage, "`ModelTransfer.swift`, `modelCondition(_:)`, 7.4.1, 8.0.0"),
                .init(.storage, "`ViewModelMapping.swift`, `modelCondition(_:)`, 11.0.2"),
                .init(nil, "swiftc"),
            ]),
        .init(
            """
            A plain `UIView` table header or footer with nothing registered under its identifier is loaded from \
            a xib each time: the one named after the class before 8, `xibName` from 8; none (`xib: null`) shows \
            nothing, and one not under `--resources` raises "Could not load NIB" in `loadNibNamed` \
            (`plain-view-without-xib`; before 8.0 `missing-xib`).
            """,
            versions: "6, 7 / 8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(.table, "`TableViewFactory.swift`, `headerFooterView`, 7.2.0"),
                .init(
                    .storage,
                    """
                    `ViewModelMapping.swift`, `init(kind:headerFooterConfiguration:mapping:)`, 9.1.2
                    """),
                .init(.table, "`TableViewHeaderFooterViewModelMapping.swift`, `loadViewFromXib`, 11.0.1"),
            ]),
        .init(
            """
            A table header or footer mapping is looked up at `IndexPath(index: section)`, an index path of one \
            element, so a `section:` or a condition reading `indexPath.section` or `.row` traps in UIKit's \
            two-element check when a header or footer of its model type is shown \
            (`header-footer-index-path-trap`, an error). From 8.0 the lookup uses `IndexPath(row: 0, section:)`, \
            and maplint asks headers and footers at row 0.
            """,
            versions: "TV 6, 7",
            changedIn: "TV 8.0.0",
            readIn: [
                .init(
                    .table,
                    """
                    `DTTableViewDelegate.swift`, `tableView(_:viewForHeaderInSection:)`, \
                    `tableView(_:viewForFooterInSection:)`, 6.0.0, 7.2.0 vs 8.0.0
                    """),
                .init(
                    .storage,
                    """
                    `ViewModelMapping.swift`, `mappingCandidates(for:withModel:at:)`, \
                    `isCompatible(with:model:)`, 7.2.0
                    """),
            ]),
        .init(
            """
            No anomalies before 6.3: a cell with no mapping or a nil model goes to `viewFactoryErrorHandler` \
            (`.noCellMappings`, `.nilCellModel`), or fails an assertion when none is set.
            """,
            versions: "6.0 to 6.2",
            changedIn: "6.3.0",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift` (`DTTableViewFactoryError`), `DTTableViewDelegateWrapper.swift` \
                    (`handleTableViewFactoryError`), 6.0.0
                    """)
            ]),
        .init(
            """
            A manager-level event for a view class attaches to the mappings of its subclasses too (from 8 \
            `isSubclass(of:)` when it is called; before 8 the closure runs for views that are `isKind(of:)` its \
            class, and `verifyViewEvent` counts subclass mappings). maplint knows the subclasses of the view \
            classes `models:` declares (`VideoPostCell: {inherits: PostCell}`).
            """,
            versions: "every version",
            changedIn: "never",
            readIn: [
                .init(.table, "`DTTableViewDelegateWrapper.swift`, `appendMappedReaction`, 8.0.1, 11.0.1"),
                .init(.storage, "`EventReactions.swift`, `reaction(of:signature:forModel:view:)`, 7.4.1, 8.1.0"),
                .init(
                    .table,
                    """
                    `DTTableViewManager.swift`, `verifyViewEvent(for:methodName:)`, 7.2.0 (6.6.0 compares the \
                    class with `==`)
                    """),
            ]),
        .init(
            """
            `unregister` removes the mappings of the class (and of its subclasses, as `models:` declares them) \
            and re-registers nil only under the class name; a custom identifier stays registered. Table \
            header/footer unregister clears the shared header/footer registration.
            """,
            versions: "6 and later",
            changedIn: "never",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `unregisterCellClass`, `unregisterHeaderClass`, 6.6.0 … 11.0.1
                    """)
            ]),
        .init(
            """
            After an `unregister`, a live mapping of another class that dequeues the cleared class-name \
            identifier has no registration unless one follows: a cell crashes ("unable to dequeue", \
            `cleared-reuse-identifier`); a table header or footer is loaded from its xib each time (the \
            class-named one before 8.0): none with `xib: null` from 8.0 shows nothing, and a xib missing under \
            `--resources` (before 8.0 also `xib: null`) raises "Could not load NIB", also \
            `cleared-reuse-identifier`; before 8.0 an existing class-named xib is loaded even for a mapping with \
            `xib: Name` or `xib: null`, not its own source (also `cleared-reuse-identifier`). A table registration after the unregister under a custom identifier that \
            stayed registered is skipped (`reuse-identifier-collision`).
            """,
            versions: "6 and later",
            changedIn: "never",
            readIn: [
                .init(
                    .table,
                    """
                    `TableViewFactory.swift`, `unregisterCellClass`, `unregisterHeaderClass`, 6.6.0, 11.0.1
                    """),
                .init(.table, "`TableViewHeaderFooterViewModelMapping.swift`, `loadViewFromXib`, 11.0.1"),
                .init(.table, "`TableViewFactory.swift`, `headerFooterView`, 7.2.0"),
            ]),
        .init(
            """
            Collection supplementary `unregister` passes the factory's own name as the identifier, so nothing is \
            cleared from the collection view.
            """,
            versions: "6 and later",
            changedIn: "never",
            readIn: [
                .init(.collection, "`CollectionViewFactory.swift`, `unregisterSupplementaryClass`, 6.6.0 … 11.0.0")
            ]),
        .init(
            """
            `configure`, `configureHeader`, `configureFooter` (and `configureSupplementary`) still work but are \
            deprecated in favour of the register call's `handler`.
            """,
            versions: "8 and later",
            changedIn: "8.0.0",
            readIn: [
                .init(.table, "`DTTableViewManager+Deprecated.swift` 8.0.1, 11.0.1"),
                .init(.collection, "`DTCollectionViewManager+Deprecated.swift` 11.0.0"),
            ]),
        .init(
            "SwiftUI hosting cells (`registerHostingCell`, `registerHostingConfiguration`).",
            versions: "11",
            changedIn: "11.0.0",
            readIn: [
                .init(.table, "`DTTableViewManager+SwiftUIRegistration.swift` 11.0.1"),
                .init(.collection, "`CollectionViewFactory.swift` `registerHostingCell` 11.0.0"),
            ]),
        .init(
            """
            Collection section events `insetForSectionAtIndex`, `minimumLineSpacingForSectionAtIndex`, \
            `minimumInteritemSpacingForSectionAtIndex` (`- event:` with no view or model): kept apart from the \
            mappings, the first of a name answers; with a layout that is not a `UICollectionViewFlowLayout` they \
            never run, and from 8.0 `verifyEventsCompatibility` reports each with the size events.
            """,
            versions: "every version (the anomaly from 8)",
            changedIn: "8.0.0 (anomaly)",
            readIn: [
                .init(
                    .collection,
                    """
                    `DTCollectionViewManager+Delegate.swift`, `appendNonCellReaction`, 6.0.0, 6.6.0, 11.0.0
                    """),
                .init(.collection, "`DTCollectionViewManager.swift`, `verifyEventsCompatibility`, 8.0.1, 11.0.0"),
                .init(.storage, "`EventReactions.swift`, `unmappedReaction`, 11.0.2"),
            ]),
        .init(
            """
            A model-keyed event given a `UITableViewCell`, `UITableViewHeaderFooterView` or \
            `UICollectionReusableView` subclass reports `modelEventCalledWithCellClass` (the collection manager \
            checks only `UICollectionReusableView` and `UICollectionViewCell`), whether or not a mapping uses \
            the class.
            """,
            versions: "6.3 and later",
            changedIn: "6.3.0",
            readIn: [
                .init(.table, "`DTTableViewManager.swift`, `verifyItemEvent(for:eventMethod:)`, 6.6.0, 11.0.1"),
                .init(.collection, "`DTCollectionViewManager.swift`, `verifyItemEvent(for:methodName:)`, 11.0.0"),
            ]),
        .init(
            """
            `MemoryStorage.insertItems(_:to:)` with different numbers of items and index paths inserts nothing \
            and reports `batchInsertionItemCountMismatch`; up to MS 7.4 it also throws, and until 9.0 it is \
            declared `throws` (the call needs `try`).
            """,
            versions: "MS 7.1 and later",
            changedIn: "8.0.0 (no throw), 9.0.0 (not `throws`)",
            readIn: [
                .init(
                    .storage,
                    """
                    `MemoryStorage.swift`, `insertItems(_:to:)`, 7.1.0, 7.4.1, 8.1.0, 9.1.2, 11.0.2
                    """)
            ]),
        .init(
            """
            Registering needs a managed view: the manager's lazy `viewFactory` has a `precondition` that the \
            table (collection) view is known, which only `startManaging(withDelegate:)` provides, so a \
            `register` (or anything else reaching the factory) before it traps. From 6.3 the `manager` getter of \
            `DTTableViewManageable` / `DTCollectionViewManageable` calls `startManaging(withDelegate: self)` \
            itself when the view is not nil, so only a nil view (an outlet not loaded yet) or a manager that is \
            not that associated property (`let manager = DTTableViewManager()`) still traps. Not checked: see \
            below.
            """,
            versions: "6.0 to 6.2 (no auto-start); every version (nil view)",
            changedIn: """
                6.3.0 (auto-start; CHANGELOG "Calling `startManaging(withDelegate:_)` method is no longer required")
                """,
            readIn: [
                .init(
                    .table,
                    """
                    `DTTableViewManager.swift`, `viewFactory`, `manager` (extension `DTTableViewManageable`), \
                    6.0.0, 6.2.0 vs 6.3.0, 7.2.0, 8.0.0, 11.0.1
                    """),
                .init(
                    .collection,
                    """
                    `DTCollectionViewManager.swift`, `viewFactory`, `manager`, 6.1.1 vs 6.3.0, 7.2.0, 11.0.0
                    """),
            ]),
        .init(
            """
            When several mappings match, the first registered wins; every mapping whose view and model type \
            match has its condition evaluated.
            """,
            versions: "every version",
            changedIn: "—",
            readIn: [
                .init(.storage, "`mappingCandidates`, 7.4.1, 11.0.2")
            ]),
    ]
}
