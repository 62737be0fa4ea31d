import MaplintFindings
import MaplintManifest
import MaplintText

extension Witness {
    /// The witness in plain words: "a VideoPost with containsVideo == true in any section",
    /// "the Int 6 at item 2 of section 0".
    package var plainDescription: String {
        modelDescription + " " + indexPathDescription
    }

    /// `modelDescription` and `plainDescription` together, the model described once.
    package var descriptions: (model: String, plain: String) {
        let model = modelDescription
        var plain = TextBuilder(capacity: model.utf8.count + 40)
        plain.append(model)
        plain.append(literal: " ")
        plain.append(indexPathDescription)
        return (model, plain.string)
    }

    /// "a Post with containsVideo == true", "any Post", "the Int 6", "the PostState .draft".
    package var modelDescription: String {
        switch model {
        case .object(let type, _):
            if constrainedProperties.isEmpty { return "any " + type }
            // Written into one buffer, listed as `Wording.list` lists ("a, b and c"). No
            // interpolation: interpolating a value looks up its conformances each time.
            var text = TextBuilder(capacity: 128)
            text.append(Wording.article(type))
            text.append(literal: " ")
            text.append(type)
            text.append(literal: " with ")
            let last = constrainedProperties.count - 1
            for (offset, path) in constrainedProperties.enumerated() {
                if offset > 0 { text.append(literal: offset == last ? " and " : ", ") }
                text.append(path)
                text.append(literal: " == ")
                text.append((value(atPath: path) ?? .none).description)
            }
            return text.string
        case .none:
            return "nil"
        default:
            return "the \(model.typeName ?? "value") \(model)"
        }
    }

    /// "in any section", "in section 1", "at item 2 of section 1", "at item 2 of any section".
    var indexPathDescription: String {
        switch (constrainsSection, constrainsItem) {
        case (true, true): "at item \(indexPath.item) of section \(indexPath.section)"
        case (true, false): "in section \(indexPath.section)"
        case (false, true): "at item \(indexPath.item) of any section"
        case (false, false): "in any section"
        }
    }

    /// The value of a property path (`author.isVerified`) of the model; nil when the path
    /// leaves the model (an unset property reads as nil).
    package func value(atPath path: String) -> Value? {
        // One property (the usual case): no need to split the path.
        if !path.isEmpty, !path.utf8.contains(UInt8(ascii: ".")) {
            guard case .object(_, let properties) = model else { return nil }
            return properties[path] ?? Value.none
        }
        var current = model
        for name in path.split(separator: ".") {
            guard case .object(_, let properties) = current else { return nil }
            current = properties[String(name)] ?? .none
        }
        return current
    }
}
