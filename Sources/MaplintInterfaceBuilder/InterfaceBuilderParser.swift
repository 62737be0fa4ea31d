import Foundation
import MaplintFiles
import MaplintFindings
import MaplintManifest
import MaplintYAML

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the parts of `.xib` and `.storyboard` files the rules need, keeping line numbers.
enum InterfaceBuilderParser {
    /// Parses the text of an Interface Builder file; `path` names it in locations and decides
    /// its kind (`.storyboard`, else xib).
    package static func parse(
        _ bytes: [UInt8], path: String
    ) -> Result<InterfaceBuilderDocument, InterfaceBuilderFailure> {
        let kind: InterfaceBuilderDocument.Kind = path.hasSuffix(".storyboard") ? .storyboard : .xib
        let handler = Handler(path: path, tags: StartTagCursor(bytes))
        // Fed in chunks from a stream: given all at once, libxml2 refuses a document over 10,000,000
        // bytes as a "huge input lookup", though it is well-formed.
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        // IB files never need external entities; resolving them would read other files.
        parser.shouldResolveExternalEntities = false
        parser.delegate = handler
        let succeeded = parser.parse()
        func failure(_ message: String, line: Int, column: Int) -> InterfaceBuilderFailure {
            InterfaceBuilderFailure(
                path: path, kind: kind,
                location: SourceLocation(file: path, line: max(1, line), column: max(1, column)), message: message)
        }
        if let place = handler.overLimit {
            var result = failure(
                "it holds more than \(Self.maxObjects) top-level objects and prototypes, over what maplint keeps "
                    + "of one file", line: place.line, column: place.column)
            result.cause = .parserLimit
            return .failure(result)
        }
        if !succeeded || handler.errorCode != nil {
            let code = handler.errorCode ?? (parser.parserError as NSError?)?.code ?? 0
            var result = failure(
                "not well-formed XML: \(Self.describe(errorCode: code))",
                line: handler.errorLine ?? parser.lineNumber,
                column: handler.errorColumn ?? parser.columnNumber)
            if let longest = Self.longestValue(in: bytes), longest > Self.maxValueLength {
                result.message =
                    "it holds a text or attribute value of \(longest) bytes, over the \(Self.maxValueLength) bytes "
                    + "that libxml2, the XML parser maplint uses, reads in one value"
                result.cause = .parserLimit
            } else if code == 1 || code == 2 {
                result.cause = .parserLimit
            }
            return .failure(result)
        }
        guard let root = handler.rootElement else {
            return .failure(failure("the file has no XML element", line: 1, column: 1))
        }
        guard root == "document" else {
            return .failure(
                failure(
                    "not an Interface Builder document: the root element is <\(root)>, not <document>", line: 1,
                    column: 1))
        }
        return .success(
            InterfaceBuilderDocument(
                path: path, kind: kind, topLevelObjects: handler.topLevelObjects, prototypes: handler.prototypes,
                objectsLocation: handler.objectsLocation, sceneViewControllers: handler.sceneViewControllers))
    }

    /// Reads and parses a file; an unreadable file is a failure like malformed XML.
    package static func parse(
        file path: String, limits: LoaderLimits = .default
    ) -> Result<InterfaceBuilderDocument, InterfaceBuilderFailure> {
        let kind: InterfaceBuilderDocument.Kind = path.hasSuffix(".storyboard") ? .storyboard : .xib
        var limits = limits
        limits.maxFileSize = min(limits.maxFileSize, FileSizeLimit.interfaceBuilder)
        switch ManifestLoader.readFile(path, limits: limits, noun: "Interface Builder file") {
        case .success(let bytes): return parse(bytes, path: path)
        case .failure(let diagnostic):
            return .failure(
                InterfaceBuilderFailure(
                    path: path, kind: kind, location: diagnostic.location, message: diagnostic.message,
                    cause: .unreadable))
        }
    }

    /// Most top-level objects and prototypes kept of one file: real ones have a few, or a few
    /// hundred prototypes; each kept costs about 200 bytes.
    static let maxObjects = 200_000

    /// libxml2's limit on one text node or attribute value (XML_MAX_TEXT_LENGTH), which applies
    /// because Foundation's XMLParser does not ask for XML_PARSE_HUGE.
    static let maxValueLength = 10_000_000

    /// The longest stretch of the file without a `<`: an upper bound on any text or attribute value.
    static func longestValue(in bytes: [UInt8]) -> Int? {
        guard bytes.count > maxValueLength else { return nil }
        var longest = 0
        var run = 0
        for byte in bytes {
            if byte == UInt8(ascii: "<") {
                run = 0
            } else {
                run += 1
                if run > longest { longest = run }
            }
        }
        return longest
    }

