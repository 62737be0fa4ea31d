import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// Reads a mapping closure (`{ mapping in mapping.condition = … }`, `{ $0.xibName = nil }`) into
/// a registration. Settings assigned twice keep the last, as at run time.
struct MappingClosureReader {
    let file: SwiftSourceFile
    let registration: DraftRegistration
    /// The DT version modelled (nil: the newest).
    var version: LibraryVersion? = nil
    var host: Host = .collectionView
    /// The DTModelStorage version read from a lock file (nil: unknown).
    var modelStorageVersion: LibraryVersion? = nil
    /// The types declared in the files read (enum raw values, cells' model types), and the type
    /// whose code this is, where names are looked up.
    var index: DeclarationIndex? = nil
    var scope: String? = nil

    /// What the library does at the version modelled.
    var behaviour: LibraryBehaviour {
        LibraryBehaviour(host: host, version: version, deploymentTarget: nil, modelStorageVersion: modelStorageVersion)
    }

    func read(_ closure: ClosureExprSyntax, into registration: inout DraftRegistration) -> [ScanStep] {
        let parameter = (ClosureParameters.names(of: closure)?.first ?? nil) ?? "$0"
        var steps: [ScanStep] = []
        func note(_ message: String, at node: some SyntaxProtocol) {
            steps.append(.note(ExtractionNote(message: message, location: file.location(of: node))))
        }
        func isParameter(_ expression: ExprSyntax?) -> Bool {
            guard let reference = expression?.as(DeclReferenceExprSyntax.self) else { return false }
            return reference.baseName.text == parameter
        }
        for item in closure.statements {
            let statement = item.item
            if let (property, target, value) = Self.assignment(statement), let value, isParameter(target.base) {
                assign(property, value, target: target, parameter: parameter, to: &registration, note: note)
            } else if let (_, target, _) = Self.assignment(statement), Self.isHosting(registration),
                let inner = target.base?.as(MemberAccessExprSyntax.self), isParameter(inner.base),
                inner.declName.baseName.text == "configuration"
            {
                // `mapping.configuration.backgroundColor = …`: how the SwiftUI view is hosted, not what is registered.
                continue
            } else if let call = statement.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), isParameter(member.base)
            {
                // `mapping.didSelect { … }`: an event closure on this mapping.
                registration.events.append(
                    Located(member.declName.baseName.text, at: file.location(of: member.declName)))
            } else {
                note(
                    "`\(SwiftShapes.excerpt(statement))` in the mapping closure is not understood: it is not extracted",
                    at: statement)
            }
        }
        return steps
    }

    /// `mapping.xibName = …`.
    private func assignXibName(
        _ value: ExprSyntax, at location: SourceLocation, to registration: inout DraftRegistration,
        note: (String, ExprSyntax) -> Void
    ) {
        let text = SwiftShapes.stringLiteral(value)
        if behaviour.registerIgnoresMappingXibName, Self.readsXibByClass(registration), let text {
            // A cell's `xib: Name` is `mapping.xibName = "Name"` in `register`'s closure, which these versions
            // ignore (TableViewFactory.swift, registerCellClass, 6.6.0 and 7.2.0; CollectionViewFactory.swift,
            // registerCellClass, 6.6.0): written so, `ignored-xib-name` reports it as it does in a manifest.
            registration.xib = (text, location)
        } else if behaviour.registerIgnoresMappingXibName {
            // TableViewFactory.swift, registerCellClass, 6.6.0 and 7.2.0; CollectionViewFactory.swift,
            // registerCellClass and registerSupplementaryClass, 6.6.0: the xib named after the class.
            note(
                "\(behaviour.libraryName) ignores `xibName` in the mapping "
                    + "closure and registers the xib named after the class when there is one: it is not extracted",
                value)
        } else if value.is(NilLiteralExprSyntax.self) {
            registration.xib = (nil, location)
        } else if let text {
            registration.xib = (text, location)
        } else {
            note(
                "the xib name `\(SwiftShapes.excerpt(value))` is not a string literal: the default xib is assumed",
                value)
        }
    }

    /// A cell of `register`, whose xib is the one named after the class: not `registerNibNamed` (its own nib) nor
    /// `registerNibless` (no xib).
    static func readsXibByClass(_ registration: DraftRegistration) -> Bool {
        registration.element == .cell && !registration.registerNibNamed && registration.xib == nil
    }

    /// A SwiftUI hosting mapping (`registerHostingCell`).
    static func isHosting(_ registration: DraftRegistration) -> Bool {
        registration.view == "HostingTableViewCell" || registration.view == "HostingCollectionViewCell"
    }

    /// `target.property = value`; the value is nil when it is made of several operands
    /// (`a ? b : c`, `a + b`), which the unfolded sequence holds one by one.
    static func assignment(_ statement: some SyntaxProtocol) -> (String, MemberAccessExprSyntax, ExprSyntax?)? {
        guard let sequence = Syntax(statement).as(SequenceExprSyntax.self), sequence.elements.count >= 3 else {
            return nil
        }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(MemberAccessExprSyntax.self) else {
            return nil
        }
        return (target.declName.baseName.text, target, elements.count == 3 ? elements[2] : nil)
    }

    private func assign(
        _ property: String, _ value: ExprSyntax, target: MemberAccessExprSyntax, parameter: String,
        to registration: inout DraftRegistration, note: (String, ExprSyntax) -> Void
    ) {
        let location = file.location(of: target)
        // Worded only for a note.
        var excerpt: String { SwiftShapes.excerpt(value) }
        switch property {
        case "condition":
            let (condition, message) = ConditionReader(
                file: file, mappingParameter: parameter, index: index, scope: scope, model: registration.model
            ).read(value)
            registration.condition = condition
            if let message { note(message, value) }
        case "reuseIdentifier":
            if let text = SwiftShapes.stringLiteral(value) {
                registration.reuseIdentifier = Located(text, at: location)
            } else {
                note(
                    "the reuse identifier `\(excerpt)` is not a string literal: the default (the class name) is assumed",
                    value)
            }
        case "xibName":
            assignXibName(value, at: location, to: &registration, note: note)
        case "hostingCellSubclass" where Self.isHosting(registration):
            // DTTableViewManager registers the subclass under its own name; DTCollectionViewManager
            // ignores it from iOS 14 (its generated registration uses HostingCollectionViewCell).
            if let subclass = SwiftShapes.metatype(value) {
                if registration.view == "HostingTableViewCell" {
                    registration.view = subclass
                    registration.reuseIdentifier = Located(subclass, at: location)
                }
            } else {
                note(
                    "the hosting cell subclass `\(excerpt)` is not a `Type.self` literal: the default is assumed", value
                )
            }
        case "cellRegisteredByStoryboard", "supplementaryRegisteredByStoryboard":
            guard let flag = SwiftShapes.booleanLiteral(value) else {
                return note("`\(property)` is not set to `true` or `false`: it is not extracted", value)
            }
            let isCell = registration.element == .cell
            guard (property == "cellRegisteredByStoryboard") == isCell else {
                return note(
                    Self.otherKindFlag(property, flag: flag, isCell: isCell, behaviour: behaviour), value)
            }
            registration.storyboard = Located(flag, at: location)
        default:
            note("setting `\(property)` on a mapping is not modelled: it is not extracted", value)
        }
    }
}

