import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// Inputs that lengthen a walk over the declared types: each walk is iterative and costs time in
/// proportion to what it answers (it used to cost the square of the chain's length: 8,000
/// classes took minutes).
@Suite struct LongChainTests {
    /// `M0` … `M7999`, each inheriting the one before, and a registration at each end.
    static func chain(_ count: Int) -> String {
        var text = "version: 1\nhost: tableView\nmodels:\n  M0: {}\n"
        for index in 1..<count { text += "  M\(index): {inherits: M\(index - 1)}\n" }
        text += "registrations:\n  - cell: A\n    model: M0\n  - cell: B\n    model: M\(count - 1)\n"
        return text
    }

    @Test func anEightThousandClassChainIsCheckedInOnePass() throws {
        let text = Self.chain(8_000)
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "chain.maplint.yml")
        let manifest = try #require(loaded.manifest)
        let findings = Linter.findings(of: loaded, analysis: Analyzer.analyze(manifest))
        #expect(findings.map(\.rule) == ["unreachable-registration"])
        #expect(findings.first?.location.line == 8_007)
        #expect(findings.first?.text.contains("(M7999 items) is already matched by A") == true)

        let types = manifest.types
        #expect(types.isA("M7999", "M0"))
        #expect(types.isA("M4000", "M3999"))
        #expect(!types.isA("M0", "M1"))
        #expect(types.instantiableTypes(thatAre: "M7998") == ["M7998", "M7999"])
        #expect(types.instantiableTypes(thatAre: "M0").count == 8_000)
        #expect(types.supertypes(of: "M2").sorted() == ["M0", "M1", "M2"])
        #expect(types.metatypeMatches(.model("M7999"), .model("M0")))
        #expect(!types.metatypeMatches(.model("M0"), .model("M7999")))
    }

    /// Properties are inherited along the chain; a class that adds none shares its superclass's.
    @Test func propertiesAreInheritedAlongTheChain() {
        var declarations = [
            ModelDecl(
                name: "Base", kind: .class, protocols: [Located("Named", at: Self.here)],
                properties: [PropertyDecl(name: "id", type: .builtin(.int), location: Self.here)], location: Self.here),
            ModelDecl(
                name: "Named", kind: .protocol,
                properties: [
                    PropertyDecl(name: "name", type: .builtin(.string), location: Self.here),
                    PropertyDecl(name: "id", type: .builtin(.string), location: Self.here),
                ], location: Self.here),
        ]
        for index in 0..<2_000 {
            declarations.append(
                ModelDecl(
                    name: "C\(index)", kind: .class,
                    superclass: Located(index == 0 ? "Base" : "C\(index - 1)", at: Self.here), location: Self.here))
        }
        declarations.append(
            ModelDecl(
                name: "Leaf", kind: .class, superclass: Located("C1999", at: Self.here),
                properties: [PropertyDecl(name: "title", type: .builtin(.string), location: Self.here)],
                location: Self.here))
        let types = TypeTable(declarations)
        // The class's own `id: Int` wins over the protocol's `id: String`.
        #expect(types.properties(of: "C1999").map { "\($0.name): \($0.type)" } == ["id: Int", "name: String"])
        #expect(
            types.properties(of: "Leaf").map { "\($0.name): \($0.type)" } == [
                "id: Int", "name: String", "title: String",
            ])
        #expect(types.isA("Leaf", "Named"))
        #expect(types.instantiableTypes(thatAre: "Named").count == 2_002)
    }

    static func findings(_ text: String) throws -> [Diagnostic] {
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "chain.maplint.yml")
        guard let manifest = loaded.manifest else { return loaded.diagnostics }
        return Linter.findings(of: loaded, analysis: Analyzer.analyze(manifest))
    }

    /// A chain of 3,000 protocols and a class at its end: conformance is one walk down from the
    /// protocol asked about, and a protocol that adds nothing shares its parent's properties.
    @Test func aLongProtocolChainIsCheckedInOnePass() throws {
        var text = "version: 1\nhost: tableView\nmodels:\n  P0: {kind: protocol, properties: {id: Int}}\n"
        for index in 1..<3_000 { text += "  P\(index): {kind: protocol, inherits: P\(index - 1)}\n" }
        text += "  C: {conforms: P2999}\n"
        text += "registrations:\n  - cell: A\n    model: P0\n  - cell: B\n    model: C\n"
        text += "sample:\n  sections:\n    - items: [{C: {id: 1}}]\n"
        let findings = try Self.findings(text)
        #expect(findings.map(\.rule) == ["unreachable-registration", "ambiguous-item"])
        #expect(findings.first?.text.contains("(C items) is already matched by A") == true)
    }

    /// Sample items of 429 types along a chain of 3,000 are each resolved by asking the two
    /// registered model types, not by listing the thousands of types each item is.
    @Test func sampleItemsAlongAChainAreResolvedOneByOne() throws {
        var text = Self.chain(3_000)
        text += "sample:\n  sections:\n    - items: ["
        text += stride(from: 0, to: 3_000, by: 7).map { "{M\($0): {}}" }.joined(separator: ", ") + "]\n"
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "chain.maplint.yml")
        let manifest = try #require(loaded.manifest)
        let resolution = Resolver(manifest: manifest).resolve()
        #expect(resolution.items.count == 429)
        #expect(resolution.items.allSatisfy { $0.resolved == 0 })
        #expect(resolution.items.last?.candidates == (resolution.items.last?.model == "M2999" ? [0, 1] : [0]))
    }

    /// Each class of a long chain adding a property would need the square of the chain's length
    /// in memory: over the limit, it is a positioned error instead of a crash.
    @Test func propertiesOnEveryLevelOfALongChainAreRefused() throws {
        var text = "version: 1\nhost: tableView\nmodels:\n  M0: {properties: {p0: Int}}\n"
        for index in 1..<1_500 { text += "  M\(index): {inherits: M\(index - 1), properties: {p\(index): Int}}\n" }
        text += "registrations:\n  - cell: A\n    model: M1499\n"
        text += "sample:\n  sections:\n    - items: [{M1499: {p0: 1}}]\n"
        let findings = try Self.findings(text)
        #expect(
            findings.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
                "1503:3 the model types hold more than 1000000 properties when each is counted with the ones it "
                    + "inherits ('M1499' alone has 1500): maplint builds a table of each type's properties, and this "
                    + "many would not fit in memory; declare fewer levels of inheritance, or the properties on fewer "
                    + "of them"
            ])
    }

    static let here = SourceLocation(file: "m.maplint.yml", line: 1, column: 1)
}
