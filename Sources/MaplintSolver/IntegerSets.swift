import MaplintManifest

/// Sets of Ints the condition solver reasons about: unions of intervals, each possibly thinned
/// to residue classes. Every set an atom of the decidable fragment defines has this shape,
/// including the trap-free parts of linear expressions and Swift's truncating remainder.

/// Largest period (modulus, or lcm of moduli) the solver searches; beyond it answers are unknown.
let maxPeriod = 1 << 20

/// `x` modulo a positive `m`, in `0..<m` (not Swift's truncating `%`).
func floorMod(_ x: Int, _ m: Int) -> Int {
    guard m > 1 else { return 0 }
    let r = x.remainderReportingOverflow(dividingBy: m).partialValue
    return r < 0 ? r &+ m : r
}

func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a.magnitude, b.magnitude)
    while y != 0 { (x, y) = (y, x % y) }
    return Int(clamping: x)
}

/// The lcm of two positive moduli, or nil above `maxPeriod`.
func lcm(_ a: Int, _ b: Int) -> Int? {
    guard a > 0, b > 0 else { return nil }
    let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
    return overflow || product > maxPeriod ? nil : product
}

/// The middle of `lo...hi` without overflow; `lo <= result < hi` when `lo < hi`.
private func midpoint(_ lo: Int, _ hi: Int) -> Int {
    lo &+ Int(bitPattern: (UInt(bitPattern: hi) &- UInt(bitPattern: lo)) >> 1)
}

/// The first `x` in `lo...hi` where a monotone (false, then true) predicate holds.
func firstTrue(_ lo: Int, _ hi: Int, _ predicate: (Int) -> Bool) -> Int? {
    guard lo <= hi, predicate(hi) else { return nil }
    var (a, b) = (lo, hi)
    while a < b {
        let mid = midpoint(a, b)
        if predicate(mid) { b = mid } else { a = mid &+ 1 }
    }
    return a
}

/// The last `x` in `lo...hi` where a monotone (true, then false) predicate holds.
func lastTrue(_ lo: Int, _ hi: Int, _ predicate: (Int) -> Bool) -> Int? {
    guard lo <= hi, predicate(lo) else { return nil }
    guard let end = firstTrue(lo, hi, { !predicate($0) }) else { return hi }
    return end &- 1
}

/// A closed interval of Ints.
struct IntInterval: Hashable, Sendable {
    var lower: Int
    var upper: Int

    static let all = IntInterval(lower: .min, upper: .max)

    /// nil when empty.
    static func make(_ lower: Int, _ upper: Int) -> IntInterval? {
        lower <= upper ? IntInterval(lower: lower, upper: upper) : nil
    }

    func intersection(_ other: IntInterval) -> IntInterval? {
        .make(max(lower, other.lower), min(upper, other.upper))
    }

    func contains(_ x: Int) -> Bool { lower <= x && x <= upper }

    /// The complement of sorted disjoint intervals within `within`.
    static func complement(of intervals: [IntInterval], within: IntInterval = .all) -> [IntInterval] {
        var result: [IntInterval] = []
        var next: Int? = within.lower
        for interval in intervals.sorted(by: { $0.lower < $1.lower }) {
            guard let start = next else { break }
            if interval.lower > start, let gap = IntInterval.make(start, min(interval.lower &- 1, within.upper)) {
                result.append(gap)
            }
            if interval.upper >= within.upper {
                next = nil
            } else if interval.upper >= start {
                next = interval.upper &+ 1
            }
        }
        if let start = next, let tail = IntInterval.make(start, within.upper) { result.append(tail) }
        return result
    }