    /// The libxml2 / NSXMLParser error codes (xmlParserErrors), described; a code without a
    /// description is named as libxml2's.
    static func describe(errorCode code: Int) -> String {
        let known: [Int: String] = [
            1: "libxml2 stopped with an internal error, which it also gives when one of its size limits is reached",
            2: "libxml2 ran out of memory",
            3: "the document does not start like XML",
            6: "an invalid hexadecimal character reference", 7: "an invalid decimal character reference",
            8: "an invalid character reference",
            22: "a '&' not followed by an entity name", 31: "an unknown text encoding",
            32: "a text encoding libxml2 does not support", 34: "a quoted string without its closing quote",
            45: "an unterminated comment", 57: "an unterminated XML declaration",
            63: "an unterminated CDATA section",
            64: "a processing instruction named 'xml' that is not the first thing in the file",
            65: "a missing space", 77: "an unterminated tag", 85: "unbalanced tags",
            86: "content after the end of the root element", 81: "bytes that are not valid in the document's encoding",
            4: "the document is empty",
            5: "the document does not end properly: an unclosed tag, or content after the root element",
            9: "an invalid character", 23: "an entity reference without its ';'", 26: "an undeclared entity",
            38: "a '<' inside an attribute value", 39: "an attribute value without quotes",
            40: "an unterminated attribute value",
            41: "an attribute without a value", 42: "a duplicate attribute",
            68: "a '<' not followed by a tag name, as in a leftover merge conflict marker",
            73: "a tag without its closing '>'",
            76: "a closing tag that does not match the open one", 89: "entities that expand without bound",
        ]
        return known[code].map { "\($0) (XML error \(code))" }
            ?? "libxml2 error \(code) (see xmlParserErrors in libxml2's xmlerror.h)"
    }
}

/// The positions of start tags, found by one walk forward through the text. The parser reports
/// elements in document order, and nothing but comments, CDATA sections, processing instructions
/// and the document type declaration can hold a `<` that starts no tag, so each element's `<` is
/// the next start tag after the previous element's. The walk never goes back: the whole file
/// costs one pass, however many elements share a line.
struct StartTagCursor {
    private let bytes: [UInt8]
    /// Where the next search starts, and its line and column (columns count Unicode scalars).
    private var offset = 0
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of the `<` of the next start tag, which must be `<element` and hold its
    /// name before `end`, the parser's position when it reports the element (the end of the start
    /// tag); nil otherwise, and the cursor stays at that tag: the element came from an entity, so
    /// it is not in the text.
    mutating func next(_ element: String, endingBy end: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        while let open = advance(to: UInt8(ascii: "<")) {
            let after = open + 1
            if starts(with: "!--", at: after) {
                skip(past: "-->", from: after + 3)
            } else if starts(with: "![CDATA[", at: after) {
                skip(past: "]]>", from: after + 8)
            } else if starts(with: "?", at: after) {
                skip(past: "?>", from: after + 1)
            } else if starts(with: "!", at: after) {
                skipDeclaration(from: after + 1)
            } else if starts(with: "/", at: after) {
                move(to: after)
            } else {
                let name = element.utf8
                let nameEnd = after + name.count
                let beforeEnd =
                    line < end.line || (line == end.line && (end.column <= 0 || column + name.count <= end.column))
                guard beforeEnd, nameEnd <= bytes.count, bytes[after..<nameEnd].elementsEqual(name),
                    nameEnd == bytes.count || !Self.isNameByte(bytes[nameEnd])
                else { return nil }
                let found = (line, column)
                move(to: nameEnd)
                return found
            }
        }
        return nil
    }

    /// Moves to the next `byte` at or after `offset` and returns its offset; nil at the end.
    private mutating func advance(to byte: UInt8) -> Int? {
        while offset < bytes.count {
            if bytes[offset] == byte { return offset }
            step()
        }
        return nil
    }

    /// Moves forward to `target`, counting lines and columns.
    private mutating func move(to target: Int) {
        while offset < min(target, bytes.count) { step() }
    }

