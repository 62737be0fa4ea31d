import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintSolver

private func decode(_ text: String) -> ManifestLoadResult {
    ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
}

/// The errors of a manifest, as "line:column: message".
private func errors(_ models: String) -> [String] {
    let result = decode("version: 1\nhost: tableView\nmodels:\n" + models)
    return result.diagnostics.filter { $0.severity == .error }.map {
        "\($0.location.line):\($0.location.column): \($0.message)"
    }
}

/// Enum raw values: declared in the manifest, read as `rawValue` in conditions, decided exactly.
@Suite struct EnumRawValueTests {
    static let manifestText = """
        version: 1
        host: tableView
        models:
          Media:
            properties: {kind: Kind, code: Code?, title: String}
          Kind:
            kind: enum
            rawType: String
            cases: [video, photo, live]
            rawValues: {video: "v", live: "vl"}
          Code:
            kind: enum
            rawType: Int
            cases: [a, b, c, d, e]
            rawValues: {b: 5, d: -3}
          Plain: {kind: enum, cases: [x, y]}
        """

    static let types: TypeTable = {
        guard let manifest = decode(manifestText).manifest else { return TypeTable([]) }
        return manifest.types
    }()

    static let here = SourceLocation(file: "m.yml", line: 1, column: 1)

    static func compile(_ source: String) -> Result<CompiledCondition, ConditionDiagnostics> {
        CompiledCondition.compile(
            source, sourceMap: TextSourceMap(file: "m.yml", start: here, length: source.unicodeScalars.count),
            modelType: .model("Media"), types: types)
    }

    static func registration(_ source: String, index: Int) -> Registration? {
        guard case .success(let condition) = compile(source) else { return nil }
        return Registration(
            index: index, viewType: .cell, viewClass: Located("Cell\(index)", at: here),
            modelType: Located(.model("Media"), at: here), condition: .custom(condition), location: here)
    }

    static func media(_ kind: String, code: String?, title: String = "t") -> Value {
        var properties: [String: Value] = ["kind": .enumCase(type: "Kind", name: kind), "title": .string(title)]
        if let code { properties["code"] = .enumCase(type: "Code", name: code) }
        return .object(type: "Media", properties: properties)
    }

    // MARK: Manifest

    @Test func rawValuesDefaultAsSwiftAssignsThem() throws {
        let result = decode(Self.manifestText)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let kind = try #require(Self.types["Kind"])
        #expect(kind.rawType == .string)
        #expect(kind.rawValues == ["video": .string("v"), "photo": .string("photo"), "live": .string("vl")])
        let code = try #require(Self.types["Code"])
        #expect(code.rawType == .int)
        // Swift: `enum Code: Int { case a, b = 5, c, d = -3, e }` gives 0, 5, 6, -3, -2.
        #expect(code.rawValues == ["a": .int(0), "b": .int(5), "c": .int(6), "d": .int(-3), "e": .int(-2)])
        #expect(Self.types["Plain"]?.rawType == nil)
    }

