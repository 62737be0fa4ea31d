import MaplintFindings
import MaplintLibrary
import MaplintYAML

/// Takes a manifest's sample element by element as it is read, so a large sample is never held
/// whole: used when every other key of the manifest comes before `sample` (the loader cannot know
/// that until the end, so `finish()` says the elements were those of the manifest decoded).
package protocol SampleElementSink: AnyObject {
    /// False when the elements are not wanted at all: the loader then reads the sample as usual
    /// without decoding the keys before it for `start` (which it does not call).
    var wantsElements: Bool { get }
    /// The manifest as decoded from the keys before `sample` (without errors); false to read
    /// the sample as usual.
    func start(_ manifest: Manifest) -> Bool
    /// An item of the section at `section` (counting the sections decoded), at `item`.
    func item(_ value: SampleValue, section: Int, item: Int)
    /// A section, read to its end: its header, footer and supplementary models; its items went
    /// to `item(_:section:item:)` and are counted in `streamedItems`.
    func end(_ section: SampleSection, at index: Int)
    /// The sample was the last key: the manifest is the one `start` was given, with this sample.
    func finish()
}

/// Reads `sample:` of a manifest (or the root of a `--data` file) straight from the loader's
/// events into `SampleData`: no node tree is built for the sample, so a large one costs its
/// values, not its nodes.
///
/// The sample is decoded against the host and the model types. When `host` and `models` come
/// before `sample` in the file (or are fixed, for a data file), it is decoded as it is read;
/// otherwise it is only checked as it is read, and `outcome(host:types:hasModels:document:)`
/// reads it again once they are known.
final class SampleReader: YAMLValueConsumer {
    /// What holds `sections`: a manifest's `sample`, or a data file.
    enum Owner {
        case manifest, dataFile

        var what: String { self == .manifest ? "'sample'" : "the data file" }
        var missing: String { self == .manifest ? "'sample' needs 'sections'" : "the data file needs 'sections'" }
    }

    struct Outcome {
        var sample: SampleData?
        var diagnostics: [Diagnostic]
        var host: Host
        /// Decoded before any `models` was read, with the built-in types only.
        var assumedNoModels: Bool
    }

    /// The manifest decoded from the keys before `sample` when its elements went to a sink.
    struct Streamed {
        var manifest: Manifest
        var diagnostics: [Diagnostic]
        /// How many keys the root mapping had before `sample`.
        var keys: Int
        var sink: any SampleElementSink
    }

    let owner: Owner
    let file: String
    let limits: LoaderLimits
    /// The host and model types, when known before the sample is read.
    let context: (host: Host, types: TypeTable)?
    /// Takes the elements as they are read when the rest of the manifest comes first.
    let sink: (any SampleElementSink)?
    private(set) var outcome: Outcome?
    private(set) var streamed: Streamed?

    init(
        owner: Owner, file: String, limits: LoaderLimits, context: (host: Host, types: TypeTable)? = nil,
        sink: (any SampleElementSink)? = nil
    ) {
        self.owner = owner
        self.file = file
        self.limits = limits
        self.context = context
        self.sink = sink
    }

    func consume(_ head: YAMLEvent, from stream: YAMLEventStream, preceding: [YAMLPair]) throws(Diagnostic) {
        let host: Host
        let types: TypeTable
        var assumedNoModels = false
        var reader = NodeReader(document: Self.placeholder(file), limits: limits)
        var streamTo: (any SampleElementSink)?
        if context == nil, let sink, sink.wantsElements, let document = stream.preceding {
            // The rest of the manifest, as far as it is read: if it has no errors, each element
            // can go to the sink; should keys follow `sample`, the decoder reads the sample again.
            var prefix = NodeReader(document: document, limits: limits)
            if let manifest = prefix.manifest(document.root), !prefix.diagnostics.hasErrors, sink.start(manifest) {
                streamed = Streamed(
                    manifest: manifest, diagnostics: prefix.diagnostics, keys: preceding.count, sink: sink)
                streamTo = sink
            }
        }
        if let streamed {
            (host, types) = (streamed.manifest.host, streamed.manifest.types)
        } else if let context {
            (host, types) = context
        } else {
            func value(_ key: String) -> YAMLNode? {
                preceding.first { $0.key.scalar?.value == .string(key) }?.value
            }
            guard case .string(let text)? = value("host")?.scalar?.value, let known = Host(rawValue: text) else {
                // Without a host there is nothing to decode against (yet): check it, and read it later.
                try stream.skip(head)
                return
            }
            host = known
            if let models = value("models") {
                types = TypeTable(reader.modelDeclarations(models))
                reader.diagnostics = []
                if reader.modelsOverLimit {
                    // Reported by the decoder of the rest: the sample is not read against nothing.
                    try stream.skip(head)
                    return
                }
            } else {
                types = TypeTable([])
                assumedNoModels = true
            }
        }
        var decoding = SampleDecoding(reader: reader, stream: stream, host: host, types: types)
        decoding.sink = streamTo
        let sample = try decoding.owner(head, owner)
        outcome = Outcome(
            sample: sample, diagnostics: decoding.reader.diagnostics, host: host, assumedNoModels: assumedNoModels)
    }

