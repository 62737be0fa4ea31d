import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintSolver

/// Random conditions within the decidable fragment, compared with brute-force enumeration over
/// small domains. The domains hold every value class the generated constants can tell apart
/// (each side of every threshold, every residue, NaN and the infinities, a string none of the
/// literals equals), so within them the solver and enumeration must agree exactly; a witness
/// outside them is fine as long as it checks.
@Suite("Condition solver: random conditions against brute force")
struct ConditionSolverPropertyTests {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let types: TypeTable = {
        let here = SourceLocation(file: "Random.maplint.yml", line: 1, column: 1)
        func property(_ name: String, _ type: String) -> PropertyDecl {
            PropertyDecl(name: name, type: TypeRef(parsing: type) ?? .builtin(.int), location: here)
        }
        return TypeTable([
            ModelDecl(
                name: "Base", kind: .class,
                properties: [
                    property("flag", "Bool"), property("n", "Int"), property("e", "E"), property("s", "String?"),
                    property("d", "Double"),
                ],
                location: here),
            ModelDecl(name: "Sub", kind: .class, superclass: Located("Base", at: here), location: here),
            ModelDecl(
                name: "E", kind: .enum, cases: ["a", "b", "c"].map { Located($0, at: here) }, rawType: .string,
                rawValues: ["a": .string("x"), "b": .string("xy"), "c": .string("c")], location: here),
        ])
    }()

    static let solver = ConditionSolver(
        manifest: Manifest(file: "Random.maplint.yml", host: .collectionView, types: types))

    // MARK: Domains

    enum Variable: Int, CaseIterable {
        case type, flag, n, e, s, d, section, item
    }

    static let domains: [[Value]] = [
        [.string("Base"), .string("Sub")],
        [.bool(false), .bool(true)],
        (-13...13).map { .int($0) },
        ["a", "b", "c"].map { .enumCase(type: "E", name: $0) },
        [.none, .string(""), .string("a"), .string("b"), .string("c")],
        [-Double.infinity, -2, -1, -0.5, 0, 0.25, 0.5, 1, 2, 3, .infinity, .nan].map { .double($0) },
        (0...3).map { .int($0) },
        (0...3).map { .int($0) },
    ]

    struct Item {
        var typeName: String
        var model: Value
        var indexPath: ItemIndexPath
    }

    static func item(_ values: [Value]) -> Item {
        var properties: [String: Value] = [:]
        for (variable, name) in [(Variable.flag, "flag"), (.n, "n"), (.e, "e"), (.s, "s"), (.d, "d")] {
            let value = values[variable.rawValue]
            if value != .none { properties[name] = value }
        }
        guard case .string(let typeName) = values[Variable.type.rawValue],
            case .int(let section) = values[Variable.section.rawValue],
            case .int(let item) = values[Variable.item.rawValue]
        else { return Item(typeName: "Base", model: .none, indexPath: ItemIndexPath(section: 0, item: 0)) }
        return Item(
            typeName: typeName, model: .object(type: typeName, properties: properties),
            indexPath: ItemIndexPath(section: section, item: item))
    }

    static func variables(of registration: Registration) -> Set<Variable> {
        var result: Set<Variable> = [.type]
        // Whether the host asks for a header at all depends on the item.
        if registration.viewType != .cell { result.insert(.item) }
        switch registration.condition {
        case .section: result.insert(.section)
        case .custom(let condition):
            for path in condition.expression.paths {
                switch path.root {
                case .section: result.insert(.section)
                case .item: result.insert(.item)
                case .model:
                    switch path.steps.first?.name {
                    case "flag": result.insert(.flag)
                    case "n": result.insert(.n)
                    case "e": result.insert(.e)
                    case "s": result.insert(.s)
                    case "d": result.insert(.d)
                    default: break
                    }
                }
            }
        case .none, .opaque: break
        }
        return result
    }

