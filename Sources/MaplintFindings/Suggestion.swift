/// "Did you mean" suggestions for misspelt names.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance, if close enough to be a plausible typo.
    package static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let limit = max(1, min(3, word.count / 3 + 1))
        var best: (String, Int)?
        let lowered = Array(word.lowercased().unicodeScalars)
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, distance > current.1 || (distance == current.1 && candidate >= current.0) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or "".
    package static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String where S.Element == String {
        guard let match = closest(to: word, in: candidates) else { return "" }
        return " (did you mean '\(match)'?)"
    }

    /// `closest(to:in:)` for hyphenated names such as rule ids; when no name is close as a whole,
    /// the one that holds each word of `word`, in order, each spelt right or nearly (`reuse-collision`
    /// → `reuse-identifier-collision`), with the fewest other words.
    package static func closestHyphenated<S: Sequence>(to word: String, in candidates: S) -> String?
    where S.Element == String {
        let candidates = Array(candidates)
        if let match = closest(to: word, in: candidates) { return match }
        let words = word.lowercased().split(separator: "-").map { Array($0.unicodeScalars) }
        guard !words.isEmpty else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let parts = candidate.lowercased().split(separator: "-").map { Array($0.unicodeScalars) }
            // Each word takes the first part left that it spells, so the words stay in order.
            var next = 0
            var matched = 0
            for typed in words {
                let limit = typed.count < 4 ? 0 : 1
                while next < parts.count, editDistance(typed, parts[next], limit: limit) > limit { next += 1 }
                guard next < parts.count else { break }
                matched += 1
                next += 1
            }
            guard matched == words.count else { continue }
            let extra = parts.count - words.count
            if let current = best, extra > current.1 || (extra == current.1 && candidate >= current.0) { continue }
            best = (candidate, extra)
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or "", with `closestHyphenated(to:in:)`.
    package static func didYouMeanHyphenated<S: Sequence>(_ word: String, in candidates: S) -> String
    where S.Element == String {
        guard let match = closestHyphenated(to: word, in: candidates) else { return "" }
        return " (did you mean '\(match)'?)"
    }

    /// Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
