import MaplintCore
import SwiftSyntax

/// Registration calls on something that looks like a manager but belongs to no managed view
/// (`coordinator.feedManager.register(PostCell.self)`): extraction cannot tell which view they
/// configure, so each is a note instead of silence.
enum UnattributedCalls {
    /// A word in the name of every method `RegistrationTranslator.registersViews` accepts.
    static let methodWord = "register"

    /// A registration call on a receiver named like a manager, found in a file as it is parsed.
    struct Candidate: Sendable {
        var location: SourceLocation
        /// The call's text, as the file's bytes and their range (read only for a note).
        var bytes: [UInt8]
        var range: Range<Int>
        var receiver: String

        /// The call's text, whitespace collapsed, shortened: as `SwiftShapes.excerpt` words it.
        var excerpt: String { SwiftShapes.excerpt(text: String(decoding: bytes[range], as: UTF8.self)) }
    }

    /// The calls of one file that may be unattributed: found once per file, on the thread that
    /// parsed it, so the trees need no second walk once the manifests are assembled.
    static func candidates(in file: SwiftSourceFile) -> [Candidate] {
        // Every registration method's name holds this word (a test checks it): a file without it
        // has no such call, and its tree is not walked.
        guard ByteSearch.contains(methodWord, pivot: 2, in: file.bytes) else { return [] }
        let finder = Finder(file: file)
        finder.walk(file.tree)
        return finder.calls.map { call, receiver in
            // The text of a node is the file's bytes between its first and its last token.
            let range =
                call.positionAfterSkippingLeadingTrivia.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset
            return Candidate(location: file.location(of: call), bytes: file.bytes, range: range, receiver: receiver)
        }
    }

    /// Notes for the candidates whose position is not in `handled`.
    static func notes(for candidates: [Candidate], handled: Set<SourceLocation>) -> [ExtractionNote] {
        candidates.filter { !handled.contains($0.location) }.map { call in
            ExtractionNote(
                message:
                    "`\(call.excerpt)` is not extracted: registrations are read from the methods of types that "
                    + "conform to DTTableViewManageable or DTCollectionViewManageable or keep a manager, and from functions that receive "
                    + "one; this call is elsewhere (a property, an observer, another type) or on a manager that cannot be followed (`\(call.receiver)`)",
                location: call.location)
        }
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
