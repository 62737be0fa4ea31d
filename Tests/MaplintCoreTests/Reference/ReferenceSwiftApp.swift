/// A generated screen (`ReferenceScreenGenerator`) written as the small Swift app a team would have: the model
/// types, the view classes with their `ModelTransfer` conformances, a view controller whose `viewDidLoad` makes the
/// registrations, unregisters and events in the screen's order with the spellings of the screen's DT major and host,
/// the xibs its registrations load and the storyboard of its prototypes, the library pinned the way apps pin it (a
/// `Podfile.lock`, `Package.resolved` or `Cartfile.resolved`, or for a bare major a `Podfile` or `Package.swift`
/// requirement), and the deployment target in `Package.swift`. `RoundTripTests` lints the folder as an app and the
/// screen's manifest, and compares the findings.
///
/// Spellings, read from the public methods of each tag (DTTableViewManager 6.6.0, 7.2.0, 8.0.1, 10.0.0, 11.0.1;
/// DTCollectionViewManager 6.6.0, 7.2.0, 8.2.0, 10.0.0, 11.0.0; DTModelStorage 7.4.1, 9.1.2, 11.0.0):
/// - a cell: `register(Cell.self)`, a collection's code-only cell before 8 `registerNibless(Cell.self)`, a named
///   xib before 8 also `registerNibNamed("Name", for: Cell.self)`; from 8 a code-only view is `mapping.xibName = nil`;
/// - headers and footers: `registerHeader` / `registerFooter`, a named xib `registerNibNamed("Name", forHeader:)` where
///   `register` ignores `xibName` (tables before 8, collections 6), a collection's code-only one before 8
///   `registerNiblessHeader` (no mapping block); a collection's "badge" kind `registerSupplementary(_:forKind:)` before
///   8 (a named xib at 6 `registerNibNamed(_:forSupplementary:ofKind:)`), `ofKind:` from 8;
/// - the mapping closure trailing, `{ $0.… }` for one setting, or passed as `mapping:` (collections before 8:
///   `mappingBlock:`);
/// - conditions: `.section(n)` or `MappingCondition.section(n)`, `.custom { indexPath, model in … }` for index path
///   tests, and for model tests the mapping's `modelCondition { … }` from 8 (MS ViewModelMapping.swift 9.0.0) and
///   the cell's static `Cell.modelCondition { … }` at every major (MS ModelTransfer.swift 7.4.1, 11.0.0);
/// - events on the mapping from 8 (`mapping.didSelect { … }`), manager-level `didSelect(Cell.self)` and
///   `heightForCell(withItem:)` / `sizeForCell(withItem:)`, also of `Post?.self`.
enum ReferenceSwiftApp {
    /// The screen as Swift can say it, for both roads:
    /// - one model type per view class (Swift's `ModelTransfer` gives a class one `ModelType`, inherited by its
    ///   subclasses, so `VideoPostCell` has `PostCell`'s): each class family takes the model of its first
    ///   registration, and a condition the new model has no property for is dropped; a generic cell
    ///   (`ValueCell<Int>`, declared `ValueCell<T>` with `update(with model: T)`) has its argument as model;
    /// - a storyboard prototype (in `Screen.storyboard`) from 8 says so in code (`cellRegisteredByStoryboard`);
    ///   before 8 nothing does, and on tables every registration of the prototype's identifier and class is it;
    ///   collection views before 8 have none.
    static func renderable(_ screen: ReferenceScreen, seed: UInt64) -> ReferenceScreen {
        var result = screen
        // Drawn apart from the screen's and the spellings' draws: a tvOS app now and then, and from 8 an event
        // the manager declares for iOS only on some cell mappings (`unknown-event` on tvOS).
        var platform = ReferenceScreenGenerator.Random(state: seed ^ 0x7E1E_C0DE_0F75_0001)
        result.tvOS = screen.iOS != nil && platform.chance(30)
        let iOSOnlyEvent = screen.host == .tableView ? "trailingSwipeActionsConfiguration" : "contextMenuConfiguration"
        var modelOf: [String: String] = [:]
        func family(_ view: String) -> String { view == "VideoPostCell" ? "PostCell" : view }
        for case .register(let mapping) in screen.entries where modelOf[family(mapping.viewClass)] == nil {
            modelOf[family(mapping.viewClass)] = mapping.model
        }
        // The classes with a prototype in `Screen.storyboard`, each under its own name.
        var prototypes: Set<String> = []
        for case .register(let mapping) in screen.entries where mapping.storyboard {
            prototypes.insert(mapping.viewClass)
        }
        result.entries = screen.entries.map { entry in
            guard case .register(var mapping) = entry else { return entry }
            mapping.model = genericArgument(mapping.viewClass) ?? modelOf[family(mapping.viewClass)]!
            switch mapping.condition {
            case .likesAbove where !["Post", "VideoPost", "Post?"].contains(mapping.model),
                .idAbove where !["FeedItem", "Post", "VideoPost", "Ad"].contains(mapping.model):
                mapping.condition = .none
            default: break
            }
            // A table registration whose identifier has a prototype of its class in the screen's scene is that
            // prototype, flagged or not: `registerCellClass` dequeues the identifier first (TableViewFactory.swift,
            // 6.6.0 … 11.0.1), and the app run reads it so (`ManifestDraft.probingPrototypes`). Before 8 no flag
            // says it in code.
            if screen.host == .tableView, mapping.element == .cell, prototypes.contains(mapping.viewClass),
                mapping.reuseIdentifier == mapping.viewClass
            {
                mapping.storyboard = true
            }
            if screen.major >= 8, mapping.element == .cell, platform.chance(20) { mapping.events.append(iOSOnlyEvent) }
            // A collection view before 8 has no flag and no probe: its code registration of a class without a xib
            // leans on a prototype of the identifier, which the manifest says with `storyboard: true`; not generated.
            if screen.host == .collectionView, screen.major < 8 { mapping.storyboard = false }
            return .register(mapping)
        }
        return result
    }

