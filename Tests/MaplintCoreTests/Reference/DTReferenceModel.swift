// A plain, slow re-statement of what DTTableViewManager and DTCollectionViewManager do with a
// screen's registrations, written function by function from the libraries' sources at their tags
// (git mirrors of DenTelezhkin/DTTableViewManager, DTCollectionViewManager, DTModelStorage). It
// shares no code with maplint's resolver or rules: `DifferentialTests` compares the two on random
// screens (`ReferenceScreenGenerator`). It covers cells, table headers and footers and collection
// headers and footers: registration, the UIKit reuse registries, unregister, mapping lookup,
// dequeue, and manager-level events keyed by view class or model type, with named xibs of headers
// and footers, storyboard prototype cells, `registerNibNamed` cells (6, 7), events on mappings (8+)
// and deployment targets from none to iOS 17, and collection supplementary views of a kind of their
// own ("badge"), and the runtime anomalies a screen makes the managers report (`ReferenceOutcome.anomalies`).
// Hosting cells (`registerHostingCell`, 11) are not modelled: a manifest writes one as a plain `xib: null` cell
// of the class `HostingTableViewCell` / `HostingCollectionViewCell`, with no key that marks it.

/// One screen as the reference model sees it: plain values, no manifest types.
struct ReferenceScreen: Sendable {
    enum Host: String, Sendable { case tableView, collectionView }

    /// What a mapping's condition tests (the forms the generator writes).
    enum Condition: Sendable, Equatable {
        case none
        case section(Int)
        case itemBelow(Int)
        /// `model.likes > n` (`(model?.likes ?? 0) > n` for an optional model).
        case likesAbove(Int)
        /// `model.id > n` on a `FeedItem`.
        case idAbove(Int)
    }

    enum Xib: Sendable, Equatable {
        /// No `xib:` key: the xib named after the class, taken to exist.
        case byClass
        /// `xib: null`: the class, made in code.
        case none
        /// `xib: Name` (`mapping.xibName = "Name"`), taken to exist.
        case named(String)
    }

    /// `badge`: a collection supplementary view of the kind "badge", neither header nor footer.
    enum Element: String, Sendable { case cell, header, footer, badge }

    struct Mapping: Sendable {
        var index: Int
        var element: Element = .cell
        /// Table headers and footers: a `UITableViewHeaderFooterView` subclass (false: a plain `UIView`).
        var headerFooterView = true
        var viewClass: String
        /// The model type as written; `Post?` is optional.
        var model: String
        var condition: Condition
        var reuseIdentifier: String
        var xib: Xib
        /// A cell with a storyboard prototype (`storyboard: true`) of its own identifier; its class-named xib is
        /// taken not to exist.
        var storyboard = false
        /// Events on the mapping (`mapping.didSelect { … }`, 8+): `didSelect` and the host's model event
        /// (`heightForCell` / `sizeForCell`), in order.
        var events: [String] = []
        /// A cell registered with `registerNibNamed(Name, for:)` (6 and 7, with a named xib).
        var registerNibNamed = false
    }

    enum Entry: Sendable {
        case register(Mapping)
        case unregister(index: Int, viewClass: String, element: Element = .cell)
        /// A manager-level `didSelect(View.self) { … }`.
        case event(index: Int, viewClass: String)
        /// A model-keyed `heightForCell(withItem: Model.self) { … }` (collections: `sizeForCell`).
        case modelEvent(index: Int, model: String)
    }

    struct Item: Sendable, Equatable {
        var type: String
        var likes: Int = 0
        var id: Int = 0
    }

    var host: Host
    /// The manager's version, as written in the manifest.
    var version: String
    var major: Int
    /// The iOS major the app runs on (the deployment target); nil when not given.
    var iOS: Int?
    /// The deployment target `iOS` is a tvOS one (`deploymentTarget: tvOS n.0`); the round trip's alone, where
    /// the model is that of iOS (DT tests `#available(iOS 14, tvOS 14, *)` alike).
    var tvOS = false
    var entries: [Entry]
    var sections: [[Item]]
    /// Per section, its header and footer models (nil: none), table views only.
    var headers: [Item?] = []
    var footers: [Item?] = []
    /// Per section, its "badge" supplementary model (nil: none), collection views only.
    var badges: [Item?] = []

    /// Superclass of each view class (nil for a direct subclass of the UIKit cell).
    static let viewSuperclass: [String: String?] = [
        "PostCell": nil, "VideoPostCell": "PostCell", "AdCell": nil, "BannerCell": nil,
    ]
    /// The type of a nil sample item (`null`).
    static let nilType = "nil"
    /// The types a sample item can have.
    static let concreteTypes = ["Post", "VideoPost", "Ad", "Int", "String"]
    /// The model types every value is, which a manifest does not declare.
    static let everyValueIs: Set<String> = ["Any", "AnyObject"]
    /// Protocols among the model types.
    static let protocols: Set<String> = ["FeedItem"]
    /// Superclass of each model class.
    static let modelSuperclass: [String: String] = ["VideoPost": "Post"]
    /// Protocols each model type conforms to directly.
    static let conformances: [String: [String]] = ["Post": ["FeedItem"], "Ad": ["FeedItem"]]
}

