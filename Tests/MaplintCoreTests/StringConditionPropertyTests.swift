import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintSolver

/// Random string, optional and enum conditions compared with brute-force enumeration, like
/// `ConditionSolverPropertyTests` for numbers: every verdict kind (intersecting, disjoint,
/// covered, reachable, fallback) is checked, each witness by evaluating both conditions on it.
///
/// The literals are "a", "b", "ab", "ba", "aa" and counts 0 to 3. The strings enumerated are every
/// string over {a, b} of at most four Characters (each side of every count constant, every
/// prefix, suffix and substring relation between the literals), strings with a `c` that is in no
/// literal (what the solver's fill character stands for), and strings whose Characters are not
/// ASCII: "\u{600}a" contains "a" for Foundation but is one Character that is not "a", "e\u{301}"
/// is one Character, "\u{212A}" (Kelvin) equals "K". A wrong "disjoint" or "covered" shows as an
/// item the enumeration finds; a witness outside these strings is still checked by evaluation.
@Suite("Condition solver: string, optional and enum conditions against brute force")
struct StringConditionPropertyTests {
    typealias SplitMix64 = ConditionSolverPropertyTests.SplitMix64

    static let types: TypeTable = {
        let here = SourceLocation(file: "Strings.maplint.yml", line: 1, column: 1)
        func property(_ name: String, _ type: String) -> PropertyDecl {
            PropertyDecl(name: name, type: TypeRef(parsing: type) ?? .builtin(.int), location: here)
        }
        return TypeTable([
            ModelDecl(
                name: "Post", kind: .class,
                properties: [
                    property("t", "String"), property("o", "String?"), property("e", "E"),
                    property("author", "Author?"),
                ],
                location: here),
            ModelDecl(
                name: "Author", kind: .struct, properties: [property("flag", "Bool"), property("name", "String")],
                location: here),
            ModelDecl(name: "E", kind: .enum, cases: ["a", "b", "c"].map { Located($0, at: here) }, location: here),
        ])
    }()

    static let solver = ConditionSolver(
        manifest: Manifest(file: "Strings.maplint.yml", host: .tableView, types: types))

    // MARK: Domains

    /// Strings over {a, b} up to `length` Characters, some with the fresh `c` (a Character in no
    /// literal), and some that are not ASCII.
    static func strings(upTo length: Int) -> [String] {
        var result = [""]
        var layer = [""]
        for _ in 0..<length {
            layer = layer.flatMap { text in ["a", "b"].map { text + $0 } }
            result += layer
        }
        return result + ["c", "cc", "ac", "ca", "bc", "cb", "acb", "cab", "bca", "cccc", "abca"]
            + ["\u{600}a", "a\u{903}", "e\u{301}", "\u{212A}", "a\u{600}b"]
    }

    enum Variable: Int, CaseIterable {
        case t, o, e, author
    }

    static let domains: [[Value]] = [
        strings(upTo: 4).map { .string($0) },
        [.none] + ["", "a", "b", "c", "aa", "ab", "ba", "bb", "ac", "aab", "bab", "\u{600}a"].map { .string($0) },
        ["a", "b", "c"].map { .enumCase(type: "E", name: $0) },
        [.none]
            + [false, true].flatMap { flag in
                ["", "a", "ab", "\u{600}a"].map {
                    Value.object(type: "Author", properties: ["flag": .bool(flag), "name": .string($0)])
                }
            },
    ]

    static func model(_ choice: [Int]) -> Value {
        var properties: [String: Value] = [:]
        for (variable, name) in [(Variable.t, "t"), (.o, "o"), (.e, "e"), (.author, "author")] {
            let value = domains[variable.rawValue][choice[variable.rawValue]]
            if value != .none { properties[name] = value }
        }
        return .object(type: "Post", properties: properties)
    }

    static func variables(of registration: Registration) -> [Variable] {
        guard case .custom(let condition) = registration.condition else { return [] }
        var result: Set<Variable> = []
        for path in condition.expression.paths {
            switch path.steps.first?.name {
            case "t": result.insert(.t)
            case "o": result.insert(.o)
            case "e": result.insert(.e)
            case "author": result.insert(.author)
            default: break
            }
        }
        return result.sorted { $0.rawValue < $1.rawValue }
    }

    static func matches(_ registration: Registration, _ model: Value) -> Bool {
        solver.matches(registration, model: model, typeName: "Post", at: ItemIndexPath(section: 0, item: 0)) == true
    }

