import MaplintCore
import SwiftSyntax

/// Registration calls on something that looks like a manager but belongs to no managed view
/// (`coordinator.feedManager.register(PostCell.self)`): extraction cannot tell which view they
/// configure, so each is a note instead of silence.
enum UnattributedCalls {
    /// Notes for the calls in `files` whose position is not in `handled`.
    static func notes(in files: [SwiftSourceFile], handled: Set<SourceLocation>) -> [ExtractionNote] {
        var notes: [ExtractionNote] = []
        for file in files {
            let finder = Finder(file: file)
            finder.walk(file.tree)
            for (call, receiver) in finder.calls {
                let location = file.location(of: call)
                guard !handled.contains(location) else { continue }
                notes.append(
                    ExtractionNote(
                        message:
                            "`\(SwiftShapes.excerpt(call))` is not extracted: registrations are read from the methods of types that "
                            + "conform to DTTableViewManageable or DTCollectionViewManageable or keep a manager, and from functions that receive "
                            + "one; this call is elsewhere (a property, an observer, another type) or on a manager that cannot be followed (`\(receiver)`)",
                        location: location))
            }
        }
        return notes
    }

    private final class Finder: SyntaxVisitor {
        let file: SwiftSourceFile
        var calls: [(FunctionCallExprSyntax, String)] = []

        init(file: SwiftSourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                RegistrationTranslator.registersViews(member.declName.baseName.text)
            else { return .visitChildren }
            // UIKit's own `register(_:forCellReuseIdentifier:)` and the like are not the library's.
            if node.arguments.contains(where: { $0.label?.text.contains("ReuseIdentifier") == true }) {
                return .visitChildren
            }
            let receiver = base.trimmedDescription
            let lastName =
                receiver.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last.map(String.init)
                ?? receiver
            if lastName.lowercased().contains("manager") { calls.append((node, receiver)) }
            return .visitChildren
        }
    }
}