/// What the reference model says happens.
struct ReferenceOutcome: Equatable, CustomStringConvertible {
    struct Element: Equatable {
        var kind: ReferenceScreen.Element = .cell
        var section: Int
        var item: Int
        var candidates: [Int]
        /// The first candidate (`mappingCandidates(…).first`).
        var resolved: Int?
        /// The registration whose view UIKit hands out for the resolved mapping's identifier; nil when
        /// nothing is registered there (an `unregister` cleared it) and UIKit raises.
        var dequeuedFrom: Int?
        /// Whether the manager looked a mapping up for it (false: a table header or footer shown as a title).
        var lookedUp = true
    }

    var elements: [Element]
    /// Per manager-level event entry: whether its closure can ever run.
    var eventRuns: [Int: Bool]
    /// From 8, per manager-level event entry: the mappings it attached to that already had a reaction of its
    /// signature, so it never runs there (empty entries left out; before 8 not compared).
    var shadowedOn: [Int: [Int]] = [:]
    /// The anomalies the managers report for the screen, sorted: the case, then where (`cell 0.1`, `header 1.0`,
    /// `badge 0.0`, `entry 3`), e.g. `noCellMappingFound cell 0.1`, `unusedEventDetected entry 3`.
    var anomalies: [String] = []

    var description: String {
        elements.map {
            "\($0.kind) \($0.section).\($0.item): candidates \($0.candidates) resolved \($0.resolved.map(String.init) ?? "-") dequeued \($0.dequeuedFrom.map(String.init) ?? "-")"
        }
        .joined(separator: "\n") + "\nevents \(eventRuns.sorted { $0.key < $1.key })"
            + "\nshadowed \(shadowedOn.sorted { $0.key < $1.key })" + "\nanomalies \(anomalies)"
    }
}

enum DTReferenceModel {
    // MARK: Swift's type checks

    /// `value is T` for a class instance, a struct or a builtin: the type itself, a superclass, or a
    /// protocol conformed to directly or through a superclass. Swift's dynamic cast (`is`), which
    /// DTModelStorage's `modelTypeCheckingBlock` (`{ $0 is Model }`) uses: ViewModelMapping.swift,
    /// 11.0.2; `ViewModelMapping.init`, 7.4.1.
    static func instance(of type: String, is target: String) -> Bool {
        // `x is Any` holds for every value, and so does `x is AnyObject` (a value type is boxed): swiftc 6.3.
        if ReferenceScreen.everyValueIs.contains(target) { return true }
        // `x is Post?` holds for a non-nil `x` exactly when `x is Post` (Optional's dynamic cast).
        if target.hasSuffix("?") { return instance(of: type, is: String(target.dropLast())) }
        var current: String? = type
        while let name = current {
            if name == target { return true }
            if ReferenceScreen.conformances[name, default: []].contains(target) { return true }
            current = ReferenceScreen.modelSuperclass[name]
        }
        return false
    }

    /// `mapping.viewClass is Cell.Type` and `isSubclass(of:)`: the class or one of its subclasses
    /// (TableViewFactory.swift, `unregisterCellClass`, 7.2.0, 11.0.1; DTTableViewDelegateWrapper.swift,
    /// `appendMappedReaction`, 8.0.1, 10.0.0, 11.0.1).
    static func viewClass(_ viewClass: String, isSubclassOf target: String) -> Bool {
        var current: String? = viewClass
        while let name = current {
            if name == target { return true }
            current = ReferenceScreen.viewSuperclass[name] ?? nil
        }
        return false
    }

    /// `Event.self is Model.Type` inside DTModelStorage's generic mapping (`modelTypeTypeCheckingBlock`,
    /// ViewModelMapping.swift 9.1.2, 11.0.2), as swiftc 6 runs it (Tests/Programs/ModelKeyedEventMetatypes.swift):
    /// with an optional on either side only the same type; a protocol model is its `.Protocol` metatype, so only
    /// the protocol itself; a class matches its subclasses; anything else only itself.
    static func metatype(_ event: String, is model: String) -> Bool {
        if event.hasSuffix("?") || model.hasSuffix("?") { return event == model }
        if ReferenceScreen.protocols.contains(model) { return event == model }
        var current: String? = event
        while let name = current {
            if name == model { return true }
            current = ReferenceScreen.modelSuperclass[name]
        }
        return false
    }

    // MARK: Conditions

    /// `MappingCondition.isCompatible(with:model:)` (ViewModelMapping.swift, 7.4.1, 11.0.2): `.none` always,
    /// `.section(n)` on `indexPath.section == n`, `.custom` calls the closure, which `modelCondition` writes
    /// as `guard let model = model as? Model else { return false }` before the test.
    static func isCompatible(
        _ condition: ReferenceScreen.Condition, section: Int, item: Int, model: ReferenceScreen.Item
    )
        -> Bool
    {
        switch condition {
        case .none: true
        case .section(let wanted): section == wanted
        case .itemBelow(let limit): item < limit
        case .likesAbove(let limit): model.likes > limit
        case .idAbove(let limit): model.id > limit
        }
    }

