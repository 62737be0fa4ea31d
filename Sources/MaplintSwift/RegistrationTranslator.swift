import MaplintCore
import SwiftSyntax

/// Turns one call on the manager into manifest entries (and notes for what it cannot read).
struct RegistrationTranslator {
    let file: SwiftSourceFile
    let index: DeclarationIndex
    let host: Host

    private enum Action {
        case register(ExtractedElement?, nibless: Bool)
        case registerNib
        case unregister(ExtractedElement?)
        case configureEvents
    }

    /// The action of a method name; nil for every other method (events are decided by arguments).
    private static func action(_ method: String) -> Action? {
        switch method {
        case "register", "registerNibless", "registerNiblessCell": .register(.cell, nibless: method != "register")
        case "registerHeader", "registerNiblessHeader": .register(.header, nibless: method != "registerHeader")
        case "registerFooter", "registerNiblessFooter": .register(.footer, nibless: method != "registerFooter")
        case "registerSupplementary", "registerNiblessSupplementary":
            .register(nil, nibless: method != "registerSupplementary")
        case "registerNibNamed": .registerNib
        case "unregister": .unregister(.cell)
        case "unregisterHeader": .unregister(.header)
        case "unregisterFooter": .unregister(.footer)
        case "unregisterSupplementary": .unregister(nil)
        case "configureEvents": .configureEvents
        default: nil
        }
    }

    /// Whether `method` registers or unregisters a view (the calls `UnattributedCalls` looks for).
    static func registersViews(_ method: String) -> Bool {
        switch action(method) {
        case .register?, .registerNib?, .unregister?: true
        case .configureEvents?, nil: false
        }
    }

    /// Entries and notes for `manager.<method>(…)`; nil when the call is not part of the
    /// registration API (storage, `startManaging`, …).
    func translate(
        _ call: FunctionCallExprSyntax, method: String, isManager: (ExprSyntax) -> Bool,
        typeParameters: [String: String] = [:]
    ) -> [ScanStep]? {
        let arguments = Array(call.arguments)
        let unlabeled = arguments.first { $0.label == nil }?.expression
        func labeled(_ names: String...) -> ExprSyntax? {
            arguments.first { names.contains($0.label?.text ?? "") }?.expression
        }
        func type(_ expression: ExprSyntax?) -> String? {
            guard let expression else { return nil }
            if let reference = expression.as(DeclReferenceExprSyntax.self),
                let bound = typeParameters[reference.baseName.text]
            {
                return bound
            }
            return SwiftShapes.metatype(expression)
        }
        let location = file.location(of: call)
        func note(_ message: String, at node: (some SyntaxProtocol)? = Optional<ExprSyntax>.none) -> [ScanStep] {
            [.note(ExtractionNote(message: message, location: node.map(file.location(of:)) ?? location))]
        }
        // Only messages need it: worked out when one is written.
        var excerpt: String { SwiftShapes.excerpt(call) }

        guard let action = Self.action(method) else {
            // A manager-level event: for a view type, or keyed by a model type (`withItem:`).
            let kind = labeled("forElementKind", "ofKind", "forKind")
            if let view = type(unlabeled) {
                guard let element = eventElement(method, kind: kind) else {
                    return note(
                        "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: the event is not extracted"
                    )
                }
                return [.entry(.event(name: method, view: view, model: nil, element: element, location: location))]
            }
            if let item = labeled("withItem"), let model = type(item) {
                let element = eventElement(method, kind: kind) ?? .cell
                return [.entry(.event(name: method, view: nil, model: model, element: element, location: location))]
            }
            if unlabeled != nil || labeled("withItem") != nil, call.trailingClosure != nil {
                return note(
                    "the view or model type of `\(excerpt)` is not a `Type.self` literal: the event is not extracted")
            }
            return nil
        }

        switch action {
        case .configureEvents:
            return configureEvents(call, view: type(labeled("for") ?? unlabeled), isManager: isManager)

        case .unregister(let fixed):
            guard let view = type(unlabeled) else {
                return note("the view type of `\(excerpt)` is not a `Type.self` literal: it is not extracted")
            }
            guard let element = fixed ?? supplementaryElement(labeled("forKind", "ofKind")) else {
                return note(
                    "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: it is not extracted"
                )
            }
            return [.entry(.unregister(element: element, view: view, location: location))]

        case .registerNib:
            guard let xibArgument = unlabeled, let xib = SwiftShapes.stringLiteral(xibArgument) else {
                return note("the xib name in `\(excerpt)` is not a string literal: it is not extracted")
            }
            let element: ExtractedElement?
            let viewArgument: ExprSyntax?
            if let view = labeled("for") {
                element = .cell
                viewArgument = view
            } else if let view = labeled("forHeader") {
                element = .header
                viewArgument = view
            } else if let view = labeled("forFooter") {
                element = .footer
                viewArgument = view
            } else if let view = labeled("forSupplementary") {
                element = supplementaryElement(labeled("ofKind", "forKind"))
                viewArgument = view
            } else {
                element = nil
                viewArgument = nil
            }
            guard let element, let view = type(viewArgument) else {
                return note(
                    "`\(excerpt)` names no view type and element this extraction understands: it is not extracted")
            }
            return register(call, element: element, view: view, model: nil, xib: (xib, file.location(of: xibArgument)))

        case .register(let fixed, let nibless):
            guard let view = type(unlabeled) else {
                return note("the view type of `\(excerpt)` is not a `Type.self` literal: it is not extracted")
            }
            guard let element = fixed ?? supplementaryElement(labeled("ofKind", "forKind")) else {
                return note(
                    "the kind in `\(excerpt)` is not a string literal or a standard header/footer kind: it is not extracted"
                )
            }
            let model = labeled("for").flatMap { expression in
                type(expression).map { Located($0, at: file.location(of: expression)) }
            }
            if labeled("for") != nil, model == nil {
                return note("the model type of `\(excerpt)` is not a `Type.self` literal: it is not extracted")
            }
            return register(call, element: element, view: view, model: model, xib: nibless ? (nil, location) : nil)
        }
    }