    /// `Int` of `ValueCell<Int>`, nil for a class that is not generic.
    static func genericArgument(_ viewClass: String) -> String? {
        guard let open = viewClass.firstIndex(of: "<"), viewClass.hasSuffix(">") else { return nil }
        return String(viewClass[viewClass.index(after: open)..<viewClass.index(before: viewClass.endIndex)])
    }

    /// How the app spells what Swift and DT let it spell more than one way, drawn from the screen's seed apart from
    /// the screen's own draws (so the generator's screens and manifests stay as they are). Every spelling says the
    /// same registrations, so the manifest is the same.
    struct Spelling {
        var random: ReferenceScreenGenerator.Random

        init(seed: UInt64) { random = ReferenceScreenGenerator.Random(state: seed ^ 0x5A5A_F00D_0BAD_CAFE) }

        /// How the version is pinned: a lock file of CocoaPods, SwiftPM or Carthage, or for a bare major the
        /// requirement of a `Podfile` or of `Package.swift`.
        enum Pin { case podfileLock, packageResolved, cartfileResolved, podfile, packageRequirement }
    }

    static func library(_ screen: ReferenceScreen) -> String {
        screen.host == .tableView ? "DTTableViewManager" : "DTCollectionViewManager"
    }

    /// The app's files, path → text.
    static func files(_ screen: ReferenceScreen, seed: UInt64) -> [String: String] {
        var spelling = Spelling(seed: seed)
        let pin: Spelling.Pin =
            screen.version.contains(".")
            ? spelling.random.pick([.podfileLock, .packageResolved, .cartfileResolved])
            : spelling.random.pick([.podfile, .packageRequirement])
        var files = [
            "Package.swift": package(screen, pin: pin),
            "Sources/Screen/Models.swift": models,
            "Sources/Screen/Views.swift": views(screen),
            "Sources/Screen/ScreenViewController.swift": controller(screen, spelling: &spelling),
        ]
        files.merge(interfaceBuilderFiles(screen)) { $1 }
        let library = library(screen)
        switch pin {
        case .podfileLock:
            files["Podfile.lock"] = """
                PODS:
                  - DTModelStorage (\(modelStorage[screen.major]!))
                  - \(library) (\(screen.version)):
                    - DTModelStorage (~> \(modelStorage[screen.major]!))

                DEPENDENCIES:
                  - \(library) (= \(screen.version))

                COCOAPODS: 1.15.2

                """
        case .packageResolved:
            files["Package.resolved"] = """
                {
                  "pins" : [
                    {
                      "identity" : "\(library.lowercased())",
                      "kind" : "remoteSourceControl",
                      "location" : "https://github.com/DenTelezhkin/\(library).git",
                      "state" : {
                        "revision" : "0123456789abcdef0123456789abcdef01234567",
                        "version" : "\(screen.version)"
                      }
                    }
                  ],
                  "version" : 2
                }

                """
        case .cartfileResolved:
            files["Cartfile.resolved"] = """
                github "DenTelezhkin/DTModelStorage" "\(modelStorage[screen.major]!)"
                github "DenTelezhkin/\(library)" "\(screen.version)"

                """
        case .podfile:
            files["Podfile"] = """
                platform :ios, '13.0'

                target 'Screen' do
                  pod '\(library)', '~> \(screen.version).0'
                end

                """
        case .packageRequirement:
            break
        }
        return files
    }

