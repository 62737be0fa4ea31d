import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// Turns one call on the manager into manifest entries (and notes for what it cannot read).
struct RegistrationTranslator {
    let file: SwiftSourceFile
    let index: DeclarationIndex
    let host: Host

    /// The DT version modelled (nil: the newest).
    var version: LibraryVersion? = nil
    /// The DT version as read or given, before it is modelled (4.8.0 is modelled as 6).
    var actualVersion: LibraryVersion? = nil
    /// The DTModelStorage version read from a lock file (nil: unknown).
    var modelStorageVersion: LibraryVersion? = nil
    /// Where the calls read inside `configureEvents` closures are, so that the sweep for calls
    /// nothing read does not report them.
    var record: CallRecord? = nil
    /// The type whose code this is (qualified), where type names are looked up.
    var scope: String? = nil

    /// What the library does at the version modelled.
    var behaviour: LibraryBehaviour {
        LibraryBehaviour(host: host, version: version, deploymentTarget: nil, modelStorageVersion: modelStorageVersion)
    }
    private var library: String { host.manager }

    /// A note when the libraryVersion read from the lock file (or given) has no such method: the
    /// code does not compile against it (`registerHostingCell` before 11, DT 4's `registerCellClass`
    /// later), so the version is likely wrong. The call is still extracted as written.
    func absentFromVersion(_ call: FunctionCallExprSyntax, method: String) -> [ScanStep] {
        guard let version = actualVersion,
            let spelling = RegistrationSpelling.spelling(
                method: method, host: host, labels: call.arguments.map { $0.label?.text }),
            !spelling.majors.contains(version.modelledMajor)
        else { return [] }
        let majors = spelling.majors
        let range =
            majors.lowerBound == majors.upperBound
            ? "\(majors.lowerBound)" : "\(majors.lowerBound) to \(majors.upperBound)"
        return [
            .note(
                ExtractionNote(
                    message:
                        "`\(method)` is not in \(library) \(version.major), only in \(range): the code does not compile "
                        + "against libraryVersion \(version); check the version (the call is extracted as written)",
                    location: file.location(of: call)))
        ]
    }

    /// The versions `manager.<method>(…)` exists in, when not every version maplint read has it
    /// (`registerCellClass`: DT 4; `registerHostingCell`: 11 and later): what the code says of the
    /// version when nothing names it (`VersionEvidence`).
    func versionClue(_ call: FunctionCallExprSyntax, method: String) -> VersionClue? {
        guard
            let spelling = RegistrationSpelling.spelling(
                method: method, host: host, labels: call.arguments.map { $0.label?.text })
        else { return nil }
        let majors = spelling.majors
        let since = majors.lowerBound > LibraryVersion.oldestRead.major ? LibraryVersion(major: majors.lowerBound) : nil
        let until =
            majors.upperBound < RegistrationSpelling.newest
            ? LibraryVersion.lastRelease(ofMajor: majors.upperBound, host: host) : nil
        guard since != nil || until != nil else { return nil }
        let first = call.arguments.first.map { argument in
            (argument.label.map { "\($0.text): " } ?? "") + SwiftShapes.excerpt(argument.expression)
        }
        return VersionClue(
            api: "\(method)(\(first ?? ""))", since: since, until: until, location: file.location(of: call))
    }

    /// Whether `method` registers or unregisters a view (the calls `UnattributedCalls` looks for).
    static func registersViews(_ method: String) -> Bool {
        RegistrationSpelling.isRegistrationMethod(method)
    }

