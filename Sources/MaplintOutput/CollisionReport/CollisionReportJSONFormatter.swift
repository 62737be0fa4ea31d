import MaplintManifest
import MaplintReport
import MaplintResolver
import MaplintSolver
import MaplintText

/// The `report --format json` document (docs/commands.md).
package struct CollisionReportJSONFormatter: PlainOutputFormatter {
    package static let identifier = "json"

    package init() {}

    package func format(_ report: CollisionReport) -> String {
        Self.json(report).rendered() + "\n"
    }

    /// The document of one report; in the report of an app, each screen's `report`.
    static func json(_ report: CollisionReport) -> JSONValue {
        var members: [(String, JSONValue)] = [("pairs", .array(report.pairs.map(Self.json)))]
        if report.omittedDisjointPairs > 0 {
            members.append(("omittedDisjointPairs", .int(report.omittedDisjointPairs)))
        }
        members.append(
            (
                "reuseIdentifiers",
                .array(report.reuseIdentifiers.map(\.jsonValue))
            ))
        // A screen with no sample: the items maplint made for it, as `resolve` lists them.
        if let made = report.synthesized, !made.items.isEmpty || !made.unmade.isEmpty {
            members.append(("items", .array(made.items.map(Self.json))))
            if !made.unmade.isEmpty { members.append(("itemsNotMade", .array(made.unmade.map(JSONValue.int)))) }
        }
        return JSONValue.object(members)
    }

    /// An item maplint made: as `resolve --format json` writes it (with `"synthesized": true`),
    /// then the registration it was made for, whether that registration is dead, and the model in
    /// words.
    static func json(_ item: SynthesizedSample.Item) -> JSONValue {
        guard case .object(var members) = ResolutionJSONFormatter.json(item.element) else { return .null }
        members.append(("madeFor", .int(item.registration)))
        if item.isForDeadRegistration { members.append(("forDeadRegistration", .bool(true))) }
        members.append(("example", .string(item.example)))
        return .object(members)
    }

    static func json(_ pair: CollisionReport.Pair) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("first", .int(pair.first)), ("second", .int(pair.second)),
            ("viewType", .string(pair.viewType.description)),
            ("verdict", .string(CollisionReport.verdictName(pair.verdict))),
        ]
        switch pair.verdict {
        case .intersecting(let witness):
            members.append(("witness", json(witness)))
            if pair.fallback { members.append(("fallback", .bool(true))) }
        case .disjoint: break
        case .unknown(let reason, _): members.append(("reason", .string(reason)))
        }
        return .object(members)
    }

    /// `{"model": {"type": "Post", "properties": {…}}, "indexPath": {…}}`, with only the
    /// properties the conditions constrain; builtins and enums as `{"type": "Int", "value": 6}`.
    static func json(_ witness: Witness) -> JSONValue {
        let model: JSONValue
        switch witness.model {
        case .object(let type, _):
            var properties = PropertyTree()
            for path in witness.constrainedProperties {
                properties.insert(
                    path.split(separator: ".").map(String.init), json(witness.value(atPath: path) ?? .none))
            }
            model = .object([("type", .string(type)), ("properties", properties.json)])
        default:
            model = .object([("type", .string(witness.model.typeName ?? "nil")), ("value", json(witness.model))])
        }
        return .object([
            ("model", model),
            (
                "indexPath",
                .object([("section", .int(witness.indexPath.section)), ("item", .int(witness.indexPath.item))])
            ),
        ])
    }

    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        // JSON has no NaN or infinities: they are written as the strings "nan", "infinity", "-infinity".
        case .double(let value) where value.isNaN: .string("nan")
        case .double(let value) where value.isInfinite: .string(value > 0 ? "infinity" : "-infinity")
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .enumCase(_, let name): .string(name)
        case .object(_, let properties): .object(properties.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        case .array(let values): .array(values.map { json($0) })
        case .none: .null
        }
    }

    /// Nested property paths (`author.isVerified`) as nested objects, in first-seen order.
    private struct PropertyTree {
        private var names: [String] = []
        private var leaves: [String: JSONValue] = [:]
        private var children: [String: PropertyTree] = [:]

        mutating func insert(_ path: [String], _ value: JSONValue) {
            guard let name = path.first else { return }
            if !names.contains(name) { names.append(name) }
            if path.count == 1 {
                leaves[name] = value
                children[name] = nil
            } else if leaves[name] == nil {
                // A whole value already given for the parent path wins over its parts.
                children[name, default: PropertyTree()].insert(Array(path.dropFirst()), value)
            }
        }

        var json: JSONValue {
            .object(names.map { name in (name, leaves[name] ?? children[name]?.json ?? .null) })
        }
    }
}

extension ReuseIdentifierGroup {
    /// One element of the `reuseIdentifiers` array of `report --format json`.
    var jsonValue: JSONValue {
        .object([
            ("identifier", .string(identifier)),
            ("namespace", .string(namespace.name)),
            ("registrations", .array(registrations.map(JSONValue.int))),
            ("collision", .bool(collision)),
        ])
    }
}
