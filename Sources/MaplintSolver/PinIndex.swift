import MaplintManifest

/// Registrations (by position) indexed by the values their conditions pin, so the ones that
/// might match a given value, or intersect a given registration, are found without looking
/// at all of them.
package struct PinIndex {
    /// Variable → value key → positions pinning that variable to that value.
    private var byValue: [PinnedVariable: [String: [Int]]] = [:]
    /// Variable → positions that do not pin it (kept for every variable seen so far).
    private var notPinning: [PinnedVariable: [Int]] = [:]
    private var all: [Int] = []

    /// Variable → (bounds, position) of the registrations bounding it.
    private var bounded: [PinnedVariable: [(bounds: IntBounds, position: Int)]] = [:]
    /// Variable → positions that do not bound it (kept for every bounded variable seen so far).
    private var notBounding: [PinnedVariable: [Int]] = [:]

    package init() {}

    /// Every variable some indexed registration pins or bounds.
    package var variables: [PinnedVariable] { Array(Set(notPinning.keys).union(notBounding.keys)) }

    /// Positions whose pins might agree with `pins`, ascending. A superset: callers still check
    /// `ConditionSolver.pinsConflict`.
    package func candidates(for pins: [PinnedVariable: Value], bounds: [PinnedVariable: IntBounds] = [:]) -> [Int] {
        var best: [Int]?
        // Exact pins first: a lookup each. An Int pin is also a bound (`model.id == 7` is 7...7), and
        // scanning the bounds of every earlier registration would make a partition by constants cost n².
        for (variable, value) in pins {
            guard let key = Self.key(value) else { continue }
            let matching = byValue[variable]?[key] ?? []
            let free = notPinning[variable] ?? all
            let unkeyed = byValue[variable]?[Self.unkeyed] ?? []
            if best == nil || matching.count + free.count + unkeyed.count < (best?.count ?? 0) {
                best = (matching + free + unkeyed).sorted()
            }
        }
        for (variable, range) in bounds {
            guard let entries = bounded[variable] else { continue }
            let free = notBounding[variable] ?? all
            // A scan costs a comparison per bounding registration: not worth it once the candidates
            // found are no more than that.
            if let current = best, free.count >= current.count || entries.count >= current.count { continue }
            var found = free
            for entry in entries where entry.bounds.overlaps(range) { found.append(entry.position) }
            if best == nil || found.count < (best?.count ?? 0) {
                best = found.sorted()
            }
        }
        return best ?? all
    }

    package mutating func add(position: Int, pins: [PinnedVariable: Value], bounds: [PinnedVariable: IntBounds] = [:]) {
        for variable in bounds.keys where notBounding[variable] == nil {
            notBounding[variable] = all
        }
        // The keys are listed first: appending while iterating `keys` would copy the dictionary,
        // and with it every list, on each call.
        for variable in Array(notBounding.keys) where bounds[variable] == nil {
            notBounding[variable, default: []].append(position)
        }
        for (variable, range) in bounds {
            bounded[variable, default: []].append((range, position))
        }
        for variable in pins.keys where notPinning[variable] == nil {
            // A variable seen for the first time: every earlier position leaves it free.
            notPinning[variable] = all
        }
        for variable in Array(notPinning.keys) where pins[variable] == nil {
            notPinning[variable, default: []].append(position)
        }
        for (variable, value) in pins {
            byValue[variable, default: [:]][Self.key(value) ?? Self.unkeyed, default: []].append(position)
        }
        all.append(position)
    }

    static let unkeyed = "?"

    /// A key under which values the solver calls the same meet (Int 1 and Double 1.0; enum
    /// cases by name). Values that cannot be keyed exactly are filed under `unkeyed` and
    /// always taken as candidates.
    static func key(_ value: Value) -> String? {
        switch value {
        case .int(let number):
            return number.magnitude < 1 << 53 ? "n\(number)" : nil
        case .double(let number):
            guard number.isFinite, number == number.rounded(), abs(number) < 9.0e15 else { return nil }
            return "n\(Int(number))"
        case .bool(let flag): return "b\(flag)"
        case .string(let text): return "s" + text
        case .enumCase(_, let name): return "e" + name
        case .none: return "nil"
        case .object, .array: return nil
        }
    }
}
