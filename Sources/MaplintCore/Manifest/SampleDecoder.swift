extension NodeReader {
    /// Reads `sections:` of `sample` or of a `--data` file.
    mutating func sampleSections(_ node: YAMLNode, at owner: YAMLNode, host: Host, types: TypeTable) -> SampleData? {
        guard let items = list(node, "'sections'") else { return nil }
        // Count before decoding so a huge sample is refused without building it.
        var elements = 0
        for section in items {
            for pair in section.mapping ?? [] {
                elements += pair.value.sequence?.count ?? pair.value.mapping?.count ?? 1
            }
        }
        if elements > limits.maxSampleElements {
            error("the sample has \(elements) elements, over the limit of \(limits.maxSampleElements)", at: node)
            return nil
        }
        var sections: [SampleSection] = []
        for sectionNode in items {
            guard
                let fields = fields(
                    sectionNode, of: "a sample section", allowed: ManifestDecoder.sampleSectionKeys)
            else { continue }
            var section = SampleSection(location: location(sectionNode))
            section.header = fields["header"].flatMap { sampleValue($0, types: types) }
            section.footer = fields["footer"].flatMap { sampleValue($0, types: types) }
            if let supplementaries = fields["supplementaries"] {
                if host == .tableView {
                    error(
                        "a table view has no supplementary views; use 'header' and 'footer'",
                        at: fields.keyNode("supplementaries") ?? supplementaries)
                } else if let pairs = supplementaries.mapping {
                    for pair in pairs {
                        guard let kind = string(pair.key, "a supplementary kind") else { continue }
                        if let value = sampleValue(pair.value, types: types) {
                            section.supplementaries.append((kind: kind, value: value))
                        }
                    }
                } else {
                    error(
                        "'supplementaries' must be a mapping of kinds to models, not \(supplementaries.kindDescription)",
                        at: supplementaries)
                }
            }
            if let itemsNode = fields["items"], itemsNode.scalar?.value != .null,
                let itemNodes = list(itemsNode, "'items'")
            {
                section.items.reserveCapacity(itemNodes.count)
                for itemNode in itemNodes {
                    if let value = sampleValue(itemNode, types: types) { section.items.append(value) }
                }
            }
            sections.append(section)
        }
        return SampleData(sections: sections, location: location(owner))
    }

    /// An item: `null`, a bare scalar, or `{TypeName: value}`.
    mutating func sampleValue(_ node: YAMLNode, types: TypeTable) -> SampleValue? {
        let at = location(node)
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return SampleValue(value: .none, location: at)
            case .bool(let value): return SampleValue(value: .bool(value), location: at)
            case .int(let value): return SampleValue(value: .int(value), location: at)
            case .float(let value): return SampleValue(value: .double(value), location: at)
            case .string(let value): return SampleValue(value: .string(value), location: at)
            case .integerOutOfRange(let text):
                error("\(text) does not fit in a 64-bit Int", at: node)
                return nil
            }
        case .sequence:
            error("a sample model is null, a scalar or a one-key mapping {TypeName: value}, not a list", at: node)
            return nil
        case .mapping(let pairs):
            guard pairs.count == 1, let pair = pairs.first else {
                error(
                    "a typed sample model is a one-key mapping {TypeName: value}; this one has \(pairs.count) keys",
                    at: node)
                return nil
            }
            guard let name = typeName(pair.key, "a sample model's type") else { return nil }
            guard types.contains(name) else {
                report(unknownType: name, at: location(pair.key), known: types.allTypeNames)
                return nil
            }
            if let declaration = types[name], declaration.kind == .protocol {
                let concrete = types.instantiableTypes(thatAre: name)
                let hint =
                    concrete.isEmpty
                    ? "declare a type that conforms to it"
                    : "use a conforming type such as " + concrete.prefix(3).joined(separator: ", ")
                error("'\(name)' is a protocol and cannot be instantiated; \(hint)", at: pair.key)
                return nil
            }
            guard
                let value = typedValue(
                    pair.value, type: TypeRef(parsing: name) ?? .model(name), types: types, what: name)
            else { return nil }
            return SampleValue(value: value, location: at)
        }
    }

    /// A value of a known type: a scalar for builtins and enums, a mapping of properties for classes and structs.
    private mutating func typedValue(_ node: YAMLNode, type: TypeRef, types: TypeTable, what: String) -> Value? {
        switch type {
        case .optional(let wrapped):
            if node.scalar?.value == .null { return Value.none }
            return typedValue(node, type: wrapped, types: types, what: what)
        case .builtin(let builtin):
            return builtinValue(node, builtin, what: what)
        case .model(let name):
            guard let declaration = types[name] else { return nil }
            switch declaration.kind {
            case .enum:
                guard var text = string(node, "\(what) (a case of \(name))") else { return nil }
                if text.hasPrefix(".") { text.removeFirst() }
                guard declaration.cases.contains(where: { $0.value == text }) else {
                    error(
                        "'\(text)' is not a case of \(name)"
                            + Suggestion.didYouMean(text, in: declaration.cases.map(\.value)), at: node)
                    return nil
                }
                return .enumCase(type: name, name: text)
            case .protocol:
                error("\(what) has the protocol type '\(name)', which cannot be instantiated", at: node)
                return nil
            case .class, .struct:
                if node.scalar?.value == .null {
                    error("\(what) is a \(name), not optional: give its properties as a mapping", at: node)
                    return nil
                }
                guard let pairs = node.mapping else {
                    error(
                        "\(what) is a \(name): give its properties as a mapping, not \(node.kindDescription)", at: node)
                    return nil
                }
                var properties: [String: Value] = [:]
                for pair in pairs {
                    guard let key = string(pair.key, "a property name") else { continue }
                    guard let property = types.property(key, of: name) else {
                        error(
                            "\(name) has no property '\(key)'"
                                + Suggestion.didYouMean(key, in: types.properties(of: name).map(\.name)),
                            at: pair.key)
                        continue
                    }
                    if let value = typedValue(pair.value, type: property.type, types: types, what: "'\(key)'") {
                        properties[key] = value
                    }
                }
                return .object(type: name, properties: properties)
            }
        }
    }

    private mutating func builtinValue(_ node: YAMLNode, _ builtin: BuiltinType, what: String) -> Value? {
        let scalar = node.scalar
        switch (builtin, scalar?.value) {
        case (.int, .int(let value)?): return .int(value)
        case (.double, .int(let value)?): return .double(Double(value))
        case (.double, .float(let value)?): return .double(value)
        case (.bool, .bool(let value)?): return .bool(value)
        case (.string, .string(let value)?): return .string(value)
        case (_, .integerOutOfRange(let text)?):
            error("\(what): \(text) does not fit in a 64-bit Int", at: node)
            return nil
        case (_, .null?):
            error(
                "\(what) is \(builtin.rawValue), not optional; give a value or declare it \(builtin.rawValue)?",
                at: node)
            return nil
        default:
            var message = "\(what) must be \(builtin == .int ? "an" : "a") \(builtin.rawValue), not \(describe(node))"
            if builtin == .string, scalar?.style == .plain { message += "; quote it to make it a string" }
            error(message, at: node)
            return nil
        }
    }
}
