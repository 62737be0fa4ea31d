import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// Reads the layout a type gives the collection view its manager drives (`collectionView` or
/// `optionalCollectionView`, the properties DTCollectionViewManageable reads): a
/// `UICollectionView(frame:collectionViewLayout:)` it creates, a `collectionViewLayout =`
/// assignment, `setCollectionViewLayout(_:animated:)`, or `super.init(collectionViewLayout:)` of
/// a `UICollectionViewController`. The layout is written only when every place names the same
/// kind and at least one of them always runs; a layout maplint cannot name is a note.
struct CollectionLayoutReader {
    let index: DeclarationIndex
    let type: DeclaredType

    /// How many calls and references are followed to find what a layout expression is.
    static let maxDepth = 8

    /// One place that sets the layout.
    struct Site {
        /// nil: an expression maplint cannot name.
        var layout: CollectionLayout?
        var location: SourceLocation
        var excerpt: String
        /// The construct it is inside (`if`, a closure, …); nil when it always runs with its function.
        var context: String?
    }

    func read() -> (layout: Located<CollectionLayout>?, notes: [ExtractionNote]) {
        var sites: [Site] = []
        for name in LibraryNames.collectionViewProperties.sorted() {
            guard let stored = type.storedValues[name], let value = stored.value else { continue }
            sites += viewValueSites(value, file: stored.file, locals: [:], context: nil)
        }
        for function in type.functions {
            let finder = SiteFinder(reader: self, file: function.file)
            finder.walk(function.body)
            sites += finder.sites
        }
        return Self.combine(sites)
    }

    /// What the places say together.
    static func combine(_ sites: [Site]) -> (layout: Located<CollectionLayout>?, notes: [ExtractionNote]) {
        guard !sites.isEmpty else { return (nil, []) }
        let unread = " `layout:` is not written, so flow-layout events are not checked"
        var notes: [ExtractionNote] = []
        for site in sites where site.layout == nil {
            notes.append(
                ExtractionNote(
                    message:
                        "the collection view's layout is set here to `\(site.excerpt)`, which maplint cannot tell to be "
                        + "a flow, compositional or custom layout:" + unread,
                    location: site.location))
        }
        guard notes.isEmpty else { return (nil, notes) }
        let kinds = sites.compactMap(\.layout)
        if let first = sites.first, let other = sites.first(where: { $0.layout != first.layout }) {
            return (
                nil,
                [
                    ExtractionNote(
                        message:
                            "the collection view's layout is set here to `\(other.excerpt)` (\(other.layout?.rawValue ?? "?")) "
                            + "and at line \(first.location.line) to `\(first.excerpt)` (\(first.layout?.rawValue ?? "?")): "
                            + "which one is in place when events run depends on the app;" + unread,
                        location: other.location)
                ]
            )
        }
        guard let always = sites.first(where: { $0.context == nil }), let kind = kinds.first else {
            let site = sites[0]
            return (
                nil,
                [
                    ExtractionNote(
                        message:
                            "the collection view's layout is set here inside \(site.context ?? "a construct that may not run"), "
                            + "which may or may not run:" + unread,
                        location: site.location)
                ]
            )
        }
        return (Located(kind, at: always.location), [])
    }

