/// Registrations (by position) indexed by the values their conditions pin, so the ones that
/// might match a given value, or intersect a given registration, are found without looking
/// at all of them.
struct PinIndex {
    /// Variable → value key → positions pinning that variable to that value.
    private var byValue: [PinnedVariable: [String: [Int]]] = [:]
    /// Variable → positions that do not pin it (kept for every variable seen so far).
    private var notPinning: [PinnedVariable: [Int]] = [:]
    private var all: [Int] = []

    /// Every variable some indexed registration pins.
    var variables: [PinnedVariable] { Array(notPinning.keys) }

    /// Positions whose pins might agree with `pins`, ascending. A superset: callers still check
    /// `ConditionSolver.pinsConflict`.
    func candidates(for pins: [PinnedVariable: Value]) -> [Int] {
        var best: [Int]?
        for (variable, value) in pins {
            guard let key = Self.key(value) else { continue }
            let matching = byValue[variable]?[key] ?? []
            let free = notPinning[variable] ?? all
            let unkeyed = byValue[variable]?[Self.unkeyed] ?? []
            if best == nil || matching.count + free.count + unkeyed.count < (best?.count ?? 0) {
                best = (matching + free + unkeyed).sorted()
            }
        }
        return best ?? all
    }

    mutating func add(position: Int, pins: [PinnedVariable: Value]) {
        for variable in pins.keys where notPinning[variable] == nil {
            // A variable seen for the first time: every earlier position leaves it free.
            notPinning[variable] = all
        }
        for variable in notPinning.keys where pins[variable] == nil {
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
            return abs(number) < 1 << 53 ? "n\(number)" : nil
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