    // MARK: The UIKit reuse registry

    /// What UIKit holds per reuse identifier: the registration whose class or nib was registered last
    /// (`register(_:forCellReuseIdentifier:)` replaces; registering nil removes).
    struct Registry {
        var holders: [String: Int] = [:]
        /// Table headers and footers: one registry for both (`register(_:forHeaderFooterViewReuseIdentifier:)`).
        var headerFooter: [String: Int] = [:]
        /// Collection supplementary views: one registry per kind, keyed "kind identifier".
        var supplementary: [String: Int] = [:]
    }

    /// Where a mapping's view comes from: its class and the nib loaded (nil: the class, made in code).
    struct Source: Equatable {
        var viewClass: String
        var nib: String?
        var storyboard = false
    }

    /// The nib a cell registration loads. TableViewFactory.swift `registerCellClass`, 6.6.0 and 7.2.0: the
    /// class, then the nib named after it when it exists (the mapping's `xibName` is never read); 8.0.1 and
    /// 11.0.1: `mapping.xibName` (the class name unless set; `nil` registers the class). CollectionViewFactory.swift
    /// `registerCellClass`, 7.2.0: `mapping.xibName` (set by the mapping block) or nothing; 6.6.0: the class-named
    /// nib whatever the block sets; `registerNiblessCellClass` the class; 8.2.0 and 11.0.0: `xibName` when the nib
    /// exists, else the class.
    /// A storyboard mapping is its prototype (its class-named xib taken not to exist, nothing replaces it).
    /// A collection header's or footer's named xib is `registerNibNamed(_:forSupplementaryClass:forKind:)` before 7,
    /// which registers that nib (CollectionViewFactory.swift, 6.6.0), and `mapping.xibName` from 7.
    /// `registerNibNamed(_:forCellClass:mappingBlock:)` loads its own nib (TableViewFactory.swift and
    /// CollectionViewFactory.swift, 6.6.0, 7.2.0).
    /// `registerNibNamed` comes before the storyboard flag: it registers its nib without the dequeue probe, over a
    /// prototype of the identifier (TableViewFactory.swift, `registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0;
    /// run against a UIKit stand-in, 2026-12-07).
    static func source(of mapping: ReferenceScreen.Mapping, in screen: ReferenceScreen) -> Source {
        if mapping.registerNibNamed, case .named(let name) = mapping.xib {
            return Source(viewClass: mapping.viewClass, nib: name)
        }
        if mapping.storyboard { return Source(viewClass: mapping.viewClass, nib: nil, storyboard: true) }
        if mapping.element != .cell, case .named(let name) = mapping.xib {
            return Source(viewClass: mapping.viewClass, nib: name)
        }
        let ignoresXibName = screen.major < (screen.host == .tableView ? 8 : 7)
        if ignoresXibName, mapping.xib != .none || screen.host == .tableView {
            return Source(viewClass: mapping.viewClass, nib: mapping.viewClass)
        }
        switch mapping.xib {
        case .byClass: return Source(viewClass: mapping.viewClass, nib: mapping.viewClass)
        case .none: return Source(viewClass: mapping.viewClass, nib: nil)
        case .named(let name): return Source(viewClass: mapping.viewClass, nib: name)
        }
    }

    /// Whether the host registers through a generated `UICollectionView.CellRegistration` per mapping and
    /// never by identifier: CollectionViewFactory.swift `registerCellClass`, 8.2.0 and 11.0.0
    /// (`if #available(iOS 14, …)` / `#unavailable(iOS 14, tvOS 14)`); 7.2.0 always registers by identifier.
    static func generatesRegistrations(_ screen: ReferenceScreen) -> Bool {
        screen.host == .collectionView && screen.major >= 8 && (screen.iOS ?? 0) >= 14
    }

    /// A cell registration's effect on the registry. TableViewFactory.swift `registerCellClass`, 6.6.0, 7.2.0,
    /// 8.0.1, 11.0.1: `if let cell = tableView.dequeueReusableCell(withIdentifier:)` registers nothing, so the
    /// first registration of an identifier stays. CollectionViewFactory.swift `registerCellClass`, 6.6.0, 7.2.0,
    /// 8.2.0, 11.0.0: registers unconditionally (the last stays).
    static func register(_ mapping: ReferenceScreen.Mapping, in registry: inout Registry, screen: ReferenceScreen) {
        if mapping.element != .cell, screen.host == .collectionView {
            registerSupplementary(mapping, in: &registry, screen: screen)
            return
        }
        if mapping.element != .cell {
            registerHeaderFooter(mapping, in: &registry)
            return
        }
        if generatesRegistrations(screen) { return }
        // `registerNibNamed(_:forCellClass:mappingBlock:)` registers its nib without the dequeue probe: it replaces
        // (TableViewFactory.swift and CollectionViewFactory.swift, 6.6.0, 7.2.0).
        if mapping.registerNibNamed {
            registry.holders[mapping.reuseIdentifier] = mapping.index
            return
        }
        if screen.host == .tableView, registry.holders[mapping.reuseIdentifier] != nil { return }
        // A collection storyboard mapping without an existing xib registers nothing (`registerCellClass`, 7.2.0:
        // `mapping.xibName = nil`; 8.2.0, 11.0.0: `if !mapping.cellRegisteredByStoryboard`), nor does 6.6.0's.
        // A table has no storyboard flag: a storyboard mapping whose prototype an unregister cleared is registered
        // like any other (the probe finds nothing; DT 7.2.0 and 11.0.1 run on a UIKit stand-in, 2026-12-07).
        if mapping.storyboard, screen.host == .collectionView { return }
        registry.holders[mapping.reuseIdentifier] = mapping.index
    }

