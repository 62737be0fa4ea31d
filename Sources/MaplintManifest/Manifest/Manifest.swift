import MaplintFindings
import MaplintLibrary

/// What a view is registered as: a cell, or a supplementary view of a kind
/// (table headers and footers are supplementary kinds too).
package enum ViewType: Hashable, Sendable, Comparable, CustomStringConvertible {
    case cell
    case supplementary(kind: String)

    package static let tableHeaderKind = LibraryNames.tableHeaderKind
    package static let tableFooterKind = LibraryNames.tableFooterKind
    package static let collectionHeaderKind = LibraryNames.collectionHeaderKind
    package static let collectionFooterKind = LibraryNames.collectionFooterKind

    package static func header(for host: Host) -> ViewType {
        .supplementary(kind: host == .tableView ? tableHeaderKind : collectionHeaderKind)
    }

    package static func footer(for host: Host) -> ViewType {
        .supplementary(kind: host == .tableView ? tableFooterKind : collectionFooterKind)
    }

    /// The element name of the JSON outputs: `cell`, `header`, `footer` or `supplementary`.
    package var elementName: String {
        switch self {
        case .cell: "cell"
        case .supplementary(let kind) where kind == Self.tableHeaderKind || kind == Self.collectionHeaderKind: "header"
        case .supplementary(let kind) where kind == Self.tableFooterKind || kind == Self.collectionFooterKind: "footer"
        case .supplementary: "supplementary"
        }
    }

    /// The kind of a supplementary view that is neither a header nor a footer.
    package var customKind: String? {
        if case .supplementary(let kind) = self, elementName == "supplementary" { return kind }
        return nil
    }

    package var description: String {
        if let kind = customKind { return "supplementary(\(kind))" }
        return elementName
    }

    package static func < (lhs: ViewType, rhs: ViewType) -> Bool {
        switch (lhs, rhs) {
        case (.cell, .cell): false
        case (.cell, .supplementary): true
        case (.supplementary, .cell): false
        case (.supplementary(let a), .supplementary(let b)): a < b
        }
    }
}

/// Which xib a registration loads.
package enum XibName: Hashable, Sendable {
    /// Not given: the view class name (falls back to code when no such xib exists).
    case `default`
    /// `xib: Name`
    case named(String)
    /// `xib: null`: code only.
    case none
}

/// How an element of a manifest was written, so that findings word its place and its settings
/// as the user wrote them.
package enum SourceKind: Sendable, Hashable {
    /// A key of a manifest file: the place is a manifest line ("entry 1, line 12"), a setting is a
    /// key (`reuseIdentifier: post`).
    case manifestKey
    /// A Swift expression, at this place: the place is a Swift file and line ("entry 1,
    /// Feed.swift:16"), a setting is Swift (`mapping.reuseIdentifier = "post"`).
    case swiftExpression(SourceLocation)
}

/// The condition of a mapping.
package enum RegistrationCondition: Sendable {
    case none
    /// `section: n`
    case section(Located<Int>)
    /// `condition: "…"`
    case custom(CompiledCondition)
    /// `opaqueCondition: "…"`: exists, but cannot be reasoned about.
    case opaque(Located<String>)
}