    /// Whether the host asks for the registration's view at the item's index path (headers and
    /// footers at item 0, never a negative index) and the registration matches it there.
    static func matches(_ registration: Registration, _ item: Item) -> Bool {
        ConditionSolver.isAskedFor(item.indexPath, as: registration.viewType)
            && solver.matches(registration, model: item.model, typeName: item.typeName, at: item.indexPath) == true
    }

    /// Whether some item of the domains satisfies `predicate`, given whether each registration matches it.
    /// Assignments of `variables` (indexes into `domains`), in mixed radix order.
    static func assignments(_ variables: [Variable], _ body: ([Int]) -> Bool) -> Bool {
        var choice = [Int](repeating: 0, count: Variable.allCases.count)
        while true {
            if body(choice) { return true }
            var position = 0
            while position < variables.count {
                let variable = variables[position].rawValue
                choice[variable] += 1
                if choice[variable] < domains[variable].count { break }
                choice[variable] = 0
                position += 1
            }
            if position == variables.count { return false }
        }
    }

    /// Whether some item of the domains makes each registration's match outcome the wanted one.
    /// Variables only one registration reads are searched per registration: given the shared
    /// ones, registrations cannot influence each other through them.
    static func exists(_ registrations: [Registration], wanted: [Bool]) -> Bool {
        let own = registrations.map { variables(of: $0) }
        var readers: [Variable: Int] = [:]
        for variables in own { for variable in variables { readers[variable, default: 0] += 1 } }
        let shared = readers.filter { $0.value > 1 }.keys.sorted { $0.rawValue < $1.rawValue }
        var defaults: [Value] = Variable.allCases.map { domains[$0.rawValue][0] }
        defaults[Variable.n.rawValue] = .int(0)
        defaults[Variable.d.rawValue] = .double(0)
        var memo = registrations.map { _ in [[Int]: Bool]() }
        return assignments(shared) { sharedChoice in
            for (index, registration) in registrations.enumerated() {
                let mine = own[index].filter { !shared.contains($0) }.sorted { $0.rawValue < $1.rawValue }
                let key = shared.filter { own[index].contains($0) }.map { sharedChoice[$0.rawValue] }
                let achievable: Bool
                if let known = memo[index][key] {
                    achievable = known
                } else {
                    achievable = assignments(mine) { privateChoice in
                        var values = defaults
                        for variable in shared {
                            values[variable.rawValue] = domains[variable.rawValue][sharedChoice[variable.rawValue]]
                        }
                        for variable in mine {
                            values[variable.rawValue] = domains[variable.rawValue][privateChoice[variable.rawValue]]
                        }
                        return matches(registration, item(values)) == wanted[index]
                    }
                    memo[index][key] = achievable
                }
                if !achievable { return false }
            }
            return true
        }
    }

    // MARK: Generator

    struct Generator {
        var viewType: ViewType = .cell
        var rng: SplitMix64
        /// Also parts that read the model and the item together (`model.n == indexPath.row`):
        /// exact only where the item is fixed, for section headers and footers.
        var mixesModelAndItem = false

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }

        mutating func comparison() -> String { pick(["==", "!=", "<", "<=", ">", ">="]) }