    /// The storyboard's prototypes are in the table or collection view's registry before any code runs: the
    /// first storyboard mapping of each identifier stands for its prototype. TableViewFactory.swift `registerCellClass`,
    /// 7.2.0 ("Storyboard prototype cell"), 8.0.1, 11.0.1: the dequeue probe finds it and nothing is registered.
    static func prototypes(of screen: ReferenceScreen) -> Registry {
        var registry = Registry()
        for case .register(let mapping) in screen.entries where mapping.storyboard {
            if registry.holders[mapping.reuseIdentifier] == nil {
                registry.holders[mapping.reuseIdentifier] = mapping.index
            }
        }
        return registry
    }

    /// A table header or footer registers its nib or class under its identifier unconditionally, the last
    /// staying, but only a `UITableViewHeaderFooterView` subclass (TableViewFactory.swift,
    /// `registerNibNamed(_:forHeaderClass:mappingBlock:)`, 7.2.0: `if T.isSubclass(of: UITableViewHeaderFooterView.self)`;
    /// `registerSupplementaryClass`, 8.0.1, 11.0.1: the same check).
    static func registerHeaderFooter(_ mapping: ReferenceScreen.Mapping, in registry: inout Registry) {
        guard mapping.headerFooterView else { return }
        registry.headerFooter[mapping.reuseIdentifier] = mapping.index
    }

    /// A collection header or footer: `registerSupplementaryClass` registers the nib (or, `registerNiblessSupplementary`,
    /// the class) for its kind under its identifier, unconditionally (CollectionViewFactory.swift, 6.6.0, 7.2.0;
    /// 8.2.0 and 11.0.0 below iOS 14, a generated `SupplementaryRegistration` from iOS 14).
    static func registerSupplementary(
        _ mapping: ReferenceScreen.Mapping, in registry: inout Registry, screen: ReferenceScreen
    ) {
        if generatesRegistrations(screen) { return }
        registry.supplementary["\(mapping.element.rawValue) \(mapping.reuseIdentifier)"] = mapping.index
    }

    /// The identifier a collection supplementary view is dequeued under: `String(describing: mapping.viewClass)`
    /// before 8.0 (CollectionViewFactory.swift, `supplementaryViewOfKind(_:forModel:atIndexPath:)`, 6.6.0, 7.2.0),
    /// `mapping.reuseIdentifier` from 8.0 (8.2.0, 11.0.0).
    static func supplementaryDequeueIdentifier(_ mapping: ReferenceScreen.Mapping, screen: ReferenceScreen) -> String {
        screen.major < 8 ? mapping.viewClass : mapping.reuseIdentifier
    }

    /// `unregisterHeaderClass` / `unregisterFooterClass`: the header (footer) mappings whose `viewClass is View.Type`
    /// go, and nil is registered under `String(describing: View.self)` in the header/footer registry
    /// (TableViewFactory.swift, 6.6.0, 7.2.0, 8.0.1, 11.0.1).
    static func unregisterHeaderFooter(
        _ viewClass: String, element: ReferenceScreen.Element, mappings: inout [ReferenceScreen.Mapping],
        registry: inout Registry
    ) {
        mappings.removeAll { $0.element == element && Self.viewClass($0.viewClass, isSubclassOf: viewClass) }
        registry.headerFooter[viewClass] = nil
    }

    /// `unregisterCellClass`: the mappings whose `viewClass is Cell.Type` go, and nil is registered under
    /// `String(describing: Cell.self)` (TableViewFactory.swift 6.6.0, 7.2.0, 11.0.1; CollectionViewFactory.swift
    /// 7.2.0, 8.2.0, 11.0.0).
    static func unregister(
        _ viewClass: String, mappings: inout [ReferenceScreen.Mapping], registry: inout Registry
    ) {
        mappings.removeAll { $0.element == .cell && Self.viewClass($0.viewClass, isSubclassOf: viewClass) }
        registry.holders[viewClass] = nil
    }

    // MARK: Events

    /// A manager-level `didSelect(View.self)`. From 8.0 `appendMappedReaction` appends the reaction to the
    /// mappings that exist at the call whose `viewClass` `isSubclass(of: View.self)`, whatever their view type
    /// (DTTableViewDelegateWrapper.swift 8.0.1, 10.0.0, 11.0.1; DTCollectionViewDelegateWrapper.swift 8.2.0, 11.0.0);
    /// the reaction lives and dies with them. Returns the mapping indexes it attached to.
    static func attach(_ viewClass: String, to mappings: [ReferenceScreen.Mapping]) -> [Int] {
        mappings.filter { Self.viewClass($0.viewClass, isSubclassOf: viewClass) }.map(\.index)
    }

