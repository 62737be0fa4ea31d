import MaplintFindings
import MaplintLibrary

/// The checks of a draft's entries (registrations, unregistrations, manager-level events), whether
/// a manifest's `registrations:` or Swift calls gave them. An entry read from a manifest
/// (`ManifestDraft.writtenEntries`) is told about in the manifest's keys, at its keys and values;
/// one read from Swift in Swift, at the call.
extension ManifestBuilder {
    /// The manifest's entries built from the draft's `written` ones (configuration apart), those
    /// that do not check left out with their errors.
    mutating func entries(_ written: [DraftEntry], types: TypeTable, version: LibraryVersion) -> [Entry] {
        let viewClasses = Self.viewClassNames(written)
        var entries: [Entry] = []
        for (position, entry) in written.enumerated() {
            let place = draft.writtenEntries?[position]
            let index = place?.index ?? position
            switch entry {
            case .registration(let registration):
                if let built = self.registration(
                    registration, index: index, place: place, types: types, version: version)
                {
                    entries.append(.registration(built))
                }
            case .unregister(let element, let view, let location):
                if let built = unregistration(
                    element: element, view: view, index: index, place: place, location: location)
                {
                    entries.append(.unregister(built))
                }
            case .event(let name, let view, let model, let element, let location):
                let call = EventCall(name: name, view: view, model: model, element: element, location: location)
                if let built = event(
                    call, index: index, place: place, version: version, types: types, viewClasses: viewClasses)
                {
                    entries.append(.event(built))
                }
            case .configuration:
                break
            }
        }
        return entries
    }

    /// The view classes the entries name, which a model-keyed event may name too.
    private static func viewClassNames(_ entries: [DraftEntry]) -> Set<String> {
        var names: Set<String> = []
        for entry in entries {
            switch entry {
            case .registration(let registration): names.insert(registration.view)
            case .unregister(_, let view, _): names.insert(view)
            case .event(_, let view?, _, _, _): names.insert(view)
            case .event, .configuration: break
            }
        }
        return names
    }

    /// Tells what the manifest's value of `key` said wrongly, when it did: true then.
    private mutating func unreadable(_ key: String, in place: WrittenEntry?) -> Bool {
        guard let problems = place?.problems[key] else { return false }
        diagnostics += problems
        return true
    }

    private mutating func viewType(
        _ element: DraftElement, at location: SourceLocation, place: WrittenEntry?, index: Int
    ) -> ViewType? {
        guard case .supplementary(let kind) = element else { return element.viewType(on: draft.host) }
        guard draft.host == .collectionView else {
            error(
                place != nil
                    ? "a table view has no supplementary views; use 'header' or 'footer'"
                    : ManifestChecks.supplementaryOnTableViewInSwift,
                at: location, registrations: [index])
            return nil
        }
        guard let place else {
            guard !kind.isEmpty else {
                error(ManifestChecks.emptyInSwift("kind"), at: location, registrations: [index])
                return nil
            }
            return element.viewType(on: draft.host)
        }
        guard let kindPlace = place.values["kind"] else {
            error("a supplementary view needs its 'kind'", at: location, registrations: [index])
            return nil
        }
        guard !unreadable("kind", in: place), let kind = place.kind else { return nil }
        guard !kind.isEmpty else {
            error("'kind' must not be empty", at: kindPlace, registrations: [index])
            return nil
        }
        return .supplementary(kind: kind)
    }

    private mutating func modelType(
        _ text: String, at location: SourceLocation, types: TypeTable, index: Int
    ) -> TypeRef? {
        switch checks.modelType(text, at: location, types: types, registrations: [index]) {
        case .success(let type):
            return type
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        }
    }

    /// `key` empty (`kind`, `reuseIdentifier`, `viewReuseIdentifier`), as the source says it.
    private static func empty(_ key: String, place: WrittenEntry?) -> String {
        place != nil ? "'\(key)' must not be empty" : ManifestChecks.emptyInSwift(key)
    }

