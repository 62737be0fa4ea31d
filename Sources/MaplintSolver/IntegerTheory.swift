import MaplintManifest

/// Satisfiability of a conjunction of "x is (not) in S" for one Int variable, and the value a
/// witness uses. The number line is cut where any set changes; inside each region every
/// literal is constant or periodic, so checking one period of the region decides it.

/// `x ∈ set` or `x ∉ set`.
struct IntLiteral {
    var set: IntSet
    var positive: Bool
}

enum TheoryAnswer<Witness> {
    case satisfiable(Witness)
    case unsatisfiable
    /// Too large to search (a period above `maxPeriod`, or the work budget).
    case unknown(String)
}

enum IntegerTheory {
    /// Candidate checks one question may spend.
    static let workBudget = 4_000_000

    /// A region where no literal is violated outright, with the periodic constraints left.
    struct Region {
        var interval: IntInterval
        var periodic: [(piece: IntPiece, positive: Bool)]
    }

    private struct Event {
        var point: Int
        var literal: Int
        var piece: Int
        var starts: Bool
    }

    /// Calls `visit` for every region of `domain` where no literal is violated outright;
    /// `visit` returns false to stop.
    static func sweep(_ literals: [IntLiteral], domain: IntInterval, visit: (Region) -> Bool) {
        var events: [Event] = []
        for (index, literal) in literals.enumerated() {
            for (pieceIndex, piece) in literal.set.pieces.enumerated() {
                guard let clipped = piece.interval.intersection(domain) else { continue }
                events.append(Event(point: clipped.lower, literal: index, piece: pieceIndex, starts: true))
                if clipped.upper < domain.upper {
                    events.append(Event(point: clipped.upper &+ 1, literal: index, piece: pieceIndex, starts: false))
                }
            }
        }
        // Ends before starts at one point: a literal's pieces are disjoint.
        events.sort { ($0.point, $0.starts ? 1 : 0) < ($1.point, $1.starts ? 1 : 0) }
        var active = [Int?](repeating: nil, count: literals.count)
        var violated = literals.filter(\.positive).count
        var periodic: [Int: Int] = [:]

        func status(_ literal: Int) -> (violated: Bool, periodic: Bool) {
            guard let pieceIndex = active[literal] else { return (literals[literal].positive, false) }
            let piece = literals[literal].set.pieces[pieceIndex]
            if piece.isFull { return (!literals[literal].positive, false) }
            return (false, true)
        }
        func update(_ literal: Int, to pieceIndex: Int?) {
            let before = status(literal)
            active[literal] = pieceIndex
            let after = status(literal)
            if before.violated { violated -= 1 }
            if after.violated { violated += 1 }
            if after.periodic, let pieceIndex { periodic[literal] = pieceIndex } else { periodic[literal] = nil }
        }

        var next = 0
        var start = domain.lower
        while true {
            while next < events.count, events[next].point <= start {
                let event = events[next]
                update(event.literal, to: event.starts ? event.piece : nil)
                next += 1
            }
            let end = next < events.count ? events[next].point &- 1 : domain.upper
            if violated == 0 {
                let constraints = periodic.sorted { $0.key < $1.key }.map {
                    (piece: literals[$0.key].set.pieces[$0.value], positive: literals[$0.key].positive)
                }
                if !visit(Region(interval: IntInterval(lower: start, upper: end), periodic: constraints)) { return }
            }
            guard next < events.count, end < domain.upper else { return }
            start = end &+ 1
        }
    }

