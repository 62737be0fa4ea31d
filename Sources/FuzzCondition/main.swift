import MaplintCore

// A libFuzzer target: compiles arbitrary text as a condition and evaluates it on extreme models;
// neither may trap.

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
    }
}