    /// The app's xibs and storyboard: a xib for every xib name a registration loads (its own, or its class's when it
    /// names none), whose top-level view is of the first class that loads it, and no class-named xib for a class with
    /// a storyboard prototype, which `Screen.storyboard` holds (identifier and class `BannerCell`) in the scene of
    /// `ScreenViewController`. Both roads read the same files.
    static func interfaceBuilderFiles(_ screen: ReferenceScreen) -> [String: String] {
        let table = screen.host == .tableView
        var classOf: [String: (String, ReferenceScreen.Mapping)] = [:]
        var prototypes: Set<String> = []
        for case .register(let mapping) in screen.entries {
            if mapping.storyboard { prototypes.insert(mapping.viewClass) }
        }
        for case .register(let mapping) in screen.entries {
            switch mapping.xib {
            case .none: continue
            case .byClass where prototypes.contains(mapping.viewClass): continue
            case .byClass:
                if classOf[mapping.viewClass] == nil { classOf[mapping.viewClass] = (mapping.viewClass, mapping) }
            case .named(let name): if classOf[name] == nil { classOf[name] = (mapping.viewClass, mapping) }
            }
        }
        var files: [String: String] = [:]
        for (name, (viewClass, mapping)) in classOf {
            let element: String
            switch mapping.element {
            case .cell: element = table ? "tableViewCell" : "collectionViewCell"
            case .header,
                .footer where table:
                element = mapping.headerFooterView ? "tableViewHeaderFooterView" : "view"
            default: element = "collectionReusableView"
            }
            files["Resources/\(name).xib"] = xib(element: element, viewClass: viewClass)
        }
        if !prototypes.isEmpty { files["Resources/Screen.storyboard"] = storyboard(screen, prototypes: prototypes) }
        return files
    }

    static func xib(element: String, viewClass: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <\(element) contentMode="scaleToFill" id="Top-vw-001" customClass="\(viewClass)" \
        customModule="Screen" customModuleProvider="target">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                </\(element)>
            </objects>
        </document>

        """
    }

    static func storyboard(_ screen: ReferenceScreen, prototypes: Set<String>) -> String {
        let table = screen.host == .tableView
        let (controller, view, container, cell) =
            table
            ? ("tableViewController", "tableView", "prototypes", "tableViewCell")
            : ("collectionViewController", "collectionView", "cells", "collectionViewCell")
        let cells = prototypes.sorted().enumerated().map { index, viewClass in
            """
                                    <\(cell) contentMode="scaleToFill" reuseIdentifier="\(viewClass)" id="Scr-pc-00\(index)" \
            customClass="\(viewClass)" customModule="Screen" customModuleProvider="target">
                                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                                    </\(cell)>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
            targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="Scr-vc-001">
                <scenes>
                    <scene sceneID="Scr-sc-001">
                        <objects>
                            <\(controller) id="Scr-vc-001" customClass="ScreenViewController" customModule="Screen" \
            customModuleProvider="target" sceneMemberID="viewController">
                                <\(view) key="view" contentMode="scaleToFill" dataMode="prototypes" id="Scr-tv-001">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <\(container)>
            \(cells.joined(separator: "\n"))
                                    </\(container)>
                                </\(view)>
                            </\(controller)>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="Scr-fr-001" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
    }