    /// Entries and notes for `manager.<method>(…)`; nil when the call is not part of the
    /// registration API (storage, `startManaging`, …). `typeParameters` binds the type parameters
    /// of the enclosing generic function at this call.
    func translate(
        _ call: FunctionCallExprSyntax, method: String, isManager: (ExprSyntax) -> Bool,
        typeParameters: [String: String] = [:]
    ) -> [ScanStep]? {
        let unlabeled = self.unlabeled(call)
        func labeled(_ names: String...) -> ExprSyntax? { self.labeled(call, names) }
        func type(_ expression: ExprSyntax?) -> String? { self.type(expression, typeParameters: typeParameters) }
        let location = file.location(of: call)
        func note(_ message: String) -> [ScanStep] { [.note(ExtractionNote(message: message, location: location))] }
        // Only messages need it: worked out when one is written.
        var excerpt: String { SwiftShapes.excerpt(call) }

        guard
            let spelling = RegistrationSpelling.spelling(
                method: method, host: host, labels: call.arguments.map { $0.label?.text })
        else {
            if method.hasPrefix("register") || method.hasPrefix("unregister") {
                return note(unknownRegistration(call, method: method))
            }
            // The view or model type of an event is its first argument: `didSelect(Cell.self, …)`, or
            // labelled (`for:`, `withItem:`); an unlabelled argument after a labelled one is the closure.
            let leading = call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
            return event(call, method: method, type: type, labeled: labeled, unlabeled: leading) { note($0) }
        }

        switch spelling.effect {
        case .methodPointerEvent(let name):
            return note(
                "`\(excerpt)` is \(library) 4's `\(name)` event through a method: its view class is the type of that "
                    + "method's first parameter, which is not read here, so the event is not extracted "
                    + "and not checked")

        case .configureEvents:
            return configureEvents(call, view: type(labeled("for") ?? unlabeled), isManager: isManager)

        case .deprecatedEvent:
            return deprecatedEvent(call, method: method, spelling: spelling, typeParameters: typeParameters)

        case .unregister(let fixed):
            guard let view = type(unlabeled) else {
                return note("the view type of `\(excerpt)` is not a `Type.self` literal: it is not extracted")
            }
            guard let element = element(fixed, kind: labeled("ofKind", "forKind")) else {
                return note(
                    "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: it is not extracted"
                )
            }
            return [.entry(.unregister(element: element, view: view, location: location))]

        case .hostingCell, .hostingConfiguration:
            return hosting(call, spelling: spelling, model: labeled("for"), type: type)

        case .register(let fixed, let xibKind):
            return registration(
                call, method: method, spelling: spelling, element: fixed, xib: xibKind, typeParameters: typeParameters)
        }
    }

    /// Why a call that looks like a registration, but that no spelling matches, is not extracted.
    private func unknownRegistration(_ call: FunctionCallExprSyntax, method: String) -> String {
        let arguments = call.arguments
        let labels = arguments.map { $0.label?.text ?? "_" }.joined(separator: ":") + (arguments.isEmpty ? "" : ":")
        let other: MaplintLibrary.Host = host == .tableView ? .collectionView : .tableView
        let excerpt = SwiftShapes.excerpt(call)
        if !RegistrationSpelling.isKnown(method) {
            return "`\(excerpt)` is not extracted: it looks like a registration, but `\(method)` is not a "
                + "\(library) method in versions 4 to 11"
        } else if RegistrationSpelling.isKnown(method, for: host) {
            return "`\(excerpt)` is not extracted: no \(library) version from 4 to 11 has `\(method)(\(labels))`"
        } else if host == .tableView, method.contains("Supplementary") {
            return "`\(excerpt)`: a table view has no supplementary kinds besides headers and footers; not extracted"
        } else {
            return "`\(excerpt)` is not extracted: `\(method)` is a \(other.manager) method, not a "
                + "\(library) one"
        }
    }

    /// The event of a call to a deprecated event method (`configure`, `configureHeader`, DT 4's
    /// `configureCell` and `whenSelected`, …).
    private func deprecatedEvent(
        _ call: FunctionCallExprSyntax, method: String, spelling: RegistrationSpelling, typeParameters: [String: String]
    ) -> [ScanStep] {
        let location = file.location(of: call)
        func note(_ message: String) -> [ScanStep] { [.note(ExtractionNote(message: message, location: location))] }
        // Only messages need it: worked out when one is written.
        var excerpt: String { SwiftShapes.excerpt(call) }
        // `configure`, `configureHeader`, … are events like the others (deprecated from 8: the
        // deprecated-event rule says so); DT 4's `configureCell` is `configure`, `whenSelected` `didSelect`.
        let name = spelling.eventName
        guard let view = viewType(unlabeled(call), spelling: spelling, typeParameters: typeParameters) else {
            return note("the view type of `\(excerpt)` is not a `Type.self` literal: the event is not extracted")
        }
        guard let element = eventElement(method, kind: labeled(call, "ofKind", "forKind")) else {
            return note(
                "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: the event is not extracted"
            )
        }
        return [.entry(.event(name: name, view: view, model: nil, element: element, location: location))]
    }