extension MappingClosureReader {
    /// Why the storyboard flag of the other kind of view (`cellRegisteredByStoryboard` on a
    /// supplementary mapping, `supplementaryRegisteredByStoryboard` on a cell mapping) is not the
    /// mapping's storyboard flag. Before 11 both live on the one `ViewModelMapping`, and the dequeue
    /// reads only the flag of its own kind (MS ViewModelMapping.swift, 9.0.0, 9.1.2); but where
    /// `LibraryBehaviour.supplementaryRegistrationReadsCellStoryboardFlag` (MS 9.1 to 10) a supplementary
    /// mapping with `cellRegisteredByStoryboard = true` gets no `SupplementaryRegistration` and is dequeued
    /// by identifier. From 11 each mapping class has only its own flag
    /// (`LibraryBehaviour.mappingsHaveOnlyTheirOwnStoryboardFlag`).
    static func otherKindFlag(_ property: String, flag: Bool, isCell: Bool, behaviour: LibraryBehaviour) -> String {
        let host = behaviour.host
        let kind = isCell ? "a cell" : (host == .tableView ? "a header or footer" : "a supplementary")
        if behaviour.mappingsHaveOnlyTheirOwnStoryboardFlag {
            return
                "`\(property)` is not a property of \(kind) mapping in \(behaviour.libraryName) "
                + "(the code does not compile): it is not extracted"
        }
        var text =
            "`\(property)` on \(kind) mapping is not its storyboard flag (that is `"
            + (isCell ? "cellRegisteredByStoryboard" : "supplementaryRegisteredByStoryboard")
            + "`): it is not extracted"
        if !isCell, flag, behaviour.supplementaryRegistrationReadsCellStoryboardFlag {
            text +=
                "; DTModelStorage 9.1 to 10 (DTCollectionViewManager 8.1 to 10 use them) then make no SupplementaryRegistration "
                + "for it, so from iOS 14 the view is dequeued by its reuse identifier, where nothing registers it: "
                + "UIKit raises unless a storyboard has that prototype"
        }
        return text
    }
}

