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
        let arguments = CallArguments(call: call, file: file, typeParameters: typeParameters)
        guard let action = Self.action(method) else { return event(method, arguments) }
        switch action {
        case .configureEvents:
            return configureEvents(
                call, view: arguments.type(arguments.labeled("for") ?? arguments.unlabeled), isManager: isManager)
        case .unregister(let fixed): return unregister(arguments, element: fixed)
        case .registerNib: return registerNib(arguments)
        case .register(let fixed, let nibless): return register(arguments, element: fixed, nibless: nibless)
        }
    }

    /// A manager-level event: for a view type, or keyed by a model type (`withItem:`).
    private func event(_ method: String, _ arguments: CallArguments) -> [ScanStep]? {
        let kind = arguments.labeled("forElementKind", "ofKind", "forKind")
        let location = arguments.location
        if let view = arguments.type(arguments.unlabeled) {
            guard let element = eventElement(method, kind: kind) else {
                return arguments.note(
                    "the kind in `\(arguments.excerpt)` is not a string literal or a standard header/footer kind: the event is not extracted"
                )
            }
            return [.entry(.event(name: method, view: view, model: nil, element: element, location: location))]
        }
        if let item = arguments.labeled("withItem"), let model = arguments.type(item) {
            let element = eventElement(method, kind: kind) ?? .cell
            return [.entry(.event(name: method, view: nil, model: model, element: element, location: location))]
        }
        if arguments.unlabeled != nil || arguments.labeled("withItem") != nil, arguments.call.trailingClosure != nil {
            return arguments.note(
                "the view or model type of `\(arguments.excerpt)` is not a `Type.self` literal: the event is not extracted"
            )
        }
        return nil
    }

    private func unregister(_ arguments: CallArguments, element fixed: ExtractedElement?) -> [ScanStep] {
        guard let view = arguments.type(arguments.unlabeled) else {
            return arguments.note(
                "the view type of `\(arguments.excerpt)` is not a `Type.self` literal: it is not extracted")
        }
        guard let element = fixed ?? supplementaryElement(arguments.labeled("forKind", "ofKind")) else {
            return arguments.note(
                "the kind in `\(arguments.excerpt)` is not a string literal or a standard header/footer kind: it is not extracted"
            )
        }
        return [.entry(.unregister(element: element, view: view, location: arguments.location))]
    }

    /// `registerNibNamed(_:for:)` and its header, footer and supplementary forms.
    private func registerNib(_ arguments: CallArguments) -> [ScanStep] {
        guard let xibArgument = arguments.unlabeled, let xib = SwiftShapes.stringLiteral(xibArgument) else {
            return arguments.note("the xib name in `\(arguments.excerpt)` is not a string literal: it is not extracted")
        }
        let element: ExtractedElement?
        let viewArgument: ExprSyntax?
        if let view = arguments.labeled("for") {
            element = .cell
            viewArgument = view
        } else if let view = arguments.labeled("forHeader") {
            element = .header
            viewArgument = view
        } else if let view = arguments.labeled("forFooter") {
            element = .footer
            viewArgument = view
        } else if let view = arguments.labeled("forSupplementary") {
            element = supplementaryElement(arguments.labeled("ofKind", "forKind"))
            viewArgument = view
        } else {
            element = nil
            viewArgument = nil
        }
        guard let element, let view = arguments.type(viewArgument) else {
            return arguments.note(
                "`\(arguments.excerpt)` names no view type and element this extraction understands: it is not extracted"
            )
        }
        return register(
            arguments.call, element: element, view: view, model: nil, xib: (xib, file.location(of: xibArgument)))
    }

    /// `register`, `registerHeader`, `registerFooter`, `registerSupplementary` and the nibless forms.
    private func register(_ arguments: CallArguments, element fixed: ExtractedElement?, nibless: Bool) -> [ScanStep] {
        guard let view = arguments.type(arguments.unlabeled) else {
            return arguments.note(
                "the view type of `\(arguments.excerpt)` is not a `Type.self` literal: it is not extracted")
        }
        guard let element = fixed ?? supplementaryElement(arguments.labeled("ofKind", "forKind")) else {
            return arguments.note(
                "the kind in `\(arguments.excerpt)` is not a string literal or a standard header/footer kind: it is not extracted"
            )
        }
        let model = arguments.labeled("for").flatMap { expression in
            arguments.type(expression).map { Located($0, at: file.location(of: expression)) }
        }
        if arguments.labeled("for") != nil, model == nil {
            return arguments.note(
                "the model type of `\(arguments.excerpt)` is not a `Type.self` literal: it is not extracted")
        }
        return register(
            arguments.call, element: element, view: view, model: model,
            xib: nibless ? (nil, arguments.location) : nil)
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

/// The arguments of one registration call, read the way the translator needs them.
private struct CallArguments {
    let call: FunctionCallExprSyntax
    let file: SwiftSourceFile
    /// Generic parameters bound to types (`configureEvents(for: T.self)` inside a generic function).
    let typeParameters: [String: String]
    let arguments: [LabeledExprSyntax]

    init(call: FunctionCallExprSyntax, file: SwiftSourceFile, typeParameters: [String: String]) {
        self.call = call
        self.file = file
        self.typeParameters = typeParameters
        arguments = Array(call.arguments)
    }

    var location: SourceLocation { file.location(of: call) }

    /// The first argument without a label.
    var unlabeled: ExprSyntax? { arguments.first { $0.label == nil }?.expression }

    /// Only messages need it: worked out when one is written.
    var excerpt: String { SwiftShapes.excerpt(call) }

    func labeled(_ names: String...) -> ExprSyntax? {
        arguments.first { names.contains($0.label?.text ?? "") }?.expression
    }

    /// The type a `Type.self` argument names, or the type a generic parameter stands for.
    func type(_ expression: ExprSyntax?) -> String? {
        guard let expression else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
            let bound = typeParameters[reference.baseName.text]
        {
            return bound
        }
        return SwiftShapes.metatype(expression)
    }

    /// A note at the call.
    func note(_ message: String) -> [ScanStep] {
        [.note(ExtractionNote(message: message, location: location))]
    }
}
