/// What DTTableViewManager / DTCollectionViewManager do at run time for one manifest, decided by
/// its host, `libraryVersion`, `modelStorageVersion` and `deploymentTarget`. Every stage asks here (or
/// `LibraryVersion`'s facts) and compares no version numbers itself; what an answer means for one registration
/// is in Resolver/LibraryBehaviour+Registrations.swift. docs/library-versions.md lists each difference with the
/// source it was read from (`LibraryDifference`) and these questions with their comments.
package struct LibraryBehaviour: Sendable, Hashable {
    package var host: Host
    /// The version modelled: the manifest's, or the newest supported one.
    package var version: LibraryVersion
    package var deploymentTarget: DeploymentTarget?
    /// The manifest's `modelStorageVersion`; nil when unknown.
    package var modelStorageVersion: LibraryVersion?

    package init(
        host: Host, version: LibraryVersion?, deploymentTarget: DeploymentTarget?,
        modelStorageVersion: LibraryVersion? = nil
    ) {
        self.host = host
        self.version = version ?? .newestSupported
        self.deploymentTarget = deploymentTarget
        self.modelStorageVersion = modelStorageVersion
    }

    /// Whether a code or xib mapping gets a new `CellRegistration` / `SupplementaryRegistration`
    /// on every dequeue (iOS 14 and later).
    package enum RegistrationPerDequeue: Sendable, Hashable {
        /// Not on this manager version, or DTModelStorage is known not to do it.
        case no
        /// DTCollectionViewManager 8.0.x with DTModelStorage 9.0.x.
        case yes
        /// DTCollectionViewManager 8.0.x, DTModelStorage version unknown.
        case possible
    }

    /// DTCollectionViewManager 8.0.0 and 8.0.1 (a bare "8" is taken as 8.1 or later) dequeue
    /// through DTModelStorage's `ViewModelMapping`, whose `_cellDequeueClosure` creates the
    /// registration inside the closure in 9.0.0 and 9.0.1 and once per mapping from 9.1.0
    /// (ViewModelMapping.swift, 9.0.1 vs 9.1.0). Other DTModelStorage majors do not apply to 8.0.x;
    /// a bare "9" leaves the minor version open.
    package var registrationPerDequeue: RegistrationPerDequeue {
        guard host == .collectionView, major == 8, !version.isMajorOnly, version.minor == 0 else { return .no }
        guard let storage = modelStorageVersion, !(storage.major == 9 && storage.isMajorOnly) else { return .possible }
        return storage.major == 9 && storage.minor == 0 ? .yes : .no
    }

    var major: Int { version.major }

    /// Whether a manager delegate that adopts `ViewModelMappingCustomizing` picks the mapping among the
    /// candidates (`viewModelMapping(fromCandidates:forModel:)`) instead of the first one winning: DT 6 only.
    /// `startManaging(withDelegate:)` hands such a delegate to the factory, whose `viewModelMapping(for:model:
    /// indexPath:)` asks it first (DTTableViewManager.swift and TableViewFactory.swift, 6.6.0;
    /// DTCollectionViewManager.swift and CollectionViewFactory.swift, 6.6.0); from 7.0.0 neither manager
    /// mentions the protocol in its sources (DTModelStorage 8 removed it), so the first candidate wins.
    package var appChoosesAmongCandidates: Bool { version.modelledMajor <= 6 }

    /// Collection views dequeue through generated `CellRegistration` / `SupplementaryRegistration`
    /// objects, so reuse identifiers cannot collide: DTCollectionViewManager 8.0 and later, on
    /// iOS / tvOS / macCatalyst 14 and later (CollectionViewFactory.swift, registerCellClass, 8.0.0).
    package var usesGeneratedRegistrations: Bool {
        guard host == .collectionView, major >= 8, let target = deploymentTarget else { return false }
        return target.major >= 14
    }

    /// Manager-level and model-keyed events attach to the mappings registered before the call;
    /// with none, the anomaly `eventRegistrationForUnregisteredMapping` and the event is dropped
    /// (8.0 and later, `appendMappedReaction`). Before 8.0 events sat in one list and were
    /// matched when they fired, so registration order did not matter (`appendReaction`, 7.2.0).
    package var eventsAttachToEarlierMappings: Bool { major >= 8 }

    /// Events on a mapping (`mapping.didSelect { … }`, a registration's `events:`) exist from 8.0
    /// (`HostEvents.mappingEventsExist(in:)`, which the manifest checks read too).
    package var hasMappingEvents: Bool { HostEvents.mappingEventsExist(in: version) }

    /// Before 8.0 a view-keyed manager-level event reports `unusedEventDetected` when, one second after the
    /// call, no mapping of its view class exists, whatever element that mapping is for: `verifyViewEvent`
    /// filters the mappings by class only (DTTableViewManager.swift and DTCollectionViewManager.swift,
    /// `verifyViewEvent(for:methodName:)`, 6.6.0 `viewClass == T.self`, 7.2.0 `isSubclass(of:)`). A model-keyed
    /// event is never checked for a mapping (`verifyItemEvent(for:eventMethod:)`, 7.2.0). From 8.0 the anomaly is
    /// `eventRegistrationForUnregisteredMapping`, reported at the call (`eventsAttachToEarlierMappings`).
    package var reportsUnusedEventForViewWithoutMappings: Bool { !eventsAttachToEarlierMappings && reportsAnomalies }

    /// Model-keyed events (`heightForCell(withItem:)`) attach where `ModelType is Model.Type`
    /// holds in DT's generic context: a protocol mapping model is the `.Protocol` metatype, so a
    /// concrete conforming type or a sub-protocol does not match, nor `Int?` for `Int` (8.0 and
    /// later, ViewModelMapping.swift). Before 8.0 the model instance was checked when the event
    /// fired, so conforming types matched.
    package var modelKeyedEventsMatchExactMetatype: Bool { major >= 8 }

    /// DTCollectionViewManager before 8.0: `register` of a class with no xib registered nothing,
    /// expecting a storyboard prototype (CollectionViewFactory.swift, registerCellClass, 7.2.0).
    package var collectionCodeRegistrationNeedsXib: Bool { host == .collectionView && major < 8 }

    /// DTTableViewManager 6 and 7 have no class fallback for headers and footers: `registerHeader(_:)` and
    /// `registerFooter(_:)` call `registerNibNamed(String(describing: T.self), forHeaderClass:)`
    /// (`forFooterClass:`), which `assert`s `UINib.nibExists` before it registers the nib (TableViewFactory.swift,
    /// `registerHeaderClass`, `registerFooterClass`, `registerNibNamed(_:forHeaderClass:mappingBlock:)`, 6.0.0
    /// under Source/, 6.6.0, 7.2.0); `registerNibNamed(_:forHeader:)` asserts its own name. A debug build stops
    /// there; a release build registers the missing nib (a `UITableViewHeaderFooterView` subclass) and raises when
    /// the first header is dequeued, or, for a plain `UIView`, raises in `dt_loadFromXib()` when the class-named
    /// nib is missing. `registerNiblessHeader` (`xib: null`) registers the class. From 8.0 `registerHeader`
    /// registers the class when the nib does not exist (TableViewFactory.swift, `registerSupplementaryClass`, 8.0.0,
    /// 11.0.1).
    package var headerFooterRegistrationAssertsXib: Bool { host == .tableView && major < 8 }

    /// DTCollectionViewManager 6 and 7
    /// register a supplementary view under the mapping's `reuseIdentifier` but dequeue it under
    /// `String(describing: mapping.viewClass)`, the class name (CollectionViewFactory.swift,
    /// `supplementaryViewOfKind(_:forModel:atIndexPath:)`, 6.6.0, 7.2.0; fixed in 8.0.0, which
    /// dequeues `mapping.reuseIdentifier`).
    package var supplementaryDequeuedUnderClassName: Bool { host == .collectionView && major < 8 }

    /// `register` never reads `mapping.xibName`, only `registerNibNamed(_:for:)` registers a differently
    /// named xib. DTTableViewManager 6 and 7 register the class, then the xib named after the class if
    /// one exists (TableViewFactory.swift, `registerCellClass`, `registerNibNamed(_:forCellClass:mappingBlock:)`,
    /// 6.6.0, 7.2.0). DTCollectionViewManager 6 registers the xib named after the class if one exists
    /// and otherwise nothing, for cells and supplementary views alike (CollectionViewFactory.swift,
    /// `registerCellClass`, `registerSupplementaryClass`, 6.0.0 … 6.6.0); 7.0.0 reads `mapping.xibName`.
    /// Before 6.6 `xibName` is a constant of DTModelStorage's `ViewModelMapping` (MS 7.3.0; `var` from 7.4.0).
    package var registerIgnoresMappingXibName: Bool {
        host == .tableView ? major < 8 : major < 7
    }

    /// `mapping.xibName` is a constant before 6.6 (DTModelStorage `ViewModelMapping.swift`, 7.3.0 `let`,
    /// 7.4.0 `var`; DTTableViewManager and DTCollectionViewManager 6.6.0 require 7.4), so setting it in a
    /// mapping closure does not compile. A bare major "6" leaves the minor open.
    package var mappingXibNameIsConstant: Bool {
        major == 6 && !version.isMajorOnly && version < LibraryVersion(major: 6, minor: 6)
    }

    /// DTTableViewManager 6 and 7 look a header or footer mapping up at `IndexPath(index: section)`,
    /// an index path of one element; `indexPath.section` and `.row` check for two elements and
    /// trap (DTTableViewDelegate.swift, `tableView(_:viewForHeaderInSection:)` and
    /// `tableView(_:viewForFooterInSection:)`, 6.0.0 … 7.2.0; `IndexPath(row: 0, section:)` from 8.0.0).
    package var headerFooterLookupHasOneElementIndexPath: Bool { host == .tableView && major < 8 }

    /// The storyboard flags `cellRegisteredByStoryboard` / `supplementaryRegisteredByStoryboard`
    /// exist from DTCollectionViewManager 8.0.
    package var hasStoryboardFlag: Bool { host == .collectionView && major >= 8 }

    /// From 11 each mapping class has only the storyboard flag of its own kind (CollectionViewCellModelMapping.swift,
    /// CollectionSupplementaryViewModelMapping.swift, 11.0.0), so setting the other one does not compile; from 8
    /// to 10 both are properties of DTModelStorage's one `ViewModelMapping` (MS ViewModelMapping.swift, 9.0.0,
    /// 10.0.0), whichever the host.
    package var mappingsHaveOnlyTheirOwnStoryboardFlag: Bool { major >= 11 }

    /// A collection supplementary mapping gets its `SupplementaryRegistration` only when its
    /// `cellRegisteredByStoryboard` (not `supplementaryRegisteredByStoryboard`) is false: DTModelStorage
    /// 9.1 to 10 (ViewModelMapping.swift, `init(kind:supplementaryConfiguration:mapping:)`, 9.1.2, 10.0.0;
    /// 9.0.x makes it at dequeue, gated on the supplementary flag, 9.0.1). From iOS 14 such a view is then
    /// dequeued by identifier, where nothing registers it. DTCollectionViewManager 8.1 to 10 require
    /// DTModelStorage 9.1 to 10; 8.0.x require `~> 9.0.0` in their podspec but `upToNextMajor(from: "9.0.0")`
    /// in Package.swift, so a known `modelStorageVersion` decides (a bare "9" leaves the minor open and the
    /// manager's version decides).
    package var supplementaryRegistrationReadsCellStoryboardFlag: Bool {
        guard hasStoryboardFlag, !mappingsHaveOnlyTheirOwnStoryboardFlag else { return false }
        if let storage = modelStorageVersion, !(storage.major == 9 && storage.isMajorOnly) {
            return storage.major == 10 || (storage.major == 9 && storage.minor >= 1)
        }
        return version.isMajorOnly || major > 8 || version.minor >= 1
    }

    /// From 8.0 `registerNibNamed(_:for:mapping:)` (`mappingBlock:` on collections) is a deprecated wrapper
    /// that calls `register` with only `xibName` set: the cell goes through `register` (on tables, the
    /// dequeue probe) and the caller's mapping closure is never called (DTTableViewManager+Deprecated.swift,
    /// `registerNibNamed(_:for:mapping:)`, 8.0.0, 8.0.1, 10.0.0, 11.0.1; DTCollectionViewManager+Deprecated.swift,
    /// `registerNibNamed(_:for:mappingBlock:)`, 8.0.0, 10.0.0, 11.0.0). Before 8.0 it registers the nib
    /// itself, with the closure (TableViewFactory.swift, `registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0).
    /// The header, footer and supplementary spellings pass their closure on in every version.
    package var cellNibNamedIsRegisterWithoutClosure: Bool { version.cellNibNamedCallsRegister }

    /// DTCollectionViewManager 6 and 7's `registerNiblessHeader(_:mappingBlock:)` and
    /// `registerNiblessFooter(_:mappingBlock:)` call `registerNiblessSupplementary` without the mapping
    /// block (DTCollectionViewManager+Registration.swift, 6.0.0, 6.6.0, 7.2.0); from 8.0 they pass it on
    /// (DTCollectionViewManager+Deprecated.swift, 8.0.0, 11.0.0). Tables pass it on in every version.
    package var niblessHeaderFooterDropsMappingClosure: Bool { host == .collectionView && major < 8 }

    /// DTCollectionViewManager 8.0 and later give each mapping its own generated registration on iOS,
    /// tvOS and Mac Catalyst 14 and later; before 8.0 every mapping is registered by its identifier on
    /// every system (CollectionViewFactory.swift, registerCellClass, 7.2.0 and 8.0.0). Whether the app's
    /// systems are that new is `usesGeneratedRegistrations`.
    package var generatesRegistrationsFromSystem14: Bool { host == .collectionView && major >= 8 }

    /// The anomaly `flowDelegateLayoutMethodWithDifferentLayout` exists from DTCollectionViewManager 8.0
    /// (DTCollectionViewManagerAnomalyHandler.swift, 8.0.0; absent at 7.2.0).
    package var reportsFlowLayoutAnomaly: Bool { major >= 8 }

    /// A plain `UIView` header or footer (`headerFooterView: false`) is loaded from the xib named after
    /// its class before 8.0, whatever the mapping says; from 8.0 from the mapping's `xibName`.
    package var plainHeaderFooterLoadsClassNamedXib: Bool { major < 8 }

    /// DTCollectionViewManager reports `differentCellReuseIdentifier` up to 8.0.1; from 8.1.0 the case is
    /// deprecated and never reported (CollectionViewFactory.swift, 8.0.1; DTCollectionViewManagerAnomalyHandler.swift,
    /// 8.1.0). A bare major 8 counts as 8.1 or later.
    package var collectionReportsDifferentCellReuseIdentifier: Bool {
        major < 8 || (major == 8 && !version.isMajorOnly && version.minor == 0)
    }

    /// What a table or collection view shows when a mapping dequeues a cell of another class: DT 11 returns a
    /// blank `UITableViewCell()` (TableViewCellModelMapping.swift, 11.0.1) or the collection view's dummy cell
    /// (CollectionViewCellModelMapping.swift, 11.0.0); earlier versions show the dequeued cell unconfigured
    /// (TableViewFactory.swift, cellForModel, 7.2.0).
    package var wrongCellClassShowsBlankCell: Bool { major >= 11 }

    /// The anomaly system (`anomalyHandler`, `DTTableViewManagerAnomaly`,
    /// `DTCollectionViewManagerAnomaly`) exists from 6.3.0; before it nothing is reported
    /// (DTTableViewManager.swift / DTCollectionViewManager.swift, 6.3.0). A bare major 6 counts as
    /// having it, as 6.3 to 6.6 were the 6.x releases in use.
    package var reportsAnomalies: Bool { version.isMajorOnly || version >= LibraryVersion(major: 6, minor: 3) }

    /// SwiftUI hosting cells (`registerHostingCell`, `registerHostingConfiguration`): 11.0 and later.
    package var hasHostingCells: Bool { major >= 11 }

    /// `configure`, `configureHeader`, `configureFooter` (and `configureSupplementary`) still work
    /// but are deprecated from 8.0 in favour of the `handler` of the register call
    /// (DTTableViewManager+Deprecated.swift, 8.0.1 and 11.0.1).
    package var configureEventsAreDeprecated: Bool { major >= 8 }

    /// The label of the mapping closure of `register` and its kin: `mappingBlock:` on DTCollectionViewManager
    /// before 8.0, `mapping:` otherwise (DTCollectionViewManager+Registration.swift, 7.2.0 vs 8.0.0).
    package var mappingClosureLabel: String { host == .collectionView && major < 8 ? "mappingBlock" : "mapping" }

    /// A short phrase naming the library and version, for messages: "DTTableViewManager 11".
    package var libraryName: String {
        host.manager + " " + String(version.major)
    }
}