    /// The manifest decoded before the sample, with the sample, when the sample's elements went
    /// to a sink and `root` has no key after `sample`; the sink is then told the elements were
    /// those of this manifest.
    func streamedManifest(root: YAMLNode) -> (manifest: Manifest, diagnostics: [Diagnostic])? {
        guard let streamed, let outcome, let pairs = root.mapping, pairs.count == streamed.keys + 1,
            pairs.last?.key.scalar?.value == .string("sample")
        else { return nil }
        var manifest = streamed.manifest
        manifest.sample = outcome.sample
        streamed.sink.finish()
        return (manifest, streamed.diagnostics + outcome.diagnostics)
    }

    /// What was decoded, when it was decoded against `host` and `types` (and kept whole);
    /// otherwise the sample read again from `document`'s source with them.
    func outcome(host: Host, types: TypeTable, hasModels: Bool, document: YAMLDocument) -> Outcome {
        if let outcome, streamed == nil, outcome.host == host, !(outcome.assumedNoModels && hasModels) {
            return outcome
        }
        let again = SampleReader(owner: owner, file: file, limits: limits, context: (host, types))
        let key: String? = owner == .manifest ? "sample" : nil
        _ = YAMLLoader.parse(
            document.source, file: document.file, limits: limits,
            diversion: YAMLDiversion(key: key, consumer: again))
        return again.outcome ?? Outcome(sample: nil, diagnostics: [], host: host, assumedNoModels: false)
    }

    /// A document with no nodes: positions need only the file name.
    static func placeholder(_ file: String) -> YAMLDocument {
        YAMLDocument(
            file: file, root: YAMLNode(content: .mapping([]), start: YAMLMark(line: 0, column: 0, index: 0)),
            source: [], lineStarts: [0])
    }

    /// Decodes a sample value already built into nodes (`sample`'s value, or a data file's root).
    static func decode(
        _ node: YAMLNode, owner: Owner, document: YAMLDocument, limits: LoaderLimits, host: Host, types: TypeTable
    ) -> (sample: SampleData?, diagnostics: [Diagnostic]) {
        let stream = YAMLEventStream(node: node)
        var decoding = SampleDecoding(
            reader: NodeReader(document: document, limits: limits), stream: stream, host: host, types: types)
        do throws(Diagnostic) {
            let head = try stream.next()
            let sample = try decoding.owner(head, owner)
            return (sample, decoding.reader.diagnostics)
        } catch {
            return (nil, [error])
        }
    }
}

/// The decoding of one sample from a stream of events. Each function is handed the first event
/// of a value and reads the whole value. Diagnostics come in the order a walk over the nodes
/// reports them: a mapping's key errors first, then its values in the order of the schema.
private struct SampleDecoding {
    var reader: NodeReader
    let stream: YAMLEventStream
    let host: Host
    let types: TypeTable
    /// Takes the items as they are read, instead of the sections keeping them.
    var sink: (any SampleElementSink)?
    /// The types of the type names met so far.
    private var typeRefs: [String: TypeRef] = [:]
    /// The declared properties of the class and struct types met so far.
    private var layouts: [String: PropertyLayout] = [:]