    /// Assignments of `variables` (indexes into `domains`), in mixed radix order, starting from `choice`.
    static func assignments(_ variables: [Variable], from start: [Int], _ body: ([Int]) -> Bool) -> Bool {
        var choice = start
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

    /// Whether some model of the domains gives each registration the wanted outcome. Variables
    /// only one registration reads are searched per registration, given the shared ones.
    static func exists(_ registrations: [Registration], wanted: [Bool]) -> Bool {
        let own = registrations.map { Set(variables(of: $0)) }
        var readers: [Variable: Int] = [:]
        for variables in own { for variable in variables { readers[variable, default: 0] += 1 } }
        let shared = readers.filter { $0.value > 1 }.keys.sorted { $0.rawValue < $1.rawValue }
        let zero = [Int](repeating: 0, count: Variable.allCases.count)
        var memo = registrations.map { _ in [[Int]: Bool]() }
        return assignments(shared, from: zero) { sharedChoice in
            for (index, registration) in registrations.enumerated() {
                let mine = own[index].subtracting(shared).sorted { $0.rawValue < $1.rawValue }
                let key = shared.filter { own[index].contains($0) }.map { sharedChoice[$0.rawValue] }
                if let known = memo[index][key] {
                    if !known { return false }
                    continue
                }
                let achievable = assignments(mine, from: sharedChoice) { choice in
                    matches(registration, model(choice)) == wanted[index]
                }
                memo[index][key] = achievable
                if !achievable { return false }
            }
            return true
        }
    }

    // MARK: Generator

    struct Generator {
        var rng: SplitMix64

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }
        mutating func literal() -> String { "\"" + pick(["a", "b", "ab", "ba", "aa"]) + "\"" }
        mutating func comparison() -> String { pick(["==", "!=", "<", "<=", ">", ">="]) }
        mutating func method() -> String { pick(["hasPrefix", "hasSuffix", "contains"]) }

        mutating func atom() -> String {
            switch int(0...23) {
            case 0, 1: return "model.t.\(method())(\(literal()))"
            case 2: return "model.t \(pick(["==", "!="])) \(literal())"
            case 3: return pick(["model.t.isEmpty", "!model.t.isEmpty", "model.t == \"\""])
            case 4, 5: return "model.t.count \(comparison()) \(int(0...3))"
            case 6: return pick(["model.t.count.isEven", "model.t.count % 3 == 1", "model.t.count + 1 > 2"])
            case 7: return "[\(literal()), \(literal())].contains(model.t)"
            case 8: return "!model.t.\(method())(\(literal()))"
            case 9: return pick(["model.o == nil", "model.o != nil"])
            case 10: return "model.o?.\(method())(\(literal())) == \(pick(["true", "false"]))"
            case 11: return "model.o?.\(method())(\(literal())) ?? \(pick(["true", "false"]))"
            case 12: return "(model.o ?? \(literal())).\(method())(\(literal()))"
            case 13: return "(model.o?.count ?? \(int(0...2))) \(comparison()) \(int(0...2))"
            case 14: return "model.o \(pick(["==", "!="])) \(literal())"
            case 15: return "model.o?.isEmpty \(pick(["==", "!="])) \(pick(["true", "false"]))"
            case 16: return "model.e \(pick(["==", "!="])) .\(pick(["a", "b", "c"]))"
            case 17: return "[.\(pick(["a", "b", "c"])), .\(pick(["a", "b", "c"]))].contains(model.e)"
            case 18: return pick(["model.author == nil", "model.author != nil"])
            case 19:
                return pick([
                    "model.author?.flag == true", "model.author?.flag ?? false", "model.author?.flag != false",
                ])
            case 20: return pick(["!(model.author?.flag ?? true)", "model.author?.flag == false"])
            case 21: return "model.author?.name.\(method())(\(literal())) == true"
            case 22: return "(model.author?.name.count ?? 0) \(comparison()) \(int(0...2))"
            default:
                return
                    "model.t.\(method())(\(literal())) \(pick(["&&", "||"])) model.t.count \(comparison()) \(int(0...3))"
            }
        }

        mutating func expression(depth: Int) -> String {
            guard depth > 0 else { return atom() }
            switch int(0...6) {
            case 0: return atom()
            case 1: return "!(\(expression(depth: depth - 1)))"
            case 2, 3, 4, 5: return "(\(expression(depth: depth - 1)) && \(expression(depth: depth - 1)))"
            default: return "(\(expression(depth: depth - 1)) || \(expression(depth: depth - 1)))"
            }
        }

        mutating func registration(index: Int) -> Registration {
            let here = SourceLocation(file: "Strings.maplint.yml", line: 1, column: 1)
            let condition: RegistrationCondition
            if int(0...9) == 0 {
                condition = .none
            } else {
                let source = expression(depth: int(1...3))
                switch CompiledCondition.compile(
                    source,
                    sourceMap: TextSourceMap(
                        file: "Strings.maplint.yml", start: here, length: source.unicodeScalars.count),
                    modelType: .model("Post"), types: StringConditionPropertyTests.types)
                {
                case .success(let compiled): condition = .custom(compiled)
                case .failure(let diagnostics):
                    Issue.record("generated '\(source)' does not compile: \(diagnostics.diagnostics.map(\.message))")
                    condition = .none
                }
            }
            return Registration(
                index: index, viewType: .cell, viewClass: Located("Cell\(index)", at: here),
                modelType: Located(.model("Post"), at: here), condition: condition, location: here)
        }
    }

