import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// Fixes of findings in Swift code (`lint --swift --fix`), made on the syntax tree so only the
/// bytes of the registration the finding names change and the rest keeps its formatting.
///
/// A reuse identifier collision gets `mapping.reuseIdentifier = "…"`: the string literal already
/// assigned there is replaced; otherwise the assignment is added at the end of the mapping
/// closure, or a mapping closure is added (`mapping:`, `mappingBlock:` for DTCollectionViewManager
/// 6 and 7) before the handler. Versions before 6 have no `reuseIdentifier` on the mapping, and
/// spellings whose mapping closure the library ignores are left alone. Deprecated events are not
/// fixed in Swift: the handler runs before the cell's `update(with:)` and a `configure` closure
/// after it (DTTableViewManager+Deprecated.swift `configure`, +Registration.swift `register`,
/// 11.0.1), so moving the body into the handler could change what it sees.
enum SwiftFixes {
    /// The parsed files fixes are made in, each parsed once.
    final class Files {
        private let read: (String) -> [UInt8]?
        private var parsed: [String: (SwiftSourceFile, SourceText)?] = [:]

        init(read: @escaping (String) -> [UInt8]?) { self.read = read }

        subscript(path: String) -> (SwiftSourceFile, SourceText)? {
            if let known = parsed[path] { return known }
            let made = read(path).flatMap { bytes in
                (try? SwiftSourceFile.parse(path: path, bytes: bytes).get()).map { ($0, SourceText(bytes)) }
            }
            parsed[path] = .some(made)
            return made
        }
    }

    static func fix(_ action: FixAction, in manifest: ManifestDraft, files: Files) -> Fix? {
        guard case .setReuseIdentifier(let entry, let identifier) = action, manifest.entries.indices.contains(entry),
            case .registration(let registration) = manifest.entries[entry],
            let (file, text) = files[registration.location.file]
        else { return nil }
        let behaviour = LibraryBehaviour(
            host: manifest.host, version: manifest.libraryVersion?.version, deploymentTarget: nil)
        let major = behaviour.version.major
        guard LibraryVersion.isModelled(major: major) else { return nil }
        guard let call = Self.call(at: registration.location, in: file),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let labels = call.arguments.map { $0.label?.text }
        guard
            let spelling = RegistrationSpelling.spelling(
                method: member.declName.baseName.text, host: manifest.host, labels: labels),
            case .register = spelling.effect, spelling.majors.contains(major),
            !(spelling.closureDropped?.applies(to: behaviour) ?? false)
        else { return nil }
        let literal = "\"\(identifier)\""
        let summary = "set mapping.reuseIdentifier = \(literal) (entry \(entry))"
        func made(_ edit: TextEdit) -> Fix { Fix(summary: summary, file: file.path, edits: [edit]) }

        let closure = mappingClosure(of: call)
        // An identifier already assigned in the closure: its string literal changes.
        if let assigned = registration.reuseIdentifier, assigned.location != registration.location {
            guard let closure, let value = assignedValue(at: assigned.location, in: closure, file: file),
                let string = value.as(StringLiteralExprSyntax.self), string.openingPounds == nil,
                string.segments.count == 1, string.segments.first?.is(StringSegmentSyntax.self) == true
            else { return nil }
            let range =
                value.positionAfterSkippingLeadingTrivia
                .utf8Offset..<value.endPositionBeforeTrailingTrivia
                .utf8Offset
            return made(TextEdit(range, with: literal, in: text, file: file.path))
        }
        if let closure {
            guard let edit = addAssignment(literal, to: closure, text: text, file: file.path) else { return nil }
            return made(edit)
        }
        let label = behaviour.mappingClosureLabel
        let argument = "\(label): { $0.reuseIdentifier = \(literal) }"
        // After the arguments that come before the mapping, before `handler:`.
        let arguments = Array(call.arguments)
        guard let leftParen = call.leftParen, call.rightParen != nil else { return nil }
        if let handler = arguments.firstIndex(where: { $0.label?.text == "handler" }) {
            let position = arguments[handler].positionAfterSkippingLeadingTrivia.utf8Offset
            return made(TextEdit(position..<position, with: argument + ", ", in: text, file: file.path))
        }
        if let last = arguments.last {
            let position = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
            return made(TextEdit(position..<position, with: ", " + argument, in: text, file: file.path))
        }
        let position = leftParen.endPositionBeforeTrailingTrivia.utf8Offset
        return made(TextEdit(position..<position, with: argument, in: text, file: file.path))
    }