    /// Entries and notes for a call that registers a view (`register`, `registerNibNamed`,
    /// `registerHeader`, DT 4's `registerCellClass`, …): `element` is the one the method fixes,
    /// `xib` how it finds the view's xib.
    private func registration(
        _ call: FunctionCallExprSyntax, method: String, spelling: RegistrationSpelling,
        element fixed: RegistrationSpelling.Element, xib xibKind: RegistrationSpelling.Xib,
        typeParameters: [String: String]
    ) -> [ScanStep] {
        let location = file.location(of: call)
        func note(_ message: String) -> [ScanStep] { [.note(ExtractionNote(message: message, location: location))] }
        // Only messages need it: worked out when one is written.
        var excerpt: String { SwiftShapes.excerpt(call) }
        let viewArgument =
            spelling.viewLabel.flatMap { labeled(call, $0) } ?? (xibKind == .named ? nil : unlabeled(call))
        guard let view = viewType(viewArgument, spelling: spelling, typeParameters: typeParameters) else {
            let reason =
                viewArgument.flatMap(unreadGenericClass) ?? "the view type of `\(excerpt)` is not a `Type.self` literal"
            return note("\(reason): it is not extracted")
                + [.skipped(SkippedRegistration(element: nil, view: nil, model: nil, location: location))]
        }
        guard let element = element(fixed, kind: labeled(call, "ofKind", "forKind")) else {
            return note(
                "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: it is not extracted"
            )
        }
        var xib: (name: String?, location: SourceLocation)?
        switch xibKind {
        case .byClass: xib = nil
        case .none: xib = (nil, location)
        case .named:
            guard let xibArgument = unlabeled(call), let name = SwiftShapes.stringLiteral(xibArgument) else {
                return note("the xib name in `\(excerpt)` is not a string literal: it is not extracted")
            }
            xib = (name, file.location(of: xibArgument))
        }
        let modelArgument = spelling.viewLabel == "for" ? nil : labeled(call, "for")
        let model = modelArgument.flatMap { expression in
            type(expression, typeParameters: typeParameters).map { Located($0, at: file.location(of: expression)) }
        }
        if modelArgument != nil, model == nil {
            return note("the model type of `\(excerpt)` is not a `Type.self` literal: it is not extracted")
        }
        let dropsClosure = spelling.closureDropped?.applies(to: behaviour) ?? false
        // DT 4's `registerCellClass(_:whenSelected:)` takes no mapping closure: its closure is `whenSelected`
        // (DTTableViewManager.swift, DTCollectionViewManager.swift, `registerCellClass(_:whenSelected:)`, 4.8.0).
        let selection =
            method == "registerCellClass" && spelling.isDT4Only
            ? (labeled(call, "whenSelected") ?? call.trailingClosure.map(ExprSyntax.init)) : nil
        var steps = register(
            call, element: element, view: view, model: model, xib: xib,
            readsClosures: !dropsClosure && !(method == "registerCellClass" && spelling.isDT4Only))
        if selection != nil, steps.contains(where: { if case .entry(.registration) = $0 { true } else { false } }) {
            steps.append(
                .entry(.event(name: "didSelect", view: view, model: nil, element: .cell, location: location)))
        }
        // DT 6 and 7 register a cell's nib without the dequeue probe (TableViewFactory.swift,
        // registerNibNamed(_:forCellClass:mappingBlock:), 7.2.0); from 8 it calls register.
        if method == "registerNibNamed", element == .cell, !behaviour.cellNibNamedIsRegisterWithoutClosure {
            steps = steps.map { step in
                guard case .entry(.registration(var registration)) = step else { return step }
                registration.registerNibNamed = true
                return .entry(.registration(registration))
            }
        }
        if dropsClosure {
            steps += droppedClosure(call, spelling: spelling, registered: steps)
        }
        return steps
    }