/// Reads the value assigned to `mapping.condition`.
struct ConditionReader {
    let file: SwiftSourceFile
    let mappingParameter: String
    /// The types declared in the files read; nil: none known.
    var index: DeclarationIndex? = nil
    /// The type whose code this is (qualified), where type names are looked up.
    var scope: String? = nil
    /// The mapping's model type (resolved), which a typed `Cell.modelCondition` must check as.
    var model: String? = nil

    /// `.section(…)` or `MappingCondition.section(…)`: no base, or the condition type named.
    static func isConditionType(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "MappingCondition"
    }

    /// The condition (nil for `.none`) and, when it stays opaque, why.
    func read(_ value: ExprSyntax) -> (DraftCondition?, String?) {
        let location = file.location(of: value)
        let swift = SwiftShapes.text(value)
        if let member = value.as(MemberAccessExprSyntax.self), Self.isConditionType(member.base),
            member.declName.baseName.text == "none"
        {
            return (nil, nil)
        }
        guard let call = value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else {
            return (
                .opaque(swift, location),
                "the condition `\(SwiftShapes.excerpt(value))` is not `.none`, `.section(n)`, `.custom { … }` or `modelCondition { … }`: kept as an opaque condition, analysed as unknown"
            )
        }
        let name = member.declName.baseName.text
        if name == "section", Self.isConditionType(member.base) { return section(call, value: value) }
        let isCustom = name == "custom" && Self.isConditionType(member.base)
        let isModelCondition =
            name == "modelCondition"
            && (member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == mappingParameter || member.base == nil)
        if name == "modelCondition", !isModelCondition, let base = member.base, let typeName = Self.typeName(base),
            let mismatch = typedModelConditionMismatch(typeName)
        {
            return (.opaque(swift, location), mismatch)
        }
        let isTypedModelCondition = name == "modelCondition" && member.base.flatMap(Self.typeName) != nil
        guard isCustom || isModelCondition || isTypedModelCondition else {
            return (
                .opaque(swift, location),
                "the condition `\(SwiftShapes.excerpt(value))` is not `.none`, `.section(n)`, `.custom { … }` or `modelCondition { … }`: kept as an opaque condition, analysed as unknown"
            )
        }
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            call.arguments.count <= (call.trailingClosure == nil ? 1 : 0)
        else {
            return (
                .opaque(swift, location),
                "the condition `\(SwiftShapes.excerpt(value))` does not pass a closure written here: kept as an opaque condition, analysed as unknown"
            )
        }
        switch ClosureTranslator.translate(closure) {
        case .success(let text):
            return (.expression(text, swift: SwiftShapes.text(closure), file.location(of: closure)), nil)
        case .failure(let reason):
            return (
                .opaque(SwiftShapes.text(closure), file.location(of: closure)),
                "the condition closure \(reason.message): kept as an opaque condition, analysed as unknown"
            )
        }
    }
}