    /// A class or struct type's declared properties, and the order in which the last object of
    /// that type gave them. Objects of one type mostly give their properties in one order, so a
    /// property name is first compared with the one its position had, and looked up by name
    /// only when it differs.
    private struct PropertyLayout {
        struct Slot {
            var name: String
            var type: TypeRef
            /// `scalarWant(type)`.
            var want: YAMLScalarWant?
        }

        let byName: [String: PropertyDecl]
        var order: [Slot] = []
        /// Whether `order` changed since it was stored.
        var changed = false
    }

    init(reader: NodeReader, stream: YAMLEventStream, host: Host, types: TypeTable) {
        self.reader = reader
        self.stream = stream
        self.host = host
        self.types = types
    }

    /// Runs `body` with its diagnostics set aside; returns them.
    private mutating func collecting<T>(
        _ body: (inout SampleDecoding) throws(Diagnostic) -> T
    ) throws(Diagnostic) -> (T, [Diagnostic]) {
        let saved = reader.diagnostics
        reader.diagnostics = []
        defer { reader.diagnostics = saved }
        let value = try body(&self)
        return (value, reader.diagnostics)
    }

    /// Where an event's node starts.
    private func location(_ event: YAMLEvent) -> SourceLocation {
        SourceLocation(file: reader.document.file, line: event.start.line + 1, column: event.start.column + 1)
    }

    private mutating func error(_ message: String, at event: YAMLEvent) {
        reader.error(message, at: event.head)
    }

    /// The key of a mapping entry as a string, or nil after reporting it (and reading it, when
    /// it is a list or mapping).
    private mutating func stringKey(_ key: YAMLEvent, of what: String) throws(Diagnostic) -> String? {
        if case .string(let name)? = key.scalar?.value { return name }
        error("keys of \(what) must be strings, not \(key.head.kindDescription)", at: key)
        try stream.skip(key)
        return nil
    }

    /// `sample:` (or a data file's root): a mapping with `sections`.
    mutating func owner(_ head: YAMLEvent, _ owner: SampleReader.Owner) throws(Diagnostic) -> SampleData? {
        guard head.kind == .mappingStart else {
            error("\(owner.what) must be a mapping, not \(head.head.kindDescription)", at: head)
            try stream.skip(head)
            return nil
        }
        var sample: SampleData?
        var hasSections = false
        var later: [Diagnostic] = []
        while true {
            let key = try stream.next()
            if key.kind == .end { break }
            guard let name = try stringKey(key, of: owner.what) else {
                try stream.skip(stream.next())
                continue
            }
            let value = try stream.next()
            guard ManifestDecoder.sampleKeys.contains(name) else {
                error(
                    "unknown key '\(name)' in \(owner.what)"
                        + Suggestion.didYouMean(name, in: ManifestDecoder.sampleKeys),
                    at: key)
                try stream.skip(value)
                continue
            }
            hasSections = true
            let (decoded, diagnostics) = try collecting { decoding throws(Diagnostic) in
                try decoding.sections(value, ownerStart: head.start)
            }
            sample = decoded
            later += diagnostics
        }
        reader.diagnostics += later
        if !hasSections { error(owner.missing, at: head) }
        return sample
    }

    /// `sections:`. The elements are counted as they are read; past the limit, the sample is
    /// only counted, and then refused with that count alone.
    private mutating func sections(_ head: YAMLEvent, ownerStart: YAMLMark) throws(Diagnostic) -> SampleData? {
        guard head.kind == .sequenceStart else {
            error("'sections' must be a list, not \(head.head.kindDescription)", at: head)
            try stream.skip(head)
            return nil
        }
        var sections: [SampleSection] = []
        var elements = 0
        var over = false
        while true {
            let sectionHead = try stream.next()
            if sectionHead.kind == .end { break }
            if over {
                elements += try count(section: sectionHead)
                continue
            }
            let (section, count) = try self.section(sectionHead, index: sections.count)
            elements += count
            if let section {
                sink?.end(section, at: sections.count)
                sections.append(section)
            }
            if elements > reader.limits.maxSampleElements {
                over = true
                sections = []
            }
        }
        if over {
            reader.diagnostics = []
            error("the sample has \(elements) elements, over the limit of \(reader.limits.maxSampleElements)", at: head)
            return nil
        }
        let location = SourceLocation(
            file: reader.document.file, line: ownerStart.line + 1, column: ownerStart.column + 1)
        return SampleData(sections: sections, location: location)
    }