    /// The satisfying value closest to 0 (the non-negative one on a tie).
    static func solve(_ literals: [IntLiteral], domain: IntInterval) -> TheoryAnswer<Int> {
        var best: Int?
        var work = 0
        var problem: String?
        func better(_ x: Int) -> Bool {
            guard let best else { return true }
            return (x.magnitude, x < 0 ? 1 : 0) < (best.magnitude, best < 0 ? 1 : 0)
        }
        sweep(literals, domain: domain) { region in
            let interval = region.interval
            let nearest = interval.lower > 0 ? interval.lower : interval.upper < 0 ? interval.upper : 0
            guard better(nearest) else { return true }
            guard !region.periodic.isEmpty else {
                best = nearest
                return true
            }
            var period = 1
            for constraint in region.periodic {
                guard let combined = lcm(period, constraint.piece.modulus) else {
                    problem = "the remainders' common period exceeds \(maxPeriod)"
                    return true
                }
                period = combined
            }
            func fits(_ x: Int) -> Bool {
                region.periodic.allSatisfy { $0.piece.containsResidue(x) == $0.positive }
            }
            // One period from the point nearest 0, in each direction, covers every residue.
            var found: Int?
            var step = 0
            while step < period, found == nil {
                for x in [nearest.addingReportingOverflow(step), nearest.subtractingReportingOverflow(step)]
                where !x.overflow && interval.contains(x.partialValue) && fits(x.partialValue) {
                    found = x.partialValue
                    break
                }
                work += region.periodic.count
                if work > workBudget {
                    problem = "the search for a value of an Int exceeded its budget"
                    return false
                }
                step += 1
            }
            if let found, better(found) { best = found }
            return true
        }
        if let best { return .satisfiable(best) }
        if let problem { return .unknown(problem) }
        return .unsatisfiable
    }
}

// MARK: - Doubles

/// Doubles mapped to Ints in order (both zeros to 0), so Double intervals are Int intervals.
enum DoubleKey {
    static let positiveInfinity = key(.infinity)
    static let negativeInfinity = key(-.infinity)
    static let domain = IntInterval(lower: negativeInfinity, upper: positiveInfinity)

    /// The key of a non-NaN double.
    static func key(_ value: Double) -> Int {
        let bits = Int64(bitPattern: value.bitPattern)
        return Int(bits >= 0 ? bits : -(bits & Int64.max))
    }

    static func value(_ key: Int) -> Double {
        let magnitude = UInt64(key.magnitude)
        return Double(bitPattern: key >= 0 ? magnitude : magnitude | (1 << 63))
    }
}

/// A set of Doubles: key intervals, plus whether NaN is in it.
struct DoubleSet: Hashable, Sendable {
    var keys: IntSet
    var nan: Bool

    static let empty = DoubleSet(keys: .empty, nan: false)

    var isEmpty: Bool { keys.isEmpty && !nan }

    var isEverything: Bool { nan && keys.covers(DoubleKey.domain) }

    func contains(_ value: Double) -> Bool {
        value.isNaN ? nan : keys.contains(DoubleKey.key(value))
    }

    func union(_ other: DoubleSet) -> DoubleSet? {
        keys.union(other.keys).map { DoubleSet(keys: $0, nan: nan || other.nan) }
    }

    /// Values of `value op c` being true and being false (Double comparisons never trap).
    static func comparison(_ op: ComparisonOperator, _ c: Double) -> (accepted: DoubleSet, rejected: DoubleSet) {
        let everything = [DoubleKey.domain]
        guard !c.isNaN else {
            let all = DoubleSet(keys: IntSet(intervals: everything), nan: true)
            return op == .notEqual ? (all, .empty) : (.empty, all)
        }
        let k = DoubleKey.key(c)
        let point = [IntInterval(lower: k, upper: k)]
        let below = IntInterval.make(DoubleKey.negativeInfinity, k - 1).map { [$0] } ?? []
        let above = IntInterval.make(k + 1, DoubleKey.positiveInfinity).map { [$0] } ?? []
        let accepted: [IntInterval]
        switch op {
        case .equal: accepted = point
        case .notEqual: accepted = below + above
        case .less: accepted = below
        case .lessOrEqual: accepted = below + point
        case .greater: accepted = above
        case .greaterOrEqual: accepted = point + above
        }
        let yes = IntSet(intervals: accepted)
        let no = IntSet(
            intervals: IntInterval.complement(of: IntInterval.normalized(accepted), within: DoubleKey.domain))
        return (DoubleSet(keys: yes, nan: op == .notEqual), DoubleSet(keys: no, nan: op != .notEqual))
    }

    /// Membership in a list of constants (NaN is never a member).
    static func members(_ values: [Double]) -> (accepted: DoubleSet, rejected: DoubleSet) {
        let points = IntInterval.normalized(
            values.filter { !$0.isNaN }.map {
                let k = DoubleKey.key($0)
                return IntInterval(lower: k, upper: k)
            })
        return (
            DoubleSet(keys: IntSet(intervals: points), nan: false),
            DoubleSet(keys: IntSet(intervals: IntInterval.complement(of: points, within: DoubleKey.domain)), nan: true)
        )
    }
}