/// A `cell` / `header` / `footer` / `supplementary` entry.
///
/// A value type whose fields live in one shared, copy-on-write box: the resolver, the analysis
/// and the rules pass registrations around by the thousands, and a copy is one reference count
/// instead of one per string field.
package struct Registration: Sendable {
    /// The fields; shared between copies until one of them changes a field.
    private final class Storage: @unchecked Sendable {
        var index: Int
        var viewType: ViewType
        var viewClass: Located<String>
        var modelType: Located<TypeRef>
        var condition: RegistrationCondition
        var xib: XibName
        var xibLocation: SourceLocation?
        var reuseIdentifier: Located<String>
        var hasExplicitReuseIdentifier: Bool
        var viewReuseIdentifier: Located<String>?
        var registerNibNamed: Bool
        var storyboard: Bool
        var modelTransfer: Bool
        var headerFooterView: Bool
        var events: [Located<String>]
        var location: SourceLocation
        var source: SourceKind = .manifestKey

        init(
            index: Int,
            viewType: ViewType,
            viewClass: Located<String>,
            modelType: Located<TypeRef>,
            condition: RegistrationCondition,
            xib: XibName,
            xibLocation: SourceLocation?,
            reuseIdentifier: Located<String>,
            hasExplicitReuseIdentifier: Bool,
            viewReuseIdentifier: Located<String>?,
            registerNibNamed: Bool,
            storyboard: Bool,
            modelTransfer: Bool,
            headerFooterView: Bool,
            events: [Located<String>],
            location: SourceLocation
        ) {
            self.index = index
            self.viewType = viewType
            self.viewClass = viewClass
            self.modelType = modelType
            self.condition = condition
            self.xib = xib
            self.xibLocation = xibLocation
            self.reuseIdentifier = reuseIdentifier
            self.hasExplicitReuseIdentifier = hasExplicitReuseIdentifier
            self.viewReuseIdentifier = viewReuseIdentifier
            self.registerNibNamed = registerNibNamed
            self.storyboard = storyboard
            self.modelTransfer = modelTransfer
            self.headerFooterView = headerFooterView
            self.events = events
            self.location = location
        }

        func copy() -> Storage {
            let copy = Storage(
                index: index,
                viewType: viewType,
                viewClass: viewClass,
                modelType: modelType,
                condition: condition,
                xib: xib,
                xibLocation: xibLocation,
                reuseIdentifier: reuseIdentifier,
                hasExplicitReuseIdentifier: hasExplicitReuseIdentifier,
                viewReuseIdentifier: viewReuseIdentifier,
                registerNibNamed: registerNibNamed,
                storyboard: storyboard,
                modelTransfer: modelTransfer,
                headerFooterView: headerFooterView,
                events: events,
                location: location)
            copy.source = source
            return copy
        }
    }

    private var storage: Storage

    /// The box, copied first when another value shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The entry's 0-based index in `registrations`.
    package var index: Int {
        get { storage.index }
        set { unique().index = newValue }
    }
    package var viewType: ViewType {
        get { storage.viewType }
        set { unique().viewType = newValue }
    }
    package var viewClass: Located<String> {
        get { storage.viewClass }
        set { unique().viewClass = newValue }
    }
    package var modelType: Located<TypeRef> {
        get { storage.modelType }
        set { unique().modelType = newValue }
    }
    package var condition: RegistrationCondition {
        get { storage.condition }
        set { unique().condition = newValue }
    }
    package var xib: XibName {
        get { storage.xib }
        set { unique().xib = newValue }
    }
    package var xibLocation: SourceLocation? {
        get { storage.xibLocation }
        set { unique().xibLocation = newValue }
    }
    package var reuseIdentifier: Located<String> {
        get { storage.reuseIdentifier }
        set { unique().reuseIdentifier = newValue }
    }
    /// Whether `reuseIdentifier` was written out (rather than defaulting to the class name).
    package var hasExplicitReuseIdentifier: Bool {
        get { storage.hasExplicitReuseIdentifier }
        set { unique().hasExplicitReuseIdentifier = newValue }
    }
    /// `viewReuseIdentifier`: what the view class's overridden `reuseIdentifier` property returns.
    package var viewReuseIdentifier: Located<String>? {
        get { storage.viewReuseIdentifier }
        set { unique().viewReuseIdentifier = newValue }
    }
    /// `registerNibNamed: true` (DT 6 and 7 cells): registered without the dequeue probe, so it
    /// replaces an earlier registration of the identifier even on a table.
    package var registerNibNamed: Bool {
        get { storage.registerNibNamed }
        set { unique().registerNibNamed = newValue }
    }
    package var storyboard: Bool {
        get { storage.storyboard }
        set { unique().storyboard = newValue }
    }
    package var modelTransfer: Bool {
        get { storage.modelTransfer }
        set { unique().modelTransfer = newValue }
    }
    /// Table view only: a `UITableViewHeaderFooterView` subclass, registered for reuse.
    package var headerFooterView: Bool {
        get { storage.headerFooterView }
        set { unique().headerFooterView = newValue }
    }
    package var events: [Located<String>] {
        get { storage.events }
        set { unique().events = newValue }
    }
    /// The entry's own position (its first key).
    package var location: SourceLocation {
        get { storage.location }
        set { unique().location = newValue }
    }
    /// How the registration was written: findings name its place and settings accordingly.
    package var source: SourceKind {
        get { storage.source }
        set { unique().source = newValue }
    }

    package init(
        index: Int, viewType: ViewType, viewClass: Located<String>, modelType: Located<TypeRef>,
        condition: RegistrationCondition = .none, xib: XibName = .default, xibLocation: SourceLocation? = nil,
        reuseIdentifier: Located<String>? = nil, storyboard: Bool = false, modelTransfer: Bool = true,
        headerFooterView: Bool = true, events: [Located<String>] = [], location: SourceLocation
    ) {
        storage = Storage(
            index: index, viewType: viewType, viewClass: viewClass, modelType: modelType, condition: condition,
            xib: xib, xibLocation: xibLocation,
            reuseIdentifier: reuseIdentifier ?? Located(DTNames.describing(viewClass.value), at: viewClass.location),
            hasExplicitReuseIdentifier: reuseIdentifier != nil, viewReuseIdentifier: nil, registerNibNamed: false,
            storyboard: storyboard, modelTransfer: modelTransfer, headerFooterView: headerFooterView, events: events,
            location: location)
    }

    /// The name DT gives the view class (`String(describing:)`): a nested class's own name.
    package var describedName: String { DTNames.describing(viewClass.value) }

    /// The xib the library would try to load, or nil for code only.
    package var xibName: String? {
        switch xib {
        case .default: describedName
        case .named(let name): name
        case .none: nil
        }
    }
}

