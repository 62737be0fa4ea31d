import Foundation
import MaplintConcurrency
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintOutput
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// One parsed Swift file, with positions in the form findings use (1-based lines, columns in
/// Unicode scalars).
///
/// The file keeps its bytes, not necessarily its tree: extraction reads each file's declarations
/// as it is parsed and then lets the tree go (`releaseTree()`), and the few it needs again (the
/// setup code of a screen, a stored property's value) are parsed again on demand, the last few
/// kept by the extraction's `SyntaxTreeCache`. The same bytes parse into the same tree, so a node found in the first
/// parse is found again by its index in the tree (`node(_:as:)`). Memory is then bounded by the
/// files in use, not by the app.
final class SwiftSourceFile: @unchecked Sendable {
    let path: String
    let bytes: [UInt8]
    /// UTF-8 offset of the start of each line.
    private let lineStarts: [Int]
    /// The tree while it is held; nil once released (read and written under `lock`).
    private var held: SourceFileSyntax?
    private let lock = NSLock()

    private init(path: String, bytes: [UInt8], tree: SourceFileSyntax) {
        self.path = path
        self.bytes = bytes
        held = tree
        lineStarts = Self.lineStarts(bytes)
    }

    /// The file's syntax tree: the one held, or the bytes parsed again (and kept by the cache the
    /// tree was released to, for the next questions).
    var tree: SourceFileSyntax {
        lock.lock()
        if let held {
            let cache = isCached ? cache : nil
            lock.unlock()
            cache?.hold(self)
            return held
        }
        lock.unlock()
        let parsed = Self.parseTree(path: path, bytes: bytes)
        lock.lock()
        let tree = held ?? parsed
        held = tree
        isCached = cache != nil
        let cache = cache
        lock.unlock()
        cache?.hold(self)
        return tree
    }

    /// The cache that holds the tree once it is parsed again (weak: the cache holds its files, and
    /// the extraction that made it owns it).
    private weak var cache: SyntaxTreeCache?
    /// Whether the tree held was parsed again, and is the cache's to release.
    private var isCached = false
    /// Finds nodes of the tree held by their index (read and written under `lock`).
    private var locator: NodeLocator?

    /// Lets the tree go: nodes already handed out keep theirs alive; the next `tree` parses again,
    /// and `cache`, when given, then holds it among the most recently used.
    func releaseTree(to cache: SyntaxTreeCache? = nil) {
        lock.lock()
        held = nil
        locator = nil
        isCached = false
        if let cache { self.cache = cache }
        lock.unlock()
    }

    /// Whether the file holds its tree now (parsing it would not be needed).
    var isHoldingTree: Bool {
        lock.lock()
        defer { lock.unlock() }
        return held != nil
    }

    /// Where a node is in the file's tree, to find it again after the tree is released.
    static func index(of node: some SyntaxProtocol) -> SyntaxIdentifier.SyntaxIndexInTree { node.id.indexInTree }

    /// The node of type `T` at `index` in the file's tree (parsed again if released); nil only if
    /// the index was not taken from this file.
    func node<T: SyntaxProtocol>(_ index: SyntaxIdentifier.SyntaxIndexInTree, as type: T.Type) -> T? {
        locator(of: tree).node(at: index)?.as(T.self)
    }

    /// The locator of the tree `root`, made once per tree held.
    private func locator(of root: SourceFileSyntax) -> NodeLocator {
        lock.lock()
        defer { lock.unlock() }
        if let locator, locator.root.id == Syntax(root).id { return locator }
        let made = NodeLocator(root: Syntax(root))
        locator = made
        return made
    }