    /// The elements of a section that is not decoded: each entry's items, pairs, or 1.
    private mutating func count(section head: YAMLEvent) throws(Diagnostic) -> Int {
        guard head.kind == .mappingStart else {
            try stream.skip(head)
            return 0
        }
        var elements = 0
        while true {
            let key = try stream.next()
            if key.kind == .end { break }
            try stream.skip(key)
            elements += try stream.skip(stream.next())
        }
        return elements
    }

    /// One section, and how many elements it counts.
    private mutating func section(_ head: YAMLEvent, index: Int) throws(Diagnostic) -> (SampleSection?, Int) {
        guard head.kind == .mappingStart else {
            error("a sample section must be a mapping, not \(head.head.kindDescription)", at: head)
            try stream.skip(head)
            return (nil, 0)
        }
        let what = "a sample section"
        var section = SampleSection(location: location(head))
        var elements = 0
        var keyErrors: [Diagnostic] = []
        var header: [Diagnostic] = []
        var footer: [Diagnostic] = []
        var supplementaries: [Diagnostic] = []
        var items: [Diagnostic] = []
        while true {
            let key = try stream.next()
            if key.kind == .end { break }
            let (name, keyProblems) = try collecting { decoding throws(Diagnostic) in
                try decoding.stringKey(key, of: what)
            }
            keyErrors += keyProblems
            let value = try stream.next()
            guard let name, ManifestDecoder.sampleSectionKeys.contains(name) else {
                if let name { keyErrors.append(unknownSectionKey(name, at: key)) }
                elements += try stream.skip(value)
                continue
            }
            switch name {
            case "header", "footer":
                let ((decoded, count), diagnostics) = try collecting { decoding throws(Diagnostic) in
                    try decoding.sampleValue(value)
                }
                elements += count
                if name == "header" {
                    section.header = decoded
                    header = diagnostics
                } else {
                    section.footer = decoded
                    footer = diagnostics
                }
            case "supplementaries":
                let (count, diagnostics) = try collecting { decoding throws(Diagnostic) in
                    try decoding.supplementaries(value, key: key, into: &section)
                }
                elements += count
                supplementaries = diagnostics
            default:
                let (count, diagnostics) = try collecting { decoding throws(Diagnostic) in
                    try decoding.items(value, into: &section, index: index)
                }
                elements += count
                items = diagnostics
            }
        }
        reader.diagnostics += keyErrors + header + footer + supplementaries + items
        return (section, elements)
    }

    /// The error of a key a sample section does not have.
    private func unknownSectionKey(_ name: String, at key: YAMLEvent) -> Diagnostic {
        Diagnostic(
            rule: reader.rule, severity: .error,
            message: "unknown key '\(name)' in a sample section"
                + Suggestion.didYouMean(name, in: ManifestDecoder.sampleSectionKeys),
            location: location(key))
    }

    /// `supplementaries:`, a mapping of kinds to models (collection views only).
    private mutating func supplementaries(
        _ head: YAMLEvent, key: YAMLEvent, into section: inout SampleSection
    ) throws(Diagnostic) -> Int {
        if host == .tableView {
            error("a table view has no supplementary views; use 'header' and 'footer'", at: key)
            return try stream.skip(head)
        }
        guard head.kind == .mappingStart else {
            error(
                "'supplementaries' must be a mapping of kinds to models, not \(head.head.kindDescription)", at: head)
            return try stream.skip(head)
        }
        var pairs = 0
        while true {
            let kindEvent = try stream.next()
            if kindEvent.kind == .end { break }
            pairs += 1
            guard case .string(let kind)? = kindEvent.scalar?.value else {
                error("a supplementary kind must be a string, not \(kindEvent.head.kindDescription)", at: kindEvent)
                try stream.skip(kindEvent)
                try stream.skip(stream.next())
                continue
            }
            if let value = try sampleValue(stream.next()).value {
                section.supplementaries.append((kind: kind, value: value))
            }
        }
        return pairs
    }

