import MaplintFiles
import MaplintFindings
import MaplintLibrary

/// A manifest as extraction reads it from Swift code, before it is checked: names are plain
/// text, conditions are not compiled yet, and every part keeps the Swift place it came from.
/// `ManifestBuilder` checks a draft and turns it into a `Manifest`, as `ManifestDecoder` does for
/// a manifest file; `maplint extract` writes a draft as manifest YAML.
package struct ManifestDraft: Sendable {
    /// The type (or `Type.function`) that owns the manager; names the file.
    package var name: String
    package var host: Host
    package var deploymentTarget: String?
    /// The DT version, from `--library-version` or the app's lock files.
    package var libraryVersion: DetectedLibraryVersion?
    /// The DTModelStorage version, from the app's lock files.
    package var modelStorageVersion: DetectedLibraryVersion?
    /// Where the owning type or function is declared.
    package var location: SourceLocation
    package var models: [DraftModel] = []
    /// The models several drafts share (those with `DraftModel.shared`), declared and checked once
    /// for all of them.
    package var sharedModels: SharedModels?
    package var entries: [DraftEntry] = []
    /// `configuration:`: the `manager.configuration` values in effect after the code ran, in the
    /// order of `DraftConfiguration.keys`.
    package var configuration: [DraftConfiguration] = []
    /// `layout:`: the layout the code gives the managed collection view, where it is given.
    package var layout: Located<CollectionLayout>?
    /// `viewModelMappingCustomizing:`: the owning type, when it (or a superclass read) adopts
    /// `ViewModelMappingCustomizing`, at the adoption.
    package var viewModelMappingCustomizing: Located<String>?
    /// Swift that was skipped or kept opaque (`unsupported-swift`).
    package var notes: [ExtractionNote] = []
    /// Calls of API only some versions have, in source order (`VersionEvidence`).
    package var versionClues: [VersionClue] = []
    /// `insertItems(_:to:)` calls with array literals of different lengths (`batch-insertion-count-mismatch`).
    package var batchInsertions: [ExtractionNote] = []
    /// For a draft read from a manifest: what its `registrations:` say of each entry beyond what
    /// Swift says, in the order of `entries`; nil for a draft read from Swift.
    var writtenEntries: [WrittenEntry]?
    /// For a draft read from a manifest: what its top level says beyond what Swift says; nil for a
    /// draft read from Swift.
    var written: WrittenManifest?

    package init(name: String, host: Host, deploymentTarget: String? = nil, location: SourceLocation) {
        self.name = name
        self.host = host
        self.deploymentTarget = deploymentTarget
        self.location = location
    }

    /// `Name.maplint.yml`, with the name made safe for a file name (see `ManifestFileName`).
    package var fileName: String { ManifestFileName.make(name) }
}

/// The DTTableViewManager or DTCollectionViewManager version a draft records, and where it was read.
package struct DetectedLibraryVersion: Sendable, Hashable {
    package enum Origin: Sendable, Hashable {
        /// `--library-version`.
        case commandLine
        /// `library_version` in a configuration file, at its value.
        case configuration(SourceLocation)
        /// A dependency lock file: `Package.resolved`, `Podfile.lock` or `Cartfile.resolved`, at
        /// the line that names the library.
        case lockFile(SourceLocation)
        /// With no lock file naming the library: a requirement in a `Podfile`, `Package.swift`, Xcode
        /// project or `Cartfile`, at the line that states it, as written (`'~> 6.0'`, `from: "8.0.0"`,
        /// `upToNextMajorVersion 8.0.0`, `~> 6.0`).
        case requirement(SourceLocation, String)
        /// Nothing names it: the API the code uses allows only some versions (`VersionEvidence`);
        /// the version is the newest of them, and the app is also checked at the oldest.
        case inferred(InferredVersions)
    }

    /// The version as the lock file (or the command line) gives it.
    package var version: LibraryVersion
    package var origin: Origin
    /// For a pin of a folder above the project read: why it is the project's, in words.
    package var scope: String?

    package init(version: LibraryVersion, origin: Origin, scope: String? = nil) {
        self.version = version
        self.origin = origin
        self.scope = scope
    }

    /// What the manifest says: the version itself, or, for a version older than the oldest one
    /// maplint models, that oldest version (the closest behaviour: no conditions, events matched
    /// when they fire, collection views registering no class without a xib).
    package var modelled: LibraryVersion {
        version >= .oldestSupported
            ? version : LibraryVersion(major: LibraryVersion.oldestSupported.major, isMajorOnly: true)
    }
}