    private mutating func step() {
        let byte = bytes[offset]
        offset += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Each scalar counts once, at its first byte.
            column += 1
        }
    }

    private func starts(with text: StaticString, at position: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return false }
        return true
    }

    /// Moves past the first `terminator` at or after `position` (to the end when there is none).
    private mutating func skip(past terminator: StaticString, from position: Int) {
        move(to: position)
        let first = terminator.utf8Start[0]
        while let candidate = advance(to: first) {
            if starts(with: terminator, at: candidate) {
                move(to: candidate + terminator.utf8CodeUnitCount)
                return
            }
            step()
        }
    }

    /// Moves past a `<!DOCTYPE …>` (or another `<!` declaration): its `>` is the first one outside
    /// quotes, comments and the `[…]` of an internal subset.
    private mutating func skipDeclaration(from position: Int) {
        move(to: position)
        var depth = 0
        var quote: UInt8?
        while offset < bytes.count {
            if quote == nil, starts(with: "<!--", at: offset) {
                skip(past: "-->", from: offset + 4)
                continue
            }
            let byte = bytes[offset]
            step()
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ">"), depth == 0 {
                return
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte >= 0x80
    }
}

/// Collects top-level objects, prototypes and scenes while the parser walks the elements.
private final class Handler: NSObject, XMLParserDelegate {
    let path: String
    var tags: StartTagCursor
    var stack: [String] = []
    /// How many of the open elements are `collectionView`s (instead of searching the stack).
    var openCollectionViews = 0
    var rootElement: String?
    var topLevelObjects: [InterfaceBuilderObject] = []
    var prototypes: [StoryboardPrototype] = []
    var objectsLocation: SourceLocation?
    var sceneID: String?
    var viewController: String?
    /// The view controller class of every scene, in file order.
    var sceneViewControllers: [String] = []
    var errorCode: Int?
    var errorLine: Int?
    var errorColumn: Int?
    /// Where the object over `InterfaceBuilderParser.maxObjects` starts, once there is one.
    var overLimit: (line: Int, column: Int)?

    init(path: String, tags: StartTagCursor) {
        self.path = path
        self.tags = tags
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        defer {
            stack.append(elementName)
            if elementName == "collectionView" { openCollectionViews += 1 }
        }
        if stack.isEmpty { rootElement = elementName }
        let parent = stack.last
        // Every element moves the cursor, so that each finds its own tag.
        let start =
            tags.next(elementName, endingBy: (parser.lineNumber, parser.columnNumber))
            ?? (max(1, parser.lineNumber), 1)
        func object() -> InterfaceBuilderObject {
            InterfaceBuilderObject(
                element: elementName, customClass: attributeDict["customClass"].flatMap { $0.isEmpty ? nil : $0 },
                reuseIdentifier: attributeDict["reuseIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
                key: attributeDict["key"], location: SourceLocation(file: path, line: start.line, column: start.column))
        }
        if stack.count == 1, parent == "document", elementName == "objects", objectsLocation == nil {
            objectsLocation = SourceLocation(file: path, line: start.line, column: start.column)
            return
        }
        if topLevelObjects.count + prototypes.count >= InterfaceBuilderParser.maxObjects, overLimit == nil {
            let kept = stack.count == 2 && parent == "objects" && elementName != "placeholder"
            let prototype =
                ((elementName == "tableViewCell" || elementName == "collectionViewCell")
                    && (parent == "prototypes" || parent == "cells"))
                || (elementName == "collectionReusableView" && openCollectionViews > 0)
            if kept || prototype {
                overLimit = start
                parser.abortParsing()
                return
            }
        }
        if stack.count == 2, stack.first == "document", parent == "objects" {
            if elementName != "placeholder" { topLevelObjects.append(object()) }
            return
        }
        if elementName == "scene" {
            sceneID = attributeDict["sceneID"]
            viewController = nil
            return
        }
        if parent == "objects", stack.dropLast().last == "scene", elementName != "placeholder", viewController == nil {
            let custom = attributeDict["customClass"].flatMap { $0.isEmpty ? nil : $0 }
            viewController = custom ?? InterfaceBuilderObject.uiKitClass(of: elementName)
            if let viewController { sceneViewControllers.append(viewController) }
            return
        }
        let isCellPrototype =
            (elementName == "tableViewCell" || elementName == "collectionViewCell")
            && (parent == "prototypes" || parent == "cells")
        let isReusableView = elementName == "collectionReusableView" && openCollectionViews > 0
        if isCellPrototype || isReusableView {
            prototypes.append(StoryboardPrototype(object: object(), sceneID: sceneID, viewController: viewController))
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        if let closed = stack.popLast(), closed == "collectionView" { openCollectionViews -= 1 }
        if elementName == "scene" {
            sceneID = nil
            viewController = nil
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // Keep the first error: later ones are usually consequences of it.
        guard errorCode == nil else { return }
        errorCode = (parseError as NSError).code
        errorLine = parser.lineNumber
        errorColumn = parser.columnNumber
    }
}
