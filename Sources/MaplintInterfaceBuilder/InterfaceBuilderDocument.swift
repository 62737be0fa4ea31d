import MaplintFindings

/// An object of an Interface Builder file: a top-level object of a xib, or a prototype or
/// reusable view of a storyboard.
package struct InterfaceBuilderObject: Sendable, Hashable {
    /// The XML element name: `tableViewCell`, `collectionViewCell`, `collectionReusableView`,
    /// `tableViewHeaderFooterView`, `view`, …
    package var element: String
    /// `customClass`, or nil for the UIKit class of the element.
    package var customClass: String?
    /// `reuseIdentifier`, or nil when none is set.
    package var reuseIdentifier: String?
    /// The `key` attribute (`sectionHeaderView` / `sectionFooterView` for storyboard reusable views).
    package var key: String?
    /// Where the element's start tag begins.
    package var location: SourceLocation

    package init(
        element: String, customClass: String?, reuseIdentifier: String?, key: String? = nil, location: SourceLocation
    ) {
        self.element = element
        self.customClass = customClass
        self.reuseIdentifier = reuseIdentifier
        self.key = key
        self.location = location
    }

    /// The class the object is created as: its custom class, else the UIKit class of the element.
    package var className: String {
        customClass ?? Self.uiKitClass(of: element)
    }

    /// Whether the object is a view (as opposed to a gesture recognizer, a custom object, …).
    var isView: Bool {
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
package struct StoryboardPrototype: Sendable, Hashable {
    package var object: InterfaceBuilderObject
    /// The `sceneID` of the enclosing `<scene>`, or nil outside any scene.
    package var sceneID: String?
    /// The class of the scene's view controller (its custom class, else the UIKit class).
    package var viewController: String?

    package init(object: InterfaceBuilderObject, sceneID: String?, viewController: String?) {
        self.object = object
        self.sceneID = sceneID
        self.viewController = viewController
    }
}

/// What maplint reads from one `.xib` or `.storyboard` file.
package struct InterfaceBuilderDocument: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case xib, storyboard
    }

    package var path: String
    package var kind: Kind
    /// The children of the document's `<objects>` other than placeholders, in file order.
    package var topLevelObjects: [InterfaceBuilderObject]
    /// Cell prototypes (in `<prototypes>` / `<cells>`) and reusable views, in file order.
    package var prototypes: [StoryboardPrototype]
    /// Where the document's `<objects>` begins (the start of the file when it has none).
    package var objectsLocation: SourceLocation
    /// The view controller class of each scene of a storyboard (its custom class, else the UIKit
    /// class), in file order.
    package var sceneViewControllers: [String]

    package init(
        path: String, kind: Kind, topLevelObjects: [InterfaceBuilderObject] = [],
        prototypes: [StoryboardPrototype] = [],
        objectsLocation: SourceLocation? = nil, sceneViewControllers: [String] = []
    ) {
        self.sceneViewControllers = sceneViewControllers
        self.path = path
        self.kind = kind
        self.objectsLocation = objectsLocation ?? SourceLocation(file: path, line: 1, column: 1)
        self.topLevelObjects = topLevelObjects
        self.prototypes = prototypes
    }

    /// The file name without folder and extension: the name a registration loads it by.
    package var name: String {
        Self.name(ofPath: path)
    }

    /// The first top-level view, the one the library instantiates from a xib.
    package var firstTopLevelView: InterfaceBuilderObject? {
        topLevelObjects.first(where: \.isView)
    }

    static func name(ofPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}

/// An Interface Builder file that could not be read or is not well-formed XML.
package struct InterfaceBuilderFailure: Error, Sendable, Hashable {
    package var path: String
    package var kind: InterfaceBuilderDocument.Kind
    /// Where reading stopped.
    package var location: SourceLocation
    package var message: String
    package var cause: Cause

    /// Why the file could not be read: what a user does about it differs.
    package enum Cause: Sendable, Hashable {
        /// Not well-formed XML, or not an Interface Builder document: Xcode cannot compile it either.
        case malformed
        /// The file could not be read at all (permissions, size, not a regular file).
        case unreadable
        /// Well-formed as far as can be told, but over a size limit of libxml2, the XML parser
        /// maplint uses; Xcode may read it.
        case parserLimit
    }

    package init(
        path: String, kind: InterfaceBuilderDocument.Kind, location: SourceLocation, message: String,
        cause: Cause = .malformed
    ) {
        self.path = path
        self.kind = kind
        self.location = location
        self.message = message
        self.cause = cause
    }

    package var name: String {
        InterfaceBuilderDocument.name(ofPath: path)
    }
}
