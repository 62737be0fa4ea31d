import MaplintFindings
import MaplintManifest
import SwiftSyntax

/// What one function body does with the manager, in order.
enum ScanStep {
    case entry(DraftEntry)
    /// A call of a method of the same type (followed when the manifest is put together).
    case call(String, SourceLocation)
    /// Such a call that may not run (inside `if`, a loop, a closure …).
    case conditionalCall(String, context: String, SourceLocation)
    case note(ExtractionNote)
    /// A `guard` or an `if` that may leave the function: what follows may not run.
    case earlyExit(SourceLocation)
    /// A registration that was left out: what follows from its absence is not checked.
    case skipped(SkippedRegistration)
    /// A call of API only some versions have, where it is written (run or not: it compiles).
    case clue(VersionClue)
}

/// A registration call extraction left out (inside `if`, its view's model type unknown, …);
/// nil parts are unknown.
struct SkippedRegistration: Hashable {
    var element: DraftElement?
    var view: String?
    var model: String?
    var location: SourceLocation
    /// The function the manager is passed to, which may register anything (`Cells.register`):
    /// only events no registration of the manifest matches may attach there.
    var handOff: String? = nil
}

/// Walks a function body and turns each call on the manager into manifest entries. Calls
/// inside branches, loops and closures are reported, not extracted.
final class RegistrationScanner: StraightLineVisitor {
    private let file: SwiftSourceFile
    private let translator: RegistrationTranslator
    private let managerNames: Set<String>
    private let ownMethods: Set<String>
    private let managerFunctionNames: [String]
    private(set) var steps: [ScanStep] = []
    /// Where the calls on the manager that this walk read are.
    private(set) var managerCalls: [CallPlace] = []

    init(
        file: SwiftSourceFile, translator: RegistrationTranslator, managerNames: Set<String>,
        ownMethods: Set<String>, managerFunctionNames: [String]
    ) {
        self.file = file
        self.translator = translator
        self.managerNames = managerNames
        self.ownMethods = ownMethods
        self.managerFunctionNames = managerFunctionNames
        super.init()
    }

    /// The steps of `function`; the places of the manager calls it read go into `record`.
    static func scan(
        _ function: DeclaredFunction, translator: RegistrationTranslator, managerNames: Set<String>,
        ownMethods: Set<String>, managerFunctionNames: [String], record: CallRecord
    ) -> [ScanStep] {
        let scanner = RegistrationScanner(
            file: function.file, translator: translator, managerNames: managerNames,
            ownMethods: ownMethods, managerFunctionNames: managerFunctionNames)
        scanner.walk(function.body)
        record.places += scanner.managerCalls
        return scanner.steps
    }

    private func note(_ message: String, at node: some SyntaxProtocol) {
        steps.append(.note(ExtractionNote(message: message, location: file.location(of: node))))
    }

    /// `manager`, `self.manager`, `self?.manager` (a closure with `[weak self]`), `manager!`, `manager?`.
    func isManager(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return managerNames.contains(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.isSelf(base)
        {
            return managerNames.contains(member.declName.baseName.text)
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return isManager(unwrapped.expression) }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return isManager(chained.expression) }
        return false
    }