extension ConditionReader {
    /// `.section(n)`: an integer literal, or the raw value of an `Int` enum's case (`enumRawValue`).
    func section(_ call: FunctionCallExprSyntax, value: ExprSyntax) -> (DraftCondition?, String?) {
        let location = file.location(of: value)
        let swift = SwiftShapes.text(value)
        if call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            let section = SwiftShapes.integerLiteral(argument.expression) ?? enumRawValue(argument.expression)
        {
            // A negative section never matches; the manifest's `section:` cannot say so, a condition can.
            return (
                section < 0
                    ? .expression("indexPath.section == \(section)", swift: swift, location)
                    : .section(section, location), nil
            )
        }
        return (
            .opaque(swift, location),
            "the section in `\(SwiftShapes.excerpt(value))` is not an integer literal: kept as an opaque condition, analysed as unknown"
        )
    }

    /// A type written as an expression (`PostCell`, `Feed.Section`): its dotted name, or nil when
    /// it is anything else (a value, a call).
    static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            reference.baseName.text.first?.isUppercase == true
        {
            return reference.baseName.text
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let outer = typeName(base), member.declName.argumentNames == nil,
            member.declName.baseName.text.first?.isUppercase == true
        else { return nil }
        return "\(outer).\(member.declName.baseName.text)"
    }

    /// Why `Cell.modelCondition { … }` cannot be read as the mapping's own model condition; nil
    /// when it can. DTModelStorage's static `modelCondition(_:)` (ModelTransfer.swift, extension
    /// `ModelTransfer`, 7.4.1, 8.0.0, 11.0.2) wraps the closure in `.custom`, which gives false
    /// unless `model as? Cell.ModelType` succeeds, then calls it with the cast model: read as the
    /// mapping's condition when `Cell.ModelType` is the mapping's model type, opaque otherwise.
    func typedModelConditionMismatch(_ typeName: String) -> String? {
        var excerpt: String { "`\(typeName).modelCondition`" }
        guard let index else {
            return "the model type of \(excerpt) is not known: kept as an opaque condition, analysed as unknown"
        }
        let view = index.resolve(typeName, in: scope)
        guard let cellModel = index.modelType(ofView: view)?.value else {
            return
                "\(excerpt) casts the model to the `ModelType` of `\(typeName)`, which is not known here: kept as an "
                + "opaque condition, analysed as unknown"
        }
        guard let model, cellModel == model else {
            return
                "\(excerpt) casts the model to `\(cellModel)`, the model type of `\(typeName)`, not to the mapping's `"
                + "\(model ?? "?")`: kept as an opaque condition, analysed as unknown"
        }
        return nil
    }

    /// `Section.posts.rawValue`, where `Section` is an enum with `Int` raw values declared once
    /// in the files read: the case's raw value, explicit or as Swift assigns it (one more than
    /// the previous case's, from 0). Nil for anything else, or when a raw value is not read.
    func enumRawValue(_ expression: ExprSyntax) -> Int? {
        guard let index, let raw = expression.as(MemberAccessExprSyntax.self),
            raw.declName.baseName.text == "rawValue", raw.declName.argumentNames == nil,
            let caseAccess = raw.base?.as(MemberAccessExprSyntax.self), let base = caseAccess.base,
            let typeName = Self.typeName(base)
        else { return nil }
        let name = index.resolve(typeName, in: scope)
        let caseName = caseAccess.declName.baseName.identifier?.name ?? caseAccess.declName.baseName.text
        guard let type = index[name], type.kind == .enum, index.duplicates[name] == nil, !type.hasUnreadRawValue,
            type.firstInheritedIsDeclarationClause, let first = type.inherited.first,
            first.value == "Int" || first.value == "Swift.Int",
            type.cases.contains(where: { $0.value == caseName })
        else { return nil }
        let (values, errors) = ModelChecks.rawValues(cases: type.cases, type: .int, explicit: type.rawValues)
        guard errors.isEmpty, case .int(let value)? = values[caseName] else { return nil }
        return value
    }
}