        mutating func atom() -> String {
            let c = int(-5...5)
            let c2 = int(-5...5)
            switch int(0...37) {
            case 0: return "model.n \(comparison()) \(c)"
            case 1: return "model.n + \(c) \(comparison()) \(c2)"
            case 2: return "\(c) - model.n \(comparison()) \(c2)"
            case 3: return "\(int(-3...3)) * model.n \(comparison()) \(c)"
            case 4: return "model.n / \(pick([-3, -2, -1, 1, 2, 3])) \(comparison()) \(c)"
            case 5: return "model.n % \(pick([-3, -2, 2, 3, 4])) \(comparison()) \(int(-3...3))"
            case 6: return "(model.n + \(c)) % \(pick([2, 3, 4])) == \(int(-3...3))"
            case 7: return "model.n.isMultiple(of: \(int(-4...4)))"
            case 8: return pick(["model.n.isOdd", "model.n.isEven", "(model.n * 3).isEven", "(-model.n).isOdd"])
            case 9: return "[\(c), \(c2)].contains(model.n)"
            case 10:
                return pick([
                    "model.n > 1000", "model.n < -1000", "model.n + 9223372036854775807 > 0",
                    "model.n * 4611686018427387904 == 0",
                ])
            case 11: return pick(["model.flag", "model.flag == true", "model.flag != false", "!model.flag"])
            case 12: return "model.e \(pick(["==", "!="])) .\(pick(["a", "b", "c"]))"
            case 13: return "[.\(pick(["a", "b", "c"])), .\(pick(["a", "b", "c"]))].contains(model.e)"
            case 14: return pick(["model.s == nil", "model.s != nil"])
            case 15: return "model.s \(pick(["==", "!="])) \"\(pick(["", "a", "b"]))\""
            case 16: return "(model.s ?? \"\(pick(["", "a", "b"]))\") \(pick(["==", "!="])) \"\(pick(["", "a", "b"]))\""
            case 17: return pick(["model.s?.isEmpty == true", "model.s?.isEmpty == false", "model.s?.isEmpty != true"])
            case 18: return "[\"\(pick(["", "a", "b"]))\", \"\(pick(["a", "b"]))\"].contains(model.s)"
            case 19, 20: return "model.d \(comparison()) \(pick(["-1", "0", "0.5", "2"]))"
            case 21: return "-model.d \(comparison()) \(pick(["-1", "0", "0.5", "2"]))"
            case 22: return "[0.5, 2].contains(model.d)"
            case 23, 24: return "indexPath.section \(comparison()) \(int(0...2))"
            case 25, 26: return "indexPath.item \(comparison()) \(int(0...2))"
            case 27: return "indexPath.row % 2 == \(int(0...1))"
            case 28:
                return pick([
                    "indexPath.section.isOdd", "indexPath.item.isEven", "indexPath.item + 1 > \(int(0...3))",
                    "indexPath.item + 1 == 0", "indexPath.item == -1", "indexPath.section < 0", "-indexPath.row >= 0",
                    "indexPath.item - 1 < \(int(-2...1))",
                ])
            case 29: return pick(["true", "false"])
            case 30: return "model.n \(comparison()) \(c) && model.n \(comparison()) \(c2)"
            case 31: return "model.e == .a || model.flag"
            case 32...35 where mixesModelAndItem:
                return pick([
                    "model.n \(comparison()) indexPath.row", "indexPath.item \(comparison()) model.n + \(c)",
                    "model.n * indexPath.row == \(c)", "model.n % 3 == indexPath.item + \(int(0...1))",
                    "(model.n + indexPath.row).isOdd", "model.flag == (indexPath.row == \(int(0...1)))",
                    "[indexPath.row, \(c)].contains(model.n)",
                    "(model.s ?? \"\") == \"\" || indexPath.item \(comparison()) model.n",
                    "indexPath.section \(comparison()) \(int(0...2)) && model.n - indexPath.row \(comparison()) \(c)",
                ])
            case 36:
                return
                    "model.e.rawValue.\(pick(["hasPrefix", "hasSuffix", "contains"]))(\"\(pick(["x", "y", "c", "xy"]))\")"
            case 37: return "model.e.rawValue \(comparison()) \"\(pick(["x", "xy", "c", "b"]))\""
            default: return "model.n \(comparison()) \(c)"
            }
        }

        mutating func expression(depth: Int) -> String {
            guard depth > 0 else { return atom() }
            switch int(0...5) {
            case 0, 1: return atom()
            case 2: return "!(\(expression(depth: depth - 1)))"
            case 3, 4: return "(\(expression(depth: depth - 1)) && \(expression(depth: depth - 1)))"
            default: return "(\(expression(depth: depth - 1)) || \(expression(depth: depth - 1)))"
            }
        }