    /// The DTModelStorage a lock file pins beside each major (the one its podspec requires at the tag the generator
    /// names).
    static let modelStorage = [6: "7.4.1", 7: "8.1.0", 8: "9.1.2", 9: "10.0.0", 10: "10.0.0", 11: "11.0.0"]

    static func package(_ screen: ReferenceScreen, pin: Spelling.Pin) -> String {
        let platforms = screen.iOS.map { "\n    platforms: [.\(screen.tvOS ? "tvOS" : "iOS")(.v\($0))]," } ?? ""
        guard pin == .packageRequirement else {
            return """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Screen",\(platforms)
                    targets: [.target(name: "Screen")]
                )

                """
        }
        let library = library(screen)
        return """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Screen",\(platforms)
                dependencies: [
                    .package(url: "https://github.com/DenTelezhkin/\(library).git", from: "\(screen.version).0.0")
                ],
                targets: [.target(name: "Screen", dependencies: ["\(library)"])]
            )

            """
    }

    /// The cases of the app's `enum Section: Int`, in order: each one's raw value is its index.
    static let sections = ["feed", "ads"]

    static let models = """
        enum Section: Int {
            case feed, ads
        }

        protocol FeedItem {
            var id: Int { get }
        }

        class Post: FeedItem {
            var likes: Int = 0
            var id: Int = 0
        }

        class VideoPost: Post {}

        struct Ad: FeedItem {
            var id: Int
        }

        """

    /// Every view class the generator names, each with the model of its (first) registration, `Int` when none.
    static func views(_ screen: ReferenceScreen) -> String {
        var modelOf: [String: String] = [:]
        for case .register(let mapping) in screen.entries where modelOf[mapping.viewClass] == nil {
            modelOf[mapping.viewClass] = mapping.model
        }
        let table = screen.host == .tableView
        let cell = table ? "UITableViewCell" : "UICollectionViewCell"
        let header = table ? "UITableViewHeaderFooterView" : "UICollectionReusableView"
        var lines = ["import DTModelStorage", "import UIKit", ""]
        let postModel = modelOf["PostCell"] ?? modelOf["VideoPostCell"] ?? "Int"
        lines += conformance("class PostCell: \(cell)", model: postModel)
        lines += ["class VideoPostCell: PostCell {}", ""]
        for view in ["AdCell", "BannerCell"] {
            lines += conformance("class \(view): \(cell)", model: modelOf[view] ?? "Int")
        }
        // The generic cell: `ValueCell<Int>` and `ValueCell<String>` are classes of their own.
        lines += ["final class ValueCell<T>: \(cell), ModelTransfer {", "    func update(with model: T) {}", "}", ""]
        for view in ReferenceScreenGenerator.headerClasses {
            let base = view == "PlainView" && table ? "UIView" : header
            lines += conformance("class \(view): \(base)", model: modelOf[view] ?? "Int")
        }
        return lines.joined(separator: "\n")
    }

    /// A class conforming to `ModelTransfer`; an `Any` model spelled by its `typealias ModelType`.
    static func conformance(_ declaration: String, model: String) -> [String] {
        let alias = model == "Any" ? ["    typealias ModelType = Any"] : []
        return ["\(declaration), ModelTransfer {"] + alias + ["    func update(with model: \(model)) {}", "}", ""]
    }

