/// A manifest as extraction reads it from Swift code, before it is checked: names are plain
/// text, conditions are not compiled yet, and every part keeps the Swift place it came from.
/// `ManifestBuilder` checks a draft and turns it into a `Manifest`, as `ManifestDecoder` does for
/// a manifest file; `maplint extract` writes a draft as manifest YAML.
public struct ManifestDraft: Sendable {
    /// The type (or `Type.function`) that owns the manager; names the file.
    public var name: String
    public var host: Host
    public var deploymentTarget: String?
    /// The DT version, from `--library-version` or the app's lock files.
    public var libraryVersion: DetectedLibraryVersion?
    /// The DTModelStorage version, from the app's lock files.
    public var modelStorageVersion: DetectedLibraryVersion?
    /// Where the owning type or function is declared.
    public var location: SourceLocation
    public var models: [DraftModel] = []
    public var entries: [DraftEntry] = []
    /// `configuration:`: the `manager.configuration` values in effect after the code ran, in the
    /// order of `DraftConfiguration.keys`.
    public var configuration: [DraftConfiguration] = []
    /// `layout:`: the layout the code gives the managed collection view, where it is given.
    public var layout: Located<CollectionLayout>?
    /// Swift that was skipped or kept opaque (`unsupported-swift`).
    public var notes: [ExtractionNote] = []
    /// `insertItems(_:to:)` calls with array literals of different lengths (`batch-insertion-count-mismatch`).
    public var batchInsertions: [ExtractionNote] = []

    public init(name: String, host: Host, deploymentTarget: String? = nil, location: SourceLocation) {
        self.name = name
        self.host = host
        self.deploymentTarget = deploymentTarget
        self.location = location
    }

    /// `Name.maplint.yml`, with the name made safe for a file name (see `ManifestFileName`).
    public var fileName: String { ManifestFileName.make(name) }
}

/// The DTTableViewManager or DTCollectionViewManager version a draft records, and where it was read.
public struct DetectedLibraryVersion: Sendable, Hashable {
    public enum Origin: Sendable, Hashable {
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
    }

    /// The version as the lock file (or the command line) gives it.
    public var version: LibraryVersion
    public var origin: Origin

    public init(version: LibraryVersion, origin: Origin) {
        self.version = version
        self.origin = origin
    }

    /// What the manifest says: the version itself, or, for a version older than the oldest one
    /// maplint models, that oldest version (the closest behaviour: no conditions, events matched
    /// when they fire, collection views registering no class without a xib).
    public var modelled: LibraryVersion {
        version >= .oldestSupported
            ? version : LibraryVersion(major: LibraryVersion.oldestSupported.major, isMajorOnly: true)
    }
}

/// A model type of a draft (`models:`).
public struct DraftModel: Sendable {
    public var name: String
    public var kind: ModelKind
    public var location: SourceLocation
    /// A class's superclass (the first), a protocol's parent protocols.
    public var inherits: [Located<String>] = []
    public var conforms: [Located<String>] = []
    public var properties: [(name: String, type: String, location: SourceLocation)] = []
    public var cases: [Located<String>] = []
    /// An enum's raw type as written (`String`, `Int`), and the raw values its cases are given.
    public var rawType: Located<String>?
    public var rawValues: [(name: String, value: Value, location: SourceLocation)] = []
    /// Declared outside the files read: written with no properties.
    public var isStub = false

    public init(name: String, kind: ModelKind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }
}

/// What a draft registration registers.
public enum DraftElement: Sendable, Hashable {
    case cell, header, footer
    case supplementary(String)

    /// The manifest key: `cell`, `header`, `footer`, `supplementary`.
    public var key: String {
        switch self {
        case .cell: "cell"
        case .header: "header"
        case .footer: "footer"
        case .supplementary: "supplementary"
        }
    }

    /// The view type on `host`.
    public func viewType(on host: Host) -> ViewType {
        switch self {
        case .cell: .cell
        case .header: .header(for: host)
        case .footer: .footer(for: host)
        case .supplementary(let kind): .supplementary(kind: kind)
        }
    }
}

/// The condition of a draft registration.
public enum DraftCondition: Sendable {
    case section(Int, SourceLocation)
    /// Condition-language text, translated from a closure (whose Swift text is kept too).
    case expression(String, swift: String, SourceLocation)
    /// Swift text that could not be translated.
    case opaque(String, SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .section(_, let location), .expression(_, _, let location), .opaque(_, let location): location
        }
    }
}

/// A registration call of a draft.
public struct DraftRegistration: Sendable {
    public var element: DraftElement
    public var view: String
    public var model: String
    public var location: SourceLocation
    public var modelLocation: SourceLocation
    public var condition: DraftCondition?
    /// nil: the default (the class name); `.some(nil)`: code only.
    public var xib: (name: String?, location: SourceLocation)?
    public var reuseIdentifier: Located<String>?
    /// What the view class's overridden `reuseIdentifier` property returns, at the override.
    public var viewReuseIdentifier: Located<String>?
    public var storyboard: Located<Bool>?
    /// DT 6 and 7's `registerNibNamed(_:for:)` of a cell: registered without the dequeue probe.
    public var registerNibNamed = false
    public var modelTransfer = true
    public var headerFooterView: Bool?
    public var events: [Located<String>] = []

    public init(
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
public struct DraftConfiguration: Sendable {
    /// The keys a manifest's `configuration:` has, in the order they are written.
    public static let keys = ManifestDecoder.configurationKeys

    public var key: String
    /// As written in the manifest: `title`, `view`, `true`, `false`.
    public var value: String
    public var location: SourceLocation

    public init(key: String, value: String, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }

    /// What is in effect after `assignments`, in code order: the last value of each key. A header
    /// (footer) registration after a style assignment sets the style to `.view` again
    /// (DTTableViewManager+Registration.swift, registerHeader, 6.6.0 … 11.0.1), which a manifest
    /// says by leaving the key out.
    public static func effective(_ entries: [DraftEntry]) -> [DraftConfiguration] {
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
public enum DraftEntry: Sendable {
    case registration(DraftRegistration)
    /// `manager.configuration.<key> = <value>`: folded into `ManifestDraft.configuration`.
    case configuration(DraftConfiguration)
    case unregister(element: DraftElement, view: String, location: SourceLocation)
    /// A manager-level event: for a view, or keyed by a model type.
    case event(name: String, view: String?, model: String?, element: DraftElement, location: SourceLocation)
}