    /// Sorted, disjoint, adjacent ones merged.
    static func normalized(_ intervals: [IntInterval]) -> [IntInterval] {
        var result: [IntInterval] = []
        for interval in intervals.sorted(by: { $0.lower < $1.lower }) {
            if let last = result.last, last.upper == .max || interval.lower <= last.upper &+ 1 {
                result[result.count - 1].upper = max(last.upper, interval.upper)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}

/// An interval, possibly restricted to residue classes: `x` is in it when `lower <= x <= upper`
/// and `residues[floorMod(x, modulus)]`.
struct IntPiece: Hashable, Sendable {
    var interval: IntInterval
    /// 1 when every value of the interval is in the piece.
    var modulus: Int
    /// `modulus` flags; empty when `modulus == 1`.
    var residues: [Bool]

    init(_ interval: IntInterval) {
        self.interval = interval
        modulus = 1
        residues = []
    }

    /// nil when no residue is allowed.
    init?(_ interval: IntInterval, modulus: Int, residues: [Bool]) {
        guard residues.contains(true) else { return nil }
        self.interval = interval
        if modulus <= 1 || !residues.contains(false) {
            self.modulus = 1
            self.residues = []
        } else {
            self.modulus = modulus
            self.residues = residues
        }
    }

    var isFull: Bool { modulus == 1 }

    func containsResidue(_ x: Int) -> Bool {
        modulus == 1 || residues[floorMod(x, modulus)]
    }

    func contains(_ x: Int) -> Bool {
        interval.contains(x) && containsResidue(x)
    }
}

/// A set of Ints: pieces sorted by their lower bound, with disjoint intervals.
struct IntSet: Hashable, Sendable {
    var pieces: [IntPiece]

    static let empty = IntSet(pieces: [])
    static let all = IntSet(intervals: [.all])

    init(pieces: [IntPiece]) {
        self.pieces = pieces.sorted { $0.interval.lower < $1.interval.lower }
    }

    init(intervals: [IntInterval]) {
        pieces = IntInterval.normalized(intervals).map(IntPiece.init)
    }

    var isEmpty: Bool { pieces.isEmpty }

    /// Whether the set is all of `within`.
    func covers(_ within: IntInterval) -> Bool {
        var next = within.lower
        for piece in pieces where piece.interval.upper >= next {
            guard piece.isFull, piece.interval.lower <= next else { return false }
            if piece.interval.upper >= within.upper { return true }
            next = piece.interval.upper &+ 1
        }
        return false
    }

    func contains(_ x: Int) -> Bool {
        var lo = 0
        var hi = pieces.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if pieces[mid].interval.upper < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < pieces.count && pieces[lo].contains(x)
    }

    /// Combines two sets value by value, region by region; nil when a period exceeds `maxPeriod`.
    static func combine(_ a: IntSet, _ b: IntSet, _ rule: (Bool, Bool) -> Bool) -> IntSet? {
        var cuts: Set<Int> = [Int.min]
        for piece in a.pieces + b.pieces {
            cuts.insert(piece.interval.lower)
            if piece.interval.upper < .max { cuts.insert(piece.interval.upper &+ 1) }
        }
        let starts = cuts.sorted()
        var result: [IntPiece] = []
        var (ia, ib) = (0, 0)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] &- 1 : Int.max
            let region = IntInterval(lower: start, upper: end)
            while ia < a.pieces.count, a.pieces[ia].interval.upper < start { ia += 1 }
            while ib < b.pieces.count, b.pieces[ib].interval.upper < start { ib += 1 }
            let pa = ia < a.pieces.count && a.pieces[ia].interval.lower <= start ? a.pieces[ia] : nil
            let pb = ib < b.pieces.count && b.pieces[ib].interval.lower <= start ? b.pieces[ib] : nil
            var modulus = 1
            for piece in [pa, pb] {
                guard let piece, piece.modulus > 1 else { continue }
                guard let combined = lcm(modulus, piece.modulus) else { return nil }
                modulus = combined
            }
            var residues = [Bool](repeating: false, count: modulus)
            for residue in 0..<modulus {
                residues[residue] = rule(pa?.containsResidue(residue) ?? false, pb?.containsResidue(residue) ?? false)
            }
            guard let piece = IntPiece(region, modulus: modulus, residues: residues) else { continue }
            if piece.isFull, let last = result.last, last.isFull, last.interval.upper &+ 1 == start {
                result[result.count - 1].interval.upper = end
            } else {
                result.append(piece)
            }
        }
        return IntSet(pieces: result)
    }

    func union(_ other: IntSet) -> IntSet? { Self.combine(self, other) { $0 || $1 } }
}

// MARK: - One-variable Int expressions

/// An Int operation with a constant operand, applied to the variable's current value `y`.
enum IntStep: Hashable, Sendable {
    case add(Int)
    case subtract(Int)
    /// `k - y`
    case subtractFrom(Int)
    case multiply(Int)
    /// `y / k`
    case divide(Int)
    case negate
    /// `y % k`
    case remainder(Int)

    /// The exact result, or nil where Swift traps (overflow, division by zero).
    func apply(_ y: Int) -> Int? {
        let result: (partialValue: Int, overflow: Bool)
        switch self {
        case .add(let k): result = y.addingReportingOverflow(k)
        case .subtract(let k): result = y.subtractingReportingOverflow(k)
        case .subtractFrom(let k): result = k.subtractingReportingOverflow(y)
        case .multiply(let k): result = y.multipliedReportingOverflow(by: k)
        case .divide(let k):
            guard k != 0 else { return nil }
            result = y.dividedReportingOverflow(by: k)
        case .negate: result = Int(0).subtractingReportingOverflow(y)
        case .remainder(let k):
            guard k != 0 else { return nil }
            result = y.remainderReportingOverflow(dividingBy: k)
        }
        return result.overflow ? nil : result.partialValue
    }

