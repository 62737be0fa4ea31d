import CYaml
import MaplintFiles
import MaplintFindings

/// Bounds that keep a hostile or broken file from costing unbounded time or memory.
package struct LoaderLimits: Sendable, Hashable {
    /// Largest file read, in bytes.
    package var maxFileSize: Int
    /// Deepest nesting of lists and mappings.
    package var maxDepth: Int
    /// Most nodes the document may stand for once every alias is expanded, beyond the nodes written out.
    package var maxAliasExpansion: Int

    /// Most entries under `registrations`.
    package var maxEntries: Int
    /// Most sample elements (items, headers, footers, supplementary models) in all sections.
    /// Four million elements are checked within a 4 GiB address space (docs/limits-and-safety.md).
    package var maxSampleElements: Int
    /// Most entries of one YAML list, checked while the file is read: a longer list could only be
    /// a sample over `maxSampleElements`, and building it first would cost gigabytes.
    package var maxListLength: Int

    package init(
        maxFileSize: Int = FileSizeLimit.manifest, maxDepth: Int = 200, maxAliasExpansion: Int = 100_000,
        maxEntries: Int = 100_000, maxSampleElements: Int = 4_000_000, maxListLength: Int = 4_000_000
    ) {
        self.maxListLength = maxListLength
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxEntries = maxEntries
        self.maxSampleElements = maxSampleElements
    }

    package static let `default` = LoaderLimits()
}

/// One loaded YAML (or JSON) document with the source it came from, so positions can be mapped back.
package struct YAMLDocument: Sendable {
    package var file: String
    package var root: YAMLNode
    /// The raw UTF-8 source.
    package var source: [UInt8]
    /// Byte offset of the start of each line (0-based lines).
    package var lineStarts: [Int]
    /// The extents of the scalars of a diverted value that may hold a `#` (block scalars and
    /// scalars whose text has one), for the suppression scanner: the value has no nodes. Only
    /// collected when the file may hold `maplint:` comments.
    var divertedScalarSpans: [(start: YAMLMark, end: YAMLMark)] = []

    package init(file: String, root: YAMLNode, source: [UInt8], lineStarts: [Int]) {
        self.file = file
        self.root = root
        self.source = source
        self.lineStarts = lineStarts
    }

    /// The source with its lines, for moving between offsets and positions (the line starts
    /// are the document's, not counted again).
    package var text: SourceText { SourceText(source, lineStarts: lineStarts) }

    package func location(of mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
    }

    package func location(of node: YAMLNode) -> SourceLocation { location(of: node.start) }
}

/// Why a file could not be loaded: one error, or every duplicate key of the file (with the error
/// that stopped the parser after them, if one did), in the order of the file.
package struct YAMLLoadError: Error, Sendable {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sortedByLocation() }

    /// The first error of the file.
    package var first: Diagnostic { diagnostics[0] }
}