    @Test func reportsBadRawValuesWhereTheyAre() {
        #expect(
            errors("  K: {kind: enum, rawType: String, cases: [a, b], rawValues: {c: \"x\"}}\n") == [
                "4:63: 'c' is not a case of 'K' (did you mean 'a'?); list it under 'cases'"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: String, cases: [video], rawValues: {vidoe: \"x\"}}\n") == [
                "4:64: 'vidoe' is not a case of 'K' (did you mean 'video'?); list it under 'cases'"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: Int, cases: [a, b], rawValues: {a: \"x\"}}\n") == [
                "4:63: the raw value of 'a' must be an integer, not a string ('x')"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: String, cases: [a, b], rawValues: {a: 5}}\n") == [
                "4:66: the raw value of 'a' must be a string (the raw type is String), not an integer ('5'); quote it"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: String, cases: [a, b], rawValues: {b: \"a\"}}\n") == [
                "4:66: 'b' has the raw value \"a\" of 'a'; Swift requires distinct raw values"
            ])
        // Swift: `enum K: Int { case a = 1, b, c = 2 }` is "raw value for enum case is not unique".
        #expect(
            errors("  K: {kind: enum, rawType: Int, cases: [a, b, c], rawValues: {a: 1, c: 2}}\n") == [
                "4:72: 'c' has the raw value 2 of 'b'; Swift requires distinct raw values"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: Int, cases: [a, b, c], rawValues: {b: -1}}\n") == [
                "4:47: 'c' has the raw value 0 of 'a' (assigned by default); Swift requires distinct raw values"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: Int, cases: [a, b], rawValues: {a: 9223372036854775807}}\n") == [
                "4:44: the raw value of 'b' would be one more than Int.max; give it one under 'rawValues'"
            ])
        #expect(
            errors("  K: {kind: enum, rawType: Double, cases: [a]}\n") == [
                "4:28: 'rawType' must be String or Int, not 'Double'"
            ])
        #expect(
            errors("  K: {kind: enum, cases: [a], rawValues: {a: \"x\"}}\n") == [
                "4:31: 'rawValues' needs the enum's 'rawType' (String or Int)"
            ])
        #expect(
            errors("  K: {kind: struct, rawType: String}\n") == ["4:21: only an enum has 'rawType'; set 'kind: enum'"])
    }

    // MARK: Conditions

    @Test func rawValueHasTheRawType() throws {
        for source in [
            "model.kind.rawValue == \"v\"", "model.kind.rawValue.hasPrefix(\"v\")", "model.kind.rawValue.count > 1",
            "model.code?.rawValue == 5", "(model.code?.rawValue ?? 0) > 3", "model.code?.rawValue.isOdd == true",
            "[\"v\", \"x\"].contains(model.kind.rawValue)", "model.kind.rawValue < model.title",
        ] {
            guard case .failure(let diagnostics) = Self.compile(source) else { continue }
            Issue.record("'\(source)' does not compile: \(diagnostics.diagnostics.map(\.message))")
        }
    }

    @Test func rawValueTypeErrorsArePositioned() {
        let cases: [(String, Int, String)] = [
            ("model.kind.rawValue == 1", 21, "cannot compare 'String' with 'Int'"),
            ("model.code.rawValue == 1", 12, "'model.code' is optional ('Code?'); use '?.rawValue' to reach into it"),
            (
                "model.kind.rawValu == \"v\"", 12,
                "'Kind' values have no member 'rawValu' (did you mean 'rawValue'?); read 'rawValue', or compare them "
                    + "with == or !=, as in '== .video'"
            ),
            ("model.kind.rawValue() == \"v\"", 12, "'rawValue' is a property; remove the parentheses"),
        ]
        for (source, column, message) in cases {
            guard case .failure(let diagnostics) = Self.compile(source), let first = diagnostics.diagnostics.first
            else {
                Issue.record("'\(source)' compiles, but should not")
                continue
            }
            #expect(first.message == message, "\(source)")
            #expect(first.location.column == column, "\(source)")
        }
        // An enum declared without a raw type has no rawValue.
        let plain = TypeTable(
            Self.types.order.compactMap { Self.types[$0] }.map { declaration -> ModelDecl in
                var changed = declaration
                if changed.name == "Media" {
                    changed.properties.append(
                        PropertyDecl(name: "plain", type: .model("Plain"), location: Self.here))
                }
                return changed
            })
        let source = "model.plain.rawValue == \"x\""
        let result = CompiledCondition.compile(
            source, sourceMap: TextSourceMap(file: "m.yml", start: Self.here, length: source.unicodeScalars.count),
            modelType: .model("Media"), types: plain)
        guard case .failure(let diagnostics) = result else {
            Issue.record("'\(source)' compiles, but should not")
            return
        }
        #expect(
            diagnostics.diagnostics.map(\.message) == [
                "'Plain' has no raw type; give it 'rawType: String' or 'rawType: Int' under 'models'"
            ])
        #expect(diagnostics.diagnostics.first?.location.column == 13)
    }

    @Test func evaluatesRawValues() throws {
        let check: [(String, Value, Bool)] = [
            ("model.kind.rawValue == \"v\"", Self.media("video", code: nil), true),
            ("model.kind.rawValue == \"photo\"", Self.media("photo", code: nil), true),
            ("model.kind.rawValue.hasPrefix(\"v\")", Self.media("live", code: nil), true),
            ("model.code?.rawValue == 6", Self.media("video", code: "c"), true),
            ("model.code?.rawValue == nil", Self.media("video", code: nil), true),
            ("(model.code?.rawValue ?? 0) < 0", Self.media("video", code: "e"), true),
            ("(model.code?.rawValue ?? 0) < 0", Self.media("video", code: "a"), false),
        ]
        for (source, model, expected) in check {
            let condition = try #require(try? Self.compile(source).get())
            #expect(
                condition.evaluate(model: model, at: ItemIndexPath(section: 0, item: 0)) == .value(expected),
                "\(source)")
        }
    }

    @Test func witnessesNameTheCase() throws {
        let solver = ConditionSolver(manifest: Manifest(file: "m.yml", host: .tableView, types: Self.types))
        let first = try #require(Self.registration("model.kind.rawValue.hasSuffix(\"l\")", index: 0))
        let second = try #require(Self.registration("model.kind.rawValue.hasPrefix(\"v\")", index: 1))
        guard case .intersecting(let witness) = solver.verdict(first, second) else {
            Issue.record("expected intersecting, got \(solver.verdict(first, second))")
            return
        }
        guard case .object(_, let properties) = witness.model else {
            Issue.record("expected an object witness, got \(witness.model)")
            return
        }
        #expect(properties["kind"] == .enumCase(type: "Kind", name: "live"))
        let third = try #require(Self.registration("model.kind.rawValue == \"video\"", index: 2))
        #expect(solver.verdict(second, third) == .disjoint)
        let fourth = try #require(Self.registration("(model.code?.rawValue ?? 1) % 2 == 0", index: 3))
        let fifth = try #require(Self.registration("model.code == .b || model.code == .c", index: 4))
        guard case .intersecting(let even) = solver.verdict(fourth, fifth), case .object(_, let values) = even.model
        else {
            Issue.record("expected intersecting, got \(solver.verdict(fourth, fifth))")
            return
        }
        #expect(values["code"] == .enumCase(type: "Code", name: "c"))
    }

    // MARK: Against brute force

    static let kinds = ["video", "photo", "live"]
    static let codes: [String?] = [nil, "a", "b", "c", "d", "e"]

    struct Generator {
        var rng: ConditionSolverPropertyTests.SplitMix64

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }

        mutating func atom() -> String {
            let text = pick(["\"v\"", "\"photo\"", "\"vl\"", "\"video\"", "\"\"", "\"p\""])
            let number = int(-4...7)
            switch int(0...14) {
            case 0: return "model.kind.rawValue \(pick(["==", "!="])) \(text)"
            case 1: return "model.kind.rawValue.\(pick(["hasPrefix", "hasSuffix", "contains"]))(\(text))"
            case 2: return "model.kind.rawValue.count \(pick(["<", "==", ">"])) \(int(0...3))"
            case 3: return "model.kind.rawValue \(pick(["<", ">="])) \(text)"
            case 4: return "model.kind \(pick(["==", "!="])) .\(pick(EnumRawValueTests.kinds))"
            case 5: return "[\(text), \"v\"].contains(model.kind.rawValue)"
            case 6: return "model.code?.rawValue \(pick(["==", "!="])) \(number)"
            case 7: return "(model.code?.rawValue ?? \(number)) \(pick(["<", "<=", ">", ">="])) \(int(-4...7))"
            case 8: return "(model.code?.rawValue ?? 0) % \(pick([2, 3])) == \(int(0...1))"
            case 9: return "model.code?.rawValue.isOdd \(pick(["==", "!="])) true"
            case 10: return "model.code \(pick(["==", "!="])) \(pick([".a", ".b", ".e", "nil"]))"
            case 11: return "model.kind.rawValue.lowercased() == \(text)"
            case 12: return "model.kind.rawValue.isEmpty"
            case 13: return "model.code?.rawValue.isMultiple(of: \(int(-3...3))) == true"
            default: return "model.kind.rawValue + \"x\" == \"vx\""
            }
        }

        mutating func expression(depth: Int) -> String {
            guard depth > 0 else { return atom() }
            switch int(0...4) {
            case 0: return atom()
            case 1: return "!(\(expression(depth: depth - 1)))"
            case 2, 3: return "(\(expression(depth: depth - 1)) && \(expression(depth: depth - 1)))"
            default: return "(\(expression(depth: depth - 1)) || \(expression(depth: depth - 1)))"
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func randomRawValueConditionsAgreeWithEnumeration(seed: Int) throws {
        let solver = ConditionSolver(manifest: Manifest(file: "m.yml", host: .tableView, types: Self.types))
        var generator = Generator(rng: .init(state: UInt64(seed) &* 0x5851_F42D_4C95_7F2D))
        let items = Self.kinds.flatMap { kind in Self.codes.map { Self.media(kind, code: $0) } }
        let origin = ItemIndexPath(section: 0, item: 0)
        for _ in 0..<150 {
            let sources = [generator.expression(depth: generator.int(0...2)), generator.expression(depth: 2)]
            guard let first = Self.registration(sources[0], index: 0),
                let second = Self.registration(sources[1], index: 1)
            else {
                Issue.record("generated conditions do not compile: \(sources)")
                continue
            }
            let both = items.contains { item in
                solver.matches(first, model: item, typeName: "Media", at: origin) == true
                    && solver.matches(second, model: item, typeName: "Media", at: origin) == true
            }
            switch solver.verdict(first, second) {
            case .disjoint:
                #expect(!both, "disjoint, but enumeration finds a common item: \(sources)")
            case .intersecting(let witness):
                #expect(both, "intersecting, but enumeration finds no common item: \(sources)")
                #expect(solver.matches(first, model: witness.model, typeName: "Media", at: witness.indexPath) == true)
                #expect(solver.matches(second, model: witness.model, typeName: "Media", at: witness.indexPath) == true)
            case .unknown(let reason, let parts):
                Issue.record("undecided: \(sources): \(reason) \(parts)")
            }
        }
    }
}