        mutating func registration(index: Int) -> Registration {
            let model = int(0...9) < 7 ? "Base" : "Sub"
            let here = SourceLocation(file: "Random.maplint.yml", line: 1, column: 1)
            let condition: RegistrationCondition
            switch int(0...19) {
            case 0, 1: condition = .none
            case 2, 3: condition = .section(Located(int(0...2), at: here))
            default:
                let source = expression(depth: int(1...3))
                switch CompiledCondition.compile(
                    source,
                    sourceMap: TextSourceMap(
                        file: "Random.maplint.yml", start: here, length: source.unicodeScalars.count),
                    modelType: .model(model), types: ConditionSolverPropertyTests.types)
                {
                case .success(let compiled): condition = .custom(compiled)
                case .failure(let diagnostics):
                    Issue.record("generated '\(source)' does not compile: \(diagnostics.diagnostics.map(\.message))")
                    condition = .none
                }
            }
            return Registration(
                index: index, viewType: viewType, viewClass: Located("Cell\(index)", at: here),
                modelType: Located(.model(model), at: here), condition: condition, location: here)
        }
    }

    static func describe(_ registration: Registration) -> String {
        switch registration.condition {
        case .none: "\(registration.modelType.value) (no condition)"
        case .section(let section): "\(registration.modelType.value) section: \(section.value)"
        case .custom(let condition): "\(registration.modelType.value) \(condition.source)"
        case .opaque(let source): "\(registration.modelType.value) opaque \(source.value)"
        }
    }

    static func typeName(of witness: Witness) -> String {
        witness.model.typeName ?? "?"
    }

    // MARK: Properties

    /// Section headers and footers with conditions that read the model and `indexPath.row`
    /// together: asked at row 0 (TV `DTTableViewDelegate.swift`, `tableView(_:viewForHeaderInSection:)`,
    /// `IndexPath(row: 0, section:)`, 8.0.1, 11.0.1; CV `DTCollectionViewDataSource.swift`,
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)` passes the layout's index path,
    /// item 0 for flow-layout headers, 11.0.0), so every pair has an exact verdict.
    @Test(arguments: [(ViewType.header(for: .tableView), 3), (ViewType.footer(for: .collectionView), 4)])
    func headerConditionsMixingModelAndRowAgreeWithEnumeration(viewType: ViewType, seed: Int) {
        var generator = Generator(
            viewType: viewType, rng: SplitMix64(state: 0x5EED_0000 + UInt64(seed)), mixesModelAndItem: true)
        var counts = (disjoint: 0, intersecting: 0, covered: 0, reachable: 0)
        for run in 0..<500 {
            let first = generator.registration(index: 0)
            let second = generator.registration(index: 1)
            let context = "\(Self.describe(first))  ×  \(Self.describe(second))"
            let found = Self.exists([first, second], wanted: [true, true])
            switch Self.solver.verdict(first, second) {
            case .disjoint:
                counts.disjoint += 1
                #expect(!found, "disjoint, but enumeration finds a common item: \(context)")
            case .intersecting(let witness):
                counts.intersecting += 1
                let item = Item(
                    typeName: Self.typeName(of: witness), model: witness.model, indexPath: witness.indexPath)
                #expect(witness.indexPath.item == 0, "header witness off row 0: \(witness): \(context)")
                #expect(witness.indexPath.section >= 0, "negative section: \(witness): \(context)")
                #expect(
                    Self.matches(first, item) && Self.matches(second, item), "unchecked witness \(witness): \(context)")
            case .unknown(let reason, _):
                Issue.record("unknown (\(reason)) inside the fragment: \(context)")
            }
            guard run % 2 == 0 else { continue }
            // The second one after the first: does the first take everything it matches?
            let winsSomewhere = Self.exists([second, first], wanted: [true, false])
            switch Self.solver.coverage(of: second, by: [first]) {
            case .covered:
                counts.covered += 1
                #expect(!winsSomewhere, "covered, but enumeration finds an item it wins: \(context)")
            case .reachable(let witness):
                counts.reachable += 1
                let item = Item(
                    typeName: Self.typeName(of: witness), model: witness.model, indexPath: witness.indexPath)
                #expect(witness.indexPath.item == 0, "header witness off row 0: \(witness): \(context)")
                #expect(Self.matches(second, item) && !Self.matches(first, item), "unchecked \(witness): \(context)")
            case .unknown(let reason):
                Issue.record("unknown (\(reason)) inside the fragment: \(context)")
            }
        }
        #expect(counts.disjoint > 50 && counts.intersecting > 50, "\(counts)")
        #expect(counts.covered > 20 && counts.reachable > 50, "\(counts)")
    }

    /// Cells anywhere, and section headers, which the host asks for at item 0 only.
    @Test(arguments: [(ViewType.cell, 1200), (ViewType.header(for: .collectionView), 600)])
    func pairVerdictsAgreeWithEnumeration(viewType: ViewType, runs: Int) {
        var generator = Generator(viewType: viewType, rng: SplitMix64(state: 0x5EED_0001))
        var counts = (disjoint: 0, intersecting: 0)
        for _ in 0..<runs {
            let first = generator.registration(index: 0)
            let second = generator.registration(index: 1)
            let context = "\(Self.describe(first))  ×  \(Self.describe(second))"
            let found = Self.exists([first, second], wanted: [true, true])
            switch Self.solver.verdict(first, second) {
            case .disjoint:
                counts.disjoint += 1
                #expect(!found, "disjoint, but enumeration finds a common item: \(context)")
            case .intersecting(let witness):
                counts.intersecting += 1
                let item = Item(
                    typeName: Self.typeName(of: witness), model: witness.model, indexPath: witness.indexPath)
                #expect(
                    ConditionSolver.isAskedFor(witness.indexPath, as: first.viewType),
                    "witness at an index path the host never asks for: \(witness): \(context)")
                #expect(
                    Self.matches(first, item) && Self.matches(second, item), "unchecked witness \(witness): \(context)")
            case .unknown(let reason, _):
                Issue.record("unknown (\(reason)) inside the fragment: \(context)")
            }
        }
        // Both answers occur often enough for the comparison to mean something.
        #expect(counts.disjoint > runs / 6 && counts.intersecting > runs / 6, "\(counts)")
    }

    @Test(arguments: [(ViewType.cell, 500), (ViewType.header(for: .collectionView), 300)])
    func coverageAgreesWithEnumeration(viewType: ViewType, runs: Int) {
        var generator = Generator(viewType: viewType, rng: SplitMix64(state: 0x5EED_0002))
        var counts = (covered: 0, reachable: 0)
        for _ in 0..<runs {
            let count = generator.int(1...3)
            let earlier = (0..<count).map { generator.registration(index: $0) }
            let registration = generator.registration(index: count)
            let context = "\(Self.describe(registration)) after [\(earlier.map(Self.describe).joined(separator: "; "))]"
            let found = Self.exists([registration] + earlier, wanted: [true] + earlier.map { _ in false })
            switch Self.solver.coverage(of: registration, by: earlier) {
            case .covered:
                counts.covered += 1
                #expect(!found, "covered, but enumeration finds an item it wins: \(context)")
            case .reachable(let witness):
                counts.reachable += 1
                let item = Item(
                    typeName: Self.typeName(of: witness), model: witness.model, indexPath: witness.indexPath)
                #expect(
                    ConditionSolver.isAskedFor(witness.indexPath, as: registration.viewType),
                    "witness at an index path the host never asks for: \(witness): \(context)")
                #expect(Self.matches(registration, item), "witness does not match: \(witness): \(context)")
                #expect(
                    !earlier.contains { Self.matches($0, item) },
                    "witness matches an earlier one: \(witness): \(context)")
            case .unknown(let reason):
                Issue.record("unknown (\(reason)) inside the fragment: \(context)")
            }
        }
        #expect(counts.covered > runs / 10 && counts.reachable > runs / 5, "\(counts)")
    }
}
