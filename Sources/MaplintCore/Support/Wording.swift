/// Phrases the messages share, so findings read alike. The plain English is here; phrases
/// about registrations and sample elements are added by the analysis (Analysis/Wording+Registrations.swift).
enum Wording {
    /// Registrations named in a message (all of them stay in the finding's `registrations`).
    static let namedLimit = 3

    /// "a", "a and b", "a, b and c"; beyond `limit` names, "a, b, c and 4 more".
    static func list(_ names: [String], limit: Int = .max) -> String {
        if names.count > limit {
            return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
        }
        guard let last = names.last else { return "" }
        let head = names.dropLast()
        return head.isEmpty ? last : head.joined(separator: ", ") + " and " + last
    }

    static func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? noun : noun + "s"
    }
}