/// A Double operation with a finite constant operand (nonzero for `*` and `/`), which keeps
/// the result monotone in `y` and NaN exactly when `y` is NaN.
enum DoubleStep: Hashable, Sendable {
    case add(Double)
    case subtract(Double)
    /// `k - y`
    case subtractFrom(Double)
    case multiply(Double)
    /// `y / k`
    case divide(Double)
    case negate

    /// nil when the constant would break monotonicity.
    static func make(_ step: DoubleStep) -> DoubleStep? {
        switch step {
        case .add(let k), .subtract(let k), .subtractFrom(let k): k.isFinite ? step : nil
        case .multiply(let k), .divide(let k): k.isFinite && k != 0 ? step : nil
        case .negate: step
        }
    }

    func apply(_ y: Double) -> Double {
        switch self {
        case .add(let k): y + k
        case .subtract(let k): y - k
        case .subtractFrom(let k): k - y
        case .multiply(let k): y * k
        case .divide(let k): y / k
        case .negate: -y
        }
    }

    private var increasing: Bool {
        switch self {
        case .add, .subtract: true
        case .subtractFrom, .negate: false
        case .multiply(let k), .divide(let k): k > 0
        }
    }

    /// The keys of the `y` whose result's key lies in the interval.
    func preimage(_ target: IntInterval) -> IntInterval? {
        let domain = DoubleKey.domain
        func result(_ key: Int) -> Int { DoubleKey.key(apply(DoubleKey.value(key))) }
        if increasing {
            guard let lower = firstTrue(domain.lower, domain.upper, { result($0) >= target.lower }),
                let upper = lastTrue(domain.lower, domain.upper, { result($0) <= target.upper })
            else { return nil }
            return .make(lower, upper)
        }
        guard let lower = firstTrue(domain.lower, domain.upper, { result($0) <= target.upper }),
            let upper = lastTrue(domain.lower, domain.upper, { result($0) >= target.lower })
        else { return nil }
        return .make(lower, upper)
    }

    /// The `y` a chain of steps maps into `target`.
    static func preimage(_ steps: [DoubleStep], _ target: DoubleSet) -> DoubleSet {
        var current = target.keys.pieces.map(\.interval)
        for step in steps.reversed() {
            current = current.compactMap { step.preimage($0) }
        }
        return DoubleSet(keys: IntSet(intervals: current), nan: target.nan)
    }
}

enum DoubleTheory {
    /// A readable satisfying value: 0, else the number with the fewest decimals (then the
    /// smallest magnitude), else a region's end, else NaN.
    static func solve(_ literals: [(set: DoubleSet, positive: Bool)]) -> TheoryAnswer<Double> {
        var best: (value: Double, digits: Int)?
        func consider(_ value: Double, digits: Int) {
            guard let current = best else {
                best = (value, digits)
                return
            }
            if (digits, value.magnitude) < (current.digits, current.value.magnitude) { best = (value, digits) }
        }
        let keyed = literals.map { IntLiteral(set: $0.set.keys, positive: $0.positive) }
        IntegerTheory.sweep(keyed, domain: DoubleKey.domain) { region in
            let interval = region.interval
            if interval.contains(0) {
                consider(0, digits: 0)
                return true
            }
            let lower = DoubleKey.value(interval.lower)
            let upper = DoubleKey.value(interval.upper)
            var scale = 1.0
            for digits in 0...6 {
                let candidate =
                    lower > 0 ? (lower * scale).rounded(.up) / scale : (upper * scale).rounded(.down) / scale
                if !candidate.isNaN, interval.contains(DoubleKey.key(candidate)) {
                    consider(candidate, digits: digits)
                    return true
                }
                scale *= 10
            }
            consider(lower > 0 ? lower : upper, digits: 100)
            return true
        }
        if let best { return .satisfiable(best.value) }
        if literals.allSatisfy({ $0.set.nan == $0.positive }) { return .satisfiable(.nan) }
        return .unsatisfiable
    }
}