struct TranslationFailure: Error {
    var message: String
}

/// Translates a condition closure `{ indexPath, model in expression }` into the condition language:
/// the closure's own parameter names (whatever they are; the first is the index path, the second
/// the model) become `indexPath` and `model`. Anything the language does not have is left for
/// the condition compiler to refuse.
enum ClosureTranslator {
    static func translate(_ closure: ClosureExprSyntax) -> Result<String, TranslationFailure> {
        let names = ClosureParameters.names(of: closure)
        if let names, names.count != 2 {
            return .failure(
                TranslationFailure(message: "takes \(names.count) parameters instead of (indexPath, model)"))
        }
        let expression: ExprSyntax
        switch singleExpression(of: closure) {
        case .success(let value): expression = value
        case .failure(let failure): return .failure(failure)
        }
        var renamed: [String: String] = [:]
        if let names {
            if let first = names[0] { renamed[first] = "indexPath" }
            if let second = names[1] { renamed[second] = "model" }
        } else {
            renamed = ["$0": "indexPath", "$1": "model"]
        }
        return rewrite(expression, renamed: renamed)
    }

    /// The one expression of the closure's body (alone or returned); a failure when the body is
    /// anything else.
    private static func singleExpression(of closure: ClosureExprSyntax) -> Result<ExprSyntax, TranslationFailure> {
        let statements = Array(closure.statements)
        guard statements.count == 1, let statement = statements.first else {
            return .failure(
                TranslationFailure(
                    message:
                        "has \(statements.count) statements; only a single expression (or `return` of one) is translated"
                ))
        }
        if let value = statement.item.as(ExprSyntax.self) {
            return .success(value)
        } else if let returned = statement.item.as(ReturnStmtSyntax.self), let value = returned.expression {
            return .success(value)
        } else if let wrapped = statement.item.as(ExpressionStmtSyntax.self) {
            return .success(wrapped.expression)
        }
        return .failure(TranslationFailure(message: "is not a single expression"))
    }

    /// The expression's tokens, the closure's parameters renamed as `renamed` says, with a space
    /// wherever the source has blanks between tokens; a failure at a name that is not a
    /// parameter, or at `self`, `Self` or `super`.
    private static func rewrite(
        _ expression: ExprSyntax, renamed: [String: String]
    ) -> Result<String, TranslationFailure> {
        var output = ""
        var previous: TokenSyntax?
        for token in expression.tokens(viewMode: .sourceAccurate) {
            var text = token.text
            switch token.tokenKind {
            case .identifier(let name), .dollarIdentifier(let name):
                let isMember = previous?.tokenKind == .period
                let isLabel =
                    token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .colon
                    && token.parent?.is(LabeledExprSyntax.self) == true
                if !isMember && !isLabel {
                    guard let replacement = renamed[name] else {
                        return .failure(
                            TranslationFailure(message: "refers to `\(name)`, which is not one of its parameters"))
                    }
                    text = replacement
                }
            case .keyword(.self), .keyword(.Self), .keyword(.super):
                return .failure(TranslationFailure(message: "refers to `\(token.text)`"))
            default:
                break
            }
            if let previous, !output.isEmpty,
                !previous.trailingTrivia.isEmpty || !token.leadingTrivia.isEmpty
            {
                output += " "
            }
            output += text
            previous = token
        }
        return .success(output)
    }
}
