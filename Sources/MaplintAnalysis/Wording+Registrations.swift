import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver
import MaplintText

/// Phrases about registrations and sample elements that the findings share, so they read alike.
extension Wording {
    /// "PostCell (entry 3, line 12)"; for a registration read from Swift, the Swift file and line:
    /// "PostCell (entry 3, FeedViewController.swift:16)".
    package static func name(_ registration: Registration) -> String {
        // No interpolation: interpolating an Int looks up its conformances each time, and a
        // manifest with many findings names its registrations tens of thousands of times.
        var name = TextBuilder(capacity: registration.viewClass.value.utf8.count + 32)
        name.append(registration.viewClass.value)
        name.append(literal: " (entry ")
        name.append(decimal: registration.index)
        switch registration.source {
        case .manifestKey:
            name.append(literal: ", line ")
            name.append(decimal: registration.location.line)
        case .swiftExpression(let place):
            name.append(literal: ", ")
            name.append(fileName(place.file))
            name.append(literal: ":")
            name.append(decimal: place.line)
        }
        name.append(literal: ")")
        return name.string
    }

    /// "PostCell (entry 3)": the name for a finding's first clause, which the related notes place.
    package static func shortName(_ registration: Registration) -> String {
        var name = TextBuilder(capacity: registration.viewClass.value.utf8.count + 12)
        name.append(registration.viewClass.value)
        name.append(literal: " (entry ")
        name.append(decimal: registration.index)
        name.append(literal: ")")
        return name.string
    }

    /// The last component of a path: "FeedViewController.swift".
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// How to give `registration` the reuse identifier `identifier`, as it was written:
    /// "`reuseIdentifier: post`" in a manifest, "`mapping.reuseIdentifier = "post"`" in Swift.
    package static func reuseIdentifierSetting(_ identifier: String, for registration: Registration) -> String {
        switch registration.source {
        case .manifestKey: "`reuseIdentifier: \(identifier)`"
        case .swiftExpression: "`mapping.reuseIdentifier = \"\(identifier)\"`"
        }
    }

    /// "cell", "header", "footer", "'badge' supplementary view".
    package static func viewNoun(_ viewType: ViewType) -> String {
        if let kind = viewType.customKind { return "'\(kind)' supplementary view" }
        return viewType.elementName
    }

    /// "items", "headers", "'badge' supplementary views".
    static func elementsNoun(_ viewType: ViewType) -> String {
        switch viewType.elementName {
        case "cell": "items"
        default: viewNoun(viewType) + "s"
        }
    }

    /// The items a registration is used for: "items in section 0", "every Post item",
    /// "items for which `model.isLive` holds".
    package static func matchedElements(of registration: Registration) -> String {
        let model = registration.modelType.value.unwrapped.name
        let noun = elementsNoun(registration.viewType)
        switch registration.condition {
        case .none: return "\(model) \(noun)"
        case .section(let section): return "\(model) \(noun) in section \(section.value)"
        case .custom(let condition): return "\(model) \(noun) for which `\(condition.source)` holds"
        case .opaque(let source): return "\(model) \(noun) for which `\(source.value)` holds"
        }
    }

    /// Where the host loads a registration's view from: "CustomPostCell.xib",
    /// "the SectionTitleView class (made in code)", "the storyboard prototype of PostCell".
    /// With `availableXibs`, a xib that does not exist falls back to the class, as in the app.
    /// With `behaviour`, a collection view storyboard mapping whose xib replaces the prototype is that xib.
    package static func source(
        _ registration: Registration, availableXibs: Set<String>? = nil, behaviour: LibraryBehaviour? = nil
    ) -> String {
        let source = ViewSource(registration, availableXibs: availableXibs, behaviour: behaviour)
        if source.storyboard { return "the storyboard prototype of \(registration.viewClass.value)" }
        if let xib = source.xibName { return "\(xib).xib" }
        return "the \(registration.viewClass.value) class (made in code)"
    }

    /// "UITableView" / "UICollectionView".
    /// What a table shows for `registration` when the dequeued cell has another class.
    package static func wrongCellClassOutcome(_ registration: Registration, behaviour: LibraryBehaviour) -> String {
        if behaviour.wrongCellClassShowsBlankCell {
            return
                "the cast to \(registration.viewClass.value) fails and \(behaviour.libraryName) shows a blank UITableViewCell"
        }
        return "\(behaviour.libraryName) shows that cell without configuring it (its update(with:) is never called)"
    }

