import MaplintFindings
import MaplintText
@_spi(RawSyntax) import SwiftSyntax

/// Registration calls on something that looks like a manager but belongs to no managed view
/// (`coordinator.feedManager.register(PostCell.self)`): extraction cannot tell which view they
/// configure, so each is a note instead of silence.
enum UnattributedCalls {
    /// A word in the name of every method `RegistrationTranslator.registersViews` accepts.
    static let methodWord = "register"

    /// A registration call on a receiver named like a manager: where the call and its receiver
    /// are in the file's bytes, without their trivia. Every registration of an app is one (most
    /// are on `manager`), so it is kept small; its words are read only for a note.
    struct Candidate: Sendable, Equatable {
        private let start: UInt32
        private let end: UInt32
        private let receiverStart: UInt32
        private let receiverEnd: UInt32

        init(call: Range<Int>, receiver: Range<Int>) {
            // A Swift file read is at most `SwiftNesting.maxFileSize` bytes.
            start = UInt32(call.lowerBound)
            end = UInt32(call.upperBound)
            receiverStart = UInt32(receiver.lowerBound)
            receiverEnd = UInt32(receiver.upperBound)
        }

        /// The call's bytes: its first byte is where the call is (`SourceLocation`, `CallPlace`).
        var call: Range<Int> { Int(start)..<Int(end) }
        var receiver: Range<Int> { Int(receiverStart)..<Int(receiverEnd) }

        /// The call's text, whitespace collapsed, shortened: as `SwiftShapes.excerpt` words it.
        func excerpt(in bytes: [UInt8]) -> String {
            SwiftShapes.excerpt(text: String(decoding: bytes[call], as: UTF8.self))
        }
    }

    /// Finds the candidates of one file in the walk of its raw tree that its parse makes
    /// (`SwiftSourceFile.parse(path:bytes:visiting:)`): the trees need no walk of their own for
    /// them, neither then nor once the manifests are assembled. The raw tree costs no memory to
    /// visit, where a syntax visitor would give every node of the file a place in the tree's arena.
    struct Finder {
        let bytes: [UInt8]
        private(set) var found: [Candidate] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// Whether the file may hold a candidate: every registration method's name holds
        /// `methodWord` (a test checks it), so a file without it needs no look at its calls.
        var isNeeded: Bool { ByteSearch.contains(methodWord, pivot: 2, in: bytes) }

        /// Looks at one node of the walk, which starts at `offset` (leading trivia included).
        mutating func visit(_ node: RawSyntax, at offset: Int) {
            guard let call = RawFunctionCallExprSyntax(node), let candidate = candidate(call, at: offset) else {
                return
            }
            found.append(candidate)
        }

        /// A registration call on a receiver named like a manager (`feedManager.register(…)`).
        private func candidate(_ call: RawFunctionCallExprSyntax, at offset: Int) -> Candidate? {
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
            let receiver = Self.trimmed(base.raw, at: baseOffset)
            let text = String(decoding: bytes[receiver], as: UTF8.self)
            let lastName =
                text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last.map(String.init) ?? text
            guard lastName.lowercased().contains("manager") else { return nil }
            return Candidate(call: Self.trimmed(call.raw, at: offset), receiver: receiver)
        }

        /// The bytes of a node without its leading and trailing trivia: what `trimmedDescription` gives.
        private static func trimmed(_ node: RawSyntax, at offset: Int) -> Range<Int> {
            let start = offset + node.leadingTriviaByteLength
            return start..<max(start, offset + node.byteLength - node.trailingTriviaByteLength)
        }
    }

    /// Notes for the candidates of `files` whose place is not in `handled`, in file order.
    static func notes(
        for files: [(file: SwiftSourceFile, calls: [Candidate])], handled: Set<CallPlace>
    ) -> [ExtractionNote] {
        var notes: [ExtractionNote] = []
        for (file, calls) in files {
            for call in calls where !handled.contains(CallPlace(file: file, offset: call.call.lowerBound)) {
                let receiver = String(decoding: file.bytes[call.receiver], as: UTF8.self)
                notes.append(
                    ExtractionNote(
                        message:
                            "`\(call.excerpt(in: file.bytes))` is not extracted: registrations are read from the methods of types that "
                            + "conform to DTTableViewManageable or DTCollectionViewManageable or keep a manager, and from functions that receive "
                            + "one; this call is elsewhere (a property, an observer, another type) or on a manager that cannot be followed (`\(receiver)`)",
                        location: file.location(atOffset: call.call.lowerBound)))
            }
        }
        return notes
    }
}

/// Where a manager call is: its file and the offset of its first byte after leading trivia.
/// Compared with the candidates of `UnattributedCalls`: a call some scanner read is not one of
/// them. (A file is one object for the whole extraction.)
struct CallPlace: Hashable {
    private let file: ObjectIdentifier
    private let offset: Int

    init(file: SwiftSourceFile, offset: Int) {
        self.file = ObjectIdentifier(file)
        self.offset = offset
    }

    init(of node: some SyntaxProtocol, in file: SwiftSourceFile) {
        self.init(file: file, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