    /// The first argument without a label.
    private func unlabeled(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label == nil }?.expression
    }

    /// The first argument with one of the labels `names`.
    private func labeled(_ call: FunctionCallExprSyntax, _ names: [String]) -> ExprSyntax? {
        call.arguments.first { names.contains($0.label?.text ?? "") }?.expression
    }

    /// The first argument with one of the labels `names`.
    private func labeled(_ call: FunctionCallExprSyntax, _ names: String...) -> ExprSyntax? {
        labeled(call, names)
    }

    /// The type an argument names (`Type.self`, or a type parameter of the enclosing generic
    /// function, bound as `typeParameters` says), or nil.
    private func type(_ expression: ExprSyntax?, typeParameters: [String: String]) -> String? {
        guard let expression else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
            let bound = typeParameters[reference.baseName.text]
        {
            return bound
        }
        if let generic = genericClass(expression) { return generic }
        return SwiftShapes.metatype(expression).flatMap(resolvedType)
    }

    /// `ValueCell<String>.self`, a generic class declared in the files read with as many
    /// arguments as it has parameters, each a type name: the class with its arguments, resolved
    /// (`ValueCell<String>`, `ValueCell<Feed.Post>`). DT's mapping is then for that
    /// specialisation: its own model type, and `String(describing:)` as its name (`DTNames`).
    private func genericClass(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.self),
            let specialized = member.base?.as(GenericSpecializationExprSyntax.self),
            let written = SwiftShapes.dottedName(specialized.expression)
        else { return nil }
        let base = index.resolve(written, in: scope)
        guard let declared = index[base], declared.kind == .class,
            declared.genericParameters.count == specialized.genericArgumentClause.arguments.count
        else { return nil }
        var arguments: [String] = []
        for argument in specialized.genericArgumentClause.arguments {
            guard case .type(let type) = argument.argument, let name = SwiftShapes.typeName(type),
                !name.hasSuffix("?")
            else { return nil }
            arguments.append(index.resolve(name, in: scope))
        }
        return "\(base)<\(arguments.joined(separator: ", "))>"
    }

    /// Why `Cell<…>.self` is not read as a generic class (`genericClass`); nil for any other expression.
    private func unreadGenericClass(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.self),
            let specialized = member.base?.as(GenericSpecializationExprSyntax.self)
        else { return nil }
        let written = SwiftShapes.excerpt(ExprSyntax(specialized))
        guard let name = SwiftShapes.dottedName(specialized.expression),
            let declared = index[index.resolve(name, in: scope)], declared.kind == .class
        else { return "the generic class of `\(written)` is not declared in the files read" }
        let arguments = specialized.genericArgumentClause.arguments
        guard declared.genericParameters.count == arguments.count else {
            return "`\(written)` gives \(arguments.count) generic arguments to a class of "
                + "\(declared.genericParameters.count)"
        }
        return "an argument of `\(written)` is not a type name (`Post`, `Feed.Post`), so the name DT gives the view "
            + "(`String(describing:)`) is not worked out"
    }

    /// The view type an argument names: as `type(_:typeParameters:)`, or for a method only DT 4
    /// has, a type name alone (DT 4 was Swift 2 and 3, where a type passed alone needs no `.self`:
    /// `registerCellClass(PostCell)`).
    private func viewType(
        _ expression: ExprSyntax?, spelling: RegistrationSpelling, typeParameters: [String: String]
    ) -> String? {
        if let named = type(expression, typeParameters: typeParameters) { return named }
        guard spelling.isDT4Only, let reference = expression?.as(DeclReferenceExprSyntax.self),
            reference.baseName.text.first?.isUppercase == true
        else { return nil }
        return resolvedType(reference.baseName.text)
    }

    /// `heightForCell(withItem: Post?.self) { … }`: an event keyed by an optional model type (the metatype of
    /// `Optional<Post>`), written `Post?` as a manifest writes it.
    private func optionalModelType(_ expression: ExprSyntax?) -> String? {
        guard let expression, let wrapped = SwiftShapes.optionalMetatype(expression),
            let resolved = resolvedType(wrapped), !resolved.hasSuffix("?")
        else { return nil }
        return resolved + "?"
    }

    /// A type named in the code, as the declaration it refers to; `Cell.ModelType` is the
    /// cell's model type.
    private func resolvedType(_ name: String) -> String? {
        if name.hasSuffix(".ModelType") {
            let view = index.resolve(String(name.dropLast(".ModelType".count)), in: scope)
            return index.modelType(ofView: view)?.value
        }
        return index.resolve(name, in: scope)
    }

    /// The element of a registration: fixed by the method, or the supplementary kind passed.
    private func element(_ element: RegistrationSpelling.Element, kind: ExprSyntax?) -> DraftElement? {
        switch element {
        case .cell: .cell
        case .header: .header
        case .footer: .footer
        case .supplementary: supplementaryElement(kind)
        }
    }

    /// The note for a mapping closure the library never calls (`LibraryBehaviour.cellNibNamedIsRegisterWithoutClosure`,
    /// `niblessHeaderFooterDropsMappingClosure`), at the call, naming what the closure sets that the
    /// registration therefore does not have. Nothing when no closure is passed.
    private func droppedClosure(
        _ call: FunctionCallExprSyntax, spelling: RegistrationSpelling, registered steps: [ScanStep]
    ) -> [ScanStep] {
        let literal = closures(of: call).filter { isMappingClosure($0.0, $0.1) }.map { $0.1 }
        let passed = call.arguments.filter { ["mapping", "mappingBlock"].contains($0.label?.text ?? "") }
            .filter { !$0.expression.is(NilLiteralExprSyntax.self) }
        guard !literal.isEmpty || !passed.isEmpty else { return [] }
        var dropped: [String] = []
        let registered = steps.lazy.compactMap { step -> DraftRegistration? in
            guard case .entry(.registration(let registration)) = step else { return nil }
            return registration
        }.first
        if let registered {
            // What the closure would have set, read as if it were called.
            var applied = registered
            for closure in literal {
                _ = mappingClosureReader(for: registered).read(closure, into: &applied)
            }
            if let identifier = applied.reuseIdentifier?.value, identifier != registered.reuseIdentifier?.value {
                dropped.append("the reuse identifier \"\(identifier)\"")
            }
            if applied.condition != nil { dropped.append("the condition") }
            if applied.xib?.name != registered.xib?.name || (applied.xib == nil) != (registered.xib == nil) {
                dropped.append("the xib name")
            }
            if let flag = applied.storyboard?.value { dropped.append("the storyboard flag (\(flag))") }
            let events = applied.events.dropFirst(registered.events.count).map { "`\($0.value)`" }
            if !events.isEmpty {
                dropped.append((events.count == 1 ? "the event " : "the events ") + events.joined(separator: ", "))
            }
        }
        let what =
            dropped.isEmpty
            ? "nothing in it is extracted"
            : Self.list(dropped) + (dropped.count == 1 ? " is" : " are") + " not extracted"
        return [
            .note(
                ExtractionNote(
                    message:
                        "\(behaviour.libraryName)'s `\(spelling.signature(host: host))` never calls its mapping closure, "
                        + "so \(what)",
                    location: file.location(of: call)))
        ]
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    private func mappingClosureReader(for registration: DraftRegistration) -> MappingClosureReader {
        MappingClosureReader(
            file: file, registration: registration, version: version, host: host,
            modelStorageVersion: modelStorageVersion, index: index, scope: scope)
    }

    /// A manager-level event: for a view type (the first argument unlabelled, or `for:`, `in:`,
    /// `from:`), or keyed by a model type (`withItem:`, `forItem:`). Nil when the call has no type
    /// and closure.
    private func event(
        _ call: FunctionCallExprSyntax, method: String, type: (ExprSyntax?) -> String?,
        labeled: (String...) -> ExprSyntax?, unlabeled: ExprSyntax?, note: (String) -> [ScanStep]
    ) -> [ScanStep]? {
        let unlabeledModel = ManagerEventNames.takesUnlabelledModel(method, host: host)
        let viewArgument = unlabeledModel ? nil : (unlabeled ?? self.labeled(call, ManagerEventNames.viewLabels))
        let modelArgument = unlabeledModel ? unlabeled : self.labeled(call, ManagerEventNames.modelLabels)
        let name = ManagerEventNames.eventName(of: method, host: host)
        let kind = labeled("forElementKind", "ofKind", "forKind")
        let hasClosure = passesClosure(call, event: name)
        // `manager.insetForSectionAtIndex { layout, section in … }`: a closure (or a function
        // passed in its place) for every section, keyed by no view or model.
        if HostEvents.sectionEvents(for: host).contains(method),
            hasClosure || (call.arguments.count == 1 && call.arguments.first?.label == nil)
        {
            return [
                .entry(.event(name: method, view: nil, model: nil, element: .cell, location: file.location(of: call)))
            ]
        }
        // `manager.dragSessionWillBegin { session in … }`: one closure (or a function passed in its place)
        // for the whole view.
        if ManagerEventNames.managerWideDragAndDrop.contains(method),
            call.arguments.allSatisfy({ $0.label == nil }),
            call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1
        {
            return note(
                "`\(SwiftShapes.excerpt(call))` is not extracted: `\(method)` is a manager-wide drag and drop closure, "
                    + "tied to no view or model (nothing in it depends on the registrations)")
        }
        guard viewArgument != nil || modelArgument != nil, hasClosure else { return nil }
        let location = file.location(of: call)
        // Worded only for a note.
        var excerpt: String { SwiftShapes.excerpt(call) }
        let view = type(viewArgument)
        let model = view == nil ? type(modelArgument) ?? optionalModelType(modelArgument) : nil
        if view == nil, model == nil, let written = modelArgument.flatMap(SwiftShapes.metatype),
            written.hasSuffix(".ModelType")
        {
            let cell = String(written.dropLast(".ModelType".count))
            return note(
                "`\(excerpt)` is not extracted: the model type of `\(cell)` (its `ModelType`) could not be determined")
        }
        guard view != nil || model != nil else {
            return note(
                "the view or model type of `\(excerpt)` is not a `Type.self` literal: the event is not extracted")
        }
        guard HostEvents.names(for: host).contains(name) else {
            return note(
                "`\(method)` is not among the \(library) events maplint models: `\(excerpt)` is not checked")
        }
        if let view {
            guard let element = eventElement(method, kind: kind) else {
                return note(
                    "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: the event is not extracted"
                )
            }
            return [.entry(.event(name: name, view: view, model: nil, element: element, location: location))]
        }
        let element = eventElement(method, kind: kind) ?? .cell
        return [.entry(.event(name: name, view: nil, model: model, element: element, location: location))]
    }

    /// The labels of an event call's type and kind arguments.
    private static let typeLabels = Set(
        ManagerEventNames.viewLabels + ManagerEventNames.modelLabels + ["forElementKind", "ofKind", "forKind"])

    /// Whether an event call passes its closure: trailing, written as an argument, or written
    /// elsewhere (`manager.didSelect(PostCell.self, onSelect)`): for an event name, an argument
    /// after the first that names no type or kind is it.
    private func passesClosure(_ call: FunctionCallExprSyntax, event name: String) -> Bool {
        return call.trailingClosure != nil || call.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
            || (HostEvents.names(for: host).contains(name)
                && call.arguments.dropFirst().contains { !Self.typeLabels.contains($0.label?.text ?? "") })
    }

    /// `registerHostingCell(for: Post.self) { post, indexPath in PostView(post: post) }` and
    /// `registerHostingConfiguration(for: Post.self) { cell, post, indexPath in … }`: mappings of
    /// the model type, dequeued from the cell DT hosts the SwiftUI view in, under the identifier
    /// DT gives it (`HostingTableViewCell<PostView, Post>`; for a configuration, the content,
    /// background and model type names).
    private func hosting(
        _ call: FunctionCallExprSyntax, spelling: RegistrationSpelling, model modelArgument: ExprSyntax?,
        type: (ExprSyntax?) -> String?
    ) -> [ScanStep] {
        let location = file.location(of: call)
        guard let modelArgument, let model = type(modelArgument) else {
            return [
                .note(
                    ExtractionNote(
                        message:
                            "the model type of `\(SwiftShapes.excerpt(call))` is not a `Type.self` literal: it is not extracted",
                        location: location))
            ]
        }
        let content =
            closures(of: call).lazy.filter { $0.0 != "mapping" }.compactMap { Self.contentType(of: $0.1) }.first
            ?? "Content"
        let view: String
        let identifier: String
        var modelTransfer = false
        if case .hostingCell = spelling.effect {
            // The class is generic; the manifest names the class, the identifier its specialisation.
            view = DTViews.hostingCell(for: host)
            identifier = "\(view)<\(content), \(model)>"
            modelTransfer = true
        } else {
            view =
                labeled(call, "cell").flatMap { SwiftShapes.metatype($0) }
                ?? UIKitViews.cell(for: host)
            identifier = "\(content) EmptyView \(model)"
        }
        var registration = DraftRegistration(
            element: .cell, view: view, model: model, location: location,
            modelLocation: file.location(of: modelArgument))
        registration.modelTransfer = modelTransfer
        registration.xib = (nil, location)
        registration.reuseIdentifier = Located(identifier, at: location)
        var steps: [ScanStep] = []
        // The content closure is trailing unless `content:` / `configuration:` is written out.
        let contentIsArgument = call.arguments.contains {
            ["content", "configuration"].contains($0.label?.text ?? "")
        }
        for (label, closure) in closures(of: call) where label == "mapping" || (label == nil && contentIsArgument) {
            steps += mappingClosureReader(for: registration).read(closure, into: &registration)
        }
        return [.entry(.registration(registration))] + steps
    }

    /// The SwiftUI view a content closure builds: `PostView` in `{ post, _ in PostView(post: post) }`
    /// or in `UIHostingConfiguration { PostView(post: post) }`.
    static func contentType(of closure: ClosureExprSyntax) -> String? {
        guard let last = closure.statements.last?.item else { return nil }
        var expression: ExprSyntax?
        if let value = last.as(ExprSyntax.self) {
            expression = value
        } else if let returned = last.as(ReturnStmtSyntax.self) {
            expression = returned.expression
        }
        guard let call = expression?.as(FunctionCallExprSyntax.self) else { return nil }
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = callee.baseName.text
        if name == "UIHostingConfiguration", let inner = call.trailingClosure { return contentType(of: inner) }
        return name.first?.isUppercase == true ? name : nil
    }

    /// A registration, with its mapping closure applied.
    private func register(
        _ call: FunctionCallExprSyntax, element: DraftElement, view: String, model explicitModel: Located<String>?,
        xib: (name: String?, location: SourceLocation)?, readsClosures: Bool = true
    ) -> [ScanStep] {
        let location = file.location(of: call)
        if case .supplementary = element, host == .tableView {
            return [
                .note(
                    ExtractionNote(
                        message:
                            "`\(SwiftShapes.excerpt(call))`: a table view has no supplementary kinds besides headers and footers; not extracted",
                        location: location))
            ]
        }
        let model: Located<String>
        var modelTransfer = true
        if let explicitModel {
            model = explicitModel
            modelTransfer = index.conformsToModelTransfer(view)
        } else if let transferred = index.modelType(ofView: view) {
            model = transferred
        } else {
            let reason = unknownModelReason(view: view)
            return [
                .note(
                    ExtractionNote(
                        message: "`\(SwiftShapes.excerpt(call))` is not extracted: \(reason)", location: location)),
                .skipped(SkippedRegistration(element: element, view: view, model: nil, location: location)),
            ]
        }
        var registration = DraftRegistration(
            element: element, view: view, model: model.value, location: location, modelLocation: model.location)
        registration.modelTransfer = modelTransfer
        // DT's default identifier is `String(describing: View.self)`: a nested class's own name only.
        let described = DTNames.describing(view)
        if described != view {
            registration.reuseIdentifier = Located(described, at: location)
        }
        registration.xib = xib
        if host == .tableView, element == .header || element == .footer {
            registration.headerFooterView = index.isHeaderFooterView(view)
        }
        var steps: [ScanStep] = []
        guard readsClosures else { return [.entry(.registration(registration))] }
        for (label, closure) in closures(of: call) where isMappingClosure(label, closure) {
            steps += mappingClosureReader(for: registration).read(closure, into: &registration)
        }
        for argument in call.arguments
        where ["mapping", "mappingBlock"].contains(argument.label?.text ?? "")
            && !argument.expression.is(ClosureExprSyntax.self) && !argument.expression.is(NilLiteralExprSyntax.self)
        {
            steps.append(
                .note(
                    ExtractionNote(
                        message:
                            "the mapping `\(SwiftShapes.excerpt(argument.expression))` is not a closure written here: its settings are not extracted",
                        location: file.location(of: argument.expression))))
        }
        return [.entry(.registration(registration))] + steps
    }

    /// Why a registration of `view` that names no model type has none: the view is not declared,
    /// its model type has no name, or it declares none.
    private func unknownModelReason(view: String) -> String {
        if index[view] == nil, let known = PlatformTypes.known(view) {
            return "`\(view)` is a \(known.framework.rawValue) class that declares no model type (it is not a "
                + "`ModelTransfer`) and the call names none with `for:`"
        } else if index[view] == nil {
            return "`\(view)` is not declared in the Swift files read, so its model type is unknown"
        } else if let tuple = index.unnamedModelType(ofView: view) {
            return "the model type of `\(view)`, `\(tuple)`, has no name to check items against"
        } else if index.conformsToModelTransfer(view) {
            return "the model type of `\(view)` could not be determined (its `update(with:)` is not declared in the "
                + "class, its extensions or superclasses) and the call names none with `for:`"
        } else {
            return
                "`\(view)` declares no model type (`ModelTransfer`'s `update(with:)` or `typealias ModelType`) and the call names none with `for:`"
        }
    }

    /// A mapping closure: labelled `mapping:` / `mappingBlock:`, or a trailing closure that is not the handler.
    private func isMappingClosure(_ label: String?, _ closure: ClosureExprSyntax) -> Bool {
        label == "mapping" || label == "mappingBlock" || (label == nil && !Self.looksLikeHandler(closure))
    }

    /// The closures passed to a call, labelled or trailing, in order.
    private func closures(of call: FunctionCallExprSyntax) -> [(String?, ClosureExprSyntax)] {
        var result: [(String?, ClosureExprSyntax)] = []
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                result.append((argument.label?.text, closure))
            }
        }
        if let trailing = call.trailingClosure { result.append((nil, trailing)) }
        for additional in call.additionalTrailingClosures { result.append((additional.label.text, additional.closure)) }
        return result
    }

    /// A handler closure takes the view, the model and the index path; a mapping closure one mapping.
    /// Without a parameter list, `$1` or `$2` in the closure itself (not in a closure inside it,
    /// such as `$0.modelCondition { $0.section == 0 && $1.likes > 3 }`) makes it a handler.
    static func looksLikeHandler(_ closure: ClosureExprSyntax) -> Bool {
        if let count = ClosureParameters.names(of: closure)?.count { return count >= 2 }
        return closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .dollarIdentifier(let name) = token.tokenKind, name != "$0" else { return false }
            var node = token.parent
            while let current = node, current.id != closure.id {
                if current.is(ClosureExprSyntax.self) { return false }
                node = current.parent
            }
            return true
        }
    }

    /// `manager.configureEvents(for: Cell.self) { cellType, modelType in … }`: the events inside,
    /// with the closure's parameters standing for the cell type and its model type.
    private func configureEvents(
        _ call: FunctionCallExprSyntax, view: String?, isManager: (ExprSyntax) -> Bool
    ) -> [ScanStep] {
        let location = file.location(of: call)
        guard let view,
            let closure = call.trailingClosure
                ?? call.arguments.compactMap({ $0.expression.as(ClosureExprSyntax.self) }).first
        else {
            return [
                .note(
                    ExtractionNote(
                        message:
                            "`\(SwiftShapes.excerpt(call))` names no `Type.self` literal or closure: its events are not extracted",
                        location: location))
            ]
        }
        let names = ClosureParameters.names(of: closure) ?? ["$0", "$1"]
        var bindings: [String: String] = [:]
        if let cellName = names.first ?? nil { bindings[cellName] = view }
        if names.count > 1, let modelName = names[1], let model = index.modelType(ofView: view) {
            bindings[modelName] = model.value
        }
        var steps: [ScanStep] = []
        for item in closure.statements {
            if let inner = item.item.as(FunctionCallExprSyntax.self),
                let member = inner.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                isManager(base),
                let translated = translate(
                    inner, method: member.declName.baseName.text, isManager: isManager, typeParameters: bindings)
            {
                record?.places.append(CallPlace(of: inner, in: file))
                steps += translated
            } else {
                steps.append(
                    .note(
                        ExtractionNote(
                            message:
                                "`\(SwiftShapes.excerpt(item))` in `configureEvents` is not an event call on the manager: not extracted",
                            location: file.location(of: item))))
            }
        }
        return steps
    }

    /// The element a manager-level event is for, from its name.
    private func eventElement(_ method: String, kind: ExprSyntax?) -> DraftElement? {
        if method.contains("Supplementary") { return kind.flatMap(supplementaryElement) }
        if method.contains("Header") { return .header }
        if method.contains("Footer") { return .footer }
        return .cell
    }

    /// A supplementary kind: a string literal, or the standard header and footer kinds.
    private func supplementaryElement(_ expression: ExprSyntax?) -> DraftElement? {
        guard let expression else { return nil }
        if let text = SwiftShapes.stringLiteral(expression) { return .supplementary(text) }
        let name: String
        if let member = expression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return nil
        }
        switch name {
        case "elementKindSectionHeader", LibraryNames.collectionHeaderKind, LibraryNames.tableHeaderKind:
            return .header
        case "elementKindSectionFooter", LibraryNames.collectionFooterKind, LibraryNames.tableFooterKind:
            return .footer
        default: return nil
        }
    }
}

/// The parameter names of a closure (nil for `_`); nil when it has no parameter list.
enum ClosureParameters {
    static func names(of closure: ClosureExprSyntax) -> [String?]? {
        guard let clause = closure.signature?.parameterClause else { return nil }
        switch clause {
        case .simpleInput(let list):
            return list.map { $0.name.text == "_" ? nil : $0.name.text }
        case .parameterClause(let parameters):
            return parameters.parameters.map { parameter in
                let name = (parameter.secondName ?? parameter.firstName).text
                return name == "_" ? nil : name
            }
        }
    }
}
