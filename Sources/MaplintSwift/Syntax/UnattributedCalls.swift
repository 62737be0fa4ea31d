import MaplintFindings
import MaplintText
@_spi(RawSyntax) import SwiftSyntax

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
    /// parsed it, so the trees need no second walk once the manifests are assembled. The raw tree
    /// is walked: visiting it costs no memory, where a syntax visitor would give every node of the
    /// file a place in the tree's arena for as long as the tree lives.
    static func candidates(in file: SwiftSourceFile) -> [Candidate] {
        // Every registration method's name holds this word (a test checks it): a file without it
        // has no such call, and its tree is not walked.
        guard ByteSearch.contains(methodWord, pivot: 2, in: file.bytes) else { return [] }
        var found: [Candidate] = []
        // Nodes with the offset of their first byte (leading trivia included), in document order.
        var pending: [(node: RawSyntax, offset: Int)] = [(file.tree.raw, 0)]
        var children: [(node: RawSyntax, offset: Int)] = []
        while let (node, offset) = pending.popLast() {
            guard let layout = node.layoutView else { continue }
            if let call = RawFunctionCallExprSyntax(node), let candidate = candidate(call, at: offset, in: file) {
                found.append(candidate)
            }
            var childOffset = offset
            children.removeAll(keepingCapacity: true)
            for child in layout.children {
                guard let child else { continue }
                children.append((child, childOffset))
                childOffset += child.byteLength
            }
            pending.append(contentsOf: children.reversed())
        }
        return found
    }

    /// A registration call on a receiver named like a manager (`feedManager.register(…)`).
    private static func candidate(
        _ call: RawFunctionCallExprSyntax, at offset: Int, in file: SwiftSourceFile
    ) -> Candidate? {
        guard let member = RawMemberAccessExprSyntax(call.calledExpression), let base = member.base,
            RegistrationTranslator.registersViews(String(syntaxText: member.declName.baseName.tokenText))
        else { return nil }
        // UIKit's own `register(_:forCellReuseIdentifier:)` and the like are not the library's.
        for argument in call.arguments.layoutView.children {
            guard let argument = argument.flatMap(RawLabeledExprSyntax.init), let label = argument.label else {
                continue
            }
            if String(syntaxText: label.tokenText).contains("ReuseIdentifier") { return nil }
        }
        let calledOffset = offset + (call.unexpectedBeforeCalledExpression?.raw.byteLength ?? 0)
        let baseOffset = calledOffset + (member.unexpectedBeforeBase?.raw.byteLength ?? 0)
        let receiver = String(decoding: file.bytes[trimmed(base.raw, at: baseOffset)], as: UTF8.self)
        let lastName =
            receiver.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last.map(String.init)
            ?? receiver
        guard lastName.lowercased().contains("manager") else { return nil }
        let range = trimmed(call.raw, at: offset)
        return Candidate(
            location: file.location(atOffset: range.lowerBound), bytes: file.bytes, range: range, receiver: receiver)
    }

    /// The bytes of a node without its leading and trailing trivia: what `trimmedDescription` gives.
    private static func trimmed(_ node: RawSyntax, at offset: Int) -> Range<Int> {
        let start = offset + node.leadingTriviaByteLength
        return start..<max(start, offset + node.byteLength - node.trailingTriviaByteLength)
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
}
