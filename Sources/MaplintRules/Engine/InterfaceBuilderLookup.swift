import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest

/// What the Interface Builder rules share: which file a registration really loads, and
/// which storyboard prototypes belong to it.
enum InterfaceBuilderLookup {
    /// Where the xibs and storyboards were looked for: the folders read ("App, Shared"), or
    /// "--resources" when the run named none.
    static func folders(_ resources: InterfaceBuilderResources) -> String {
        resources.folders.isEmpty ? "--resources" : resources.folders.joined(separator: ", ")
    }

    /// Where a finding about a registration's xib goes: its `xib:` value, else its view class.
    static func xibPosition(_ registration: Registration) -> SourceLocation {
        registration.xibLocation ?? registration.viewClass.location
    }

    /// The name of the xib the manager loads for a registration: its xib name when that file
    /// exists (readable or not), or the class name where the library ignores the xib name
    /// (`LibraryBehaviour.ignoresXibName`); nil for storyboard prototypes and views made in code.
    static func loadedXib(
        _ registration: Registration, in resources: InterfaceBuilderResources, behaviour: LibraryBehaviour
    ) -> String? {
        let name = behaviour.ignoresXibName(of: registration) ? registration.viewClass.value : registration.xibName
        guard !registration.storyboard, let name, resources.containsXib(named: name) else {
            return nil
        }
        return name
    }

    /// The parsed xib a registration loads, if it loads one and it could be read.
    static func xib(
        for registration: Registration, in resources: InterfaceBuilderResources, behaviour: LibraryBehaviour
    ) -> InterfaceBuilderDocument? {
        loadedXib(registration, in: resources, behaviour: behaviour).flatMap { resources.xibs[$0] }
    }

    /// Whether an Interface Builder object is of the registered view class (a module prefix
    /// on the registered name is ignored, as IB keeps the module apart).
    /// Whether two registered class names name the same class (a module prefix on one side is ignored).
    static func sameClass(_ a: String, _ b: String) -> Bool {
        (a.split(separator: ".").last ?? Substring(a)) == (b.split(separator: ".").last ?? Substring(b))
    }

    static func isOfClass(_ object: InterfaceBuilderObject, _ viewClass: String) -> Bool {
        let registered = viewClass.split(separator: ".").last.map(String.init) ?? viewClass
        return object.className == registered
    }

    /// "a tableViewCell of class VideoPostCell", "a tableViewCell with no custom class (a plain UITableViewCell)".
    static func describe(_ object: InterfaceBuilderObject) -> String {
        if let custom = object.customClass {
            return "\(Wording.article(object.element)) \(object.element) of class \(custom)"
        }
        return "\(Wording.article(object.element)) \(object.element) with no custom class (a plain \(object.className))"
    }

    /// Whether a storyboard prototype can serve a registration's view type on this host.
    static func canServe(_ prototype: StoryboardPrototype, _ registration: Registration, host: Host) -> Bool {
        let object = prototype.object
        switch (registration.viewType, host) {
        case (.cell, .tableView): return object.element == "tableViewCell"
        case (.cell, .collectionView): return object.element == "collectionViewCell"
        case (.supplementary, .tableView): return false
        case (.supplementary(let kind), .collectionView):
            guard object.element == "collectionReusableView" else { return false }
            if kind == ViewType.collectionHeaderKind { return object.key == "sectionHeaderView" }
            if kind == ViewType.collectionFooterKind { return object.key == "sectionFooterView" }
            // A storyboard's reusable views are the flow layout's section headers and footers, registered for
            // those two kinds only: UIKit keys supplementary views by kind and identifier, so none answers a
            // view of another kind (DTCollectionViewManager dequeues it by its kind, CollectionViewFactory.swift,
            // `supplementaryViewOfKind(_:forModel:atIndexPath:)`, 6.6.0, 8.2.0, 10.0.0).
            return false
        }
    }

    /// The prototype a `storyboard: true` registration is dequeued from: same identifier, same class.
    static func prototype(
        for registration: Registration, host: Host, in resources: InterfaceBuilderResources
    ) -> StoryboardPrototype? {
        resources.prototypes.first { prototype in
            canServe(prototype, registration, host: host)
                && prototype.object.reuseIdentifier == registration.reuseIdentifier.value
                && isOfClass(prototype.object, registration.viewClass.value)
        }
    }

    /// "Main.storyboard, scene FeedViewController (scn-00-001)".
    static func place(_ prototype: StoryboardPrototype) -> String {
        let file =
            prototype.object.location.file.split(separator: "/").last.map(String.init) ?? prototype.object.location.file
        var scene = prototype.viewController ?? "a scene"
        if let id = prototype.sceneID { scene += " (scene \(id))" }
        return "\(file), \(scene)"
    }

    /// "PostCell.xib" as the file is named, for messages.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A minimal xib around `objects`, for the rules' examples.
    static func xib(_ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                \(objects)
            </objects>
        </document>
        """
    }

    /// A minimal storyboard with one table view scene holding `prototypes`, for the rules' examples.
    static func tableStoryboard(_ prototypes: String) -> String {
        storyboard(
            controller: #"tableViewController id="tvc-fd-001" customClass="FeedViewController""#,
            view: #"tableView key="view" id="tbl-fd-001""#, container: "prototypes", scene: "scn-fd-001",
            content: prototypes)
    }

    /// A minimal storyboard with one collection view scene holding `cells`, for the rules' examples.
    static func collectionStoryboard(_ cells: String) -> String {
        storyboard(
            controller: #"collectionViewController id="cvc-gl-001" customClass="GalleryViewController""#,
            view: #"collectionView key="view" id="col-gl-001""#, container: "cells", scene: "scn-gl-001",
            content: cells)
    }

    /// One scene: a view controller element, its view element, and the element holding `content`.
    private static func storyboard(
        controller: String, view: String, container: String, scene: String, content: String
    ) -> String {
        let controllerName = String(controller.prefix { $0 != " " })
        let viewName = String(view.prefix { $0 != " " })
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="\(scene)">
                        <objects>
                            <\(controller) sceneMemberID="viewController">
                                <\(view)>
                                    <\(container)>
                                        \(content)
                                    </\(container)>
                                </\(viewName)>
                            </\(controllerName)>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
    }
}