    /// Before 8.0 the reaction sits in the manager's list and fires for a cell that `isKind(of:)` its class
    /// (DTModelStorage EventReactions.swift, `reaction(of:signature:forModel:view:)`, 7.4.1), so it can run when a
    /// live cell mapping of that class or a subclass exists once setup is done, or when a live cell mapping dequeues
    /// a cell of that class under a reuse identifier another registration holds (one whose mapping an unregister
    /// removed: the registry keeps its view; TableViewFactory.swift `registerCellClass`, 6.6.0, run with DT against a
    /// UIKit stand-in, 2026-12-07).
    static func runsBefore8(
        _ viewClass: String, live: [ReferenceScreen.Mapping], registry: Registry,
        registered: [Int: ReferenceScreen.Mapping]
    ) -> Bool {
        live.contains { mapping in
            if Self.viewClass(mapping.viewClass, isSubclassOf: viewClass) { return true }
            guard mapping.element == .cell, let holder = registry.holders[mapping.reuseIdentifier],
                let shown = registered[holder]
            else { return false }
            return Self.viewClass(shown.viewClass, isSubclassOf: viewClass)
        }
    }

    /// A model-keyed event from 8.0: `appendMappedReaction(viewType:modelType:reaction:signature:)` appends the
    /// reaction to the mappings that exist at the call, of the element, where `modelTypeTypeCheckingBlock(Model.self)`
    /// holds (DTTableViewDelegateWrapper.swift 8.0.1, 11.0.1; DTCollectionViewDelegateWrapper.swift 11.0.0).
    static func attach(model: String, to mappings: [ReferenceScreen.Mapping]) -> [Int] {
        mappings.filter { $0.element == .cell && metatype(model, is: $0.model) }.map(\.index)
    }

    /// A model-keyed event before 8.0 is stored on an events-only mapping (`ViewModelMapping.eventsModelMapping`,
    /// viewClass `NSObject`, `modelTypeCheckingBlock = { $0 is T }`: MS ViewModelMapping.swift 8.1.0) appended to the
    /// manager's list (`appendReaction(for modelClass:)`, DTTableViewDelegateWrapper.swift 7.2.0), and looked up by
    /// model type alone when it fires (EventReactions.swift `reaction(of:signature:forModel:view:)`, MS 8.1.0; the view
    /// is nil for `heightForRowAt` / `sizeForItemAt`, `provideCell: false`, DTTableViewDelegate.swift and
    /// DTCollectionViewDelegate.swift 7.2.0): it runs for any item of its type, one no cell mapping covers too. `live`
    /// plays no part (the 2026-12-07 rule; before it this model asked for a live mapping showing such an item).
    static func modelEventRunsBefore8(_ model: String, live: [ReferenceScreen.Mapping]) -> Bool {
        ReferenceScreen.concreteTypes.contains { instance(of: $0, is: model) }
    }

    /// The signature a manager-level event entry appends: `didSelect` for a view-keyed one, the host's model event
    /// for a model-keyed one.
    static func signature(of entry: ReferenceScreen.Entry, host: ReferenceScreen.Host) -> String {
        if case .event = entry { return "didSelect" }
        return host == .tableView ? "heightForCell" : "sizeForCell"
    }

    /// From 8 a mapping's reactions are a list: its own events, appended by the mapping closure at registration
    /// (`CellViewModelMappingProtocolGeneric.didSelect`, `heightForCell`: `reactions.append`, DTTableViewManager+Delegate.swift
    /// 11.0.1; DTCollectionViewManager+Delegate.swift `didSelect`, `sizeForCell`, 11.0.0), then each manager-level
    /// event in call order (`appendMappedReaction`, DTTableViewDelegateWrapper.swift 8.0.1, 11.0.1). When the event
    /// fires the first reaction of the signature answers (DTModelStorage EventReactions.swift,
    /// `reaction(from:signature:…)`, `reactions.first(where: { $0.methodSignature == signature })`, 11.0.2), so a later
    /// one of the same signature never runs on that mapping. Returns the attached mappings that already had it.
    static func shadow(
        _ signature: String, attachedTo indexes: [Int], reactions: inout [Int: [String]]
    ) -> [Int] {
        var shadowed: [Int] = []
        for index in indexes {
            if reactions[index, default: []].contains(signature) { shadowed.append(index) }
            reactions[index, default: []].append(signature)
        }
        return shadowed
    }

    // MARK: Anomalies

    /// Whether the manager reports anomalies at all: the anomaly handler arrived in DTTableViewManager 6.3.0 and
    /// DTCollectionViewManager 6.3.0 (`DTTableViewManagerAnomalyHandler.swift`, `DTCollectionViewManagerAnomalyHandler.swift`,
    /// first at the tag 6.3.0; 6.1.1 has neither). A bare major is its `.0.0` release.
    static func reportsAnomalies(_ version: String) -> Bool {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        let major = parts.first ?? 0
        let minor = parts.count > 1 ? parts[1] : 0
        return major > 6 || (major == 6 && minor >= 3)
    }

