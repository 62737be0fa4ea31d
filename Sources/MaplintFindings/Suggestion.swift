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
    static func closestHyphenated<S: Sequence>(to word: String, in candidates: S) -> String?
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

    /// Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`. Only the
    /// band of cells within `limit` of the diagonal is computed (a path that leaves it costs more
    /// than `limit`), and a row whose cells all exceed `limit` ends the search: O(n·limit) time.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        let limit = max(0, limit)
        let over = limit + 1
        if abs(a.count - b.count) > limit { return over }
        if a.isEmpty { return min(b.count, over) }
        if b.isEmpty { return min(a.count, over) }
        // Cells outside the band hold `over`; each row writes its band and the cell either side.
        var previous = [Int](repeating: over, count: b.count + 1)
        var current = [Int](repeating: over, count: b.count + 1)
        for j in 0...min(b.count, limit) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[low - 1] = low == 1 && i <= limit ? i : over
            if high < b.count { current[high + 1] = over }
            var rowMinimum = current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, over)
                    current[j] = value
                    rowMinimum = Swift.min(rowMinimum, value)
                }
            }
            if rowMinimum > limit { return over }
            swap(&previous, &current)
        }
        return Swift.min(previous[b.count], over)
    }
}
