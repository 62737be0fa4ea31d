import MaplintResolver
import MaplintRules
import MaplintText

/// `maplint resolve --format json`: `{"items": [...]}`, keys in the documented order.
package struct ResolutionJSONFormatter: PlainOutputFormatter {
    package static let identifier = "json"

    package init() {}

    package func format(_ resolution: Resolution) -> String {
        JSONValue.object([("items", .array(resolution.items.map(Self.json)))]).rendered() + "\n"
    }

    static func json(_ element: ResolvedElement) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("section", .int(element.section)),
            ("item", .int(element.item)),
            ("element", .string(element.element.elementName)),
            ("kind", .string(element.element.customKind)),
            ("model", .string(element.model)),
            ("candidates", .array(element.candidates.map(JSONValue.int))),
            ("resolved", .int(element.resolved)),
            ("view", .string(element.view)),
            ("reuseIdentifier", .string(element.reuseIdentifier)),
            ("dequeuedFrom", .int(element.dequeuedFrom)),
            ("problems", .array(element.problemRules.map { .string($0.rawValue) })),
        ]
        // Only on items whose later candidates are fallbacks of the first (docs/commands.md).
        if element.fallback { members.append(("fallback", .bool(true))) }
        // Only on items maplint made for a screen with no sample (docs/commands.md).
        if element.synthesized { members.append(("synthesized", .bool(true))) }
        // Only on items made for a registration whose condition maplint cannot read: it shows the
        // item when that condition holds; `resolved` otherwise.
        if let registration = element.whenConditionHolds {
            members.append(("whenConditionHolds", .int(registration)))
        }
        return .object(members)
    }
}
