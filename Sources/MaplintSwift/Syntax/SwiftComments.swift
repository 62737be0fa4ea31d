import MaplintFindings
import SwiftSyntax

/// A `//` (or `///`) comment of a Swift file's syntax tree: a comment the parser read as trivia,
/// never text inside a string literal or an interpolation.
package struct SwiftLineComment: Sendable, Hashable {
    /// 0-based line.
    package var line: Int
    /// 0-based column (in Unicode scalars) of its first `/`.
    package var column: Int
    /// The 1-based lines of the registration call (`manager.register(…) { … }`, trailing closure
    /// included) that starts at the first token after the comment, when one does.
    package var followingCall: ClosedRange<Int>?

    package init(line: Int, column: Int, followingCall: ClosedRange<Int>? = nil) {
        self.line = line
        self.column = column
        self.followingCall = followingCall
    }
}

/// The line comments of a file, with the length of the text they were read from (a text of
/// another length is parsed again rather than trusted).
package struct SwiftFileComments: Sendable, Hashable {
    var byteCount: Int
    package var comments: [SwiftLineComment]
}

enum SwiftComments {
    /// Every line comment of `file`'s tree, in file order: one walk of the tokens and their trivia.
    static func lineComments(of file: SwiftSourceFile) -> SwiftFileComments {
        var comments: [SwiftLineComment] = []
        // Comments read since the last token: the next token is the one that follows them.
        var waiting: [Int] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                if piece.isLineComment {
                    waiting.append(comments.count)
                    comments.append(comment(atOffset: offset, in: file))
                }
                offset += piece.sourceLength.utf8Length
            }
            // The comments before this token, in its leading trivia or the trailing trivia of the one before.
            if !waiting.isEmpty {
                let call = registrationCall(startingAt: token, in: file)
                for position in waiting { comments[position].followingCall = call }
                waiting = []
            }
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                if piece.isLineComment {
                    waiting.append(comments.count)
                    comments.append(comment(atOffset: offset, in: file))
                }
                offset += piece.sourceLength.utf8Length
            }
        }
        return SwiftFileComments(byteCount: file.bytes.count, comments: comments)
    }

    private static func comment(atOffset offset: Int, in file: SwiftSourceFile) -> SwiftLineComment {
        let location = file.location(atOffset: offset)
        return SwiftLineComment(line: location.line - 1, column: location.column - 1)
    }

    /// The lines of the outermost registration call (a call of a method whose name starts
    /// `register`) that starts at `token`. Each node has one first token, so the walks up from
    /// all the tokens of a file visit each node once at most.
    private static func registrationCall(startingAt token: TokenSyntax, in file: SwiftSourceFile) -> ClosedRange<Int>? {
        let start = token.positionAfterSkippingLeadingTrivia
        var found: FunctionCallExprSyntax?
        var node = token.parent
        while let current = node, current.positionAfterSkippingLeadingTrivia == start {
            if let call = current.as(FunctionCallExprSyntax.self), isRegistration(call) { found = call }
            if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { break }
            node = current.parent
        }
        guard let found else { return nil }
        let first = file.location(atOffset: start.utf8Offset).line
        let last = file.location(atOffset: max(start.utf8Offset, found.endPositionBeforeTrailingTrivia.utf8Offset - 1))
            .line
        return first...max(first, last)
    }

    private static func isRegistration(_ call: FunctionCallExprSyntax) -> Bool {
        let name: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return false
        }
        return name.hasPrefix("register")
    }
}

extension TriviaPiece {
    fileprivate var isLineComment: Bool {
        switch self {
        case .lineComment, .docLineComment: true
        default: false
        }
    }
}
