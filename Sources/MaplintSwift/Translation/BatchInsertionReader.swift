import MaplintFindings
import SwiftSyntax

/// `memoryStorage.insertItems([…], to: […])` with array literals of different lengths: DTModelStorage
/// inserts nothing (MemoryStorage.swift, insertItems(_:to:), 7.1.0 to 11.0.2).
enum BatchInsertionReader {
    static func mismatches(in functions: [DeclaredFunction]) -> [ExtractionNote] {
        var notes: [ExtractionNote] = []
        for function in functions {
            let finder = Finder(file: function.file)
            finder.walk(function.body)
            notes += finder.notes
        }
        return notes
    }

    private final class Finder: SyntaxVisitor {
        let file: SwiftSourceFile
        var notes: [ExtractionNote] = []

        init(file: SwiftSourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let arguments = Array(node.arguments)
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "insertItems", let base = member.base,
                Self.isStorage(base), arguments.count == 2, arguments[0].label == nil,
                arguments[1].label?.text == "to",
                let items = arguments[0].expression.as(ArrayExprSyntax.self),
                let indexPaths = arguments[1].expression.as(ArrayExprSyntax.self),
                items.elements.count != indexPaths.elements.count
            else { return .visitChildren }
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            notes.append(
                ExtractionNote(
                    message:
                        "`\(SwiftShapes.excerpt(node))` gives \(count(items.elements.count, "item")) and "
                        + "\(count(indexPaths.elements.count, "index path"))",
                    location: file.location(of: node)))
            return .visitChildren
        }

        /// `memoryStorage`, `manager.memoryStorage`, `self.storage`: a receiver named like a storage.
        static func isStorage(_ expression: ExprSyntax) -> Bool {
            let text = SwiftShapes.trimmedText(expression)
            let last = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last ?? ""
            return last.lowercased().hasSuffix("storage")
        }
    }
}