    static func describe(_ registration: Registration) -> String {
        if case .custom(let condition) = registration.condition { return condition.source }
        return "(no condition)"
    }

    /// The one question the fragment leaves open: Foundation's `contains` matching inside a
    /// Character of a non-ASCII string.
    static func isContainsGap(_ reason: String) -> Bool {
        reason.contains("String.contains can match inside a Character")
    }

    // MARK: Properties

    @Test(arguments: [1, 2, 3])
    func pairVerdictsAgreeWithEnumeration(seed: Int) {
        var generator = Generator(rng: SplitMix64(state: 0x5781_0000 + UInt64(seed)))
        var counts = (disjoint: 0, intersecting: 0, gap: 0)
        let runs = 120
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
                #expect(
                    Self.matches(first, witness.model) && Self.matches(second, witness.model),
                    "unchecked witness \(witness): \(context)")
            case .unknown(let reason, _):
                if Self.isContainsGap(reason) {
                    counts.gap += 1
                } else {
                    Issue.record("unknown (\(reason)) inside the fragment: \(context)")
                }
            }
        }
        #expect(counts.disjoint > runs / 8 && counts.intersecting > runs / 4, "\(counts)")
        #expect(counts.gap < runs / 20, "\(counts)")
    }

    @Test(arguments: [1, 2])
    func coverageAndFallbackAgreeWithEnumeration(seed: Int) {
        var generator = Generator(rng: SplitMix64(state: 0x5782_0000 + UInt64(seed)))
        var counts = (covered: 0, reachable: 0, fallback: 0, gap: 0)
        let runs = 100
        for _ in 0..<runs {
            let first = generator.registration(index: 0)
            let second = generator.registration(index: 1)
            let context = "\(Self.describe(second)) after \(Self.describe(first))"
            let winsSomewhere = Self.exists([second, first], wanted: [true, false])
            switch Self.solver.coverage(of: second, by: [first]) {
            case .covered:
                counts.covered += 1
                #expect(!winsSomewhere, "covered, but enumeration finds an item it wins: \(context)")
            case .reachable(let witness):
                counts.reachable += 1
                #expect(
                    Self.matches(second, witness.model) && !Self.matches(first, witness.model),
                    "unchecked \(witness): \(context)")
            case .unknown(let reason):
                if Self.isContainsGap(reason) {
                    counts.gap += 1
                } else {
                    Issue.record("unknown (\(reason)) inside the fragment: \(context)")
                }
            }
            // Fallback: the first is covered by the second, and not the other way round.
            if Self.solver.isFallback(first, then: second) {
                counts.fallback += 1
                #expect(
                    !Self.exists([first, second], wanted: [true, false]),
                    "fallback, but the first matches an item the second does not: \(context)")
                #expect(
                    Self.exists([second, first], wanted: [true, false]),
                    "fallback, but the second matches nothing more than the first: \(context)")
            }
        }
        #expect(counts.covered > runs / 10 && counts.reachable > runs / 4, "\(counts)")
        #expect(counts.fallback > 0, "\(counts)")
        #expect(counts.gap < runs / 20, "\(counts)")
    }
}