/// An `unregister` entry.
package struct Unregistration: Sendable {
    package var index: Int
    package var viewType: ViewType
    package var viewClass: Located<String>
    package var location: SourceLocation

    package init(index: Int, viewType: ViewType, viewClass: Located<String>, location: SourceLocation) {
        self.index = index
        self.viewType = viewType
        self.viewClass = viewClass
        self.location = location
    }
}

/// A manager-level `event` entry.
package struct ManagerEvent: Sendable {
    package enum Target: Sendable {
        /// `view: PostCell`
        case view(Located<String>)
        /// `model: Int`
        case model(Located<TypeRef>)
        /// `model: PostCell`, where PostCell is no model type but a view class the manifest
        /// registers or declares as a view class: the anomaly modelEventCalledWithCellClass.
        case viewClassAsModel(Located<String>)
        /// Neither: a section-level flow-layout event (`manager.insetForSectionAtIndex { … }`),
        /// kept by the manager apart from every mapping.
        case section
    }

    package var index: Int
    package var name: Located<String>
    package var viewType: ViewType
    package var target: Target
    package var location: SourceLocation

    package init(index: Int, name: Located<String>, viewType: ViewType, target: Target, location: SourceLocation) {
        self.index = index
        self.name = name
        self.viewType = viewType
        self.target = target
        self.location = location
    }
}

/// One entry of `registrations`, in call order.
package enum Entry: Sendable {
    case registration(Registration)
    case unregister(Unregistration)
    case event(ManagerEvent)

    package var index: Int {
        switch self {
        case .registration(let registration): registration.index
        case .unregister(let unregistration): unregistration.index
        case .event(let event): event.index
        }
    }

    package var location: SourceLocation {
        switch self {
        case .registration(let registration): registration.location
        case .unregister(let unregistration): unregistration.location
        case .event(let event): event.location
        }
    }

    package var registration: Registration? {
        if case .registration(let registration) = self { return registration }
        return nil
    }
}