/// A call whose API only some versions of the manager have: `registerCellClass` (DT 4),
/// `registerHostingCell` (11 and later), `editingStyle(for: Cell.self)` (5.0.0 to 6.1.1), events on
/// a mapping (8 and later).
package struct VersionClue: Sendable, Hashable {
    /// The API in words, as the code writes it (`registerCellClass(PostCell.self)`).
    package var api: String
    /// The first version that has it; nil: every version maplint read.
    package var since: LibraryVersion?
    /// The last version that has it; nil: up to the newest.
    package var until: LibraryVersion?
    package var location: SourceLocation

    package init(api: String, since: LibraryVersion? = nil, until: LibraryVersion? = nil, location: SourceLocation) {
        self.api = api
        self.since = since
        self.until = until
        self.location = location
    }

    /// `5.0.0–6.1.1`, `8.0.0 and later`, `up to 4.8.0`.
    package var versions: String {
        switch (since, until) {
        case (let since?, let until?): "\(since)–\(until)"
        case (let since?, nil): "\(since) and later"
        case (nil, let until?): "up to \(until)"
        case (nil, nil): "every version"
        }
    }
}

/// The versions the API used allows, when no lock file, requirement or option names one: from
/// `lower` to `upper`, each end set by the clues that bound it.
package struct InferredVersions: Sendable, Hashable {
    package var lower: LibraryVersion
    package var upper: LibraryVersion
    /// The calls that set the ends, in source order (one or two).
    package var clues: [VersionClue]

    package init(lower: LibraryVersion, upper: LibraryVersion, clues: [VersionClue]) {
        self.lower = lower
        self.upper = upper
        self.clues = clues
    }

    /// `5.0.0–6.1.1`.
    package var range: String { "\(lower)–\(upper)" }

    /// `inferred from the API used: editingStyle(for: PostCell.self)`.
    package var words: String { "inferred from the API used: " + clues.map(\.api).joined(separator: ", ") }
}

/// A model type of a draft (`models:`). Its fields sit in one buffer, copied when a shared one
/// is changed: a type every screen of an app uses is in every screen's draft, and each copy is
/// then a reference (a thousand drafts of a hundred models each held 15 MB of copies).
package struct DraftModel: Sendable {
    private final class Fields: @unchecked Sendable {
        var name: String
        var kind: ModelKind
        var location: SourceLocation
        var inherits: [Located<String>] = []
        var conforms: [Located<String>] = []
        var properties: [(name: String, type: String, location: SourceLocation)] = []
        var cases: [Located<String>] = []
        var rawType: Located<String>?
        var rawValues: [(name: String, value: Value, location: SourceLocation)] = []
        var isStub = false
        var shared: Int?
        var written: WrittenModel?

        init(name: String, kind: ModelKind, location: SourceLocation) {
            self.name = name
            self.kind = kind
            self.location = location
        }

        func copy() -> Fields {
            let copy = Fields(name: name, kind: kind, location: location)
            (copy.inherits, copy.conforms, copy.properties, copy.cases) = (inherits, conforms, properties, cases)
            (copy.rawType, copy.rawValues, copy.isStub, copy.shared) = (rawType, rawValues, isStub, shared)
            copy.written = written
            return copy
        }
    }

    private var fields: Fields

    /// The buffer, copied first when another value shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    package var name: String {
        get { fields.name }
        set { unique().name = newValue }
    }
    package var kind: ModelKind {
        get { fields.kind }
        set { unique().kind = newValue }
    }
    package var location: SourceLocation {
        get { fields.location }
        set { unique().location = newValue }
    }
    /// A class's superclass (the first), a protocol's parent protocols.
    package var inherits: [Located<String>] {
        get { fields.inherits }
        set { unique().inherits = newValue }
    }
    package var conforms: [Located<String>] {
        get { fields.conforms }
        set { unique().conforms = newValue }
    }
    package var properties: [(name: String, type: String, location: SourceLocation)] {
        get { fields.properties }
        set { unique().properties = newValue }
    }
    package var cases: [Located<String>] {
        get { fields.cases }
        set { unique().cases = newValue }
    }
    /// An enum's raw type as written (`String`, `Int`), and the raw values its cases are given.
    package var rawType: Located<String>? {
        get { fields.rawType }
        set { unique().rawType = newValue }
    }
    package var rawValues: [(name: String, value: Value, location: SourceLocation)] {
        get { fields.rawValues }
        set { unique().rawValues = newValue }
    }
    /// Declared outside the files read: written with no properties.
    package var isStub: Bool {
        get { fields.isStub }
        set { unique().isStub = newValue }
    }
    /// The position of this model in the draft's `sharedModels`, when it is one of them (and then
    /// the same there).
    package var shared: Int? {
        get { fields.shared }
        set { unique().shared = newValue }
    }

    /// Where a manifest writes the model's keys and names; nil for a model read from Swift.
    var written: WrittenModel? {
        get { fields.written }
        set { unique().written = newValue }
    }

    package init(name: String, kind: ModelKind, location: SourceLocation) {
        fields = Fields(name: name, kind: kind, location: location)
    }
}