    private mutating func registration(
        _ draft: DraftRegistration, index: Int, place: WrittenEntry?, types: TypeTable, version: LibraryVersion
    ) -> Registration? {
        let kind = draft.element.key
        let viewPlace = place?.values[kind] ?? draft.location
        guard TypeRef.isViewClassName(draft.view) else {
            error(
                place != nil
                    ? "the view class of '\(kind)' must be a Swift type name, not '\(draft.view)'"
                    : "the view class of a \(kind) registration must be a Swift type name, not '\(draft.view)'",
                at: viewPlace, registrations: [index])
            return nil
        }
        guard let viewType = viewType(draft.element, at: viewPlace, place: place, index: index) else { return nil }
        if let place, place.values["model"] == nil {
            error(
                "'\(kind): \(draft.view)' needs 'model', the type of the models it displays", at: viewPlace,
                registrations: [index])
            return nil
        }
        guard !unreadable("model", in: place),
            let modelType = modelType(draft.model, at: draft.modelLocation, types: types, index: index)
        else { return nil }
        var registration = Registration(
            index: index, viewType: viewType, viewClass: Located(draft.view, at: viewPlace),
            modelType: Located(modelType, at: draft.modelLocation), location: draft.location)
        if place == nil { registration.source = .swiftExpression(draft.location) }
        registration.condition = condition(
            draft.condition, place: place, modelType: modelType, types: types, index: index)
        readViewSource(draft, place: place, into: &registration)
        if !unreadable("registerNibNamed", in: place), draft.registerNibNamed {
            readNibRegistration(draft, place: place, version: version, into: &registration)
        }
        readFlags(draft, place: place, version: version, into: &registration)
        return registration
    }

    /// The xib and the reuse identifiers of a registration.
    private mutating func readViewSource(
        _ draft: DraftRegistration, place: WrittenEntry?, into registration: inout Registration
    ) {
        let index = registration.index
        if let xib = draft.xib {
            registration.xibLocation = xib.location
            switch xib.name {
            case nil: registration.xib = .none
            case ""?:
                error(
                    place != nil
                        ? "'xib' must not be empty; write 'xib: null' for a view made in code"
                        : ManifestChecks.emptyXibInSwift, at: xib.location,
                    registrations: [index])
            case let name?: registration.xib = .named(name)
            }
        }
        _ = unreadable("xib", in: place)
        if !unreadable("reuseIdentifier", in: place), let identifier = draft.reuseIdentifier {
            if identifier.value.isEmpty {
                error(Self.empty("reuseIdentifier", place: place), at: identifier.location, registrations: [index])
            } else {
                registration.reuseIdentifier = identifier
                registration.hasExplicitReuseIdentifier = true
            }
        }
        if !unreadable("viewReuseIdentifier", in: place), let identifier = draft.viewReuseIdentifier {
            if identifier.value.isEmpty {
                error(Self.empty("viewReuseIdentifier", place: place), at: identifier.location, registrations: [index])
            } else {
                registration.viewReuseIdentifier = identifier
            }
        }
    }

    /// `storyboard`, `modelTransfer`, `headerFooterView` and the mapping's events.
    private mutating func readFlags(
        _ draft: DraftRegistration, place: WrittenEntry?, version: LibraryVersion,
        into registration: inout Registration
    ) {
        let index = registration.index
        if !unreadable("storyboard", in: place), let storyboard = draft.storyboard {
            registration.storyboard = storyboard.value
        }
        if !unreadable("modelTransfer", in: place) { registration.modelTransfer = draft.modelTransfer }
        if !unreadable("headerFooterView", in: place), let flag = draft.headerFooterView {
            if self.draft.host == .collectionView {
                error(
                    "'headerFooterView' applies to table views only",
                    at: place?.keys["headerFooterView"] ?? draft.location, registrations: [index])
            }
            registration.headerFooterView = flag
        }
        _ = unreadable("events", in: place)
        registration.events = draft.events
        if let first = draft.events.first,
            let message = ManifestChecks.mappingEvents(host: self.draft.host, version: version, swift: place == nil)
        {
            error(message, at: place?.keys["events"] ?? first.location, registrations: [index])
        }
    }