    /// `items:`: a list of sample models, or null.
    private mutating func items(
        _ head: YAMLEvent, into section: inout SampleSection, index: Int
    ) throws(Diagnostic) -> Int {
        if head.kind == .scalar, head.scalar?.value == .null { return 1 }
        guard head.kind == .sequenceStart else {
            error("'items' must be a list, not \(head.head.kindDescription)", at: head)
            return try stream.skip(head)
        }
        var count = 0
        while true {
            let item = try stream.next()
            if item.kind == .end { break }
            count += 1
            guard let value = try sampleValue(item).value else { continue }
            if let sink {
                sink.item(value, section: index, item: section.streamedItems)
                section.streamedItems += 1
            } else {
                section.items.append(value)
            }
        }
        return count
    }

    /// An item: `null`, a bare scalar, or `{TypeName: value}`; and the elements it counts as
    /// a section's header or footer (its entries, or 1).
    mutating func sampleValue(_ head: YAMLEvent) throws(Diagnostic) -> (value: SampleValue?, count: Int) {
        let at = location(head)
        switch head.kind {
        case .scalar, .end:
            guard let scalar = head.scalar else { return (nil, 1) }
            switch scalar.value {
            case .null: return (SampleValue(value: .none, location: at), 1)
            case .bool(let value): return (SampleValue(value: .bool(value), location: at), 1)
            case .int(let value): return (SampleValue(value: .int(value), location: at), 1)
            case .float(let value): return (SampleValue(value: .double(value), location: at), 1)
            case .string(let value): return (SampleValue(value: .string(value), location: at), 1)
            case .integerOutOfRange(let text):
                error("\(text) does not fit in a 64-bit Int", at: head)
                return (nil, 1)
            }
        case .sequenceStart:
            error("a sample model is null, a scalar or a one-key mapping {TypeName: value}, not a list", at: head)
            return (nil, try stream.skip(head))
        case .mappingStart:
            let key = try stream.next()
            if key.kind == .end {
                error("a typed sample model is a one-key mapping {TypeName: value}; this one has 0 keys", at: head)
                return (nil, 0)
            }
            // The model's errors count only when it has one key.
            let (value, diagnostics) = try collecting { decoding throws(Diagnostic) in
                try decoding.typedModel(key: key, at: at)
            }
            var pairs = 1
            while true {
                let next = try stream.next()
                if next.kind == .end { break }
                pairs += 1
                try stream.skip(next)
                try stream.skip(stream.next())
            }
            guard pairs == 1 else {
                error(
                    "a typed sample model is a one-key mapping {TypeName: value}; this one has \(pairs) keys",
                    at: head)
                return (nil, pairs)
            }
            reader.diagnostics += diagnostics
            return (value, 1)
        }
    }

    /// `TypeName: value`, the one pair of a typed sample model; reads the key and its value.
    private mutating func typedModel(key: YAMLEvent, at: SourceLocation) throws(Diagnostic) -> SampleValue? {
        if key.opensCollection { try stream.skip(key) }
        let valueHead = try stream.next()
        // A type name met before passed every check below: only its value is left to read.
        if case .string(let name)? = key.scalar?.value, let type = typeRefs[name] {
            guard let value = try typedValue(valueHead, type: type, what: name) else { return nil }
            return SampleValue(value: value, location: at)
        }
        guard let name = typeName(key) else {
            try stream.skip(valueHead)
            return nil
        }
        guard types.contains(name) else {
            reader.report(unknownType: name, at: location(key), known: types.allTypeNames)
            try stream.skip(valueHead)
            return nil
        }
        if let declaration = types[name], declaration.kind == .protocol {
            let concrete = types.instantiableTypes(thatAre: name)
            let hint =
                concrete.isEmpty
                ? "declare a type that conforms to it"
                : "use a conforming type such as " + concrete.prefix(3).joined(separator: ", ")
            reader.error("'\(name)' is a protocol and cannot be instantiated; \(hint)", at: key.head)
            try stream.skip(valueHead)
            return nil
        }
        let type: TypeRef
        if let known = typeRefs[name] {
            type = known
        } else {
            type = TypeRef(parsing: name) ?? .model(name)
            typeRefs[name] = type
        }
        guard let value = try typedValue(valueHead, type: type, what: name) else { return nil }
        return SampleValue(value: value, location: at)
    }