/// What a manifest file says at its top level beyond what a Swift draft says: its file and
/// version, where each key and value is, the versions it names (checked as the decoder reads
/// them), and its `configuration:`.
struct WrittenManifest: Sendable {
    var file: String
    var version: Int
    /// Each top-level key written, at the key.
    var keys: [String: SourceLocation] = [:]
    /// Each top-level value written, at the value.
    var values: [String: SourceLocation] = [:]
    var libraryVersion: LibraryVersion?
    var modelStorageVersion: LibraryVersion?
    /// `configuration:` is written, not null, and read: its assignments are the draft's.
    var hasConfiguration = false
    /// Each key of `configuration:`, at the key.
    var configurationKeys: [String: SourceLocation] = [:]

    init(file: String, version: Int) {
        self.file = file
        self.version = version
    }
}

/// What a manifest's `registrations:` says of an entry beyond what Swift says: its position in
/// the list (an entry that does not read is not in the draft), where each key and value is, and
/// what a value said wrongly, told when the builder comes to it, as reading the entry stops there.
struct WrittenEntry: Sendable {
    /// The position in `registrations:`.
    var index: Int
    /// Each key written, at the key.
    var keys: [String: SourceLocation] = [:]
    /// Each value written, at the value.
    var values: [String: SourceLocation] = [:]
    /// The errors of the values that do not read as their key takes them, by key.
    var problems: [String: [Diagnostic]] = [:]
    /// The text of `kind:`, when it reads.
    var kind: String?
    /// `condition:`: where each character of its text is.
    var conditionMap: TextSourceMap?

    init(index: Int) { self.index = index }
}

/// What a manifest's `models:` says of a model beyond what Swift says: where each key is written
/// (messages about a key point at it), where each property and raw value name is, and the raw
/// values that do not read as the raw type.
struct WrittenModel: Sendable {
    /// `kind`, `inherits`, `conforms`, `properties`, `cases`, `rawType`, `rawValues`: each key written, at the key.
    var keys: [String: SourceLocation] = [:]
    /// The place of each property's name, in the order of `properties`.
    var propertyNames: [SourceLocation] = []
    /// The place of each raw value's case name, in the order of `rawValues`.
    var rawValueNames: [SourceLocation] = []
    /// For each raw value, in the order of `rawValues`: why it does not read as the raw type, or nil.
    var rawValueProblems: [String?] = []

    init() {}
}

/// What a draft registration registers.
package enum DraftElement: Sendable, Hashable {
    case cell, header, footer
    case supplementary(String)

    /// The manifest key: `cell`, `header`, `footer`, `supplementary`.
    package var key: String {
        switch self {
        case .cell: "cell"
        case .header: "header"
        case .footer: "footer"
        case .supplementary: "supplementary"
        }
    }

    /// The view type on `host`.
    package func viewType(on host: Host) -> ViewType {
        switch self {
        case .cell: .cell
        case .header: .header(for: host)
        case .footer: .footer(for: host)
        case .supplementary(let kind): .supplementary(kind: kind)
        }
    }
}

/// The condition of a draft registration.
package enum DraftCondition: Sendable {
    case section(Int, SourceLocation)
    /// Condition-language text, translated from a closure (whose Swift text is kept too).
    case expression(String, swift: String, SourceLocation)
    /// Swift text that could not be translated.
    case opaque(String, SourceLocation)

    package var location: SourceLocation {
        switch self {
        case .section(_, let location), .expression(_, _, let location), .opaque(_, let location): location
        }
    }
}

