import MaplintFindings

/// One event of a value read from events instead of nodes: a scalar, the start of a list or
/// mapping, or the end of the innermost open one.
package struct YAMLEvent: Sendable {
    package enum Kind: Sendable {
        case scalar, sequenceStart, mappingStart, end
    }

    package var kind: Kind
    package var start: YAMLMark
    /// The scalar of a `.scalar` event.
    package var scalar: YAMLScalar?
    package var tag: String?

    package init(kind: Kind, start: YAMLMark, scalar: YAMLScalar? = nil, tag: String? = nil) {
        self.kind = kind
        self.start = start
        self.scalar = scalar
        self.tag = tag
    }

    /// Whether the event starts a list or a mapping.
    package var opensCollection: Bool { kind == .sequenceStart || kind == .mappingStart }

    /// The node the event starts, without its children: what messages about it need (its
    /// position, what kind of node it is, a scalar's text).
    package var head: YAMLNode {
        switch kind {
        case .scalar:
            if let scalar { return YAMLNode(content: .scalar(scalar), start: start, tag: tag) }
            return YAMLNode(content: .mapping([]), start: start, tag: tag)
        case .sequenceStart: return YAMLNode(content: .sequence([]), start: start, tag: tag)
        case .mappingStart, .end: return YAMLNode(content: .mapping([]), start: start, tag: tag)
        }
    }
}

/// The type a scalar value is wanted as, for `YAMLEventStream.next(_:)`.
package enum YAMLScalarWant: Sendable {
    /// A plain integer in decimal.
    case int
    /// A plain integer or floating-point number.
    case double
    /// A plain `true` or `false`.
    case bool
    /// A quoted or block scalar, or a plain one that the core schema leaves a string.
    case string
}

/// A scalar read as the type it was wanted as, or the event to read in the general way.
package enum YAMLTypedScalar {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case event(YAMLEvent)
}

/// Reads one value from events: the loader calls it when the value starts, and it pulls the
/// rest of the value's events from the stream.
package protocol YAMLValueConsumer: AnyObject {
    /// - Parameters:
    ///   - head: the value's first event.
    ///   - preceding: the pairs of the root mapping read before the value (empty for a root value).
    func consume(_ head: YAMLEvent, from stream: YAMLEventStream, preceding: [YAMLPair]) throws(Diagnostic)
}

/// A value of a document read by a consumer from its events instead of being built into nodes.
package struct YAMLDiversion {
    /// The key of the root mapping whose value is diverted; nil for the root value itself.
    package var key: String?
    package var consumer: any YAMLValueConsumer

    package init(key: String?, consumer: any YAMLValueConsumer) {
        self.key = key
        self.consumer = consumer
    }
}

/// The events of one value, read by its consumer: the live events of the loader (checked
/// against its limits as they come, aliases expanded), or the events of nodes already built.
package final class YAMLEventStream {
    // As in `EventTreeBuilder`, the properties read for every event have no run-time
    // exclusivity checks: one thread, and no access overlaps another.
    /// The loader reading the value; nil once it has been read, or for a stream of nodes.
    @exclusivity(unchecked) var builder: EventTreeBuilder?
    /// For a value of the root mapping read from the loader: the document as read before it
    /// (the root holds the pairs before the value's key), with the whole source.
    package var preceding: YAMLDocument?
    /// Where the last scalar that `next(_:)` read as a type starts (for a message about its value).
    @exclusivity(unchecked) package internal(set) var typedStart = YAMLMark(line: 0, column: 0, index: 0)
    /// Nodes being replayed (an alias's, or the nodes the stream was made of), innermost last.
    @exclusivity(unchecked) private var replays: [NodeEvents] = []

    init(builder: EventTreeBuilder) {
        self.builder = builder
    }

    /// The events of `node` (for decoding a value that was already built into nodes). The
    /// node's first event is `next()`'s first result.
    package init(node: YAMLNode) {
        replays = [NodeEvents(node)]
    }

    var hasReplay: Bool { !replays.isEmpty }

    func replay(_ node: YAMLNode) {
        replays.append(NodeEvents(node))
    }

    /// The next event of the value. Past the value's end, an `.end` event.
    package func next() throws(Diagnostic) -> YAMLEvent {
        while true {
            if let last = replays.indices.last {
                if let event = replays[last].next() { return event }
                replays.removeLast()
                continue
            }
            guard let builder, builder.divertBase != nil else {
                return YAMLEvent(kind: .end, start: YAMLMark(line: 0, column: 0, index: 0))
            }
            if let event = try builder.pull(into: self) { return event }
        }
    }

    /// The next event of the value, or, when it is a scalar that is plainly a `want` (no tag, no
    /// anchor, written as the core schema reads that type), its value read straight from
    /// libyaml's bytes: no `YAMLEvent`, and no text for a number or a Bool. Anything else (a
    /// null, a value of another type, a list or mapping, an alias, an error to report) comes as
    /// the event `next()` would give, so the caller's general path reads it as before.
    package func next(_ want: YAMLScalarWant) throws(Diagnostic) -> YAMLTypedScalar {
        if replays.isEmpty, let builder, builder.divertBase != nil,
            let typed = try builder.pullTyped(want, into: self)
        {
            return typed
        }
        return .event(try next())
    }

    /// Reads the rest of the node `head` starts. Returns how many entries it has: a list's
    /// items, a mapping's pairs, or 1 for a scalar.
    @discardableResult
    package func skip(_ head: YAMLEvent) throws(Diagnostic) -> Int {
        guard head.opensCollection else { return 1 }
        var depth = 1
        var children = 0
        while depth > 0 {
            let event = try next()
            if depth == 1, event.kind != .end { children += 1 }
            switch event.kind {
            case .sequenceStart, .mappingStart: depth += 1
            case .end: depth -= 1
            case .scalar: break
            }
        }
        return head.kind == .mappingStart ? children / 2 : children
    }
}

/// The events of a built node, depth first, made as they are read.
struct NodeEvents {
    private var pending: YAMLNode?
    private var open: [(content: YAMLNode.Content, next: Int, start: YAMLMark)] = []

    init(_ node: YAMLNode) {
        pending = node
    }

    mutating func next() -> YAMLEvent? {
        if let node = pending {
            pending = nil
            return start(node)
        }
        guard let top = open.indices.last else { return nil }
        let child: YAMLNode?
        switch open[top].content {
        case .sequence(let items):
            child = open[top].next < items.count ? items[open[top].next] : nil
        case .mapping(let pairs):
            let position = open[top].next
            child =
                position < pairs.count * 2
                ? (position % 2 == 0 ? pairs[position / 2].key : pairs[position / 2].value) : nil
        case .scalar:
            child = nil
        }
        guard let child else {
            let start = open[top].start
            open.removeLast()
            return YAMLEvent(kind: .end, start: start)
        }
        open[top].next += 1
        return start(child)
    }

    private mutating func start(_ node: YAMLNode) -> YAMLEvent {
        switch node.content {
        case .scalar(let scalar):
            return YAMLEvent(kind: .scalar, start: node.start, scalar: scalar, tag: node.tag)
        case .sequence:
            open.append((node.content, 0, node.start))
            return YAMLEvent(kind: .sequenceStart, start: node.start, tag: node.tag)
        case .mapping:
            open.append((node.content, 0, node.start))
            return YAMLEvent(kind: .mappingStart, start: node.start, tag: node.tag)
        }
    }
}
