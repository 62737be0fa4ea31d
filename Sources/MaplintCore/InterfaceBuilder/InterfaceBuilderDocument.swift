/// An object of an Interface Builder file: a top-level object of a xib, or a prototype or
/// reusable view of a storyboard.
public struct InterfaceBuilderObject: Sendable, Hashable {
    /// The XML element name: `tableViewCell`, `collectionViewCell`, `collectionReusableView`,
    /// `tableViewHeaderFooterView`, `view`, …
    public var element: String
    /// `customClass`, or nil for the UIKit class of the element.
    public var customClass: String?
    /// `reuseIdentifier`, or nil when none is set.
    public var reuseIdentifier: String?
    /// The `key` attribute (`sectionHeaderView` / `sectionFooterView` for storyboard reusable views).
    public var key: String?
    /// Where the element's start tag begins.
    public var location: SourceLocation

    public init(
        element: String, customClass: String?, reuseIdentifier: String?, key: String? = nil, location: SourceLocation
    ) {
        self.element = element
        self.customClass = customClass
        self.reuseIdentifier = reuseIdentifier
        self.key = key
        self.location = location
    }

    /// The class the object is created as: its custom class, else the UIKit class of the element.
    public var className: String {
        customClass ?? Self.uiKitClass(of: element)
    }

    /// Whether the object is a view (as opposed to a gesture recognizer, a custom object, …).
    public var isView: Bool {
        !(element == "customObject" || element == "placeholder" || element.hasSuffix("GestureRecognizer")
            || element.hasSuffix("Controller") || element.hasSuffix("Item"))
    }

    /// `tableViewCell` → `UITableViewCell`.
    static func uiKitClass(of element: String) -> String {
        guard let first = element.first else { return "UIView" }
        return "UI" + first.uppercased() + element.dropFirst()
    }
}

/// A cell prototype or reusable view of a storyboard, with the scene it belongs to.
public struct StoryboardPrototype: Sendable, Hashable {
    public var object: InterfaceBuilderObject
    /// The `sceneID` of the enclosing `<scene>`, or nil outside any scene.
    public var sceneID: String?
    /// The class of the scene's view controller (its custom class, else the UIKit class).
    public var viewController: String?

    public init(object: InterfaceBuilderObject, sceneID: String?, viewController: String?) {
        self.object = object
        self.sceneID = sceneID
        self.viewController = viewController
    }
}

/// What maplint reads from one `.xib` or `.storyboard` file.
public struct InterfaceBuilderDocument: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case xib, storyboard
    }

    public var path: String
    public var kind: Kind
    /// The children of the document's `<objects>` other than placeholders, in file order.
    public var topLevelObjects: [InterfaceBuilderObject]
    /// Cell prototypes (in `<prototypes>` / `<cells>`) and reusable views, in file order.
    public var prototypes: [StoryboardPrototype]
    /// Where the document's `<objects>` begins (the start of the file when it has none).
    public var objectsLocation: SourceLocation

    public init(
        path: String, kind: Kind, topLevelObjects: [InterfaceBuilderObject] = [],
        prototypes: [StoryboardPrototype] = [],
        objectsLocation: SourceLocation? = nil
    ) {
        self.path = path
        self.kind = kind
        self.objectsLocation = objectsLocation ?? SourceLocation(file: path, line: 1, column: 1)
        self.topLevelObjects = topLevelObjects
        self.prototypes = prototypes
    }

    /// The file name without folder and extension: the name a registration loads it by.
    public var name: String {
        Self.name(ofPath: path)
    }

    /// The first top-level view, the one the library instantiates from a xib.
    public var firstTopLevelView: InterfaceBuilderObject? {
        topLevelObjects.first(where: \.isView)
    }

    static func name(ofPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}

/// An Interface Builder file that could not be read or is not well-formed XML.
public struct InterfaceBuilderFailure: Error, Sendable, Hashable {
    public var path: String
    public var kind: InterfaceBuilderDocument.Kind
    /// Where reading stopped.
    public var location: SourceLocation
    public var message: String
    public var cause: Cause

    /// Why the file could not be read: what a user does about it differs.
    public enum Cause: Sendable, Hashable {
        /// Not well-formed XML, or not an Interface Builder document: Xcode cannot compile it either.
        case malformed
        /// The file could not be read at all (permissions, size, not a regular file).
        case unreadable
        /// Well-formed as far as can be told, but over a size limit of libxml2, the XML parser
        /// maplint uses; Xcode may read it.
        case parserLimit
    }

    public init(
        path: String, kind: InterfaceBuilderDocument.Kind, location: SourceLocation, message: String,
        cause: Cause = .malformed
    ) {
        self.path = path
        self.kind = kind
        self.location = location
        self.message = message
        self.cause = cause
    }

    public var name: String {
        InterfaceBuilderDocument.name(ofPath: path)
    }
}