    /// The layout sites of a value assigned to the collection view property: a
    /// `UICollectionView(frame:collectionViewLayout:)` call, a local holding one, or a closure
    /// called in place (`lazy var collectionView = { … }()`).
    func viewValueSites(
        _ value: ExprSyntax, file: SwiftSourceFile, locals: [String: LocalValue], context: String?
    ) -> [Site] {
        let value = Self.unwrapped(value)
        if let reference = value.as(DeclReferenceExprSyntax.self), let local = locals[reference.baseName.text],
            let initial = local.value
        {
            return viewValueSites(initial, file: file, locals: locals, context: context)
        }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return [] }
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            // `lazy var collectionView: UICollectionView = { …; return view }()`.
            let inner = locals.merging(LocalValue.declared(in: closure.statements)) { _, inner in inner }
            return ReturnFinder.values(of: closure.statements).flatMap {
                viewValueSites($0, file: file, locals: inner, context: context)
            }
        }
        guard Self.calledTypeName(call) == "UICollectionView",
            let layout = call.arguments.first(where: { $0.label?.text == "collectionViewLayout" })?.expression
        else { return [] }
        return [site(layout, file: file, locals: locals, context: context)]
    }

    func site(_ expression: ExprSyntax, file: SwiftSourceFile, locals: [String: LocalValue], context: String?) -> Site {
        Site(
            layout: classify(expression, locals: locals, depth: 0), location: file.location(of: expression),
            excerpt: SwiftShapes.excerpt(expression), context: context)
    }

    /// The kind of layout an expression makes; nil when it cannot be told.
    func classify(_ expression: ExprSyntax, locals: [String: LocalValue], depth: Int) -> CollectionLayout? {
        guard depth < Self.maxDepth else { return nil }
        let expression = Self.unwrapped(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let local = locals[name] { return classify(local, locals: locals, depth: depth + 1) }
            if let stored = type.storedValues[name] { return classify(stored, locals: [:], depth: depth + 1) }
            return nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
            let stored = type.storedValues[member.declName.baseName.text]
        {
            return classify(stored, locals: [:], depth: depth + 1)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        if let name = Self.calledTypeName(call) { return layout(ofType: name, isStaticType: false) }
        // `UICollectionViewCompositionalLayout.list(using:)` and the other static factories.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            index.resolve(base, in: type.name) == CollectionLayout.compositionalClass
        {
            return .compositional
        }
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            return returned(by: closure.statements, locals: locals, depth: depth + 1)
        }
        // A method of the type: `makeLayout()`, `self.makeLayout()`.
        let method: String?
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            method = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            method = member.declName.baseName.text
        } else {
            method = nil
        }
        guard let method else { return nil }
        let candidates = type.functions.filter { $0.name == method }
        guard candidates.count == 1, let function = candidates.first,
            let declaration = function.body.parent?.as(FunctionDeclSyntax.self)
        else { return nil }
        if let written = declaration.signature.returnClause.flatMap({ SwiftShapes.typeName($0.type) }),
            let kind = layout(ofType: written, isStaticType: true)
        {
            return kind
        }
        return returned(by: function.body.statements, locals: [:], depth: depth + 1)
    }

    private func classify(_ local: LocalValue, locals: [String: LocalValue], depth: Int) -> CollectionLayout? {
        if let value = local.value, let kind = classify(value, locals: locals, depth: depth) { return kind }
        if let written = local.type.flatMap(SwiftShapes.typeName) { return layout(ofType: written, isStaticType: true) }
        return nil
    }

    private func classify(_ stored: StoredValue, locals: [String: LocalValue], depth: Int) -> CollectionLayout? {
        classify(LocalValue(value: stored.value, type: stored.type), locals: locals, depth: depth)
    }

    /// The kind every `return` of a body (or its single expression) gives, when they agree.
    private func returned(
        by statements: CodeBlockItemListSyntax, locals outer: [String: LocalValue], depth: Int
    ) -> CollectionLayout? {
        let locals = outer.merging(LocalValue.declared(in: statements)) { _, inner in inner }
        let kinds = ReturnFinder.values(of: statements).map { classify($0, locals: locals, depth: depth) }
        guard let first = kinds.first, let kind = first, kinds.allSatisfy({ $0 == kind }) else { return nil }
        return kind
    }

    /// The kind of layout a class is: UIKit's by name, a class read by its superclasses. As the
    /// static type of a value (`isStaticType`), `UICollectionViewLayout` says nothing: any layout is one.
    func layout(ofType written: String, isStaticType: Bool) -> CollectionLayout? {
        var name = index.resolve(written, in: type.name)
        if name.hasSuffix("!") || name.hasSuffix("?") { name.removeLast() }
        if isStaticType, CollectionLayout.baseClasses.contains(name) { return nil }
        for candidate in [name] + index.ancestorNames(of: name) {
            if let layout = CollectionLayout(uiKitClass: candidate) { return layout }
        }
        return nil
    }

    /// `Type(…)`, `Type.init(…)`, `Type { … }`: the type named; nil for other calls.
    static func calledTypeName(_ call: FunctionCallExprSyntax) -> String? {
        let called = call.calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return reference.baseName.text
        }
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            return base.baseName.text
        }
        return nil
    }

    /// Without `!`, `?` and parentheses.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return unwrapped(forced.expression) }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return unwrapped(chained.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.label == nil
        {
            return unwrapped(only.expression)
        }
        return expression
    }
}