    private static func parseTree(path: String, bytes: [UInt8]) -> SourceFileSyntax {
        ReadingContext.reading(OutputEscaping.terminal(path)) {
            bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        }
    }

    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        // A line ends at LF, CR LF or a lone CR, as the Swift compiler counts lines.
        var starts = [0]
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
                starts.append(offset + 1)
            }
        }
        return starts
    }

    /// The bytes of a Swift file (or a `Package.swift`), read no further than maplint's limit for
    /// Swift files: a larger one is refused before more of it is read.
    static func read(_ path: String) -> Result<[UInt8], Diagnostic> {
        let location = SourceLocation(file: path, line: 1, column: 1)
        switch FileReader.read(path, limit: SwiftNesting.maxFileSize, noun: "Swift file") {
        case .success(let bytes): return .success(bytes)
        case .failure(let failure):
            if let size = failure.oversize { return .failure(tooLarge(size, at: location)) }
            return .failure(.invalidManifest(failure.message, at: location))
        }
    }

    private static func tooLarge(_ size: Int, at location: SourceLocation) -> Diagnostic {
        .invalidManifest(
            "the Swift file is \(size) bytes, over maplint's limit of \(SwiftNesting.maxFileSize) "
                + "(8 MiB); it is not read: exclude it (generated code), or split it", at: location)
    }

    /// Parses `bytes`, or says where the file is beyond what maplint reads (`SwiftNesting`): too
    /// large, nested too deeply for the parser, or a tree too deep to walk. The tree's depth is
    /// found by a walk of its raw nodes, which `visit` (when given) is told of, each with the
    /// offset where it starts (`SwiftNesting.tooDeep`): the one walk of all of a file's nodes.
    static func parse(
        path: String, bytes: [UInt8], visiting visit: ((RawSyntax, Int) -> Void)? = nil
    ) -> Result<SwiftSourceFile, Diagnostic> {
        if bytes.count > SwiftNesting.maxFileSize {
            return .failure(tooLarge(bytes.count, at: SourceLocation(file: path, line: 1, column: 1)))
        }
        if let (offset, message) = SwiftNesting.unreadable(bytes) {
            let place = location(in: bytes, lineStarts: lineStarts(bytes), path: path, offset: offset)
            return .failure(.invalidManifest(message, at: place))
        }
        let file = SwiftSourceFile(path: path, bytes: bytes, tree: parseTree(path: path, bytes: bytes))
        if let node = SwiftNesting.tooDeep(file.tree, visiting: visit) {
            return .failure(
                .invalidManifest(
                    "the code nests more than \(SwiftNesting.maxTreeDepth) syntax levels deep here (a long chain of "
                        + "calls, `else if` or operators); the file is not read: exclude it, or split the chain",
                    at: file.location(atOffset: node.position.utf8Offset)))
        }
        return .success(file)
    }

    /// Where `node` starts, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        location(atOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    func location(atOffset offset: Int) -> SourceLocation {
        Self.location(in: bytes, lineStarts: lineStarts, path: path, offset: offset)
    }

    private static func location(in bytes: [UInt8], lineStarts: [Int], path: String, offset: Int) -> SourceLocation {
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = low + (high - low) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let line = max(low - 1, 0)
        let start = lineStarts.indices.contains(line) ? lineStarts[line] : 0
        var column = 1
        var index = start
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: path, line: line + 1, column: column)
    }

    /// The first place the parser could not read, when there is one.
    var firstSyntaxError: SourceLocation? {
        // The parser flags a tree with any error: most files need no walk at all.
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing { return location(atOffset: token.position.utf8Offset) }
            var node: Syntax? = Syntax(token)
            while let current = node {
                if current.is(UnexpectedNodesSyntax.self) { return location(of: token) }
                node = current.parent
            }
        }
        return nil
    }
}

/// Reading types, expressions and literals in the shapes registration code uses.
enum SwiftShapes {