/// Loads YAML and JSON from libyaml's event stream into positioned nodes.
package enum YAMLLoader {
    /// - Parameter noun: what the file holds, for messages: "manifest", "configuration".
    /// - Parameter diversion: a value read from events by its consumer instead of being built
    ///   into nodes (the document holds an empty mapping in its place).
    package static func load(
        bytes: [UInt8], file: String, limits: LoaderLimits = .default, noun: String = "manifest",
        diversion: YAMLDiversion? = nil
    ) -> Result<YAMLDocument, YAMLLoadError> {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if bytes.count > limits.maxFileSize {
            return .failure(
                YAMLLoadError([
                    .invalidManifest(
                        "the file is \(bytes.count) bytes, over the limit of \(limits.maxFileSize) bytes", at: start)
                ]))
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .failure(YAMLLoadError([.invalidManifest("the file is UTF-16; save it as UTF-8", at: start)]))
        }
        // A `.json` file is JSON: what only YAML accepts (a trailing comma, a comment) is an error.
        if file.lowercased().hasSuffix(".json"), let error = StrictJSON.firstError(in: bytes) {
            return .failure(
                YAMLLoadError([
                    .invalidManifest(
                        error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
                ]))
        }
        return parse(JSONSurrogates.rewrite(bytes), file: file, limits: limits, noun: noun, diversion: diversion)
    }

    /// Parses bytes that passed the checks of `load` (the source of a loaded document) again.
    package static func parse(
        _ bytes: [UInt8], file: String, limits: LoaderLimits, noun: String = "manifest", diversion: YAMLDiversion?
    ) -> Result<YAMLDocument, YAMLLoadError> {
        let start = SourceLocation(file: file, line: 1, column: 1)
        let builder = EventTreeBuilder(file: file, limits: limits, noun: noun, diversion: diversion)
        let starts = SourceText.lineStarts(of: bytes)
        if diversion != nil {
            builder.collectsSpans = YAMLComments.mayHoldComments(bytes)
            builder.source = (bytes, starts)
        }
        let outcome = bytes.withUnsafeBufferPointer { buffer in builder.run(buffer) }
        switch outcome {
        case .failure(let diagnostic):
            return .failure(YAMLLoadError(builder.duplicates + [diagnostic]))
        case .success(let root):
            // Every duplicate key is reported, not only the first.
            if !builder.duplicates.isEmpty { return .failure(YAMLLoadError(builder.duplicates)) }
            guard let root else {
                return .failure(
                    YAMLLoadError([
                        .invalidManifest(
                            "the file is empty; a manifest needs at least 'version' and 'host'", at: start)
                    ]))
            }
            var document = YAMLDocument(file: file, root: root, source: bytes, lineStarts: starts)
            document.divertedScalarSpans = builder.spans
            return .success(document)
        }
    }
}

/// Builds the node tree from events with an explicit stack: no recursion, whatever the nesting.
/// The value of a diversion is not built: its consumer pulls its events through a
/// `YAMLEventStream`, and every limit is checked on them as on the others. Only a part of it
/// under an anchor is built, for the aliases that name it.
final class EventTreeBuilder {
    let file: String
    let limits: LoaderLimits
    let noun: String
    let diversion: YAMLDiversion?
    /// Whether to keep the extents of the diverted value's scalars that may hold a `#`.
    var collectsSpans = false
    @exclusivity(unchecked) private(set) var spans: [(start: YAMLMark, end: YAMLMark)] = []
    /// The duplicate keys found so far: reading goes on after one, so that each is reported.
    private(set) var duplicates: [Diagnostic] = []
    /// The bytes being parsed and their line starts, for the document read before a diverted value.
    var source: (bytes: [UInt8], lineStarts: [Int]) = ([], [0])

    /// An open list or mapping. Frames are changed in place on the stack: taking one off
    /// and putting it back would copy its children on every append (quadratic in their number).
    private struct Frame {
        var isMapping: Bool
        var start: YAMLMark
        var tag: String?
        var anchor: String?
        /// Whether the frame keeps its children as nodes: not inside a diverted value, unless
        /// under an anchor there.
        var building = true
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Scalar keys seen so far, for large mappings only; small ones search `pairs` (or,
        /// for a frame that keeps no nodes, `EventTreeBuilder.lightKeys`).
        var keyIndex: [String: YAMLMark]?
        var size = 1
        /// For a frame that keeps no nodes: its entries so far, and whether a key waits for its value.
        var count = 0
        var awaitingValue = false

        static let keyIndexThreshold = 16

        /// Where a scalar key was already set in this mapping, if it was.
        func firstMark(ofKey text: String) -> YAMLMark? {
            if let keyIndex { return keyIndex[text] }
            return pairs.first { $0.key.scalar?.text == text }?.key.start
        }

        mutating func noteKey(_ text: String, at mark: YAMLMark) {
            if keyIndex == nil, pairs.count >= Self.keyIndexThreshold {
                var index: [String: YAMLMark] = [:]
                index.reserveCapacity(pairs.count * 2)
                for pair in pairs {
                    if let key = pair.key.scalar, index[key.text] == nil { index[key.text] = pair.key.start }
                }
                keyIndex = index
            }
            if keyIndex != nil, keyIndex?[text] == nil { keyIndex?[text] = mark }
        }
    }

    // The properties touched on every event are marked `@exclusivity(unchecked)`: a builder is
    // used by one thread, and every access to them is a short read or an in-place change that
    // calls nothing that could reach the same property (the checks that the compiler cannot do
    // statically were 6% of the instructions of decoding a large sample).
    @exclusivity(unchecked) private var stack: [Frame] = []
    @exclusivity(unchecked) private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    @exclusivity(unchecked) private var expanded = 0
    @exclusivity(unchecked) private var root: YAMLNode?
    @exclusivity(unchecked) private var documents = 0
    /// The depth of the stack where the diverted value started, while it is read.
    @exclusivity(unchecked) private(set) var divertBase: Int?
    @exclusivity(unchecked) private var diverted = false
    /// The scalar keys of the open mappings that keep no nodes, by depth (storage reused).
    @exclusivity(unchecked) private var lightKeys: [[(text: String, mark: YAMLMark)]] = []
    private var parser: UnsafeMutablePointer<yaml_parser_t>?
    private var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(file: String, limits: LoaderLimits, noun: String = "manifest", diversion: YAMLDiversion? = nil) {
        self.file = file
        self.limits = limits
        self.noun = noun
        self.diversion = diversion
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(clamping: mark.line) + 1, column: Int(clamping: mark.column) + 1)
    }

    private func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
    }

    private func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: Int(clamping: mark.line), column: Int(clamping: mark.column), index: Int(clamping: mark.index))
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    func run(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode?, Diagnostic> {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            return .failure(
                .invalidManifest(
                    "the YAML parser could not start (out of memory)",
                    at: SourceLocation(file: file, line: 1, column: 1)))
        }
        self.parser = parser
        self.buffer = buffer
        defer {
            self.parser = nil
            yaml_parser_delete(parser)
        }
        let empty = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { empty.deallocate() }
        if let base = buffer.baseAddress, buffer.count > 0 {
            yaml_parser_set_input_string(parser, base, buffer.count)
        } else {
            yaml_parser_set_input_string(parser, empty, 0)
        }
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                return .failure(syntaxError(parser.pointee, buffer))
            }
            if let diversion, startsDivertedValue(event) {
                do throws(Diagnostic) {
                    try divert(&event, to: diversion)
                } catch {
                    return .failure(error)
                }
                continue
            }
            let outcome = handle(event)
            let finished = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if let outcome { return .failure(outcome) }
            if finished { return .success(root) }
        }
    }

    // MARK: - Diversion

    /// Whether `event` starts the value the diversion names.
    private func startsDivertedValue(_ event: yaml_event_t) -> Bool {
        guard !diverted, let diversion else { return false }
        switch event.type {
        case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: break
        default: return false
        }
        guard let key = diversion.key else { return stack.isEmpty && root == nil }
        guard stack.count == 1, stack[0].isMapping, let pending = stack[0].pendingKey?.scalar else { return false }
        return pending.value == .string(key)
    }

    /// Hands the value starting with `event` to the diversion's consumer; whatever it leaves
    /// unread is read (and checked) after it.
    private func divert(_ event: inout yaml_event_t, to diversion: YAMLDiversion) throws(Diagnostic) {
        diverted = true
        divertBase = stack.count
        let preceding = stack.first?.pairs ?? []
        let stream = YAMLEventStream(builder: self)
        if stack.count == 1 {
            stream.preceding = YAMLDocument(
                file: file, root: YAMLNode(content: .mapping(preceding), start: stack[0].start, tag: stack[0].tag),
                source: source.bytes, lineStarts: source.lineStarts)
        }
        defer { stream.builder = nil }
        let first: YAMLEvent?
        do throws(Diagnostic) {
            first = try process(event, stream: stream)
        } catch {
            yaml_event_delete(&event)
            throw error
        }
        yaml_event_delete(&event)
        let head: YAMLEvent
        if let first { head = first } else { head = try stream.next() }
        try diversion.consumer.consume(head, from: stream, preceding: preceding)
        while stream.hasReplay || divertBase != nil { _ = try stream.next() }
    }

    /// The next event of the diverted value, from libyaml; nil when it was an alias (whose
    /// node `stream` now replays).
    func pull(into stream: YAMLEventStream) throws(Diagnostic) -> YAMLEvent? {
        guard let parser else { return nil }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw syntaxError(parser.pointee, buffer) }
        defer { yaml_event_delete(&event) }
        return try process(event, stream: stream)
    }

    /// The next event of the diverted value as `YAMLEventStream.next(_:)` gives it: a scalar
    /// read as `want` when it plainly is one, else the event `pull(into:)` gives.
    func pullTyped(_ want: YAMLScalarWant, into stream: YAMLEventStream) throws(Diagnostic) -> YAMLTypedScalar? {
        guard let parser else { return nil }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw syntaxError(parser.pointee, buffer) }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_SCALAR_EVENT, let typed = try typedScalar(event, as: want) {
            stream.typedStart = mark(event.start_mark)
            return typed
        }
        return try process(event, stream: stream).map(YAMLTypedScalar.event)
    }

    /// A scalar event's value as `want`, with the checks and bookkeeping `process` does for it
    /// (a key's duplicate check included), when the scalar is in a list or mapping that keeps no
    /// nodes (a key only as a string), has no tag and no anchor, and its bytes are plainly a `want`.
    private func typedScalar(_ event: yaml_event_t, as want: YAMLScalarWant) throws(Diagnostic) -> YAMLTypedScalar? {
        let data = event.data.scalar
        guard data.tag == nil, data.anchor == nil, let base = divertBase, let top = stack.indices.last, top >= base,
            !stack[top].building
        else { return nil }
        let isKey = stack[top].isMapping && !stack[top].awaitingValue
        if isKey, want != .string { return nil }
        let bytes = UnsafeBufferPointer(start: data.value, count: data.value == nil ? 0 : Int(clamping: data.length))
        let block = data.style == YAML_LITERAL_SCALAR_STYLE || data.style == YAML_FOLDED_SCALAR_STYLE
        let plain =
            !block && data.style != YAML_SINGLE_QUOTED_SCALAR_STYLE && data.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE
        guard let typed = CoreSchema.typed(bytes, plain: plain, as: want) else { return nil }
        let start = mark(event.start_mark)
        noteCommentSpan(
            block: block, hasHash: bytes.contains(UInt8(ascii: "#")), start: start, end: mark(event.end_mark))
        var key: String?
        if isKey, case .string(let text) = typed { key = text }
        try finish(nil, start: start, key: key, size: 1, anchor: nil)
        return typed
    }

    /// Whether a node that ends now must be built: under an anchor inside the diverted value.
    private var childBuilds: Bool {
        guard let base = divertBase, stack.count > base, let top = stack.last else { return false }
        return top.building
    }

    /// Keeps a scalar's span when the suppression scanner must skip it: a block scalar, or one
    /// holding a `#` that is not a comment.
    private func noteCommentSpan(
        block: Bool, hasHash: @autoclosure () -> Bool, start: YAMLMark, end: @autoclosure () -> YAMLMark
    ) {
        if collectsSpans, block || hasHash() { spans.append((start, end())) }
    }

    /// Checks one event of the diverted value and turns it into a `YAMLEvent`.
    private func process(_ event: yaml_event_t, stream: YAMLEventStream) throws(Diagnostic) -> YAMLEvent? {
        let start = mark(event.start_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let (scalar, tag) = try makeScalar(event)
            noteCommentSpan(
                block: scalar.style == .literal || scalar.style == .folded,
                hasHash: scalar.text.utf8.contains(UInt8(ascii: "#")), start: start, end: scalar.end)
            let anchor = Self.string(event.data.scalar.anchor)
            let node =
                anchor != nil || childBuilds ? YAMLNode(content: .scalar(scalar), start: start, tag: tag) : nil
            try finish(node, start: start, key: scalar.text, size: 1, anchor: anchor)
            return YAMLEvent(kind: .scalar, start: start, scalar: scalar, tag: tag)
        case YAML_ALIAS_EVENT:
            let (target, size) = try aliased(event)
            var node = target
            node.start = start
            try finish(childBuilds ? node : nil, start: start, key: node.scalar?.text, size: size, anchor: nil)
            stream.replay(node)
            return nil
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if let problem = open(event) { throw problem }
            let tag =
                isMapping ? Self.string(event.data.mapping_start.tag) : Self.string(event.data.sequence_start.tag)
            let anchor =
                isMapping ? Self.string(event.data.mapping_start.anchor) : Self.string(event.data.sequence_start.anchor)
            let building = anchor != nil || childBuilds
            stack.append(Frame(isMapping: isMapping, start: start, tag: tag, anchor: anchor, building: building))
            if !building, isMapping {
                let depth = stack.count - 1
                while lightKeys.count <= depth { lightKeys.append([]) }
                lightKeys[depth].removeAll(keepingCapacity: true)
            }
            return YAMLEvent(kind: isMapping ? .mappingStart : .sequenceStart, start: start, tag: tag)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return nil }
            var node: YAMLNode?
            if frame.building {
                let content: YAMLNode.Content = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
                node = YAMLNode(content: content, start: frame.start, tag: frame.tag)
            }
            try finish(node, start: frame.start, key: nil, size: frame.size, anchor: frame.anchor)
            return YAMLEvent(kind: .end, start: start)
        default:
            return nil
        }
    }

    /// Attaches a finished node of the diverted value to its parent: as a node under an anchor,
    /// counted (and its key checked) elsewhere. The diverted value itself is an empty mapping
    /// in the document.
    private func finish(
        _ node: YAMLNode?, start: YAMLMark, key: String?, size: Int, anchor: String?
    ) throws(Diagnostic) {
        if let anchor, let node { anchors[anchor] = (node, size) }
        guard let base = divertBase, stack.count > base else {
            divertBase = nil
            if let problem = add(YAMLNode(content: .mapping([]), start: start, tag: nil), size: 1, anchor: nil) {
                throw problem
            }
            return
        }
        let top = stack.count - 1
        if stack[top].building, let node {
            if let problem = add(node, size: size, anchor: nil) { throw problem }
            return
        }
        guard stack[top].isMapping else {
            if stack[top].count >= limits.maxListLength { throw listTooLong(at: start) }
            stack[top].count += 1
            return
        }
        if stack[top].awaitingValue {
            stack[top].awaitingValue = false
            return
        }
        stack[top].awaitingValue = true
        guard let key else { return }
        if let index = stack[top].keyIndex {
            if let first = index[key] {
                duplicates.append(duplicateKey(key, at: start, first: first))
            } else {
                stack[top].keyIndex?[key] = start
            }
            return
        }
        if let first = lightKeys[top].first(where: { $0.text == key }) {
            duplicates.append(duplicateKey(key, at: start, first: first.mark))
            return
        }
        lightKeys[top].append((key, start))
        if lightKeys[top].count > Frame.keyIndexThreshold {
            var index: [String: YAMLMark] = [:]
            for entry in lightKeys[top] where index[entry.text] == nil { index[entry.text] = entry.mark }
            stack[top].keyIndex = index
        }
    }

    private func listTooLong(at start: YAMLMark) -> Diagnostic {
        .invalidManifest(
            "this list has more than \(limits.maxListLength) entries, more than any list of a \(noun) may hold",
            at: location(start))
    }

    private func duplicateKey(_ text: String, at start: YAMLMark, first: YAMLMark) -> Diagnostic {
        .invalidManifest(
            "duplicate key '\(text)'; it is already set at line \(first.line + 1), column \(first.column + 1)",
            at: location(start))
    }

    private func syntaxError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let problem = Self.text(parser.problem) ?? "unknown problem"
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset: turn it into a line and column.
            let offset = min(Int(clamping: parser.problem_offset), buffer.count)
            let at = Self.location(ofByte: offset, in: buffer, file: file)
            if problem.hasPrefix("control characters") {
                let value = String(Int(parser.problem_value), radix: 16, uppercase: true)
                return .invalidManifest(
                    "the file contains the control character U+\(String(repeating: "0", count: max(0, 4 - value.count)) + value), which YAML does not allow",
                    at: at)
            }
            return .invalidManifest("the file is not valid UTF-8 text (\(problem)); save it as UTF-8", at: at)
        }
        if problem.hasPrefix("Maximum nesting level") {
            // libyaml looks ahead over flow collections and stops at its own depth limit first.
            return .invalidManifest(
                "the document nests lists and mappings too deeply (over 1000 levels)", at: location(parser.problem_mark)
            )
        }
        let at = location(parser.problem_mark)
        let longKey =
            (problem.hasPrefix("mapping values are not allowed") || problem.hasPrefix("could not find expected ':'"))
            && parser.problem_mark.column > 1024
        if !longKey,
            let explained = YAMLSyntaxExplanation(
                problem: problem, line: Int(clamping: parser.problem_mark.line),
                column: Int(clamping: parser.problem_mark.column), context: Self.text(parser.context),
                contextLine: Int(clamping: parser.context_mark.line),
                contextColumn: Int(clamping: parser.context_mark.column), source: Array(buffer)
            ).message
        {
            return .invalidManifest(explained, at: at)
        }
        var message = "YAML syntax error: " + problem
        if longKey { message += " (a key is at most 1024 characters long)" }
        if let context = Self.text(parser.context) {
            message +=
                " (" + context
                + " started at line \(Int(clamping: parser.context_mark.line) + 1), column \(Int(clamping: parser.context_mark.column) + 1))"
        }
        return .invalidManifest(message, at: at)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// Line and column (in Unicode scalars) of a byte offset; the column of a broken sequence
    /// counts each of its bytes as one.
    static func location(ofByte offset: Int, in buffer: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        // A UTF-8 byte-order mark is not a column.
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
        while index < offset, index < buffer.count {
            let byte = buffer[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= buffer.count || buffer[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 || byte == 0x0D {
                // Lead bytes and ASCII start a new scalar; continuation bytes do not.
                if byte != 0x0D { column += 1 }
            }
            index += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Handles one event; returns a diagnostic to stop with.
    private func handle(_ event: yaml_event_t) -> Diagnostic? {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                return .invalidManifest(
                    "a \(noun) file holds one YAML document, and a second one starts here; split it into two files",
                    at: location(event.start_mark))
            }
        case YAML_SCALAR_EVENT:
            do throws(Diagnostic) {
                let (scalar, tag) = try makeScalar(event)
                let node = YAMLNode(content: .scalar(scalar), start: mark(event.start_mark), tag: tag)
                return add(node, size: 1, anchor: Self.string(event.data.scalar.anchor))
            } catch {
                return error
            }
        case YAML_ALIAS_EVENT:
            do throws(Diagnostic) {
                var (node, size) = try aliased(event)
                node.start = mark(event.start_mark)
                return add(node, size: size, anchor: nil)
            } catch {
                return error
            }
        case YAML_SEQUENCE_START_EVENT:
            if let problem = open(event) { return problem }
            stack.append(
                Frame(
                    isMapping: false, start: mark(event.start_mark), tag: Self.string(event.data.sequence_start.tag),
                    anchor: Self.string(event.data.sequence_start.anchor)))
        case YAML_MAPPING_START_EVENT:
            if let problem = open(event) { return problem }
            stack.append(
                Frame(
                    isMapping: true, start: mark(event.start_mark), tag: Self.string(event.data.mapping_start.tag),
                    anchor: Self.string(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return nil }
            let content: YAMLNode.Content = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
            return add(
                YAMLNode(content: content, start: frame.start, tag: frame.tag), size: frame.size, anchor: frame.anchor)
        default:
            break
        }
        return nil
    }

    /// The scalar of a scalar event, resolved under the core schema, and its tag.
    private func makeScalar(_ event: yaml_event_t) throws(Diagnostic) -> (YAMLScalar, String?) {
        let data = event.data.scalar
        let text =
            data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(clamping: data.length)), as: UTF8.self)
            } ?? ""
        let tag = Self.string(data.tag)
        let style: YAMLScalarStyle =
            switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
        var value: YAMLScalarValue
        if tag == "tag:yaml.org,2002:str" || (tag == nil && style != .plain) || tag == "!" {
            value = .string(text)
        } else {
            value = CoreSchema.resolve(plain: text)
        }
        if let tag, let problem = Self.tagProblem(tag, scalar: value, text: text) {
            throw .invalidManifest(problem, at: location(event.start_mark))
        }
        // `!!float 1` is the number 1.0, not the integer 1.
        if tag == Self.corePrefix + "float", case .int(let integer) = value { value = .float(Double(integer)) }
        return (YAMLScalar(text: text, style: style, value: value, end: mark(event.end_mark)), tag)
    }

    /// The node an alias names and its size, after counting it against the expansion limit.
    private func aliased(_ event: yaml_event_t) throws(Diagnostic) -> (node: YAMLNode, size: Int) {
        let name = Self.string(event.data.alias.anchor) ?? ""
        guard let (target, size) = anchors[name] else {
            throw .invalidManifest(
                "the alias '*\(name)' names no anchor defined before it", at: location(event.start_mark))
        }
        expanded += size
        if expanded > limits.maxAliasExpansion {
            throw .invalidManifest(
                "aliases expand to more than \(limits.maxAliasExpansion) nodes; the file would cost unbounded time to check",
                at: location(event.start_mark))
        }
        return (target, size)
    }

    /// Why a list or mapping cannot start here: too deep, or a tag that does not fit.
    private func open(_ event: yaml_event_t) -> Diagnostic? {
        if stack.count >= limits.maxDepth { return tooDeep(event) }
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        if let tag = isMapping ? Self.string(event.data.mapping_start.tag) : Self.string(event.data.sequence_start.tag),
            let problem = Self.tagProblem(tag, collection: isMapping ? "mapping" : "list")
        {
            return .invalidManifest(problem, at: location(event.start_mark))
        }
        return nil
    }

    static let corePrefix = "tag:yaml.org,2002:"
    static let knownTags =
        "maplint reads the core schema tags !!str, !!int, !!float, !!bool and !!null on values, !!seq and !!map on lists and mappings"

    /// `tag:yaml.org,2002:int` as the user wrote it, `!!int`.
    static func shown(_ tag: String) -> String {
        tag.hasPrefix(corePrefix) ? "!!" + tag.dropFirst(corePrefix.count) : tag
    }

    /// Why a tag on a scalar cannot be honoured: an unknown tag, or a value that is not of the
    /// tag's type (`!!bool 1`). `!!float` on an integer is honoured by the caller.
    static func tagProblem(_ tag: String, scalar value: YAMLScalarValue, text: String) -> String? {
        let matches: Bool
        let noun: String
        switch tag {
        case "!", corePrefix + "str": return nil
        case corePrefix + "int":
            noun = "an integer"
            if case .int = value { matches = true } else { matches = false }
        case corePrefix + "float":
            noun = "a number"
            switch value {
            case .float, .int: matches = true
            default: matches = false
            }
        case corePrefix + "bool":
            noun = "true or false"
            if case .bool = value { matches = true } else { matches = false }
        case corePrefix + "null":
            noun = "null"
            if case .null = value { matches = true } else { matches = false }
        default:
            return "the tag '\(shown(tag))' is not supported: \(knownTags)"
        }
        return matches ? nil : "the tag '\(shown(tag))' needs \(noun), but the value is '\(text)'"
    }

    /// Why a tag on a list or mapping cannot be honoured.
    static func tagProblem(_ tag: String, collection: String) -> String? {
        switch (tag, collection) {
        case (corePrefix + "seq", "list"), (corePrefix + "map", "mapping"), ("!", _): return nil
        case (corePrefix + "seq", _), (corePrefix + "map", _):
            return "the tag '\(shown(tag))' does not fit a \(collection)"
        default: return "the tag '\(shown(tag))' is not supported: \(knownTags)"
        }
    }

    private func tooDeep(_ event: yaml_event_t) -> Diagnostic {
        .invalidManifest(
            "the document nests lists and mappings deeper than \(limits.maxDepth) levels",
            at: location(event.start_mark))
    }

    /// Attaches a finished node to its parent (or makes it the root).
    private func add(_ node: YAMLNode, size: Int, anchor: String?) -> Diagnostic? {
        if let anchor { anchors[anchor] = (node, size) }
        guard let top = stack.indices.last else {
            root = node
            return nil
        }
        stack[top].size = stack[top].size &+ size
        guard stack[top].isMapping else {
            if stack[top].items.count >= limits.maxListLength { return listTooLong(at: node.start) }
            stack[top].items.append(node)
            return nil
        }
        if let key = stack[top].pendingKey {
            stack[top].pairs.append(YAMLPair(key: key, value: node))
            stack[top].pendingKey = nil
            return nil
        }
        if let scalar = node.scalar {
            if let first = stack[top].firstMark(ofKey: scalar.text) {
                duplicates.append(duplicateKey(scalar.text, at: node.start, first: first))
            } else {
                stack[top].noteKey(scalar.text, at: node.start)
            }
        }
        stack[top].pendingKey = node
        return nil
    }
}
