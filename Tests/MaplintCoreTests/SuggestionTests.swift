import Foundation
import Testing

@testable import MaplintFindings

@Suite struct SuggestionTests {
    @Test func suggestsCloseKeys() {
        #expect(Suggestion.closest(to: "reuseIdentifer", in: ["reuseIdentifier", "xib", "model"]) == "reuseIdentifier")
        #expect(Suggestion.closest(to: "modle", in: ["reuseIdentifier", "xib", "model"]) == "model")
    }

    @Test func staysSilentWhenNothingIsClose() {
        #expect(Suggestion.closest(to: "banana", in: ["reuseIdentifier", "xib", "model"]) == nil)
    }

    /// The full Levenshtein table, for comparison.
    static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The banded distance is the full one wherever that is within the limit, and over the limit elsewhere.
    @Test func theBandedDistanceIsExactWithinTheLimit() {
        let words = ["", "a", "ab", "ba", "abc", "acb", "model", "modle", "mdoel", "models", "xmodel", "reuse", "ruse"]
        for first in words {
            for second in words {
                let a = Array(first.unicodeScalars)
                let b = Array(second.unicodeScalars)
                let full = Self.fullDistance(a, b)
                for limit in 0...3 {
                    let banded = Suggestion.editDistance(a, b, limit: limit)
                    #expect(banded == (full <= limit ? full : limit + 1), "\(first) \(second) \(limit)")
                }
            }
        }
    }

    /// Two 50,000-character names one letter apart: the band makes it O(n·limit), not O(n²)
    /// (2.5 billion cells before).
    @Test func fiftyThousandCharacterNamesAreComparedInABand() {
        let name = "Feed" + String(repeating: "x", count: 50_000)
        let typo = "Feeds" + String(repeating: "x", count: 49_999)
        let start = Date()
        #expect(Suggestion.closest(to: typo, in: [name, "Other"]) == name)
        #expect(Suggestion.closest(to: typo + "yyyy", in: [name]) == nil)
        #expect(Date().timeIntervalSince(start) < 20)
    }
}