/// A sample model: an item, a header, a footer or a supplementary model.
package struct SampleValue: Sendable {
    /// `.none` for a nil model.
    package var value: Value
    package var location: SourceLocation

    package init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

package struct SampleSection: Sendable {
    package var header: SampleValue?
    package var footer: SampleValue?
    /// Supplementary models by kind, in file order.
    package var supplementaries: [(kind: String, value: SampleValue)]
    package var items: [SampleValue]
    /// Items handed to a `SampleElementSink` as they were read, instead of kept in `items`.
    var streamedItems = 0
    package var location: SourceLocation

    /// Whether the section has no items.
    package var isEmpty: Bool { items.isEmpty && streamedItems == 0 }

    package init(
        header: SampleValue? = nil, footer: SampleValue? = nil,
        supplementaries: [(kind: String, value: SampleValue)] = [], items: [SampleValue] = [], location: SourceLocation
    ) {
        self.header = header
        self.footer = footer
        self.supplementaries = supplementaries
        self.items = items
        self.location = location
    }
}

package struct SampleData: Sendable {
    package var sections: [SampleSection]
    package var location: SourceLocation

    package init(sections: [SampleSection], location: SourceLocation) {
        self.sections = sections
        self.location = location
    }
}

/// How a table shows section headers or footers (`SupplementarySectionStyle`).
package enum SectionStyle: String, Sendable, Hashable, CaseIterable {
    /// `tableView(_:titleForHeaderInSection:)` shows a String model; no view is looked up.
    case title
    /// `tableView(_:viewForHeaderInSection:)` looks up a header/footer mapping.
    case view
}

/// `configuration:`: the `TableViewConfiguration` (`manager.configuration`) the table is shown
/// with. Only the keys given are set; the rest keep DTTableViewManager's defaults.
package struct TableConfiguration: Sendable {
    /// The style in effect while the table is shown. Absent: `.title` until a header view is
    /// registered, `.view` from then on (what DTTableViewManager does by itself).
    package var sectionHeaderStyle: Located<SectionStyle>?
    package var sectionFooterStyle: Located<SectionStyle>?
    /// Default true. False: a section with no items has no header (no title, no view, no anomaly).
    package var displayHeaderOnEmptySection: Located<Bool>?
    package var displayFooterOnEmptySection: Located<Bool>?
    /// Default true; DTTableViewManager 8 and later. Only the height of headers changes.
    package var semanticHeaderHeight: Located<Bool>?
    package var semanticFooterHeight: Located<Bool>?
    /// The `configuration` key.
    package var location: SourceLocation

    package init(
        sectionHeaderStyle: Located<SectionStyle>? = nil, sectionFooterStyle: Located<SectionStyle>? = nil,
        displayHeaderOnEmptySection: Located<Bool>? = nil, displayFooterOnEmptySection: Located<Bool>? = nil,
        semanticHeaderHeight: Located<Bool>? = nil, semanticFooterHeight: Located<Bool>? = nil,
        location: SourceLocation
    ) {
        self.sectionHeaderStyle = sectionHeaderStyle
        self.sectionFooterStyle = sectionFooterStyle
        self.displayHeaderOnEmptySection = displayHeaderOnEmptySection
        self.displayFooterOnEmptySection = displayFooterOnEmptySection
        self.semanticHeaderHeight = semanticHeaderHeight
        self.semanticFooterHeight = semanticFooterHeight
        self.location = location
    }

    /// The stated style of the header (`header: true`) or footer kind.
    package func style(header: Bool) -> Located<SectionStyle>? {
        header ? sectionHeaderStyle : sectionFooterStyle
    }

    /// Whether a section with no items shows its header (`header: true`) or footer.
    package func displaysOnEmptySection(header: Bool) -> Bool {
        (header ? displayHeaderOnEmptySection : displayFooterOnEmptySection)?.value ?? true
    }
}

/// A manifest, version 1: everything a file declares, each element with its position.
package struct Manifest: Sendable {
    package var file: String
    package var version: Int
    package var host: Host
    package var deploymentTarget: DeploymentTarget?
    /// `libraryVersion`, when given; `behaviour` models the newest supported version otherwise.
    package var libraryVersion: LibraryVersion?
    /// `modelStorageVersion`: the DTModelStorage version the app resolved, when given.
    package var modelStorageVersion: LibraryVersion?
    /// `configuration:` (table views only).
    package var configuration: TableConfiguration?
    /// `layout:` (collection views only); nil when not stated.
    package var layout: Located<CollectionLayout>?
    /// `viewModelMappingCustomizing:`: the type, the manager's delegate, that adopts DTModelStorage's
    /// `ViewModelMappingCustomizing`; DT 6 asks it which candidate mapping to use
    /// (`LibraryBehaviour.appChoosesAmongCandidates`).
    package var viewModelMappingCustomizing: Located<String>?
    /// Classes `models:` declares as views (`inherits: UITableViewCell`): name → the UIKit view
    /// class it reaches, at the declaration. Not model types.
    package var declaredViewClasses: [String: Located<String>] = [:]
    /// The superclass each declared view class names (`VideoPostCell: {inherits: PostCell}`): a
    /// declared view class or the UIKit one.
    package var viewSuperclasses: [String: String] = [:]
    package var types: TypeTable
    package var entries: [Entry]
    package var sample: SampleData?
    /// For a manifest file written by `maplint extract`: the Swift places its lines came from
    /// (read from its comments).
    package var swiftOrigin: SwiftOrigin?
    /// Swift code extraction could not translate (`unsupported-swift`), at the place each is reported.
    package var extractionNotes: [ExtractionNote] = []
    /// `insertItems(_:to:)` calls extraction found with arrays of different lengths
    /// (`batch-insertion-count-mismatch`), at the place each is reported.
    package var batchInsertions: [ExtractionNote] = []
    /// Read from Swift code (`ManifestBuilder`, or a file `maplint extract` wrote): what is said
    /// about it names Swift files and screens, never manifest keys.
    package var isReadFromSwift = false

    package init(
        file: String, version: Int = 1, host: Host, deploymentTarget: DeploymentTarget? = nil,
        libraryVersion: LibraryVersion? = nil, configuration: TableConfiguration? = nil,
        types: TypeTable = TypeTable([]), entries: [Entry] = [], sample: SampleData? = nil
    ) {
        self.file = file
        self.version = version
        self.host = host
        self.deploymentTarget = deploymentTarget
        self.libraryVersion = libraryVersion
        self.configuration = configuration
        self.types = types
        self.entries = entries
        self.sample = sample
    }

    package var registrations: [Registration] { entries.compactMap(\.registration) }
}

extension Manifest {
    /// Whether the view class `name` is `base` or one of its subclasses, as `superclasses`
    /// (`viewSuperclasses`, the view classes `models:` declares) say. DT matches view classes this
    /// way wherever it takes a view class: a manager-level event attaches to the mappings of subclasses
    /// of its view (DTTableViewDelegateWrapper.swift, `appendMappedReaction`, `isSubclass(of:)`, 8.0.1,
    /// 11.0.1; before 8 the event fires for views that are `isKind(of:)` its class, DTModelStorage
    /// EventReactions.swift, `reaction(of:signature:forModel:view:)`, 7.4.1, 8.1.0), and `unregister`
    /// removes the mappings whose view class `is Cell.Type` (TableViewFactory.swift, CollectionViewFactory.swift,
    /// `unregisterCellClass`, 6.6.0, 11.0.1 / 11.0.0).
    package static func isViewClass(_ name: String, kindOf base: String, superclasses: [String: String]) -> Bool {
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            if current == base { return true }
            guard let parent = superclasses[current] else { return false }
            current = parent
        }
        return false
    }

    /// `Manifest.isViewClass(_:kindOf:superclasses:)` with this manifest's view classes.
    package func isViewClass(_ name: String, kindOf base: String) -> Bool {
        Self.isViewClass(name, kindOf: base, superclasses: viewSuperclasses)
    }
}