    /// A registration, with its mapping closure applied.
    private func register(
        _ call: FunctionCallExprSyntax, element: ExtractedElement, view: String, model explicitModel: Located<String>?,
        xib: (name: String?, location: SourceLocation)?
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
            let reason =
                index[view] == nil
                ? "`\(view)` is not declared in the Swift files read, so its model type is unknown"
                : "`\(view)` declares no model type (`ModelTransfer`'s `update(with:)` or `typealias ModelType`) and the call names none with `for:`"
            return [
                .note(
                    ExtractionNote(
                        message: "`\(SwiftShapes.excerpt(call))` is not extracted: \(reason)", location: location))
            ]
        }
        var registration = ExtractedRegistration(
            element: element, view: view, model: model.value, location: location, modelLocation: model.location)
        registration.modelTransfer = modelTransfer
        registration.xib = xib
        if host == .tableView, element == .header || element == .footer {
            registration.headerFooterView = index.isHeaderFooterView(view)
        }
        var steps: [ScanStep] = []
        for (label, closure) in closures(of: call) {
            let isMapping =
                label == "mapping" || label == "mappingBlock" || (label == nil && !Self.looksLikeHandler(closure))
            guard isMapping else { continue }
            steps += MappingClosureReader(file: file, registration: registration).read(closure, into: &registration)
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
    private func eventElement(_ method: String, kind: ExprSyntax?) -> ExtractedElement? {
        if method.contains("Supplementary") { return kind.flatMap(supplementaryElement) }
        if method.contains("Header") { return .header }
        if method.contains("Footer") { return .footer }
        return .cell
    }

    /// A supplementary kind: a string literal, or the standard header and footer kinds.
    private func supplementaryElement(_ expression: ExprSyntax?) -> ExtractedElement? {
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
        case "elementKindSectionHeader", "UICollectionElementKindSectionHeader", "DTTableViewElementSectionHeader":
            return .header
        case "elementKindSectionFooter", "UICollectionElementKindSectionFooter", "DTTableViewElementSectionFooter":
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
