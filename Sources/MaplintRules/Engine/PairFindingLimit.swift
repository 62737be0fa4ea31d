import MaplintAnalysis
import MaplintManifest

/// At most `limit` findings about pairs for each registration (the later one of each pair): the
/// pairs past it are kept, by registration in the order each first went past, for one finding
/// that sums them up (`intersecting-conditions`, `undecided-conditions`).
struct PairFindingLimit {
    let limit: Int
    private var counts: [Int: Int] = [:]
    private var overflow: [Int: [RegistrationPair]] = [:]
    private var order: [Int] = []

    init(limit: Int) { self.limit = limit }

    /// Whether `pair` gets a finding of its own; when not, it is kept for the summing-up one.
    mutating func admits(_ pair: RegistrationPair) -> Bool {
        let second = pair.secondIndex
        let count = counts[second, default: 0]
        counts[second] = count + 1
        guard count >= limit else { return true }
        if overflow[second] == nil { order.append(second) }
        overflow[second, default: []].append(pair)
        return false
    }

    /// The pairs past the limit, per registration: the later registration, the pairs, and the
    /// earlier registrations' entry numbers as a message lists them (the first 20, then how many more).
    var overflowing: [(second: Registration, pairs: [RegistrationPair], entries: String)] {
        order.compactMap { index in
            guard let pairs = overflow[index], let second = pairs.first?.second else { return nil }
            let shown = pairs.prefix(20).map { String($0.first.index) }.joined(separator: ", ")
            let more = pairs.count > 20 ? " and \(pairs.count - 20) more" : ""
            return (second, pairs, shown + more)
        }
    }
}