    enum Direction { case increasing, decreasing, constant }

    /// How a monotone step orders its results; nil for `%`.
    var direction: Direction? {
        switch self {
        case .add, .subtract: .increasing
        case .subtractFrom, .negate: .decreasing
        case .multiply(let k), .divide(let k): k > 0 ? .increasing : k < 0 ? .decreasing : .constant
        case .remainder: nil
        }
    }

    /// Where an overflowing result would lie: -1 below Int.min, +1 above Int.max.
    private func overflowSide(_ y: Int) -> Int {
        switch self {
        case .add(let k): k > 0 ? 1 : -1
        case .subtract(let k): k < 0 ? 1 : -1
        case .subtractFrom: y < 0 ? 1 : -1
        case .multiply(let k): (y > 0) == (k > 0) ? 1 : -1
        case .divide, .negate, .remainder: 1
        }
    }

    /// `lower <= result <= upper` with overflow read as beyond the Int range, so the test is
    /// monotone in `y` for monotone steps.
    private func atLeast(_ lower: Int, _ y: Int) -> Bool {
        guard let value = apply(y) else { return overflowSide(y) > 0 }
        return value >= lower
    }

    private func atMost(_ upper: Int, _ y: Int) -> Bool {
        guard let value = apply(y) else { return overflowSide(y) < 0 }
        return value <= upper
    }

    /// The `y` whose result lies in the interval without trapping (an interval, for a monotone step).
    func preimage(_ target: IntInterval) -> IntInterval? {
        if case .divide(0) = self { return nil }
        switch direction {
        case .increasing?:
            guard let lower = firstTrue(.min, .max, { atLeast(target.lower, $0) }),
                let upper = lastTrue(.min, .max, { atMost(target.upper, $0) })
            else { return nil }
            return .make(lower, upper)
        case .decreasing?:
            guard let lower = firstTrue(.min, .max, { atMost(target.upper, $0) }),
                let upper = lastTrue(.min, .max, { atLeast(target.lower, $0) })
            else { return nil }
            return .make(lower, upper)
        case .constant?:
            guard let value = apply(0), target.contains(value) else { return nil }
            return .all
        case nil:
            return nil
        }
    }

    /// The step on residues modulo `m` (only for add, subtract, multiply and negate).
    func applyModulo(_ y: Int, _ m: Int) -> Int? {
        switch self {
        case .add(let k): floorMod(y &+ floorMod(k, m), m)
        case .subtract(let k): floorMod(y &+ m &- floorMod(k, m), m)
        case .subtractFrom(let k): floorMod(floorMod(k, m) &+ m &- y, m)
        case .multiply(let k): floorMod(y &* floorMod(k, m), m)
        case .negate: floorMod(m &- y, m)
        case .divide, .remainder: nil
        }
    }
}

/// `outer(inner(x) % remainder)`, or the monotone `inner(x)` when there is no remainder.
struct IntTerm: Hashable, Sendable {
    var inner: [IntStep] = []
    var remainder: Int?
    var outer: [IntStep] = []

    mutating func append(_ step: IntStep) {
        if remainder != nil {
            outer.append(step)
        } else if case .remainder(let k) = step {
            remainder = k
        } else {
            inner.append(step)
        }
    }

    /// The concrete value, or nil where evaluation traps.
    func apply(_ x: Int) -> Int? {
        var value = x
        for step in inner {
            guard let next = step.apply(value) else { return nil }
            value = next
        }
        if let remainder {
            guard let next = IntStep.remainder(remainder).apply(value) else { return nil }
            value = next
        }
        for step in outer {
            guard let next = step.apply(value) else { return nil }
            value = next
        }
        return value
    }

    private static func preimage(_ steps: [IntStep], _ targets: [IntInterval]) -> [IntInterval] {
        var current = targets
        for step in steps.reversed() {
            current = current.compactMap { step.preimage($0) }
        }
        return IntInterval.normalized(current)
    }

    private var innerIsLinear: Bool {
        !inner.contains { if case .divide = $0 { return true } else { return false } }
    }

    /// `inner(x)` modulo `m`, from `x` modulo `m` (valid because the steps are ring operations).
    private func innerModulo(_ residue: Int, _ m: Int) -> Int {
        var value = residue
        for step in inner { value = step.applyModulo(value, m) ?? 0 }
        return value
    }

