import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// A registration's settings as its source writes them: the keys of a manifest for a manifest,
/// Swift for registrations read from Swift code, so that a fix names what the user can edit.
extension Wording {
    /// Whether the registration was read from Swift code (its settings are worded as Swift).
    package static func speaksSwift(_ registration: Registration) -> Bool {
        if case .swiftExpression = registration.source { true } else { false }
    }

    /// "`xib: Compact`"; in Swift, "the xib name "Compact"" (`mapping.xibName` or `registerNibNamed`).
    package static func xibSetting(_ xib: String, of registration: Registration) -> String {
        speaksSwift(registration) ? "the xib name \"\(xib)\"" : "`xib: \(xib)`"
    }

    /// The suggestion of a close xib name: "`xib: Compact`"; in Swift, "\"Compact\"".
    package static func xibSuggestion(_ xib: String, for registration: Registration) -> String {
        speaksSwift(registration) ? "\"\(xib)\"" : "`xib: \(xib)`"
    }

    /// How to say that the view is made in code: "write `xib: null`"; in Swift, drop the xib name
    /// of a cell, remove the class-named xib of a table cell (the manager then registers the class),
    /// or register the view with the manager's nibless method (`registerNibless`,
    /// `registerNiblessHeader`, `registerNiblessFooter`, `registerNiblessSupplementary`).
    package static func madeInCode(_ registration: Registration, behaviour: LibraryBehaviour) -> String {
        guard speaksSwift(registration) else { return "write `xib: null`" }
        let view = registration.viewClass.value
        switch registration.viewType {
        case .cell:
            if case .named(let xib) = registration.xib { return "remove the xib name \"\(xib)\"" }
            // A table cell has no nibless registration: without its xib the class is registered.
            if behaviour.host == .tableView { return "remove \(view).xib from the app" }
            return "register it with `registerNibless(\(view).self)`"
        case .supplementary(let kind):
            switch registration.viewType.elementName {
            case "header": return "register it with `registerNiblessHeader(\(view).self)`"
            case "footer": return "register it with `registerNiblessFooter(\(view).self)`"
            default:
                // `forKind:` before 8 (DTCollectionViewManager+Registration.swift, 7.2.0), `ofKind:` from 8.
                let label = behaviour.version.major >= 8 ? "ofKind" : "forKind"
                return "register it with `registerNiblessSupplementary(\(view).self, \(label): \"\(kind)\")`"
            }
        }
    }

    /// " (storyboard: true)" after "a storyboard prototype": the manifest's key; nothing in Swift,
    /// where the prototype itself says it.
    package static func storyboardKey(_ registration: Registration) -> String {
        speaksSwift(registration) ? "" : " (storyboard: true)"
    }

    /// How to say that the view is not a storyboard prototype: "remove `storyboard: true`". In Swift,
    /// the mapping's flag (`cellRegisteredByStoryboard`, from 8) and, on a table, the prototype itself when
    /// `hasPrototype`: DTTableViewManager's dequeue probe finds it whatever the flag says.
    package static func notFromStoryboard(
        _ registration: Registration, behaviour: LibraryBehaviour, hasPrototype: Bool
    ) -> String {
        guard speaksSwift(registration) else { return "remove `storyboard: true`" }
        let flag = "`mapping.\(storyboardFlag(registration)) = true`"
        guard hasPrototype, behaviour.host == .tableView else { return "remove \(flag)" }
        let prototype = "the '\(registration.reuseIdentifier.value)' prototype from the storyboard"
        return behaviour.version.major >= 8 ? "remove \(prototype) and \(flag)" : "remove \(prototype)"
    }

    /// How to say that the view is the storyboard's prototype: "mark the mapping `storyboard: true`";
    /// in Swift, the collection mapping's flag (DTCollectionViewManager 8 on).
    package static func fromStoryboard(_ registration: Registration, behaviour: LibraryBehaviour) -> String {
        guard speaksSwift(registration) else { return "mark the mapping `storyboard: true`" }
        if behaviour.version.major >= 8 { return "set `mapping.\(storyboardFlag(registration)) = true`" }
        return "leave the view to the storyboard"
    }

    /// The mapping's storyboard flag of its kind of view.
    private static func storyboardFlag(_ registration: Registration) -> String {
        registration.viewType == .cell ? "cellRegisteredByStoryboard" : "supplementaryRegisteredByStoryboard"
    }

    /// " (headerFooterView: false)" after "a plain UIView header": the manifest's key; nothing in
    /// Swift, where the class says it.
    package static func headerFooterViewKey(_ value: Bool, of registration: Registration) -> String {
        speaksSwift(registration) ? "" : " (headerFooterView: \(value))"
    }

    /// "`section: 2`"; in Swift, "`.section(2)`".
    package static func sectionSetting(_ section: Int, of registration: Registration) -> String {
        speaksSwift(registration) ? "`.section(\(section))`" : "`section: \(section)`"
    }

    /// What says that a cell's xib is registered with `registerNibNamed`: "add `registerNibNamed: true`";
    /// in Swift, the call itself.
    package static func registeredByNibName(_ xib: String, of registration: Registration) -> String {
        let call = "registerNibNamed(\"\(xib)\", for: \(registration.viewClass.value).self)"
        return speaksSwift(registration)
            ? "register it with `\(call)` in place of `register`"
            : "if the app calls \(call), add `registerNibNamed: true`, otherwise register it that way"
    }

    /// How to move an event to a view of another element: "add `element: header` (and `kind: k`) to
    /// the event"; in Swift, the event of that element.
    package static func eventElement(of registration: Registration) -> String {
        if speaksSwift(registration) {
            return "use the \(viewNoun(registration.viewType))'s own event for it"
        }
        var text = "add `element: \(registration.viewType.elementName)`"
        if let kind = registration.viewType.customKind { text += " and `kind: \(kind)`" }
        return text + " to the event"
    }
}
