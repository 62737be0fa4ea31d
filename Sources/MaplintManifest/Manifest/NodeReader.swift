import MaplintFindings
import MaplintYAML

/// Reads typed values out of YAML nodes, collecting error diagnostics on the way. The manifest
/// decoder and the configuration loader both use it, each with its own rule and noun.
package struct NodeReader {
    let document: YAMLDocument
    let limits: LoaderLimits
    /// The rule errors are reported under: `invalid-manifest`, `invalid-configuration`.
    let rule: RuleID
    /// What the file holds, for messages: "manifest", "configuration".
    let noun: String
    package var diagnostics: [Diagnostic] = []
    /// Classes `models:` declares as views (`inherits: UITableViewCell`), by name: the UIKit
    /// class each reaches. They are not model types.
    var declaredViewClasses: [String: Located<String>] = [:]
    /// Set when `models:` holds more properties than the analysis can build tables for
    /// (`maxInheritedProperties`): the declarations are then not used, and nothing is decoded
    /// against them.
    var modelsOverLimit = false
    /// Condition texts parsed so far: registrations often repeat one text for many model types.
    let parsedConditions = ParsedConditions()

    package init(
        document: YAMLDocument, limits: LoaderLimits = .default, rule: RuleID = .invalidManifest,
        noun: String = "manifest"
    ) {
        self.document = document
        self.limits = limits
        self.rule = rule
        self.noun = noun
    }

    /// "the manifest", "the configuration": the root mapping in messages.
    package var root: String { "the \(noun)" }

    package func location(_ node: YAMLNode) -> SourceLocation { document.location(of: node) }

    package mutating func error(_ message: String, at node: YAMLNode, registrations: [Int] = []) {
        diagnostics.append(
            Diagnostic(
                rule: rule, severity: .error, message: message, location: location(node), registrations: registrations))
    }

    /// The pairs of a mapping by key, after checking that every key is a known string.
    /// Unknown keys are reported with a suggestion; the known ones are returned.
    package mutating func fields(
        _ node: YAMLNode, of what: String, allowed: [String], registrations: [Int] = []
    ) -> Fields? {
        guard let pairs = node.mapping else {
            error("\(what) must be a mapping, not \(node.kindDescription)", at: node, registrations: registrations)
            return nil
        }
        var fields = Fields(node: node)
        for pair in pairs {
            guard let key = pair.key.scalar, case .string(let name) = key.value else {
                error(
                    "keys of \(what) must be strings, not \(pair.key.kindDescription)", at: pair.key,
                    registrations: registrations)
                continue
            }
            guard allowed.contains(name) else {
                error(
                    "unknown key '\(name)' in \(what)" + Suggestion.didYouMean(name, in: allowed), at: pair.key,
                    registrations: registrations)
                continue
            }
            fields.pairs[name] = pair
            fields.order.append(name)
        }
        return fields
    }

    package mutating func string(_ node: YAMLNode, _ what: String, registrations: [Int] = []) -> String? {
        if let scalar = node.scalar, case .string(let text) = scalar.value { return text }
        error("\(what) must be a string, not \(node.kindDescription)", at: node, registrations: registrations)
        return nil
    }

    /// A Swift type or class name: `PostCell`, `Module.PostCell`.
    mutating func typeName(_ node: YAMLNode, _ what: String, registrations: [Int] = []) -> String? {
        guard let text = string(node, what, registrations: registrations) else { return nil }
        guard ManifestBuilder.isTypeName(text) else {
            error("\(what) must be a Swift type name, not '\(text)'", at: node, registrations: registrations)
            return nil
        }
        return text
    }

    package mutating func bool(_ node: YAMLNode, _ what: String, registrations: [Int] = []) -> Bool? {
        if let scalar = node.scalar, case .bool(let value) = scalar.value { return value }
        error("\(what) must be true or false, not \(describe(node))", at: node, registrations: registrations)
        return nil
    }

    mutating func int(_ node: YAMLNode, _ what: String, registrations: [Int] = []) -> Int? {
        if let scalar = node.scalar {
            switch scalar.value {
            case .int(let value): return value
            case .integerOutOfRange(let text):
                error(
                    "\(what) is out of range: \(text) does not fit in 64 bits", at: node, registrations: registrations)
                return nil
            default: break
            }
        }
        error("\(what) must be an integer, not \(describe(node))", at: node, registrations: registrations)
        return nil
    }

    package mutating func list(_ node: YAMLNode, _ what: String, registrations: [Int] = []) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        error("\(what) must be a list, not \(node.kindDescription)", at: node, registrations: registrations)
        return nil
    }

    /// "a string ('1')", "a mapping", ...
    package func describe(_ node: YAMLNode) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        let shown = scalar.text.count > 40 ? String(scalar.text.prefix(40)) + "…" : scalar.text
        if case .null = scalar.value { return "null" }
        return "\(node.kindDescription) ('\(shown)')"
    }
}

/// The known keys of one mapping, with their key and value nodes.
package struct Fields {
    package var node: YAMLNode
    package var pairs: [String: YAMLPair] = [:]
    package var order: [String] = []

    package subscript(key: String) -> YAMLNode? { pairs[key]?.value }

    func keyNode(_ key: String) -> YAMLNode? { pairs[key]?.key }

    func has(_ key: String) -> Bool { pairs[key] != nil }
}
