/// Phrases the messages share, so findings read alike. The plain English is here; phrases
/// about registrations and sample elements are added by the analysis (Analysis/Wording+Registrations.swift).
package enum Wording {
    /// Registrations named in a message (all of them stay in the finding's `registrations`).
    package static let namedLimit = 3

    /// "a", "a and b", "a, b and c"; beyond `limit` names, "a, b, c and 4 more".
    package static func list(_ names: [String], limit: Int = .max) -> String {
        if names.count > limit {
            return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
        }
        guard let last = names.last else { return "" }
        let head = names.dropLast()
        return head.isEmpty ? last : head.joined(separator: ", ") + " and " + last
    }

    package static func article(_ word: String) -> String {
        // A word that starts with two ASCII bytes (every Swift type name in practice) starts
        // with the first of them as a character: no need to find the character's end.
        var utf8 = word.utf8.makeIterator()
        if let first = utf8.next(), first < 0x80, (utf8.next() ?? 0) < 0x80, first != 0x0D {
            switch first {
            case UInt8(ascii: "A"), UInt8(ascii: "E"), UInt8(ascii: "I"), UInt8(ascii: "O"), UInt8(ascii: "U"),
                UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"):
                return "an"
            default: return "a"
            }
        }
        guard let first = word.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }

    package static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? noun : noun + "s"
    }
}