    static func controller(_ screen: ReferenceScreen, spelling: inout Spelling) -> String {
        let table = screen.host == .tableView
        var lines = [
            "import \(library(screen))", "import UIKit", "",
            "final class ScreenViewController: UIViewController, \(table ? "DTTableViewManageable" : "DTCollectionViewManageable") {",
            table ? "    @IBOutlet var tableView: UITableView!" : "    @IBOutlet var collectionView: UICollectionView?",
            "",
            "    override func viewDidLoad() {", "        super.viewDidLoad()",
        ]
        // The entries from `split` on are made in a method `viewDidLoad` calls after the others.
        let split = spelling.random.chance(30) ? spelling.random.below(screen.entries.count + 1) : screen.entries.count
        var helper: [String] = []
        for (position, entry) in screen.entries.enumerated() {
            var written = statements(entry, screen: screen, spelling: &spelling)
            // The manager as `self.manager` now and then.
            if spelling.random.chance(20), let first = written.first, first.hasPrefix("manager.") {
                written[0] = "self." + first
            }
            if position < split { lines += written.map { "        " + $0 } } else { helper += written }
        }
        guard split < screen.entries.count else { return (lines + ["    }", "}", ""]).joined(separator: "\n") }
        lines += ["        registerViews()", "    }", "", "    private func registerViews() {"]
        lines += helper.map { "        " + $0 } + ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// The statements of one entry.
    static func statements(
        _ entry: ReferenceScreen.Entry, screen: ReferenceScreen, spelling: inout Spelling
    )
        -> [String]
    {
        let modern = screen.major >= 8
        switch entry {
        case .register(let mapping):
            let (call, settings) = registration(mapping, screen: screen, spelling: &spelling)
            return closure(call, settings, screen: screen, spelling: &spelling)
        case .unregister(_, let view, .cell):
            return ["manager.unregister(\(view).self)"]
        case .unregister(_, let view, .badge):
            return ["manager.unregisterSupplementary(\(view).self, \(modern ? "ofKind" : "forKind"): \"badge\")"]
        case .unregister(_, let view, .header):
            return ["manager.unregisterHeader(\(view).self)"]
        case .unregister(_, let view, .footer):
            return ["manager.unregisterFooter(\(view).self)"]
        case .event(_, let view):
            return ["manager.didSelect(\(view).self) { cell, model, indexPath in }"]
        case .modelEvent(_, let model):
            // An optional model type as `Post?` or `Optional<Post>`.
            let type =
                model.hasSuffix("?") && spelling.random.chance(50) ? "Optional<\(model.dropLast())>" : model
            return screen.host == .tableView
                ? ["manager.heightForCell(withItem: \(type).self) { model, indexPath in 44 }"]
                : ["manager.sizeForCell(withItem: \(type).self) { model, indexPath in .zero }"]
        }
    }

    /// The call with its mapping closure: trailing (`{ mapping in … }`, or `{ $0.… }` for one setting) or passed
    /// by its label (`mapping:`; DTCollectionViewManager before 8 `mappingBlock:`).
    static func closure(
        _ call: String, _ settings: [String], screen: ReferenceScreen, spelling: inout Spelling
    )
        -> [String]
    {
        guard !settings.isEmpty else { return [call] }
        let style = spelling.random.below(4)
        if style == 0, settings.count == 1 {
            return ["\(call) { \(settings[0].replacingOccurrences(of: "mapping.", with: "$0.")) }"]
        }
        if style == 1 {
            let label = screen.host == .collectionView && screen.major < 8 ? "mappingBlock" : "mapping"
            return ["\(call.dropLast()), \(label): { mapping in"] + settings.map { "    " + $0 } + ["})"]
        }
        return ["\(call) { mapping in"] + settings.map { "    " + $0 } + ["}"]
    }

    /// The condition's setting: `.section(n)` or `MappingCondition.section(n)` (n also `Section.x.rawValue`), `.custom { … }`, a model condition
    /// on the mapping (from 8) or the registered class (`PostCell.modelCondition`, every major).
    static func condition(
        _ mapping: ReferenceScreen.Mapping, screen: ReferenceScreen, spelling: inout Spelling
    )
        -> String?
    {
        let type = spelling.random.chance(30) ? "MappingCondition" : ""
        let owner = screen.major >= 8 && spelling.random.chance(70) ? "mapping" : mapping.viewClass
        switch mapping.condition {
        case .none: return nil
        case .section(let section):
            // Now and then the section as a case of the app's `Int` enum (`Section.ads.rawValue`).
            let index = spelling.random.chance(30) ? "Section.\(Self.sections[section]).rawValue" : "\(section)"
            return "mapping.condition = \(type).section(\(index))"
        case .itemBelow(let limit):
            return "mapping.condition = \(type).custom { indexPath, model in indexPath.item < \(limit) }"
        case .likesAbove(let limit):
            let test = mapping.model.hasSuffix("?") ? "(model?.likes ?? 0) > \(limit)" : "model.likes > \(limit)"
            return "mapping.condition = \(owner).modelCondition { indexPath, model in \(test) }"
        case .idAbove(let limit):
            return "mapping.condition = \(owner).modelCondition { indexPath, model in model.id > \(limit) }"
        }
    }

    /// The registration call and the settings of its mapping closure.
    static func registration(
        _ mapping: ReferenceScreen.Mapping, screen: ReferenceScreen, spelling: inout Spelling
    )
        -> (String, [String])
    {
        let modern = screen.major >= 8
        let view = mapping.viewClass
        var settings: [String] = []
        if let condition = condition(mapping, screen: screen, spelling: &spelling) { settings.append(condition) }
        if mapping.reuseIdentifier != view {
            settings.append("mapping.reuseIdentifier = \"\(mapping.reuseIdentifier)\"")
        }
        if mapping.storyboard, screen.major >= 8 { settings.append("mapping.cellRegisteredByStoryboard = true") }
        let call = registrationCall(mapping, screen: screen)
        let spelledByCall = call.contains("Nib")
        switch mapping.xib {
        case .none where modern: settings.append("mapping.xibName = nil")
        case .named(let name) where !spelledByCall: settings.append("mapping.xibName = \"\(name)\"")
        default: break
        }
        for event in mapping.events {
            switch event {
            case "didSelect": settings.append("mapping.didSelect { cell, model, indexPath in }")
            case "heightForCell": settings.append("mapping.heightForCell { model, indexPath in 44 }")
            case "trailingSwipeActionsConfiguration":
                settings.append("mapping.trailingSwipeActionsConfiguration { cell, model, indexPath in nil }")
            case "contextMenuConfiguration":
                settings.append("mapping.contextMenuConfiguration { point, cell, model, indexPath in nil }")
            default: settings.append("mapping.sizeForCell { model, indexPath in .zero }")
            }
        }
        return (call, settings)
    }

    /// The registration call, without a closure.
    static func registrationCall(_ mapping: ReferenceScreen.Mapping, screen: ReferenceScreen) -> String {
        let table = screen.host == .tableView
        let modern = screen.major >= 8
        let view = mapping.viewClass
        let named: String? = if case .named(let name) = mapping.xib { name } else { nil }
        switch mapping.element {
        case .cell:
            if mapping.registerNibNamed, let named {
                return "manager.registerNibNamed(\"\(named)\", for: \(view).self)"
            }
            return !modern && !table && mapping.xib == .none
                ? "manager.registerNibless(\(view).self)" : "manager.register(\(view).self)"
        case .header, .footer:
            let kind = mapping.element == .header ? "Header" : "Footer"
            // A named xib: `registerNibNamed` where `register` ignores `xibName` (tables before 8, collections 6).
            if screen.major < (table ? 8 : 7), let named {
                return "manager.registerNibNamed(\"\(named)\", for\(kind): \(view).self)"
            }
            return !modern && mapping.xib == .none
                ? "manager.registerNibless\(kind)(\(view).self)" : "manager.register\(kind)(\(view).self)"
        case .badge:
            let label = modern ? "ofKind" : "forKind"
            if screen.major < 7, let named {
                return "manager.registerNibNamed(\"\(named)\", forSupplementary: \(view).self, ofKind: \"badge\")"
            }
            return !modern && mapping.xib == .none
                ? "manager.registerNiblessSupplementary(\(view).self, \(label): \"badge\")"
                : "manager.registerSupplementary(\(view).self, \(label): \"badge\")"
        }
    }
}