    /// `self`, `self?`, `self!`.
    private static func isSelf(_ expression: ExprSyntax) -> Bool {
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return isSelf(chained.expression) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return isSelf(unwrapped.expression) }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// The name of a method of this type that `call` calls (`setUp()`, `self.setUp()`).
    private func ownMethod(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ownMethods.contains(reference.baseName.text)
        {
            return reference.baseName.text
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.isSelf(base),
            ownMethods.contains(member.declName.baseName.text)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, isManager(base),
            let translated = translator.translate(node, method: member.declName.baseName.text, isManager: isManager)
        {
            managerCalls.append(CallPlace(of: node, in: file))
            if let clue = translator.versionClue(node, method: member.declName.baseName.text) {
                steps.append(.clue(clue))
            }
            if let context = innermostContext {
                note(
                    "`\(SwiftShapes.excerpt(node))` inside \(context) is not extracted: it may or may not run, so it is not checked",
                    at: node)
                for step in translated {
                    switch step {
                    case .entry(.registration(let registration)):
                        steps.append(
                            .skipped(
                                SkippedRegistration(
                                    element: registration.element, view: registration.view,
                                    model: registration.model, location: registration.location)))
                    case .skipped: steps.append(step)
                    default: break
                    }
                }
            } else {
                steps += translator.absentFromVersion(node, method: member.declName.baseName.text) + translated
            }
            return .skipChildren
        }
        if let method = ownMethod(node) {
            let location = file.location(of: node)
            if let context = innermostContext {
                steps.append(.conditionalCall(method, context: context, location))
            } else {
                steps.append(.call(method, location))
            }
            // The manager passed to a method of this type is followed with the call.
            return .visitChildren
        }
        for argument in node.arguments where isManager(argument.expression) {
            let callee = SwiftShapes.trimmedText(node.calledExpression)
            let ownManifest = managerFunctionNames.first { $0 == callee || $0.hasSuffix("." + callee) }
            note(
                "the manager is passed to `\(callee)`: registrations made there are not part of this screen"
                    + (ownManifest.map { " (they are read as the screen \($0))" } ?? ""),
                at: argument.expression)
            steps.append(
                .skipped(
                    SkippedRegistration(
                        element: nil, view: nil, model: nil, location: file.location(of: argument.expression),
                        handOff: callee)))
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.initializer?.value, isManager(value) {
            note(
                "the manager is stored in `\(SwiftShapes.trimmedText(node.pattern))`: calls through it are not followed",
                at: value)
        }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if innermostContext == nil,
            Self.exitsEarly(node.body) || node.elseBody.map({ Self.exitsEarly(Syntax($0)) }) == true
        {
            steps.append(.earlyExit(file.location(of: node)))
        }
        return super.visit(node)
    }

    /// Whether a branch ends the function early: a `return` or `throw` among its statements.
    private static func exitsEarly(_ node: some SyntaxProtocol) -> Bool {
        node.children(viewMode: .sourceAccurate).contains { child in
            if child.is(ReturnStmtSyntax.self) || child.is(ThrowStmtSyntax.self) { return true }
            if child.is(CodeBlockItemListSyntax.self) || child.is(CodeBlockItemSyntax.self)
                || child.is(CodeBlockSyntax.self)
            {
                return exitsEarly(child)
            }
            return false
        }
    }
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if innermostContext == nil { steps.append(.earlyExit(file.location(of: node))) }
        return super.visit(node)
    }
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let isConfiguration = configurationAssignment(node)
        // Entered here, a `?:` expression is left after the node even when its children are skipped.
        let kind = super.visit(node)
        return isConfiguration ? .skipChildren : kind
    }

    /// `manager.configuration.<key> = <value>` on a table's manager: a `configuration` step, or a
    /// note when the value is not a literal or the assignment may not run. Whether it was one.
    private func configurationAssignment(_ node: SequenceExprSyntax) -> Bool {
        guard let (key, target, value) = MappingClosureReader.assignment(node),
            let configuration = target.base?.as(MemberAccessExprSyntax.self),
            configuration.declName.baseName.text == "configuration", let manager = configuration.base,
            isManager(manager), translator.host == .tableView
        else { return false }
        let location = file.location(of: node)
        managerCalls.append(CallPlace(of: node, in: file))
        // The minimal heights only size what is not shown (see docs/manifest.md).
        guard DraftConfiguration.keys.contains(key) else { return true }
        if let context = innermostContext {
            note(
                "`\(SwiftShapes.excerpt(node))` inside \(context) is not extracted: it may or may not run, so "
                    + "the default is assumed", at: node)
            return true
        }
        let text: String?
        if let value, key.hasSuffix("Style") {
            // `.view`, `SupplementarySectionStyle.view`, `DTTableViewManager.SupplementarySectionStyle.view`.
            let member = value.as(MemberAccessExprSyntax.self)
            let name = member?.declName.baseName.text
            let base = member?.base.map(SwiftShapes.trimmedText)
            let qualified =
                base == nil || base == "SupplementarySectionStyle"
                || base?.hasSuffix(".SupplementarySectionStyle") == true
            text = qualified && (name == "title" || name == "view") ? name : nil
        } else {
            text = value?.as(BooleanLiteralExprSyntax.self)?.literal.text
        }
        guard let text else {
            note(
                "`\(SwiftShapes.excerpt(node))` is not extracted: the value is not a literal maplint can read, so "
                    + "the default is assumed", at: node)
            return true
        }
        steps.append(.entry(.configuration(DraftConfiguration(key: key, value: text, location: location))))
        return true
    }
}

/// The places of every manager call the scanners read, extracted or not: the calls no scanner
/// read are the ones `UnattributedCalls` reports.
final class CallRecord {
    var places: [CallPlace] = []
}