/// A local constant or variable: its initial value and written type.
struct LocalValue {
    var value: ExprSyntax?
    var type: TypeSyntax?

    /// The `let` and `var` declarations among the statements of a body (not nested ones).
    static func declared(in statements: CodeBlockItemListSyntax) -> [String: LocalValue] {
        var locals: [String: LocalValue] = [:]
        for item in statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    binding.accessorBlock == nil, locals[name] == nil
                else { continue }
                locals[name] = LocalValue(value: binding.initializer?.value, type: binding.typeAnnotation?.type)
            }
        }
        return locals
    }
}

/// The values of the `return` statements of a body, not those of closures or local functions in it.
private final class ReturnFinder: SyntaxVisitor {
    var values: [ExprSyntax] = []

    /// The returned values of a body; its expression when it is a single one.
    static func values(of statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { return [only] }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.values
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression { values.append(value) }
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Finds the places in one body that set the layout of the collection view property.
private final class SiteFinder: StraightLineVisitor {
    let reader: CollectionLayoutReader
    let file: SwiftSourceFile
    /// The locals declared by the enclosing blocks, innermost last.
    private var scopes: [[String: LocalValue]] = []
    var sites: [CollectionLayoutReader.Site] = []

    private var locals: [String: LocalValue] {
        scopes.reduce(into: [:]) { merged, scope in merged.merge(scope) { _, inner in inner } }
    }

    init(reader: CollectionLayoutReader, file: SwiftSourceFile) {
        self.reader = reader
        self.file = file
        super.init()
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(LocalValue.declared(in: node))
        return .visitChildren
    }
    override func visitPost(_ node: CodeBlockItemListSyntax) { scopes.removeLast() }

    /// `collectionView`, `self.collectionView`, with `!` or `?`.
    private func isCollectionView(_ expression: ExprSyntax) -> Bool {
        let expression = CollectionLayoutReader.unwrapped(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return LibraryNames.collectionViewProperties.contains(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            CollectionLayoutReader.unwrapped(base).as(DeclReferenceExprSyntax.self)?.baseName.tokenKind
                == .keyword(.self)
        {
            return LibraryNames.collectionViewProperties.contains(member.declName.baseName.text)
        }
        return false
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
            let target = elements[0]
            if isCollectionView(target) {
                // `collectionView = UICollectionView(frame: …, collectionViewLayout: layout)`
                sites += reader.viewValueSites(elements[2], file: file, locals: locals, context: innermostContext)
            } else if let member = target.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "collectionViewLayout", let base = member.base, isCollectionView(base)
            {
                sites.append(reader.site(elements[2], file: file, locals: locals, context: innermostContext))
            }
        }
        return super.visit(node)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return .visitChildren
        }
        let name = member.declName.baseName
        if name.text == "setCollectionViewLayout", isCollectionView(base), let layout = node.arguments.first?.expression
        {
            sites.append(reader.site(layout, file: file, locals: locals, context: innermostContext))
        } else if name.tokenKind == .keyword(.`init`), base.is(SuperExprSyntax.self), node.arguments.count == 1,
            let layout = node.arguments.first(where: { $0.label?.text == "collectionViewLayout" })?.expression
        {
            // `super.init(collectionViewLayout:)` of a UICollectionViewController subclass (not the
            // `init(frame:collectionViewLayout:)` of a UICollectionView subclass: that is its own layout).
            sites.append(reader.site(layout, file: file, locals: locals, context: innermostContext))
        }
        return .visitChildren
    }
}