    /// `verifyViewEvent(for:methodName:)`, one second after a view-keyed event is registered: `unusedEventDetected`
    /// when no mapping then is of the event's view class (`$0.viewClass == T.self`: DTTableViewManager.swift 6.3.0,
    /// 6.6.0; DTCollectionViewManager.swift 6.6.0) or, from 7, a subclass of it (`isSubclass(of: viewType)`:
    /// DTTableViewManager.swift 7.2.0, 8.0.1, 11.0.1; DTCollectionViewManager.swift 7.2.0, 11.0.0). The mappings of
    /// every element count (`viewFactory.mappings`). The check runs once setup is done.
    static func unusedEvent(_ viewClass: String, live: [ReferenceScreen.Mapping], major: Int) -> Bool {
        !live.contains {
            major >= 7 ? Self.viewClass($0.viewClass, isSubclassOf: viewClass) : $0.viewClass == viewClass
        }
    }

    /// `verifyItemEvent(for:eventMethod:)` (DTTableViewManager.swift 6.6.0, 11.0.1; DTCollectionViewManager.swift
    /// `verifyItemEvent(for:methodName:)`, 6.6.0, 11.0.0): a model-keyed event given a cell class
    /// (`case is UITableViewCell.Type`, `case is UICollectionReusableView.Type`) reports `modelEventCalledWithCellClass`
    /// when it is registered.
    static func modelEventWithCellClass(_ model: String) -> Bool {
        ReferenceScreen.viewSuperclass.keys.contains(model)
    }

    /// From 8, `appendMappedReaction` reports `eventRegistrationForUnregisteredMapping` when it finds no compatible
    /// mapping at the call (`compatibleMappings.count == 0`; DTTableViewDelegateWrapper.swift, the three overloads,
    /// 8.0.1, 11.0.1; DTCollectionViewDelegateWrapper.swift 8.2.0, 11.0.0). Before 8 reactions are not attached to
    /// mappings and the case does not exist.
    static func unregisteredMappingEvent(attachedTo indexes: [Int], major: Int) -> Bool {
        major >= 8 && indexes.isEmpty
    }

    /// The anomalies of the manager-level events, once the entries are replayed.
    static func eventAnomalies(
        _ screen: ReferenceScreen, attached: [Int: [Int]], live: [ReferenceScreen.Mapping]
    ) -> [String] {
        var anomalies: [String] = []
        for entry in screen.entries {
            switch entry {
            case .event(let index, let viewClass):
                if unregisteredMappingEvent(attachedTo: attached[index, default: []], major: screen.major) {
                    anomalies.append("eventRegistrationForUnregisteredMapping entry \(index)")
                }
                if unusedEvent(viewClass, live: live, major: screen.major) {
                    anomalies.append("unusedEventDetected entry \(index)")
                }
            case .modelEvent(let index, let model):
                if unregisteredMappingEvent(attachedTo: attached[index, default: []], major: screen.major) {
                    anomalies.append("eventRegistrationForUnregisteredMapping entry \(index)")
                }
                if modelEventWithCellClass(model) { anomalies.append("modelEventCalledWithCellClass entry \(index)") }
            default: break
            }
        }
        return anomalies
    }

    /// The anomaly of a looked-up element that no mapping shows: `noCellMappingFound` (TableViewFactory.swift and
    /// CollectionViewFactory.swift, `cellForModel(_:atIndexPath:)`, 6.6.0, 11.0.1, 11.0.0), `noHeaderFooterMappingFound`
    /// (TableViewFactory.swift, `headerFooterView(of:model:atIndexPath:)`, 6.6.0, 11.0.1) or
    /// `noSupplementaryMappingFound` (CollectionViewFactory.swift, `supplementaryViewOfKind(_:forModel:atIndexPath:)`,
    /// 6.6.0, 11.0.0). A table header or footer in the `.title` style is never looked up, so reports nothing.
    static func elementAnomaly(_ element: ReferenceOutcome.Element, host: ReferenceScreen.Host) -> String? {
        guard element.resolved == nil, element.lookedUp else { return nil }
        let name =
            element.kind == .cell
            ? "noCellMappingFound" : host == .tableView ? "noHeaderFooterMappingFound" : "noSupplementaryMappingFound"
        return "\(name) \(element.kind.rawValue) \(element.section).\(element.item)"
    }

    // MARK: The whole screen

