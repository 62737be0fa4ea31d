import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the parts of `.xib` and `.storyboard` files the rules need, keeping line numbers.
public enum InterfaceBuilderParser {
    /// Parses the text of an Interface Builder file; `path` names it in locations and decides
    /// its kind (`.storyboard`, else xib).
    public static func parse(
        _ bytes: [UInt8], path: String
    ) -> Result<InterfaceBuilderDocument, InterfaceBuilderFailure> {
        let kind: InterfaceBuilderDocument.Kind = path.hasSuffix(".storyboard") ? .storyboard : .xib
        let lines = LineIndex(bytes)
        let handler = Handler(path: path, lines: lines)
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
                objectsLocation: handler.objectsLocation))
    }

    /// Reads and parses a file; an unreadable file is a failure like malformed XML.
    public static func parse(
        file path: String, limits: LoaderLimits = .default
    ) -> Result<InterfaceBuilderDocument, InterfaceBuilderFailure> {
        let kind: InterfaceBuilderDocument.Kind = path.hasSuffix(".storyboard") ? .storyboard : .xib
        switch ManifestLoader.readFile(path, limits: limits, noun: "Interface Builder file") {
        case .success(let bytes): return parse(bytes, path: path)
        case .failure(let diagnostic):
            return .failure(
                InterfaceBuilderFailure(
                    path: path, kind: kind, location: diagnostic.location, message: diagnostic.message,
                    cause: .unreadable))
        }
    }

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

/// Line starts of a text, to turn a parser position into the position of a start tag.
struct LineIndex {
    private let lines: [ArraySlice<UInt8>]

    init(_ bytes: [UInt8]) {
        lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    /// The line and column (in Unicode scalars) of the last `<element` that starts on or
    /// before `line`; the parser reports the end of a start tag, which may span lines.
    func startTag(_ element: String, before line: Int) -> (line: Int, column: Int) {
        let needle = Array(("<" + element).utf8)
        var current = min(line, lines.count)
        let lowest = max(1, current - 200)
        while current >= lowest {
            let text = lines[current - 1]
            if let offset = Self.lastOccurrence(of: needle, in: text) {
                let prefix = text[text.startIndex..<(text.startIndex + offset)]
                return (current, String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)
            }
            current -= 1
        }
        return (max(1, line), 1)
    }

    private static func lastOccurrence(of needle: [UInt8], in text: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count else { return nil }
        var start = text.count - needle.count
        while start >= 0 {
            let base = text.startIndex + start
            if text[base..<(base + needle.count)].elementsEqual(needle) {
                // `<view` must not match `<viewController`.
                let after = base + needle.count
                if after >= text.endIndex || !Self.isNameByte(text[after]) { return start }
            }
            start -= 1
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}

/// Collects top-level objects, prototypes and scenes while the parser walks the elements.
private final class Handler: NSObject, XMLParserDelegate {
    let path: String
    let lines: LineIndex
    var stack: [String] = []
    var rootElement: String?
    var topLevelObjects: [InterfaceBuilderObject] = []
    var prototypes: [StoryboardPrototype] = []
    var objectsLocation: SourceLocation?
    var sceneID: String?
    var viewController: String?
    var errorCode: Int?
    var errorLine: Int?
    var errorColumn: Int?

    init(path: String, lines: LineIndex) {
        self.path = path
        self.lines = lines
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        defer { stack.append(elementName) }
        if stack.isEmpty { rootElement = elementName }
        let parent = stack.last
        func object() -> InterfaceBuilderObject {
            let start = lines.startTag(elementName, before: parser.lineNumber)
            return InterfaceBuilderObject(
                element: elementName, customClass: attributeDict["customClass"].flatMap { $0.isEmpty ? nil : $0 },
                reuseIdentifier: attributeDict["reuseIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
                key: attributeDict["key"], location: SourceLocation(file: path, line: start.line, column: start.column))
        }
        if stack.count == 1, parent == "document", elementName == "objects", objectsLocation == nil {
            let start = lines.startTag(elementName, before: parser.lineNumber)
            objectsLocation = SourceLocation(file: path, line: start.line, column: start.column)
            return
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
            return
        }
        let isCellPrototype =
            (elementName == "tableViewCell" || elementName == "collectionViewCell")
            && (parent == "prototypes" || parent == "cells")
        let isReusableView = elementName == "collectionReusableView" && stack.contains("collectionView")
        if isCellPrototype || isReusableView {
            prototypes.append(StoryboardPrototype(object: object(), sceneID: sceneID, viewController: viewController))
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        if !stack.isEmpty { stack.removeLast() }
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