    /// The condition, compiled against the model types. Every position in a condition translated
    /// from Swift is the place of the Swift expression it came from; a manifest's `condition:`
    /// has the place of each of its characters.
    private mutating func condition(
        _ condition: DraftCondition?, place: WrittenEntry?, modelType: TypeRef, types: TypeTable, index: Int
    ) -> RegistrationCondition {
        _ = unreadable("condition", in: place)
        switch condition {
        case nil:
            return .none
        case .section(let section, let location)?:
            return .section(Located(section, at: location))
        case .opaque(let text, let location)?:
            return .opaque(Located(text, at: location))
        case .expression(let text, let swift, let location)?:
            let point = (line: location.line, column: location.column)
            let map =
                place?.conditionMap
                ?? TextSourceMap(
                    file: location.file, positions: Array(repeating: point, count: text.unicodeScalars.count + 1))
            switch CompiledCondition.compile(
                text, sourceMap: map, modelType: modelType, types: types, parsed: parsedConditions)
            {
            case .success(let compiled):
                return .custom(compiled)
            case .failure(let failure) where place != nil:
                diagnostics += failure.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.registrations = [index]
                    return diagnostic
                }
                return .none
            case .failure(let failure):
                // Swift that reads as a condition but is not one of the language's (a method it
                // does not have, a type mismatch) is kept opaque, as `maplint extract` writes it.
                let reason = failure.diagnostics.first?.message ?? "it does not compile"
                opaqueConditionNotes.append(.conditionOutsideLanguage(text, reason: reason, at: location))
                return .opaque(Located(swift, at: location))
            }
        }
    }

    /// DT 6 and 7's `registerNibNamed(_:for:)`, which needs a named xib.
    private mutating func readNibRegistration(
        _ draft: DraftRegistration, place: WrittenEntry?, version: LibraryVersion,
        into registration: inout Registration
    ) {
        let index = registration.index
        // Written after the xib, the condition or the model: it has the place of the nearest.
        let at =
            place?.keys["registerNibNamed"] ?? draft.xib?.location ?? draft.condition?.location ?? draft.modelLocation
        guard draft.element == .cell else {
            error(
                "registerNibNamed(_:for:) registers cells only, not a \(draft.element.key)", at: at,
                registrations: [index])
            return
        }
        if let message = ManifestChecks.nibRegistration(version: version, xib: registration.xib, swift: place == nil) {
            error(message, at: at, registrations: [index])
            return
        }
        registration.registerNibNamed = true
    }

    private mutating func unregistration(
        element: DraftElement, view: String, index: Int, place: WrittenEntry?, location: SourceLocation
    ) -> Unregistration? {
        let viewPlace = place?.values["unregister"] ?? location
        guard TypeRef.isViewClassName(view) else {
            error(
                "the view class of 'unregister' must be a Swift type name, not '\(view)'", at: viewPlace,
                registrations: [index])
            return nil
        }
        guard let viewType = viewType(element, at: viewPlace, place: place, index: index) else { return nil }
        return Unregistration(
            index: index, viewType: viewType, viewClass: Located(view, at: viewPlace), location: location)
    }
}

/// A manager-level event of a draft, as `DraftEntry.event` holds it.
struct EventCall {
    var name: String
    var view: String?
    var model: String?
    var element: DraftElement
    var location: SourceLocation
}

extension ManifestBuilder {
    private mutating func event(
        _ call: EventCall, index: Int, place: WrittenEntry?, version: LibraryVersion, types: TypeTable,
        viewClasses: Set<String>
    ) -> ManagerEvent? {
        let name = Located(call.name, at: place?.values["event"] ?? call.location)
        // `manager.insetForSectionAtIndex { layout, section in … }`: keyed by no view or model.
        if HostEvents.sectionEvents.contains(call.name) {
            if let (key, at) = sectionEventKey(call, place: place) {
                error(
                    ManifestChecks.sectionEvent(call.name, with: key, swift: place == nil), at: at,
                    registrations: [index])
                return nil
            }
            return ManagerEvent(index: index, name: name, viewType: .cell, target: .section, location: call.location)
        }
        guard let element = eventElement(call, place: place, at: name.location, index: index),
            let viewType = viewType(
                element, at: place?.values["element"] ?? name.location, place: place, index: index),
            let target = eventTarget(
                call, place: place, at: name.location, index: index, version: version, types: types,
                viewClasses: viewClasses)
        else { return nil }
        return ManagerEvent(index: index, name: name, viewType: viewType, target: target, location: call.location)
    }