    /// Replays the entries, then looks up each sample item: DTModelStorage `mappingCandidates(for:withModel:at:)`
    /// (ViewModelMapping.swift 7.4.1, 11.0.2) filters the live mappings in order, and the managers take
    /// `.first` (TableViewFactory.swift `viewModelMapping(for:model:indexPath:)`, 7.2.0; 11.0.1).
    static func run(_ screen: ReferenceScreen) -> ReferenceOutcome {
        var mappings: [ReferenceScreen.Mapping] = []
        var registry = prototypes(of: screen)
        var attached: [Int: [Int]] = [:]
        var eventClasses: [Int: String] = [:]
        var eventModels: [Int: String] = [:]
        var reactions: [Int: [String]] = [:]
        var shadowedOn: [Int: [Int]] = [:]
        var registered: [Int: ReferenceScreen.Mapping] = [:]
        for entry in screen.entries {
            switch entry {
            case .register(let mapping):
                register(mapping, in: &registry, screen: screen)
                mappings.append(mapping)
                registered[mapping.index] = mapping
                reactions[mapping.index] = mapping.events
            case .unregister(_, let viewClass, .cell):
                unregister(viewClass, mappings: &mappings, registry: &registry)
            case .unregister(_, let viewClass, let element) where screen.host == .collectionView:
                // `unregisterSupplementaryClass` registers nil under the factory's own description: nothing is
                // cleared (CollectionViewFactory.swift, 6.6.0, 11.0.0).
                mappings.removeAll { $0.element == element && Self.viewClass($0.viewClass, isSubclassOf: viewClass) }
            case .unregister(_, let viewClass, let element):
                unregisterHeaderFooter(viewClass, element: element, mappings: &mappings, registry: &registry)
            case .event(let index, let viewClass):
                eventClasses[index] = viewClass
                attached[index] = attach(viewClass, to: mappings)
            case .modelEvent(let index, let model):
                eventModels[index] = model
                attached[index] = attach(model: model, to: mappings)
            }
            switch entry {
            case .event(let index, _), .modelEvent(let index, _):
                guard screen.major >= 8 else { break }
                let shadowed = shadow(
                    signature(of: entry, host: screen.host), attachedTo: attached[index, default: []],
                    reactions: &reactions)
                if !shadowed.isEmpty { shadowedOn[index] = shadowed }
            default: break
            }
        }
        var eventRuns: [Int: Bool] = [:]
        let live = Set(mappings.map(\.index))
        for (index, viewClass) in eventClasses {
            eventRuns[index] =
                screen.major >= 8
                ? attached[index, default: []].contains { live.contains($0) }
                : runsBefore8(viewClass, live: mappings, registry: registry, registered: registered)
        }
        for (index, model) in eventModels {
            eventRuns[index] =
                screen.major >= 8
                ? attached[index, default: []].contains { live.contains($0) }
                : modelEventRunsBefore8(model, live: mappings)
        }
        var elements: [ReferenceOutcome.Element] = []
        for (section, items) in screen.sections.enumerated() {
            if section < screen.headers.count, let header = screen.headers[section] {
                elements.append(
                    headerFooter(.header, header, section: section, screen: screen, live: mappings, registry: registry))
            }
            for (position, item) in items.enumerated() {
                if item.type == ReferenceScreen.nilType {
                    // `tableView(_:cellForRowAt:)` / `collectionView(_:cellForItemAt:)` unwrap the item and stop
                    // before any lookup (DTTableViewDataSource.swift 6.6.0, 11.0.1; DTCollectionViewDataSource.swift
                    // 6.6.0, 11.0.0).
                    elements.append(
                        ReferenceOutcome.Element(
                            section: section, item: position, candidates: [], resolved: nil, dequeuedFrom: nil,
                            lookedUp: false))
                    continue
                }
                let candidates = mappings.filter { mapping in
                    mapping.element == .cell && instance(of: item.type, is: mapping.model)
                        && isCompatible(mapping.condition, section: section, item: position, model: item)
                }
                var element = ReferenceOutcome.Element(
                    section: section, item: position, candidates: candidates.map(\.index),
                    resolved: candidates.first?.index, dequeuedFrom: nil)
                if let winner = candidates.first {
                    if generatesRegistrations(screen), !winner.storyboard {
                        element.dequeuedFrom = winner.index
                    } else if let holder = registry.holders[winner.reuseIdentifier] {
                        let holding = screen.entries.compactMap { entry -> ReferenceScreen.Mapping? in
                            if case .register(let mapping) = entry, mapping.index == holder { return mapping }
                            return nil
                        }[0]
                        element.dequeuedFrom =
                            source(of: holding, in: screen) == source(of: winner, in: screen) ? winner.index : holder
                    }
                }
                elements.append(element)
            }
            if section < screen.footers.count, let footer = screen.footers[section] {
                elements.append(
                    headerFooter(.footer, footer, section: section, screen: screen, live: mappings, registry: registry))
            }
            // A supplementary view of another kind goes the same way as a header: `supplementaryModel(ofKind:forSectionAt:)`,
            // then `supplementaryViewOfKind(_:forModel:atIndexPath:)` (CollectionViewFactory.swift 6.6.0, 7.2.0, 8.2.0;
            // `viewModelMapping(for: .supplementaryView(kind:), …)`, 11.0.0), at item 0 of the section.
            if section < screen.badges.count, let badge = screen.badges[section] {
                elements.append(
                    headerFooter(.badge, badge, section: section, screen: screen, live: mappings, registry: registry))
            }
        }
        var anomalies: [String] = []
        if reportsAnomalies(screen.version) {
            anomalies =
                eventAnomalies(screen, attached: attached, live: mappings)
                + elements.compactMap { elementAnomaly($0, host: screen.host) }
            // `nilCellModel`: reported by `tableView(_:cellForRowAt:)` (DTTableViewDataSource.swift 6.6.0, 11.0.1) and
            // `collectionView(_:cellForItemAt:)` (DTCollectionViewDataSource.swift 6.6.0, 11.0.0) for a nil item.
            for (section, items) in screen.sections.enumerated() {
                for (position, item) in items.enumerated() where item.type == ReferenceScreen.nilType {
                    anomalies.append("nilCellModel cell \(section).\(position)")
                }
            }
        }
        return ReferenceOutcome(
            elements: elements, eventRuns: eventRuns, shadowedOn: shadowedOn, anomalies: anomalies.sorted())
    }