    /// The type name a sample model's key gives, as `NodeReader.typeName` reads it; names
    /// already seen are not checked again.
    private mutating func typeName(_ key: YAMLEvent) -> String? {
        if case .string(let text)? = key.scalar?.value, typeRefs[text] != nil { return text }
        return reader.typeName(key.head, "a sample model's type")
    }

    /// A value of a known type: a scalar for builtins and enums, a mapping of properties for
    /// classes and structs.
    private mutating func typedValue(
        _ head: YAMLEvent, type: TypeRef, what: @autoclosure () -> String
    ) throws(Diagnostic) -> Value? {
        switch type {
        case .optional(let wrapped):
            if head.scalar?.value == .null { return Value.none }
            return try typedValue(head, type: wrapped, what: what())
        case .builtin(let builtin):
            let value = builtinValue(head, builtin, what: what())
            try stream.skip(head)
            return value
        case .model(let name):
            guard let declaration = types[name] else {
                try stream.skip(head)
                return nil
            }
            switch declaration.kind {
            case .enum:
                return try enumValue(head, declaration, name: name, what: what())
            case .protocol:
                error("\(what()) has the protocol type '\(name)', which cannot be instantiated", at: head)
                try stream.skip(head)
                return nil
            case .class, .struct:
                return try objectValue(head, name: name, what: what())
            }
        }
    }

    /// The next key of an object's mapping, with its text when it is a string; nil at the end of
    /// the mapping. A property name is read straight from its scalar when it plainly is a string.
    private mutating func propertyKey() throws(Diagnostic) -> (key: YAMLEvent, property: String?)? {
        switch try stream.next(.string) {
        case .string(let text):
            return (YAMLEvent(kind: .scalar, start: stream.typedStart), text)
        case .event(let event):
            if event.kind == .end { return nil }
            if event.opensCollection { try stream.skip(event) }
            if case .string(let text)? = event.scalar?.value { return (event, text) }
            return (event, nil)
        case .int, .double, .bool:
            preconditionFailure("a scalar wanted as a string was read as another type")
        }
    }

    /// A case of the enum `declaration`, written as its name (with or without a leading dot).
    private mutating func enumValue(
        _ head: YAMLEvent, _ declaration: ModelDecl, name: String, what: @autoclosure () -> String
    ) throws(Diagnostic) -> Value? {
        var text: String
        if case .string(let written)? = head.scalar?.value {
            text = written
        } else {
            _ = reader.string(head.head, "\(what()) (a case of \(name))")
            try stream.skip(head)
            return nil
        }
        if text.hasPrefix(".") { text.removeFirst() }
        guard declaration.cases.contains(where: { $0.value == text }) else {
            error(
                "'\(text)' is not a case of \(name)"
                    + Suggestion.didYouMean(text, in: declaration.cases.map(\.value)), at: head)
            return nil
        }
        return .enumCase(type: name, name: text)
    }

    /// An object of the class or struct `name`: its properties as a mapping.
    private mutating func objectValue(
        _ head: YAMLEvent, name: String, what: @autoclosure () -> String
    ) throws(Diagnostic) -> Value? {
        if head.scalar?.value == .null {
            error("\(what()) is a \(name), not optional: give its properties as a mapping", at: head)
            return nil
        }
        guard head.kind == .mappingStart else {
            error(
                "\(what()) is a \(name): give its properties as a mapping, not \(head.head.kindDescription)",
                at: head)
            try stream.skip(head)
            return nil
        }
        var layout = layouts[name] ?? PropertyLayout(byName: types.propertiesByName(of: name))
        // Room for every declared property at once: no rehashing as they are added (made
        // by the initializer, which is specialized, unlike `reserveCapacity`).
        var properties = [String: Value](minimumCapacity: layout.byName.count)
        var position = 0
        while let next = try propertyKey() {
            let key = next.key
            let property = next.property
            let declared = property.flatMap { slot($0, at: position, in: &layout) }
            position += 1
            // A declared property of a builtin or enum type: its value straight from the
            // scalar's bytes when it is plainly of that type.
            if let property, let declared, let want = declared.want {
                let valueHead: YAMLEvent
                switch try stream.next(want) {
                case .event(let event):
                    valueHead = event
                case let typed:
                    if let value = self.value(typed, type: declared.type) { properties[property] = value }
                    continue
                }
                if let value = try typedValue(valueHead, type: declared.type, what: "'" + property + "'") {
                    properties[property] = value
                }
                continue
            }
            let valueHead = try stream.next()
            guard let property else {
                _ = reader.string(key.head, "a property name")
                try stream.skip(valueHead)
                continue
            }
            guard let declared else {
                reader.error(
                    "\(name) has no property '\(property)'"
                        + Suggestion.didYouMean(property, in: types.properties(of: name).map(\.name)),
                    at: key.head)
                try stream.skip(valueHead)
                continue
            }
            if let value = try typedValue(valueHead, type: declared.type, what: "'" + property + "'") {
                properties[property] = value
            }
        }
        if layout.changed {
            layout.changed = false
            layouts[name] = layout
        }
        return .object(type: name, properties: properties)
    }