/// A registration call of a draft.
///
/// Every registration of an app is held until its lint ends, and most set few of the optional
/// fields: each of those is kept in a box of its own, allocated when it is set, so a
/// registration takes about half the memory it would with them all in line.
package struct DraftRegistration: Sendable {
    package var element: DraftElement
    package var view: String
    package var model: String
    package var location: SourceLocation
    package var modelLocation: SourceLocation
    package var condition: DraftCondition? {
        get { conditionBox?.value }
        set { conditionBox = Boxed(newValue) }
    }
    /// nil: the default (the class name); `.some(nil)`: code only.
    package var xib: (name: String?, location: SourceLocation)? {
        get { xibBox?.value }
        set { xibBox = Boxed(newValue) }
    }
    package var reuseIdentifier: Located<String>? {
        get { reuseIdentifierBox?.value }
        set { reuseIdentifierBox = Boxed(newValue) }
    }
    /// What the view class's overridden `reuseIdentifier` property returns, at the override.
    package var viewReuseIdentifier: Located<String>? {
        get { viewReuseIdentifierBox?.value }
        set { viewReuseIdentifierBox = Boxed(newValue) }
    }
    package var storyboard: Located<Bool>? {
        get { storyboardBox?.value }
        set { storyboardBox = Boxed(newValue) }
    }
    private var conditionBox: Boxed<DraftCondition>?
    private var xibBox: Boxed<(name: String?, location: SourceLocation)>?
    private var reuseIdentifierBox: Boxed<Located<String>>?
    private var viewReuseIdentifierBox: Boxed<Located<String>>?
    private var storyboardBox: Boxed<Located<Bool>>?
    /// DT 6 and 7's `registerNibNamed(_:for:)` of a cell: registered without the dequeue probe.
    package var registerNibNamed = false
    package var modelTransfer = true
    package var headerFooterView: Bool?
    package var events: [Located<String>] = []

    package init(
        element: DraftElement, view: String, model: String, location: SourceLocation, modelLocation: SourceLocation
    ) {
        self.element = element
        self.view = view
        self.model = model
        self.location = location
        self.modelLocation = modelLocation
    }
}

/// One `manager.configuration.<key> = <value>` assignment (a table's `TableViewConfiguration`).
package struct DraftConfiguration: Sendable {
    /// The keys a manifest's `configuration:` has, in the order they are written.
    package static let keys = ManifestDecoder.configurationKeys

    package var key: String
    /// As written in the manifest: `title`, `view`, `true`, `false`.
    package var value: String
    package var location: SourceLocation

    package init(key: String, value: String, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }

    /// What is in effect after `assignments`, in code order: the last value of each key. A header
    /// (footer) registration after a style assignment sets the style to `.view` again
    /// (DTTableViewManager+Registration.swift, registerHeader, 6.6.0 … 11.0.1), which a manifest
    /// says by leaving the key out.
    package static func effective(_ entries: [DraftEntry]) -> [DraftConfiguration] {
        var values: [String: DraftConfiguration] = [:]
        for entry in entries {
            switch entry {
            case .configuration(let assignment): values[assignment.key] = assignment
            case .registration(let registration) where registration.element == .header:
                values["sectionHeaderStyle"] = nil
            case .registration(let registration) where registration.element == .footer:
                values["sectionFooterStyle"] = nil
            default: break
            }
        }
        return keys.compactMap { values[$0] }
    }
}

/// One call of a draft, in call order.
package enum DraftEntry: Sendable {
    case registration(DraftRegistration)
    /// `manager.configuration.<key> = <value>`: folded into `ManifestDraft.configuration`.
    case configuration(DraftConfiguration)
    case unregister(element: DraftElement, view: String, location: SourceLocation)
    /// A manager-level event: for a view, or keyed by a model type.
    case event(name: String, view: String?, model: String?, element: DraftElement, location: SourceLocation)
}

/// A value that does not change, kept out of line: a field that is mostly absent costs a
/// pointer where it would cost its whole size.
private final class Boxed<Value: Sendable>: Sendable {
    let value: Value

    /// A box for `value`, or nil when there is none.
    init?(_ value: Value?) {
        guard let value else { return nil }
        self.value = value
    }
}