    /// "; its didSelect closure does not run for them either (…)": the events of a mapping that receive the cell run
    /// only for a cell of its class or a subclass, so none runs for a cell of an unrelated class shown in its place
    /// (EventReactions.swift, `reaction(from:signature:forModel:at:view:)`, `view?.isKind(of: mapping.viewClass)`,
    /// DTModelStorage 9.1.2 and 10.0.0, run with DTCollectionViewManager 8.2.0 and 10.0.0 against a UIKit
    /// stand-in). Events looked up without a cell (`sizeForCell`, `heightForCell`: `provideCell: false`) still run,
    /// and are not named. Empty when no such event is left.
    package static func lostEvents(_ registration: Registration) -> String {
        let names = registration.events.map(\.value).filter(cellEvents.contains)
        guard let first = names.first else { return "" }
        let list =
            names.count == 1 ? first : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let closures = names.count == 1 ? "closure does" : "closures do"
        return "; its \(list) \(closures) not run for them either (a mapping's events that receive the cell run only "
            + "for a cell of its class)"
    }

    /// The mapping events DT passes the cell to, found through it (`performCellReaction` with
    /// `cellForItem(at:)` / `cellForRow(at:)`).
    static let cellEvents: Set<String> = [
        "didSelect", "willSelect", "didDeselect", "willDeselect", "willDisplay", "didEndDisplaying", "didHighlight",
        "didUnhighlight", "shouldHighlight",
    ]

    /// What a collection view shows for `registration` when the view dequeued under its identifier has
    /// another class, or nil where maplint says nothing more. DTCollectionViewManager 11 casts the dequeued
    /// view to the mapping's class and returns nil when that fails: a cell becomes the data source's blank
    /// `DummyCollectionViewCellThatPreventsAppFromCrashing`, a supplementary view a new
    /// `UICollectionReusableView()` that was never dequeued (CollectionViewCellModelMapping.swift and
    /// CollectionSupplementaryViewModelMapping.swift, `init(cellConfiguration:mapping:)` /
    /// `init(kind:supplementaryConfiguration:mapping:)`; DTCollectionViewDataSource.swift,
    /// `collectionView(_:cellForItemAt:)`, `collectionView(_:viewForSupplementaryElementOfKind:at:)`, 11.0.0).
    /// DTModelStorage 9 and 10 return the dequeued cell unconfigured (ViewModelMapping.swift, 10.0.0).
    package static func wrongCollectionViewClassOutcome(
        _ registration: Registration, behaviour: LibraryBehaviour
    )
        -> String?
    {
        let name = registration.viewClass.value
        if registration.viewType == .cell {
            if behaviour.wrongCellClassShowsBlankCell {
                return "the cast to \(name) fails and \(behaviour.libraryName) shows a blank cell (its "
                    + "DummyCollectionViewCellThatPreventsAppFromCrashing)"
            }
            return "\(behaviour.libraryName) shows that cell without configuring it (its update(with:) is never called)"
        }
        guard behaviour.wrongCellClassShowsBlankCell else { return nil }
        return "the cast to \(name) fails and \(behaviour.libraryName) returns a new UICollectionReusableView() "
            + "that was never dequeued instead"
    }

    package static func hostView(_ host: Host) -> String {
        switch host {
        case .tableView: "table view"
        case .collectionView: "collection view"
        }
    }

    /// "item 2 of section 0", "the header of section 1", …
    package static func subject(_ element: ResolvedElement) -> String {
        switch element.element.elementName {
        case "cell": "item \(element.item) of section \(element.section)"
        case "header": "the header of section \(element.section)"
        case "footer": "the footer of section \(element.section)"
        default: "the \(viewNoun(element.element)) of section \(element.section)"
        }
    }

    /// " (runtime anomaly nilCellModel)": how the library reports a problem with a cell, header or
    /// footer. The anomalies exist from 6.3.0; 6.0 to 6.2 pass the cell errors (`nilCellModel`,
    /// `noCellMappings`) to `viewFactoryErrorHandler`, or fail an assertion when none is set
    /// (TableViewFactory.swift, DTTableViewDelegateWrapper.swift `handleTableViewFactoryError`, 6.0.0),
    /// and report nothing for other views.
    package static func runtimeReport(_ anomaly: String, viewType: ViewType, behaviour: LibraryBehaviour) -> String {
        if behaviour.reportsAnomalies { return " (runtime anomaly \(anomaly))" }
        guard viewType == .cell else { return "" }
        let error = anomaly == Anomaly.nilCellModel.rawValue ? "nilCellModel" : "noCellMappings"
        return " (\(behaviour.libraryName) passes the error .\(error) to viewFactoryErrorHandler, and fails an "
            + "assertion in debug builds when none is set)"
    }

    /// The libraries' anomaly when nothing matches (DTTableViewManagerAnomaly / DTCollectionViewManagerAnomaly).
    package static func noMappingAnomaly(_ viewType: ViewType, host: Host) -> String {
        Anomaly.noMapping(elementName: viewType.elementName, host: host).rawValue
    }

    /// The libraries' anomaly for a nil model.
    package static func nilAnomaly(_ viewType: ViewType, host: Host) -> String {
        Anomaly.nilModel(elementName: viewType.elementName, host: host).rawValue
    }
}