    /// The declared property `name`, given at `position` of an object of `layout`'s type; nil
    /// when the type has no such property. A property found by name takes that position in the
    /// layout's order.
    private func slot(_ name: String, at position: Int, in layout: inout PropertyLayout) -> PropertyLayout.Slot? {
        if position < layout.order.count, layout.order[position].name == name { return layout.order[position] }
        guard let declared = layout.byName[name] else { return nil }
        let slot = PropertyLayout.Slot(name: name, type: declared.type, want: scalarWant(declared.type))
        if position < layout.order.count {
            layout.order[position] = slot
        } else if position == layout.order.count {
            layout.order.append(slot)
        }
        layout.changed = true
        return slot
    }

    /// How a value of `type` can be read straight from a scalar's bytes: builtins and enums.
    private func scalarWant(_ type: TypeRef) -> YAMLScalarWant? {
        switch type {
        case .optional(let wrapped): return scalarWant(wrapped)
        case .builtin(.int): return .int
        case .builtin(.double): return .double
        case .builtin(.bool): return .bool
        case .builtin(.string): return .string
        case .model(let name): return types[name]?.kind == .enum ? .string : nil
        }
    }

    /// The value of a scalar read as `scalarWant(type)`, as `typedValue` makes it; an enum's
    /// text that is not one of its cases is reported at the scalar.
    private mutating func value(_ typed: YAMLTypedScalar, type: TypeRef) -> Value? {
        switch (typed, type) {
        case (_, .optional(let wrapped)): return value(typed, type: wrapped)
        case (.int(let value), _): return .int(value)
        case (.double(let value), _): return .double(value)
        case (.bool(let value), _): return .bool(value)
        case (.string(var text), .model(let name)):
            guard let declaration = types[name] else { return nil }
            if text.hasPrefix(".") { text.removeFirst() }
            guard declaration.cases.contains(where: { $0.value == text }) else {
                error(
                    "'\(text)' is not a case of \(name)"
                        + Suggestion.didYouMean(text, in: declaration.cases.map(\.value)),
                    at: YAMLEvent(kind: .scalar, start: stream.typedStart))
                return nil
            }
            return .enumCase(type: name, name: text)
        case (.string(let text), _): return .string(text)
        case (.event, _): return nil
        }
    }

    /// A builtin value; the caller reads the rest of a list or mapping.
    private mutating func builtinValue(
        _ head: YAMLEvent, _ builtin: BuiltinType, what: @autoclosure () -> String
    ) -> Value? {
        let node = head.head
        let scalar = head.scalar
        switch (builtin, scalar?.value) {
        case (.int, .int(let value)?): return .int(value)
        case (.double, .int(let value)?): return .double(Double(value))
        case (.double, .float(let value)?): return .double(value)
        case (.bool, .bool(let value)?): return .bool(value)
        case (.string, .string(let value)?): return .string(value)
        case (_, .integerOutOfRange(let text)?):
            reader.error("\(what()): \(text) does not fit in a 64-bit Int", at: node)
            return nil
        case (_, .null?):
            reader.error(
                "\(what()) is \(builtin.rawValue), not optional; give a value or declare it \(builtin.rawValue)?",
                at: node)
            return nil
        default:
            var message =
                "\(what()) must be \(builtin == .int ? "an" : "a") \(builtin.rawValue), not \(reader.describe(node))"
            if builtin == .string, scalar?.style == .plain { message += "; quote it to make it a string" }
            reader.error(message, at: node)
            return nil
        }
    }
}
