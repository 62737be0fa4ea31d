/// Entry points for the fuzz targets: each runs a whole stage on arbitrary bytes and must
/// return without trapping, whatever the input.
public enum FuzzEntryPoints {
    /// Load, decode, resolve and format a manifest.
    public static func manifest(_ bytes: [UInt8]) {
        let result = ManifestLoader.load(bytes: bytes, file: "fuzz.maplint.yml")
        _ = FindingsTextFormatter().format(LintResult(files: ["fuzz.maplint.yml"], diagnostics: result.diagnostics))
        guard let manifest = result.manifest else { return }
        let context = AnalysisContext(manifest: manifest)
        let diagnostics = Analyzer.analyze(context)
        let lint = LintResult(files: ["fuzz.maplint.yml"], diagnostics: diagnostics)
        _ = FindingsSARIFFormatter().format(lint)
        let report = CollisionReport(context: context)
        _ = CollisionReportJSONFormatter().format(report)
        _ = CollisionReportHTMLFormatter().format(report)
        let resolution = context.resolution
        _ = ResolutionJSONFormatter().format(resolution)
        _ = ResolutionTableFormatter().format(resolution)
        _ = ResolutionCSVFormatter().format(resolution)
    }

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
    public static func condition(_ bytes: [UInt8]) {
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
