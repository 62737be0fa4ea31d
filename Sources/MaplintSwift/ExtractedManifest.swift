import MaplintCore

/// A manifest read from Swift code: what `maplint extract` writes, every part with the Swift
/// place it came from.
public struct ExtractedManifest: Sendable {
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
    public var models: [ExtractedModel] = []
    public var entries: [ExtractedEntry] = []
    /// `configuration:`: the `manager.configuration` values in effect after the code ran, in the
    /// order of `ExtractedConfiguration.keys`.
    public var configuration: [ExtractedConfiguration] = []
    /// `layout:`: the layout the code gives the managed collection view, where it is given.
    public var layout: Located<CollectionLayout>?
    /// Swift that was skipped or kept opaque (`unsupported-swift`).
    public var notes: [ExtractionNote] = []
    /// `insertItems(_:to:)` calls with array literals of different lengths (`batch-insertion-count-mismatch`).
    public var batchInsertions: [ExtractionNote] = []

    /// `Name.maplint.yml`, with the name made safe for a file name (see `ManifestFileName`).
    public var fileName: String { ManifestFileName.make(name) }
}

public struct ExtractedModel: Sendable {
    public var name: String
    public var kind: ModelKind
    public var location: SourceLocation
    public var inherits: [Located<String>] = []
    public var conforms: [Located<String>] = []
    public var properties: [(name: String, type: String, location: SourceLocation)] = []
    public var cases: [Located<String>] = []
    /// Declared outside the files read: written with no properties.
    public var isStub = false
}

public enum ExtractedElement: Sendable, Hashable {
    case cell, header, footer
    case supplementary(String)

    var key: String {
        switch self {
        case .cell: "cell"
        case .header: "header"
        case .footer: "footer"
        case .supplementary: "supplementary"
        }
    }
}

public enum ExtractedCondition: Sendable {
    case section(Int, SourceLocation)
    /// Condition-language text, translated from a closure (whose Swift text is kept too).
    case expression(String, swift: String, SourceLocation)
    /// Swift text that could not be translated.
    case opaque(String, SourceLocation)

    var location: SourceLocation {
        switch self {
        case .section(_, let location), .expression(_, _, let location), .opaque(_, let location): location
        }
    }
}

public struct ExtractedRegistration: Sendable {
    public var element: ExtractedElement
    public var view: String
    public var model: String
    public var location: SourceLocation
    public var modelLocation: SourceLocation
    public var condition: ExtractedCondition?
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
}

/// One `manager.configuration.<key> = <value>` assignment (a table's `TableViewConfiguration`).
public struct ExtractedConfiguration: Sendable {
    /// The keys a manifest's `configuration:` has, in the order they are written.
    public static let keys = [
        "sectionHeaderStyle", "sectionFooterStyle", "displayHeaderOnEmptySection", "displayFooterOnEmptySection",
        "semanticHeaderHeight", "semanticFooterHeight",
    ]

    public var key: String
    /// As written in the manifest: `title`, `view`, `true`, `false`.
    public var value: String
    public var location: SourceLocation

    /// What is in effect after `assignments`, in code order: the last value of each key. A header
    /// (footer) registration after a style assignment sets the style to `.view` again
    /// (DTTableViewManager+Registration.swift, registerHeader, 6.6.0 … 11.0.1), which a manifest
    /// says by leaving the key out.
    static func effective(_ entries: [ExtractedEntry]) -> [ExtractedConfiguration] {
        var values: [String: ExtractedConfiguration] = [:]
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

public enum ExtractedEntry: Sendable {
    case registration(ExtractedRegistration)
    /// `manager.configuration.<key> = <value>`: folded into `ExtractedManifest.configuration`.
    case configuration(ExtractedConfiguration)
    case unregister(element: ExtractedElement, view: String, location: SourceLocation)
    /// A manager-level event: for a view, or keyed by a model type.
    case event(name: String, view: String?, model: String?, element: ExtractedElement, location: SourceLocation)
}