    /// What a section event is given that it takes none of, and where: the first.
    private func sectionEventKey(_ call: EventCall, place: WrittenEntry?) -> (String, SourceLocation)? {
        if let place {
            let key = ["view", "model", "element", "kind"].first { place.keys[$0] != nil }
            return key.flatMap { key in place.keys[key].map { (key, $0) } }
        }
        var keys: [String] = []
        if call.view != nil { keys.append("view") }
        if call.model != nil { keys.append("model") }
        if call.element != .cell { keys.append("element") }
        if case .supplementary = call.element { keys.append("kind") }
        return keys.first.map { ($0, call.location) }
    }

    /// The element of an event: from Swift, that of its method; in a manifest, `element:` or the
    /// one the event's name implies (an event that exists only for headers, footers or
    /// supplementary views).
    private mutating func eventElement(
        _ call: EventCall, place: WrittenEntry?, at name: SourceLocation, index: Int
    ) -> DraftElement? {
        guard let place else { return call.element }
        _ = unreadable("elementText", in: place)
        guard !unreadable("element", in: place) else { return nil }
        let written = place.values["element"] != nil && place.problems["elementText"] == nil ? call.element.key : nil
        let element: String
        switch ManifestChecks.eventElement(
            call.name, host: draft.host, written: written, hasKind: place.keys["kind"] != nil)
        {
        case .success(let implied): element = implied
        case .failure(let failure):
            error(failure.message, at: place.values["element"] ?? name, registrations: [index])
            return nil
        }
        if element != "supplementary", let kindKey = place.keys["kind"] {
            error("'kind' goes with 'element: supplementary' only", at: kindKey, registrations: [index])
        }
        switch element {
        case "header": return .header
        case "footer": return .footer
        case "supplementary": return .supplementary(place.kind ?? "")
        default: return .cell
        }
    }

    /// What a manager-level event is keyed by: a view class or a model type (one of them).
    private mutating func eventTarget(
        _ call: EventCall, place: WrittenEntry?, at name: SourceLocation, index: Int, version: LibraryVersion,
        types: TypeTable, viewClasses: Set<String>
    ) -> ManagerEvent.Target? {
        switch (call.view, call.model) {
        case (let view?, nil):
            if let message = ManifestChecks.viewKeyedEvent(
                call.name, host: draft.host, version: version, swift: place == nil)
            {
                error(message, at: place?.keys["view"] ?? call.location, registrations: [index])
                return nil
            }
            let at = place?.values["view"] ?? call.location
            guard !unreadable("view", in: place) else { return nil }
            guard TypeRef.isViewClassName(view) else {
                error(
                    place != nil
                        ? "'view' must be a Swift type name, not '\(view)'"
                        : "the view class of an event must be a Swift type name, not '\(view)'", at: at,
                    registrations: [index])
                return nil
            }
            return .view(Located(view, at: at))
        case (nil, let model?):
            let at = place?.values["model"] ?? call.location
            // `heightForCell(withItem: PostCell.self)`: a view class where a model type belongs (one
            // the entries register or the models declare as a view, and no model type).
            if place?.problems["model"] == nil, !types.contains(model),
                viewClasses.contains(model) || checks.declaredViewClasses[model] != nil
            {
                return .viewClassAsModel(Located(model, at: at))
            }
            guard !unreadable("model", in: place), let type = modelType(model, at: at, types: types, index: index)
            else { return nil }
            return .model(Located(type, at: at))
        case (_?, _?):
            error(
                "an event is keyed by 'view' or by 'model', not both", at: place?.keys["model"] ?? name,
                registrations: [index])
            return nil
        case (nil, nil):
            error(
                "the event '\(call.name)' needs 'view' (the view class it is registered for) or 'model'", at: name,
                registrations: [index])
            return nil
        }
    }
}