    /// A type as the manifest writes it: `Post`, `Post?` (also from `Optional<Post>` and `Post!`),
    /// `Swift.Int` as `Int`; nil for anything else (generics, tuples, functions, nested names).
    static func typeName(_ type: TypeSyntax) -> String? {
        if let attributed = type.as(AttributedTypeSyntax.self) { return typeName(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return typeName(optional.wrappedType).map { $0.hasSuffix("?") ? $0 : $0 + "?" }
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return typeName(unwrapped.wrappedType).map { $0.hasSuffix("?") ? $0 : $0 + "?" }
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.text
            if let arguments = identifier.genericArgumentClause?.arguments {
                guard name == "Optional", arguments.count == 1, let argument = arguments.first,
                    case .type(let wrapped) = argument.argument
                else { return nil }
                return typeName(wrapped).map { $0.hasSuffix("?") ? $0 : $0 + "?" }
            }
            return name
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            if let base = member.baseType.as(IdentifierTypeSyntax.self),
                ["Swift", "Foundation"].contains(base.name.text)
            {
                return member.name.text
            }
            // A nested type, `PostCell.Model`: its qualified name.
            guard let base = typeName(member.baseType), !base.hasSuffix("?") else { return nil }
            return base + "." + member.name.text
        }
        return nil
    }

    /// `Post.self` (not `Post?.self`: see `optionalMetatype`): the type named.
    static func metatype(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.self),
            let base = member.base
        else { return nil }
        return dottedName(base)
    }

    /// `Post?.self` or `Optional<Post>.self` (also `Swift.Optional`): the type the optional wraps (`Post`); nil
    /// for anything else.
    static func optionalMetatype(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.self), let base = member.base
        else { return nil }
        if let optional = base.as(OptionalChainingExprSyntax.self) { return dottedName(optional.expression) }
        guard let generic = base.as(GenericSpecializationExprSyntax.self),
            ["Optional", "Swift.Optional"].contains(trimmedText(generic.expression)),
            generic.genericArgumentClause.arguments.count == 1,
            let argument = generic.genericArgumentClause.arguments.first,
            case .type(let wrapped) = argument.argument, let name = typeName(wrapped), !name.hasSuffix("?")
        else { return nil }
        return name
    }

    /// `Post`, `PostCell.Model`, `Swift.Int` as a type name.
    static func dottedName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let type = expression.as(TypeExprSyntax.self) { return typeName(type.type) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.argumentNames == nil, let prefix = dottedName(base)
        {
            let name = member.declName.baseName.text
            return ["Swift", "Foundation"].contains(prefix) ? name : prefix + "." + name
        }
        return nil
    }

    /// The value of a string literal without interpolation, escapes (`\"`, `\u{…}`) decoded.
    static func stringLiteral(_ expression: ExprSyntax) -> String? {
        expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    static func booleanLiteral(_ expression: ExprSyntax) -> Bool? {
        guard let literal = expression.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    static func integerLiteral(_ expression: ExprSyntax) -> Int? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let value = integerLiteral(prefix.expression)
        {
            return value == Int.min ? nil : -value
        }
        return nil
    }

    /// One line of Swift for a message: white space collapsed, cut after 80 characters. Every
    /// line break counts as white space: `\r\n` (one character in Swift), U+2028 and the like.
    static func excerpt(_ node: some SyntaxProtocol) -> String {
        excerpt(text: trimmedText(node))
    }

    /// The node's text without its leading and trailing trivia: `trimmedDescription`, read from the
    /// node's bytes rather than from a trimmed copy of the node (a new tree for every call).
    static func trimmedText(_ node: some SyntaxProtocol) -> String {
        // Around a missing token the two part ways (`trimmed` keeps the trivia before one that ends
        // the node): code the parser could not read is read as swift-syntax words it.
        if node.hasError { return node.trimmedDescription }
        let bytes = node.syntaxTextBytes
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset - node.position.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset - node.position.utf8Offset
        guard start >= 0, start <= end, end <= bytes.count else { return node.trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `excerpt` of a node's text.
    static func excerpt(text node: String) -> String {
        let words = node.split(whereSeparator: \.isWhitespace)
        let text = words.joined(separator: " ")
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    /// The Swift text of a node kept as data (an opaque condition), with its line breaks as `\n`
    /// whatever the file uses, so that a file means the same with CRLF line endings.
    static func text(_ node: some SyntaxProtocol) -> String {
        let text = trimmedText(node)
        guard text.unicodeScalars.contains("\r") else { return text }
        return String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
    }
}

/// Positions in this module are maplint's (file, line, column in Unicode scalars), not swift-syntax's.
package typealias SourceLocation = MaplintFindings.SourceLocation
