import MaplintFindings
import MaplintManifest
import MaplintSolver

// A libFuzzer target: compiles arbitrary text as a condition and evaluates it on extreme models;
// neither may trap. Then the solver is checked against evaluation: a condition that holds for a
// sample model shares an item with itself (never "disjoint"), a witness satisfies it, and a
// registration is never reachable past an earlier one with the same condition.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCondition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ConditionFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

enum ConditionFuzz {
    /// A model with one property of every kind, for the condition target.
    static let conditionTypes = TypeTable([
        ModelDecl(
            name: "State", kind: .enum, cases: ["draft", "published"].map { Located($0, at: origin) }, location: origin),
        ModelDecl(
            name: "Author", kind: .struct,
            properties: [
                PropertyDecl(name: "name", type: .builtin(.string), location: origin),
                PropertyDecl(name: "age", type: .optional(.builtin(.int)), location: origin),
            ], location: origin),
        ModelDecl(
            name: "Post", kind: .class,
            properties: [
                PropertyDecl(name: "flag", type: .builtin(.bool), location: origin),
                PropertyDecl(name: "likes", type: .builtin(.int), location: origin),
                PropertyDecl(name: "score", type: .builtin(.double), location: origin),
                PropertyDecl(name: "title", type: .builtin(.string), location: origin),
                PropertyDecl(name: "subtitle", type: .optional(.builtin(.string)), location: origin),
                PropertyDecl(name: "state", type: .model("State"), location: origin),
                PropertyDecl(name: "author", type: .optional(.model("Author")), location: origin),
            ], location: origin),
    ])

    static let origin = SourceLocation(file: "fuzz", line: 1, column: 1)

    static let models: [Value] = [
        .object(type: "Post", properties: [:]),
        .object(
            type: "Post",
            properties: [
                "flag": .bool(true), "likes": .int(Int.max), "score": .double(.nan), "title": .string("é"),
                "state": .enumCase(type: "State", name: "draft"),
                "author": .object(type: "Author", properties: ["name": .string(""), "age": .int(Int.min)]),
            ]),
    ]

    /// Strings for the solver check: ASCII, with a Character that is not ASCII, empty.
    static let sampleStrings = ["", "a", "ab", "AD?", "\u{600}b", "e\u{301}", "[AD] Sale", "xxxxxxxxxxxxxxxxxxxx"]

    static func sample(_ index: Int) -> Value {
        let title = sampleStrings[index % sampleStrings.count]
        let subtitle = sampleStrings[(index / sampleStrings.count) % sampleStrings.count]
        var properties: [String: Value] = [
            "flag": .bool(index % 2 == 0), "likes": .int(index - 8), "score": .double(Double(index) / 4),
            "title": .string(title), "state": .enumCase(type: "State", name: index % 3 == 0 ? "draft" : "published"),
        ]
        if index % 5 != 0 { properties["subtitle"] = .string(subtitle) }
        if index % 4 != 0 {
            var author: [String: Value] = ["name": .string(subtitle)]
            if index % 3 != 0 { author["age"] = .int(index) }
            properties["author"] = .object(type: "Author", properties: author)
        }
        return .object(type: "Post", properties: properties)
    }

    /// The same manifest types, in JSON, with two registrations of one condition.
    static func manifest(_ source: String) -> Manifest? {
        var escaped = ""
        for scalar in source.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let json = """
            {"version": 1, "host": "tableView",
             "models": {"State": {"kind": "enum", "cases": ["draft", "published"]},
               "Author": {"kind": "struct", "properties": {"name": "String", "age": "Int?"}},
               "Post": {"kind": "class", "properties": {"flag": "Bool", "likes": "Int", "score": "Double",
                 "title": "String", "subtitle": "String?", "state": "State", "author": "Author?"}}},
             "registrations": [{"cell": "FirstCell", "model": "Post", "condition": "\(escaped)"},
               {"cell": "SecondCell", "model": "Post", "condition": "\(escaped)"}]}
            """
        return ManifestLoader.load(bytes: Array(json.utf8), file: "fuzz.maplint.json").manifest
    }

    /// The solver's verdicts on the condition paired with itself, against evaluation.
    static func checkSolver(_ condition: CompiledCondition, source: String) {
        guard let manifest = manifest(source), manifest.registrations.count == 2 else { return }
        let first = manifest.registrations[0]
        let second = manifest.registrations[1]
        let solver = ConditionSolver(manifest: manifest)
        let origin = ItemIndexPath(section: 0, item: 0)
        let holdsSomewhere = (0..<64).contains { condition.evaluate(model: sample($0), at: origin) == .value(true) }
        switch solver.verdict(first, second) {
        case .disjoint:
            precondition(!holdsSomewhere, "disjoint, but a sample model matches both: \(source)")
        case .intersecting(let witness):
            precondition(
                condition.evaluate(model: witness.model, at: witness.indexPath) == .value(true),
                "unchecked witness \(witness): \(source)")
        case .unknown:
            break
        }
        if case .reachable(let witness) = solver.coverage(of: second, by: [first]) {
            preconditionFailure("reachable past the same condition at \(witness): \(source)")
        }
    }

    /// Compile a condition and evaluate it on a few extreme models.
    static func run(_ bytes: [UInt8]) {
        let source = String(decoding: bytes, as: UTF8.self)
        let map = TextSourceMap(file: "fuzz", start: origin, length: source.unicodeScalars.count)
        guard
            case .success(let condition) = CompiledCondition.compile(
                source, sourceMap: map, modelType: .model("Post"), types: conditionTypes)
        else { return }
        for model in models {
            for indexPath in [ItemIndexPath(section: 0, item: 0), ItemIndexPath(section: Int.max, item: Int.max)] {
                _ = condition.evaluate(model: model, at: indexPath)
            }
        }
        checkSolver(condition, source: source)
    }
}