    /// The `x` for which the term evaluates without trapping to a value in `target`;
    /// nil when outside what the solver handles (a period above `maxPeriod`, division before `%`).
    func preimage(_ target: IntTarget) -> IntSet? {
        guard let k = remainder else {
            switch target {
            case .intervals(let intervals):
                return IntSet(intervals: Self.preimage(inner, intervals))
            case .congruence(let m, let allowed):
                guard innerIsLinear, let ok = Self.preimage(inner, [.all]).first else {
                    return innerIsLinear ? .empty : nil
                }
                var residues = [Bool](repeating: false, count: m)
                for residue in 0..<m { residues[residue] = allowed[innerModulo(residue, m)] }
                return IntSet(pieces: IntPiece(ok, modulus: m, residues: residues).map { [$0] } ?? [])
            }
        }
        guard k != 0 else { return .empty }
        guard k != .min, innerIsLinear else { return nil }
        let m = Int(k.magnitude)
        guard m <= maxPeriod else { return nil }
        // Truncating remainder: the sign of the result follows the dividend.
        var hits = [Bool](repeating: false, count: 2 * m - 1)
        for r in (1 - m)...(m - 1) {
            var value: Int? = r
            for step in outer { value = value.flatMap { step.apply($0) } }
            if let value, target.contains(value) { hits[r + m - 1] = true }
        }
        func hit(_ r: Int) -> Bool { hits[r + m - 1] }
        var pieces: [IntPiece] = []
        // Int.min % -1 traps.
        let lowest = k == -1 ? Int.min + 1 : Int.min
        if let positive = Self.preimage(inner, [IntInterval(lower: 0, upper: .max)]).first {
            var residues = [Bool](repeating: false, count: m)
            for residue in 0..<m { residues[residue] = hit(innerModulo(residue, m)) }
            if let piece = IntPiece(positive, modulus: m, residues: residues) { pieces.append(piece) }
        }
        if let negative = Self.preimage(inner, [IntInterval(lower: lowest, upper: -1)]).first {
            var residues = [Bool](repeating: false, count: m)
            for residue in 0..<m {
                let t = innerModulo(residue, m)
                residues[residue] = hit(t == 0 ? 0 : t - m)
            }
            if let piece = IntPiece(negative, modulus: m, residues: residues) { pieces.append(piece) }
        }
        return IntSet(pieces: pieces)
    }

    /// Where the term evaluates without trapping.
    func defined() -> IntSet? { preimage(.intervals([.all])) }
}

/// Values a comparison or a test accepts.
enum IntTarget: Hashable, Sendable {
    case intervals([IntInterval])
    /// `floorMod(value, modulus)` is an allowed residue.
    case congruence(modulus: Int, residues: [Bool])

    func contains(_ value: Int) -> Bool {
        switch self {
        case .intervals(let intervals): intervals.contains { $0.contains(value) }
        case .congruence(let m, let residues): residues[floorMod(value, m)]
        }
    }

    /// Values of `value op c` being true and being false.
    static func comparison(_ op: ComparisonOperator, _ c: Int) -> (accepted: IntTarget, rejected: IntTarget) {
        let below = IntInterval.make(.min, c == .min ? c : c - 1)
        let above = IntInterval.make(c == .max ? c : c + 1, .max)
        let point = IntInterval(lower: c, upper: c)
        let less = c == .min ? [] : [below].compactMap { $0 }
        let greater = c == .max ? [] : [above].compactMap { $0 }
        let accepted: [IntInterval]
        switch op {
        case .equal: accepted = [point]
        case .notEqual: accepted = less + greater
        case .less: accepted = less
        case .lessOrEqual: accepted = less + [point]
        case .greater: accepted = greater
        case .greaterOrEqual: accepted = [point] + greater
        }
        let normalized = IntInterval.normalized(accepted)
        return (.intervals(normalized), .intervals(IntInterval.complement(of: normalized)))
    }

    /// `value.isMultiple(of: k)` true and false (never traps).
    static func multiple(of k: Int) -> (accepted: IntTarget, rejected: IntTarget)? {
        if k == 0 || k == .min {
            let points =
                k == 0
                ? [IntInterval(lower: 0, upper: 0)]
                : [IntInterval(lower: .min, upper: .min), IntInterval(lower: 0, upper: 0)]
            return (.intervals(points), .intervals(IntInterval.complement(of: points)))
        }
        let m = Int(k.magnitude)
        guard m <= maxPeriod else { return nil }
        var residues = [Bool](repeating: false, count: m)
        residues[0] = true
        return (.congruence(modulus: m, residues: residues), .congruence(modulus: m, residues: residues.map { !$0 }))
    }

    /// Membership in a list of constants.
    static func members(_ values: [Int]) -> (accepted: IntTarget, rejected: IntTarget) {
        let points = IntInterval.normalized(values.map { IntInterval(lower: $0, upper: $0) })
        return (.intervals(points), .intervals(IntInterval.complement(of: points)))
    }
}