    /// A table header or footer. Until a header (footer) is registered the style is `.title` and no mapping is
    /// looked up (TableViewConfiguration.swift, `sectionHeaderStyle`; DTTableViewManager+Registration.swift,
    /// `registerHeader`, which sets `.view`, 6.6.0, 11.0.1). Otherwise the mapping is looked up at
    /// `IndexPath(row: 0, section:)` from 8.0 (at `IndexPath(index: section)` before, where the generator reads
    /// no index path), then `dequeueReusableHeaderFooterView(withIdentifier:)` answers with the view registered
    /// there, or the view is loaded from its xib (TableViewFactory.swift, `headerFooterView(of:model:atIndexPath:)`,
    /// 7.2.0; TableViewHeaderFooterViewModelMapping.swift, 11.0.1).
    static func headerFooter(
        _ kind: ReferenceScreen.Element, _ model: ReferenceScreen.Item, section: Int, screen: ReferenceScreen,
        live: [ReferenceScreen.Mapping], registry: Registry
    ) -> ReferenceOutcome.Element {
        let everRegistered = screen.entries.contains { entry in
            if case .register(let mapping) = entry { return mapping.element == kind }
            return false
        }
        var element = ReferenceOutcome.Element(
            kind: kind, section: section, item: 0, candidates: [], resolved: nil, dequeuedFrom: nil)
        // Collection views have no title style: the mappings are always looked up.
        guard everRegistered || screen.host == .collectionView else {
            element.lookedUp = false
            return element
        }
        let candidates = live.filter { mapping in
            mapping.element == kind && instance(of: model.type, is: mapping.model)
                && isCompatible(mapping.condition, section: section, item: 0, model: model)
        }
        element.candidates = candidates.map(\.index)
        element.resolved = candidates.first?.index
        guard let winner = candidates.first else { return element }
        if screen.host == .collectionView {
            if generatesRegistrations(screen) {
                element.dequeuedFrom = winner.index
            } else if let holder = registry.supplementary[
                "\(kind.rawValue) \(supplementaryDequeueIdentifier(winner, screen: screen))"]
            {
                let holding = screen.entries.compactMap { entry -> ReferenceScreen.Mapping? in
                    if case .register(let mapping) = entry, mapping.index == holder { return mapping }
                    return nil
                }[0]
                element.dequeuedFrom =
                    source(of: holding, in: screen) == source(of: winner, in: screen) ? winner.index : holder
            }
            return element
        }
        if let holder = registry.headerFooter[winner.reuseIdentifier] {
            let holding = screen.entries.compactMap { entry -> ReferenceScreen.Mapping? in
                if case .register(let mapping) = entry, mapping.index == holder { return mapping }
                return nil
            }[0]
            element.dequeuedFrom =
                headerSource(of: holding, in: screen) == headerSource(of: winner, in: screen) ? winner.index : holder
        } else if !winner.headerFooterView, screen.major < 8 || winner.xib != .none {
            // Never registered: loaded from its xib each time. From 8.0 `xib: null` loads none and no view is shown
            // (`UIView.load(for:)`, MS UINib+Existance.swift 9.1.2, 10.0.0: `guard let xibName`;
            // TableViewHeaderFooterViewModelMapping.swift, `loadViewFromXib`, 11.0.1, run at 8.0.1 and 10.0.0).
            element.dequeuedFrom = winner.index
        }
        return element
    }

    /// The nib a table header or footer comes from. Before 8.0: the class-named one for `registerHeader` (which
    /// requires it), the named one for `registerNibNamed(_:forHeader:)` (TableViewFactory.swift,
    /// `registerNibNamed(_:forHeaderClass:mappingBlock:)`, 7.2.0, registers `nibName` for a `UITableViewHeaderFooterView`
    /// subclass), but a plain view's `dt_loadFromXib()` always reads the class-named one (`headerFooterView`, 7.2.0).
    /// From 8.0 `mapping.xibName` (`registerSupplementaryClass`, 8.0.1, 11.0.1), a named one taken to exist.
    static func headerSource(of mapping: ReferenceScreen.Mapping, in screen: ReferenceScreen) -> Source {
        switch mapping.xib {
        case .none where screen.major >= 8: return Source(viewClass: mapping.viewClass, nib: nil)
        case .named(let name) where screen.major >= 8 || mapping.headerFooterView:
            return Source(viewClass: mapping.viewClass, nib: name)
        default: return Source(viewClass: mapping.viewClass, nib: mapping.viewClass)
        }
    }
}