    /// The call that starts at `location`.
    private static func call(at location: SourceLocation, in file: SwiftSourceFile) -> FunctionCallExprSyntax? {
        final class Finder: SyntaxVisitor {
            let file: SwiftSourceFile
            let location: SourceLocation
            var found: FunctionCallExprSyntax?
            init(file: SwiftSourceFile, location: SourceLocation) {
                self.file = file
                self.location = location
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                // The outermost call starting there is the registration (`a.register(X.self)`).
                if found == nil, file.location(of: node) == location,
                    node.calledExpression.is(MemberAccessExprSyntax.self)
                {
                    found = node
                    return .skipChildren
                }
                return .visitChildren
            }
        }
        let finder = Finder(file: file, location: location)
        finder.walk(file.tree)
        return finder.found
    }

    /// The mapping closure of a registration call: labelled `mapping:` / `mappingBlock:`, or a
    /// trailing closure that does not look like the handler.
    private static func mappingClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self),
                ["mapping", "mappingBlock"].contains(argument.label?.text ?? "")
            {
                return closure
            }
        }
        if let trailing = call.trailingClosure, !RegistrationTranslator.looksLikeHandler(trailing) { return trailing }
        for additional in call.additionalTrailingClosures
        where ["mapping", "mappingBlock"].contains(additional.label.text) {
            return additional.closure
        }
        return nil
    }

    /// The value assigned by the statement whose target (`mapping.reuseIdentifier`) starts at `location`.
    private static func assignedValue(
        at location: SourceLocation, in closure: ClosureExprSyntax, file: SwiftSourceFile
    ) -> ExprSyntax? {
        for statement in closure.statements {
            guard let sequence = statement.item.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                file.location(of: elements[0]) == location
            else { continue }
            return elements[2]
        }
        return nil
    }

    /// `name.reuseIdentifier = "…"` as the closure's last statement: on a line of its own,
    /// indented like the statement before it, or after `; ` in a closure written on one line.
    private static func addAssignment(
        _ literal: String, to closure: ClosureExprSyntax, text: SourceText, file: String
    ) -> TextEdit? {
        let name: String
        if let names = ClosureParameters.names(of: closure) {
            guard names.count == 1, let first = names[0] else { return nil }
            name = first
        } else {
            name = "$0"
        }
        let statement = "\(name).reuseIdentifier = \(literal)"
        guard let last = closure.statements.last else {
            // `{ mapping in }`: the statement goes before the closing brace.
            let position = closure.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            let before =
                closure.signature?.endPositionBeforeTrailingTrivia.utf8Offset
                ?? closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(before..<position, with: " " + statement + " ", in: text, file: file)
        }
        let end = last.endPositionBeforeTrailingTrivia.utf8Offset
        let lastStart = last.positionAfterSkippingLeadingTrivia.utf8Offset
        let braceLine = text.line(ofOffset: closure.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
        let lastLine = text.line(ofOffset: lastStart)
        let endLine = text.line(ofOffset: end)
        let closingLine = text.line(ofOffset: closure.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
        guard braceLine != lastLine, closingLine != endLine else {
            return TextEdit(end..<end, with: "; " + statement, in: text, file: file)
        }
        var indentEnd = text.start(ofLine: lastLine)
        while indentEnd < lastStart, text.bytes[indentEnd] == 0x20 || text.bytes[indentEnd] == 0x09 { indentEnd += 1 }
        // The statement must start its line for its indentation to be copied.
        guard indentEnd == lastStart else { return nil }
        let indent = String(decoding: text.bytes[text.start(ofLine: lastLine)..<indentEnd], as: UTF8.self)
        let lineBreak = text.lineBreak(preferringLine: endLine)
        // After a comment that ends the statement's line, so the comment stays with its statement.
        let lineEnd = text.contentEnd(ofLine: endLine)
        return TextEdit(lineEnd..<lineEnd, with: lineBreak + indent + statement, in: text, file: file)
    }
}
